// sql-palindrome — a custom SQL function written in Swift. The program
// registers is_palindrome(text) with sqlite3_create_function_v2, then uses it
// in a SELECT list, in a WHERE clause and with a wrong argument count.
import CSQLite

/// The function body SQLite calls: a C function pointer, so it captures nothing.
/// It compares letters and digits only, ignoring case; NULL gives NULL.
let isPalindrome: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = {
    context, _, arguments in
    guard let argument = arguments?[0], sqlite3_value_type(argument) != SQLITE_NULL,
          let bytes = sqlite3_value_text(argument) else {
        sqlite3_result_null(context)
        return
    }
    let letters = String(cString: bytes).lowercased().filter { $0.isLetter || $0.isNumber }
    sqlite3_result_int(context, letters.elementsEqual(letters.reversed()) ? 1 : 0)
}

func run(_ db: OpaquePointer, _ sql: String) {
    print("sql> \(sql)")
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
        print("  error: \(String(cString: sqlite3_errmsg(db)))")
        return
    }
    defer { sqlite3_finalize(statement) }
    while sqlite3_step(statement) == SQLITE_ROW {
        let columns = (0..<sqlite3_column_count(statement)).map { column in
            sqlite3_column_text(statement, column).map { String(cString: $0) } ?? "NULL"
        }
        print("  " + columns.joined(separator: " | "))
    }
}

var connection: OpaquePointer?
guard sqlite3_open(":memory:", &connection) == SQLITE_OK, let db = connection else {
    fatalError("cannot open an in-memory database")
}
defer { sqlite3_close(db) }

// One argument, UTF-8 text; deterministic: the same input always gives the same result.
let code = sqlite3_create_function_v2(db, "is_palindrome", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC,
                                      nil, isPalindrome, nil, nil, nil)
print("create_function:", code == SQLITE_OK ? "ok" : "error \(code)")

sqlite3_exec(db, """
    CREATE TABLE phrase(text TEXT);
    INSERT INTO phrase VALUES ('Step on no pets'), ('Kayak'), ('Harbour'), ('шалаш'),
        ('топот'), ('тропа'), ('上海自来水来自海上'), ('海上'), (NULL);
    """, nil, nil, nil)
run(db, "SELECT text, is_palindrome(text) FROM phrase ORDER BY text")
run(db, "SELECT count(*) FROM phrase WHERE is_palindrome(text)")
run(db, "SELECT is_palindrome('a', 'b')")
