// one-vs-many — the same 200 invented notes stored two ways: one JSON file
// holding all of them, or one small JSON file per note. The program does the
// same two jobs with each store (change one note, load every note) and counts
// the files it touched and the bytes it wrote or read.
import Foundation

struct Note: Codable { var id: Int; var title: String; var body: String }

let notes = (1...200).map { id in
    Note(id: id, title: "Stop \(id)", body: "Water at km \(id % 17), shelter \(id % 2 == 0 ? "yes" : "no").")
}
let encoder = JSONEncoder()
encoder.outputFormatting = .sortedKeys

struct Tally { var files = 0; var bytes = 0 }

/// All notes in one file: a change rewrites the file, a load reads it once.
func oneFile(in folder: URL) throws -> (change: Tally, load: Tally, onDisk: Int) {
    let url = folder.appendingPathComponent("notes.json")
    try encoder.encode(notes).write(to: url, options: .atomic)
    var edited = notes
    edited[41].body = "Water at km 8, shelter closed."
    let data = try encoder.encode(edited)
    try data.write(to: url, options: .atomic)
    let loaded = try Data(contentsOf: url)
    _ = try JSONDecoder().decode([Note].self, from: loaded)
    return (Tally(files: 1, bytes: data.count), Tally(files: 1, bytes: loaded.count), 1)
}

/// One file per note: a change writes one small file, a load opens every file.
func manyFiles(in folder: URL) throws -> (change: Tally, load: Tally, onDisk: Int) {
    for note in notes {
        try encoder.encode(note).write(to: folder.appendingPathComponent("\(note.id).json"), options: .atomic)
    }
    var note = notes[41]
    note.body = "Water at km 8, shelter closed."
    let data = try encoder.encode(note)
    try data.write(to: folder.appendingPathComponent("\(note.id).json"), options: .atomic)
    var load = Tally()
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
        let loaded = try Data(contentsOf: folder.appendingPathComponent(name))
        _ = try JSONDecoder().decode(Note.self, from: loaded)
        load.files += 1
        load.bytes += loaded.count
    }
    let onDisk = try FileManager.default.contentsOfDirectory(atPath: folder.path).count
    return (Tally(files: 1, bytes: data.count), load, onDisk)
}

let manager = FileManager.default
let root = manager.temporaryDirectory.appendingPathComponent("notes-\(UUID().uuidString)", isDirectory: true)
defer { try? manager.removeItem(at: root) }
do {
    print("store       files  change one note    load all notes")
    for (name, store) in [("one file", oneFile), ("many files", manyFiles)] {
        let folder = root.appendingPathComponent(name)
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        let (change, load, onDisk) = try store(folder)
        func files(_ count: Int) -> String { count == 1 ? "1 file" : "\(count) files" }
        let columns = [name.padding(toLength: 10, withPad: " ", startingAt: 0),
                       String(onDisk).padding(toLength: 5, withPad: " ", startingAt: 0),
                       "\(files(change.files)), \(change.bytes) B".padding(toLength: 17, withPad: " ", startingAt: 0),
                       "\(files(load.files)), \(load.bytes) B"]
        print(columns.joined(separator: "  "))
    }
} catch {
    print("one-vs-many failed: \(error)")
}
