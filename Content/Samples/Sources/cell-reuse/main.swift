// cell-reuse — a table of 1,000 rows with room for 8 on the screen: scrolling
// moves cells from rows that leave to rows that arrive, so the number of cell
// objects stays near the number of visible rows. Every fifth row is a
// milestone with a cell of its own kind, taken from a queue of its own.
import Foundation
import TableModel

@MainActor
final class LogDataSource: TableDataSource {
    let count = 1_000

    func table(_ table: TableView, numberOfRowsInSection section: Int) -> Int { count }

    func table(_ table: TableView, cellForRowAt indexPath: IndexPath) -> Cell {
        let milestone = indexPath.row % 5 == 0
        let cell = table.dequeueReusableCell(withIdentifier: milestone ? "milestone" : "entry",
                                             for: indexPath)
        cell.content.text = milestone ? "Kilometre \(indexPath.row / 5)" : "Entry \(indexPath.row)"
        return cell
    }
}

let source = LogDataSource()
let table = TableView(visibleRowCount: 8)
table.register(.cell, forCellReuseIdentifier: "entry")
table.register(.valueCell, forCellReuseIdentifier: "milestone")
table.dataSource = source

for top in [0, 1, 2, 8, 400, 992, 0] {
    table.scroll(toRow: top)
    let cells = table.visibleCells
    let serials = cells.map { ($0.1.reuseIdentifier == "milestone" ? "m" : "") + "\($0.1.serial)" }
    print("rows \(cells[0].0.row)-\(cells[cells.count - 1].0.row): cells \(serials.joined(separator: " "))")
    print("    created \(table.created), reused \(table.reused), queued \(table.queuedCellCount)")
}
