// edit-rows — deleting, inserting and moving rows: the data source changes its
// model and tells the table which index paths changed; the table checks that
// the counts agree with the announced changes and refuses an update that does not.
import Foundation
import TableModel

@MainActor
final class PackingList: TableDataSource {
    var sections: [(title: String, items: [String])] = [
        ("To pack", ["Tent", "Stove", "Headlamp", "Map"]),
        ("Packed", ["Sleeping bag"]),
    ]

    func numberOfSections(in table: TableView) -> Int { sections.count }

    func table(_ table: TableView, numberOfRowsInSection section: Int) -> Int {
        sections[section].items.count
    }

    func table(_ table: TableView, titleForHeaderInSection section: Int) -> String? {
        sections[section].title
    }

    func table(_ table: TableView, cellForRowAt indexPath: IndexPath) -> Cell {
        let cell = table.dequeueReusableCell(withIdentifier: "item", for: indexPath)
        cell.content.text = sections[indexPath.section].items[indexPath.row]
        return cell
    }

    /// The user dragged a row: UIKit has already moved it on screen; the
    /// model follows (tableView(_:moveRowAt:to:) on iOS).
    func moveRow(at from: IndexPath, to: IndexPath) {
        let item = sections[from.section].items.remove(at: from.row)
        sections[to.section].items.insert(item, at: to.row)
    }
}

let list = PackingList()
let table = TableView()
table.register(.cell, forCellReuseIdentifier: "item")
table.dataSource = list
table.reloadData()

@MainActor
func show(_ title: String, _ changes: [RowChange]) {
    print("\(title): \(changes.map(\.description).joined(separator: ", "))")
    print(table.render())
}

do {
    // Swipe to delete "Stove", then add two items at the top: one batch.
    let changes = try table.performBatchUpdates {
        list.sections[0].items.remove(at: 1)
        list.sections[0].items.insert(contentsOf: ["Water filter", "Gloves"], at: 0)
        table.deleteRows(at: [IndexPath(row: 1, section: 0)])
        table.insertRows(at: [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0)])
    }
    show("delete and insert", changes)

    // Drag "Tent" from "To pack" to the top of "Packed".
    let from = IndexPath(row: 2, section: 0), to = IndexPath(row: 0, section: 1)
    let moved = try table.performBatchUpdates {
        list.moveRow(at: from, to: to)
        table.moveRow(at: from, to: to)
    }
    show("move", moved)

    // A bug: the table is told about a deletion the model never made.
    try table.performBatchUpdates {
        table.deleteRows(at: [IndexPath(row: 0, section: 1)])
    }
} catch {
    print("refused: \(error)")
}
