// A thin Swift layer over SQLite's C API: a connection that closes itself and a
// prepared statement that finalizes itself. Every failing call throws the
// result code and SQLite's message.
import CSQLite

struct SQLiteError: Error, CustomStringConvertible {
    var code: Int32
    var message: String
    var description: String { "SQLite error \(code): \(message)" }
}

/// SQLite copies a bound text or blob at once when the destructor is SQLITE_TRANSIENT.
let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// One connection. A class, because it owns a C handle that must be closed
/// exactly once; not Sendable, so the compiler keeps it in one isolation domain.
final class Database {
    private let handle: OpaquePointer

    init(path: String) throws(SQLiteError) {
        var db: OpaquePointer?
        let code = sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil)
        guard code == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(db)
            throw SQLiteError(code: code, message: message)
        }
        handle = db
    }

    deinit { sqlite3_close_v2(handle) }

    var lastError: SQLiteError {
        SQLiteError(code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)))
    }

    /// True when no transaction is open (SQLite's autocommit mode).
    var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }

    var lastInsertedRow: Int64 { sqlite3_last_insert_rowid(handle) }
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// Runs SQL without parameters or results, such as CREATE TABLE or BEGIN.
    func execute(_ sql: String) throws(SQLiteError) {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else { throw lastError }
    }

    func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw lastError
        }
        return Statement(handle: statement, database: self)
    }
}

/// A compiled statement. Not copyable: it has one owner, and its deinit
/// finalizes it once.
struct Statement: ~Copyable {
    fileprivate let handle: OpaquePointer
    fileprivate let database: Database

    deinit { sqlite3_finalize(handle) }

    /// Binds values to ?1, ?2, ... after clearing what the last run left.
    func bind(_ values: [Value]) throws(SQLiteError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code = switch value {
            case .integer(let number): sqlite3_bind_int64(handle, index, number)
            case .text(let text): sqlite3_bind_text(handle, index, text, -1, transient)
            case .null: sqlite3_bind_null(handle, index)
            }
            guard code == SQLITE_OK else { throw database.lastError }
        }
    }

    /// Moves to the next row: true while there is one, false when done.
    func step() throws(SQLiteError) -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw database.lastError
        }
    }

    func int(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
    func text(_ column: Int32) -> String {
        sqlite3_column_text(handle, column).map { String(cString: $0) } ?? ""
    }
}

enum Value { case integer(Int64), text(String), null }
