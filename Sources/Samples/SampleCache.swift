import ContentCache
import CourseModel
import Foundation

/// Outcomes on disk, one JSON entry per cache key in a `ContentCache` (which turns a torn or
/// foreign file into a miss); an entry that does not decode is removed and run again.
struct SampleCache {
    let store: ContentCache

    init(folder: String) { store = ContentCache(folder: folder, suffix: ".json") }

    struct Entry: Codable {
        var status: SampleStatus
        var output: String
        var errorTail: String
        var seconds: Double
        /// Figures it drew, base64 by file name.
        var figures: [String: String]?
        /// A snippet's compiler warnings.
        var warnings: [CompilerWarning]?
    }

    enum Lookup { case hit(SampleOutcome), miss, corrupt }

    func path(_ key: ContentKey) -> String { store.path(for: key) }

    func lookup(_ key: ContentKey, id: SampleRunID) -> Lookup {
        let bytes: [UInt8]
        switch store.lookup(key) {
        case .miss: return .miss
        case .invalid: return .corrupt
        case .hit(let found): bytes = found
        }
        guard let entry = try? JSONDecoder().decode(Entry.self, from: Data(bytes)), let figures = Self.decoded(entry.figures) else {
            try? FileManager.default.removeItem(atPath: path(key))
            return .corrupt
        }
        return .hit(SampleOutcome(id: id, status: entry.status, output: entry.output, errorTail: entry.errorTail,
                                  seconds: entry.seconds, cached: true, figures: figures, warnings: entry.warnings ?? []))
    }

    func store(_ outcome: SampleOutcome, key: ContentKey) {
        let figures = outcome.figures.isEmpty ? nil : outcome.figures.mapValues { Data($0).base64EncodedString() }
        let entry = Entry(status: outcome.status, output: outcome.output, errorTail: outcome.errorTail, seconds: outcome.seconds,
                          figures: figures, warnings: outcome.warnings.isEmpty ? nil : outcome.warnings)
        guard let data = try? JSONEncoder().encode(entry) else { return }
        store.store([UInt8](data), for: key)
    }

    static func decoded(_ figures: [String: String]?) -> [String: [UInt8]]? {
        var decoded: [String: [UInt8]] = [:]
        for (name, base64) in figures ?? [:] {
            guard let data = Data(base64Encoded: base64) else { return nil }
            decoded[name] = [UInt8](data)
        }
        return decoded
    }
}
