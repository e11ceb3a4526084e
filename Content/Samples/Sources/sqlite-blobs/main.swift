// sqlite-blobs — Data stored as a BLOB and read back. A file database in a
// temporary folder holds a small invented image and an encoded Swift value;
// the program closes the database, opens it again and compares the bytes.
// It also shows how an empty BLOB differs from NULL.
import CSQLite
import Foundation

struct Thumbnail: Codable, Equatable {
    var width: Int
    var height: Int
    var caption: String
}

/// SQLITE_TRANSIENT: SQLite copies a bound text or BLOB before the call returns.
enum SQLite { static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self) }

func open(_ url: URL) -> OpaquePointer {
    var db: OpaquePointer?
    guard sqlite3_open(url.path, &db) == SQLITE_OK, let db else { fatalError("cannot open \(url.lastPathComponent)") }
    return db
}

func save(_ db: OpaquePointer, name: String, bytes: Data?) {
    var statement: OpaquePointer?
    sqlite3_prepare_v2(db, "INSERT INTO attachment(name, bytes) VALUES (?1, ?2)", -1, &statement, nil)
    defer { sqlite3_finalize(statement) }
    sqlite3_bind_text(statement, 1, name, -1, SQLite.transient)
    if let bytes {
        // withUnsafeBytes lends a pointer only inside the closure; TRANSIENT makes SQLite copy it.
        // A nil pointer would bind NULL, so empty Data is bound as a zero-length BLOB.
        bytes.withUnsafeBytes { buffer in
            _ = buffer.isEmpty ? sqlite3_bind_zeroblob(statement, 2, 0)
                : sqlite3_bind_blob(statement, 2, buffer.baseAddress, Int32(buffer.count), SQLite.transient)
        }
    } else {
        sqlite3_bind_null(statement, 2)
    }
    guard sqlite3_step(statement) == SQLITE_DONE else { fatalError(String(cString: sqlite3_errmsg(db))) }
}

/// The BLOB of one row as Data; nil for SQL NULL.
func load(_ db: OpaquePointer, name: String) -> (type: String, data: Data?) {
    var statement: OpaquePointer?
    sqlite3_prepare_v2(db, "SELECT typeof(bytes), bytes FROM attachment WHERE name = ?1", -1, &statement, nil)
    defer { sqlite3_finalize(statement) }
    sqlite3_bind_text(statement, 1, name, -1, SQLite.transient)
    guard sqlite3_step(statement) == SQLITE_ROW else { return ("missing", nil) }
    let type = String(cString: sqlite3_column_text(statement, 0))
    if sqlite3_column_type(statement, 1) == SQLITE_NULL { return (type, nil) }
    // Ask for the pointer first, then the size; an empty BLOB gives a nil pointer.
    let pointer = sqlite3_column_blob(statement, 1)
    let count = Int(sqlite3_column_bytes(statement, 1))
    print("  \(name): pointer \(pointer == nil ? "nil" : "set"), \(count) bytes")
    return (type, pointer.map { Data(bytes: $0, count: count) } ?? Data())
}

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("blobs-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let file = folder.appendingPathComponent("attachments.sqlite")

// Invented data: a 4 × 4 grey image, one byte per pixel, and an encoded value.
let pixels = Data((0..<16).map { UInt8($0 * 16) })
let thumbnail = Thumbnail(width: 4, height: 4, caption: "ridge at dawn")
let encoder = PropertyListEncoder()
encoder.outputFormat = .binary
let encoded = try encoder.encode(thumbnail)

var db = open(file)
sqlite3_exec(db, "CREATE TABLE attachment(name TEXT PRIMARY KEY, bytes BLOB)", nil, nil, nil)
save(db, name: "pixels", bytes: pixels)
save(db, name: "thumbnail", bytes: encoded)
save(db, name: "empty", bytes: Data())
save(db, name: "none", bytes: nil)
sqlite3_close(db)

db = open(file)
defer { sqlite3_close(db) }
print("read back:")
let rows = ["empty", "none", "pixels", "thumbnail"].map { ($0, load(db, name: $0)) }
for (name, row) in rows {
    print("\(name): \(row.type), \(row.data.map { "\($0.count) bytes" } ?? "nil")")
}
let pixelsBack = rows[2].1.data
print("pixels equal:", pixelsBack == pixels, "first bytes:", pixelsBack?.prefix(4).map { $0 } ?? [])
if let bytes = rows[3].1.data {
    let decoded = try PropertyListDecoder().decode(Thumbnail.self, from: bytes)
    print("thumbnail equal:", decoded == thumbnail, "-", decoded.caption)
}
var statement: OpaquePointer?
sqlite3_prepare_v2(db, "SELECT hex(substr(bytes, 1, 8)), length(bytes) FROM attachment WHERE name = 'thumbnail'", -1, &statement, nil)
if sqlite3_step(statement) == SQLITE_ROW {
    print("in SQL: hex", String(cString: sqlite3_column_text(statement, 0)), "length", sqlite3_column_int(statement, 1))
}
sqlite3_finalize(statement)
