// codable-notes — a notebook archived with Codable as JSON in a temporary
// folder: stable output (sorted keys, ISO 8601 dates fixed in the data), a
// renamed key, an enum, nested values, and a round trip through the file.
import Foundation

struct Notebook: Codable, Equatable {
    var version = 2
    var notes: [Note]
}

struct Note: Codable, Equatable {
    enum Kind: String, Codable { case text, checklist }
    var title: String
    var kind: Kind
    var items: [String]
    var created: Date
    var isPinned: Bool

    enum CodingKeys: String, CodingKey {
        case title, kind, items, created
        case isPinned = "pinned"          // the name in the file differs from the property
    }
}

let day = 86_400.0
let start = Date(timeIntervalSince1970: 1_780_000_000)  // fixed, so every run prints the same
let notebook = Notebook(notes: [
    Note(title: "Gear", kind: .checklist, items: ["map", "whistle"], created: start, isPinned: true),
    Note(title: "Ferry", kind: .text, items: ["Last boat 18:40"], created: start + day, isPinned: false),
])

let encoder = JSONEncoder()
encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
encoder.dateEncodingStrategy = .iso8601
let data = try encoder.encode(notebook)
print(String(decoding: data, as: UTF8.self))

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notes-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let file = folder.appendingPathComponent("notebook.json")
try data.write(to: file, options: .atomic)

let decoder = JSONDecoder()
decoder.dateDecodingStrategy = .iso8601
let loaded = try decoder.decode(Notebook.self, from: Data(contentsOf: file))
print("round trip equal:", loaded == notebook)

// An unknown enum value is an error, not a silent default.
let strange = Data(#"{"title":"X","kind":"sketch","items":[],"created":"2026-06-01T00:00:00Z","pinned":false}"#.utf8)
do {
    _ = try decoder.decode(Note.self, from: strange)
} catch DecodingError.dataCorrupted(let context) {
    print("data corrupted at \(context.codingPath.map(\.stringValue)): \(context.debugDescription)")
}
