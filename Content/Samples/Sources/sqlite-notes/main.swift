// sqlite-notes — a note store on SQLite through the system library: prepared
// statements with bound parameters behind a small data-access object, then a
// transaction in which one statement fails, step by step, and the same work
// through the store's transaction method. The database is in memory, so every
// run starts empty. Figure.swift draws the transaction's steps.

func show(_ store: NoteStore, _ folders: [String]) throws(SQLiteError) -> String {
    try folders.map { folder throws(SQLiteError) in "\(folder) \(try store.notes(in: folder).count)" }
        .joined(separator: ", ")
}

do {
    let db = try Database(path: ":memory:")
    let store = try NoteStore(database: db)
    try store.add("Packing list", in: "trips")
    try store.add("Ferry times", in: "trips")
    try store.add("Call the dentist", in: "inbox")
    try store.add("Ann's birthday", in: "inbox")
    try store.add("x'); DROP TABLE note; --", in: "inbox")
    for folder in ["inbox", "trips"] {
        for note in try store.notes(in: folder) {
            print("\(note.folder) #\(note.id): \(note.title)")
        }
    }

    // A transaction by hand: the second statement breaks the UNIQUE rule.
    let folders = ["inbox", "trips"]
    var steps: [Step] = []
    func record(_ sql: String, _ outcome: String) throws(SQLiteError) {
        let state = try show(store, folders)
        steps.append(Step(sql: sql, failed: outcome != "ok", open: store.inTransaction, counts: state))
        print("\(sql.padding(toLength: 38, withPad: " ", startingAt: 0)) \(outcome); \(state); open: \(store.inTransaction)")
    }
    try db.execute("BEGIN")
    try record("BEGIN", "ok")
    _ = try store.moveAll(from: "inbox", to: "trips")
    try record("UPDATE note SET folder = 'trips' …", "ok")
    do {
        try store.add("Packing list", in: "trips")
        try record("INSERT INTO note … 'Packing list'", "ok")
    } catch {
        try record("INSERT INTO note … 'Packing list'", "failed")
        print("  \(error)")
    }
    try db.execute("ROLLBACK")
    try record("ROLLBACK", "ok")
    try drawSteps(steps)

    // The same work through the DAO: any error rolls the whole move back.
    do {
        try store.transaction { () throws(SQLiteError) in
            _ = try store.moveAll(from: "inbox", to: "trips")
            try store.add("Packing list", in: "trips")
        }
    } catch {
        print("transaction failed, rolled back: \(try show(store, folders))")
    }
    let moved = try store.transaction { () throws(SQLiteError) in
        try store.moveAll(from: "inbox", to: "trips")
    }
    print("transaction committed, \(moved) moved: \(try show(store, folders))")

    // An error that ends the transaction by itself: the database may not grow.
    try db.execute("PRAGMA max_page_count = 3")
    do {
        _ = try store.transaction { () throws(SQLiteError) in
            try store.add(String(repeating: "long title ", count: 1_000), in: "inbox")
        }
    } catch {
        print("transaction failed: \(error); open: \(store.inTransaction)")
    }
} catch {
    print("sqlite-notes failed: \(error)")
}
