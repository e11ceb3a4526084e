// The data-access object: the only code that knows the notes table and its SQL.
// Callers see Note values and Swift methods.

struct Note: Equatable {
    var id: Int64
    var folder: String
    var title: String
}

final class NoteStore {
    private let db: Database
    private let insertNote: Statement
    private let selectFolder: Statement

    init(database: Database) throws(SQLiteError) {
        db = database
        try db.execute("""
            CREATE TABLE IF NOT EXISTS note(
                id INTEGER PRIMARY KEY,
                folder TEXT NOT NULL,
                title TEXT NOT NULL UNIQUE)
            """)
        // Prepared once, run many times with new parameters.
        insertNote = try db.prepare("INSERT INTO note(folder, title) VALUES (?1, ?2)")
        selectFolder = try db.prepare("SELECT id, folder, title FROM note WHERE folder = ?1 ORDER BY title")
    }

    @discardableResult
    func add(_ title: String, in folder: String) throws(SQLiteError) -> Note {
        try insertNote.bind([.text(folder), .text(title)])
        _ = try insertNote.step()
        return Note(id: db.lastInsertedRow, folder: folder, title: title)
    }

    func notes(in folder: String) throws(SQLiteError) -> [Note] {
        try selectFolder.bind([.text(folder)])
        var result: [Note] = []
        while try selectFolder.step() {
            result.append(Note(id: selectFolder.int(0), folder: selectFolder.text(1), title: selectFolder.text(2)))
        }
        return result
    }

    /// Moves every note of one folder into another; returns how many moved.
    func moveAll(from source: String, to target: String) throws(SQLiteError) -> Int {
        let move = try db.prepare("UPDATE note SET folder = ?1 WHERE folder = ?2")
        try move.bind([.text(target), .text(source)])
        _ = try move.step()
        return db.changes
    }

    /// Runs `body` inside BEGIN ... COMMIT; on any error, ROLLBACK and rethrow.
    func transaction<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        try db.execute("BEGIN")
        do {
            let result = try body()
            try db.execute("COMMIT")
            return result
        } catch {
            // Some errors (a full disk) end the transaction themselves; a ROLLBACK
            // then fails, and its error must not replace the one that caused it.
            if inTransaction { try db.execute("ROLLBACK") }
            throw error
        }
    }

    var inTransaction: Bool { !db.isAutocommit }
}
