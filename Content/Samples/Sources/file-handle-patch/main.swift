// file-handle-patch — a file of fixed-width records (one trail each: a number,
// a status, a newline) read and changed in place with FileHandle: read one
// record by its offset, overwrite one field, append a record, and cut the file
// short. Nothing else in the file is read or rewritten.
import Foundation

let recordLength = 13                    // "0002 closed \n": 4 + 1 + 7 + 1 bytes
func record(_ number: Int, _ status: String) -> Data {
    Data((String(format: "%04ld", number) + " " + status.padding(toLength: 7, withPad: " ", startingAt: 0) + "\n").utf8)
}

func show(_ url: URL, _ title: String) throws {
    let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
    print("\(title): \(text.utf8.count) bytes")
    for line in text.split(separator: "\n") { print("  |\(line)|") }
}

let manager = FileManager.default
let url = manager.temporaryDirectory.appendingPathComponent("trails-\(UUID().uuidString).txt")
defer { try? manager.removeItem(at: url) }

do {
    try (1...4).map { record($0, "open") }.reduce(Data(), +).write(to: url)
    try show(url, "Written")

    let handle = try FileHandle(forUpdating: url)
    defer { try? handle.close() }

    // Read the third record only: seek to its first byte, read one record's length.
    try handle.seek(toOffset: UInt64(2 * recordLength))
    let third = try handle.read(upToCount: recordLength) ?? Data()
    print("Record 3: |\(String(decoding: third.dropLast(), as: UTF8.self))|, now at offset \(try handle.offset())")

    // Overwrite the status of record 2 in place: 5 bytes into the record.
    try handle.seek(toOffset: UInt64(1 * recordLength + 5))
    try handle.write(contentsOf: Data("closed ".utf8))
    try show(url, "Patched")

    // Append: the end of the file is where the next record starts.
    let end = try handle.seekToEnd()
    try handle.write(contentsOf: record(5, "new"))
    try show(url, "Appended at offset \(end)")

    // Cut the file after record 3; whatever followed is gone.
    try handle.truncate(atOffset: UInt64(3 * recordLength))
    try show(url, "Truncated")
} catch {
    print("file-handle-patch failed: \(error)")
}
