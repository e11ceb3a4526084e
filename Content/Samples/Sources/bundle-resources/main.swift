// bundle-resources — read-only data that ships with the program. The manifest
// lists the two files in Resources with the embed rule, and SwiftPM compiles
// their bytes into a generated PackageResources type. Nothing is looked up on
// disk at run time, so the program reads them wherever it runs.
import Foundation

struct Trail: Decodable { var name: String; var km: Double; var climb: Int }

do {
    let json = Data(PackageResources.trails_json)
    print("trails.json: \(json.count) bytes in the executable")
    let trails = try JSONDecoder().decode([Trail].self, from: json)
    for trail in trails.sorted(by: { $0.climb < $1.climb }) {
        print("  \(trail.name): \(trail.km) km, \(trail.climb) m up")
    }
    print(String(decoding: PackageResources.grades_txt, as: UTF8.self), terminator: "")
} catch {
    print("bundle-resources failed: \(error)")
}
