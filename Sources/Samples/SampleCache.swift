import CourseModel
import Foundation

/// Outcomes on disk, one JSON file per cache key. Every entry carries a checksum of its own
/// contents; an entry that does not parse or does not match it is ignored and rebuilt.
struct SampleCache {
    let folder: String

    struct Entry: Codable {
        var key: String
        var status: SampleStatus
        var output: String
        var errorTail: String
        var seconds: Double
        /// Figures it drew, base64 by file name.
        var figures: [String: String]?
        /// A snippet's compiler warnings.
        var warnings: [CompilerWarning]?
        var checksum: String

        static func checksum(key: String, status: SampleStatus, output: String, errorTail: String, figures: [String: String]?,
                             warnings: [CompilerWarning]?) -> String {
            var hasher = StableHash()
            hasher.add(key)
            hasher.add("\(status)")
            hasher.add(output)
            hasher.add(errorTail)
            for (name, data) in (figures ?? [:]).sorted(by: { $0.key < $1.key }) { hasher.add(name); hasher.add(data) }
            for warning in warnings ?? [] { hasher.add("warning \(warning.line):\(warning.column)"); hasher.add(warning.text) }
            return hasher.hex
        }
    }

    enum Lookup { case hit(SampleOutcome), miss, corrupt }

    func path(_ key: String) -> String { folder + "/" + key + ".json" }

    func lookup(_ key: String, id: SampleRunID) -> Lookup {
        guard let data = FileManager.default.contents(atPath: path(key)) else { return .miss }
        guard let entry = try? JSONDecoder().decode(Entry.self, from: data), entry.key == key,
              entry.checksum == Entry.checksum(key: key, status: entry.status, output: entry.output, errorTail: entry.errorTail,
                                               figures: entry.figures, warnings: entry.warnings)
        else {
            try? FileManager.default.removeItem(atPath: path(key))
            return .corrupt
        }
        var figures: [String: [UInt8]] = [:]
        for (name, base64) in entry.figures ?? [:] {
            guard let data = Data(base64Encoded: base64) else { return .corrupt }
            figures[name] = [UInt8](data)
        }
        return .hit(SampleOutcome(id: id, status: entry.status, output: entry.output, errorTail: entry.errorTail,
                                  seconds: entry.seconds, cached: true, figures: figures, warnings: entry.warnings ?? []))
    }

    func store(_ outcome: SampleOutcome, key: String) {
        let figures = outcome.figures.isEmpty ? nil : outcome.figures.mapValues { Data($0).base64EncodedString() }
        let warnings = outcome.warnings.isEmpty ? nil : outcome.warnings
        let entry = Entry(key: key, status: outcome.status, output: outcome.output, errorTail: outcome.errorTail,
                          seconds: outcome.seconds, figures: figures, warnings: warnings,
                          checksum: Entry.checksum(key: key, status: outcome.status, output: outcome.output, errorTail: outcome.errorTail,
                                                   figures: figures, warnings: warnings))
        guard let data = try? JSONEncoder().encode(entry) else { return }
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // Written beside and renamed, so a reader never sees half an entry.
        let temporary = path(key) + ".tmp-\(ProcessInfo.processInfo.processIdentifier)"
        if (try? data.write(to: URL(fileURLWithPath: temporary))) != nil {
            _ = rename(temporary, path(key))
        }
    }
}
