// bundle-resources — read-only data that ships with the program. The manifest
// processes trails.json into the target's resource bundle, which the program
// finds at run time through the generated Bundle.module, and embeds grades.txt
// in the executable as a property of the generated PackageResources type.
import Foundation

struct Trail: Decodable { var name: String; var km: Double; var climb: Int }

do {
    guard let url = Bundle.module.url(forResource: "trails", withExtension: "json") else {
        throw CocoaError(.fileNoSuchFile)
    }
    let json = try Data(contentsOf: url)
    let besideExecutable = Bundle.module.bundleURL.deletingLastPathComponent() == Bundle.main.bundleURL
    print("\(url.lastPathComponent): \(json.count) bytes; bundle beside the executable: \(besideExecutable)")
    let trails = try JSONDecoder().decode([Trail].self, from: json)
    for trail in trails.sorted(by: { $0.climb < $1.climb }) {
        print("  \(trail.name): \(trail.km) km, \(trail.climb) m up")
    }

    // A name the bundle lacks gives nil. grades.txt is embedded, so the bundle lacks it too.
    for (name, type) in [("trail", "json"), ("grades", "txt")] {
        let found = Bundle.module.url(forResource: name, withExtension: type)
        print("\(name).\(type) in the bundle: \(found?.lastPathComponent ?? "nil")")
    }
    let grades = PackageResources.grades_txt
    print("grades.txt in the executable: \(grades.count) bytes")
    print(String(decoding: grades, as: UTF8.self), terminator: "")
} catch {
    print("bundle-resources failed: \(error)")
}
