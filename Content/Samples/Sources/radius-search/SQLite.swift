// Just enough of SQLite's C API for this sample: an in-memory database that
// runs statements with Double and text parameters and reads rows of places.
import CSQLite

struct SQLiteError: Error, CustomStringConvertible {
    var message: String
    var description: String { "SQLite: \(message)" }
}

enum Parameter {
    case real(Double)
    case text(String)
}

/// SQLite copies a bound text at once when the destructor is SQLITE_TRANSIENT.
let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

final class Database {
    private let handle: OpaquePointer

    init() throws(SQLiteError) {
        var db: OpaquePointer?
        guard sqlite3_open(":memory:", &db) == SQLITE_OK, let db else {
            sqlite3_close(db)
            throw SQLiteError(message: "cannot open")
        }
        handle = db
    }

    deinit { sqlite3_close(handle) }

    /// Runs `sql` with `parameters` bound to ?1, ?2, …, and no result rows.
    func run(_ sql: String, _ parameters: [Parameter] = []) throws(SQLiteError) {
        _ = try rows(sql, parameters) { _ in () }
    }

    /// Runs `sql` with `parameters` bound to ?1, ?2, …, and turns each result
    /// row into a value with `read`.
    func rows<Row>(_ sql: String, _ parameters: [Parameter] = [],
                   read: (Columns) -> Row) throws(SQLiteError) -> [Row] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw SQLiteError(message: String(cString: sqlite3_errmsg(handle)))
        }
        defer { sqlite3_finalize(statement) }
        for (offset, parameter) in parameters.enumerated() {
            let index = Int32(offset + 1)
            switch parameter {
            case .real(let value): sqlite3_bind_double(statement, index, value)
            case .text(let value): sqlite3_bind_text(statement, index, value, -1, transient)
            }
        }
        var rows: [Row] = []
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return rows }
            guard code == SQLITE_ROW else {
                throw SQLiteError(message: String(cString: sqlite3_errmsg(handle)))
            }
            rows.append(read(Columns(statement: statement)))
        }
    }
}

/// The columns of the current row, numbered from 0.
struct Columns {
    let statement: OpaquePointer
    func real(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }
    func text(_ column: Int32) -> String {
        sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
    }
}
