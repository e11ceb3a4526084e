// simple-table — a data source answers the table's questions, and a text
// renderer shows the result: a list of trails in sections, then a static
// settings table whose rows are fixed by the code.
import Foundation
import TableModel

struct Trail {
    var name: String
    var region: String
    var kilometres: Double
}

@MainActor
final class TrailsDataSource: TableDataSource {
    let regions: [(name: String, trails: [Trail])]

    init(_ trails: [Trail]) {
        regions = Dictionary(grouping: trails, by: \.region)
            .sorted { $0.key < $1.key }
            .map { ($0.key, $0.value.sorted { $0.name < $1.name }) }
    }

    func numberOfSections(in table: TableView) -> Int { regions.count }

    func table(_ table: TableView, numberOfRowsInSection section: Int) -> Int {
        regions[section].trails.count
    }

    func table(_ table: TableView, titleForHeaderInSection section: Int) -> String? {
        regions[section].name
    }

    func table(_ table: TableView, cellForRowAt indexPath: IndexPath) -> Cell {
        let trail = regions[indexPath.section].trails[indexPath.row]
        let cell = table.dequeueReusableCell(withIdentifier: "trail", for: indexPath)
        cell.content.text = trail.name
        cell.content.secondaryText = String(format: "%.1f km", trail.kilometres)
        return cell
    }
}

// A static table: the sections and rows are cases, not data.
@MainActor
final class SettingsDataSource: TableDataSource {
    enum Section: CaseIterable { case units, map }
    enum Row { case distance, elevation, offlineMaps }
    static let rows: [Section: [Row]] = [.units: [.distance, .elevation], .map: [.offlineMaps]]

    var useMiles = false
    var offlineMaps = true

    func numberOfSections(in table: TableView) -> Int { Section.allCases.count }

    func table(_ table: TableView, numberOfRowsInSection section: Int) -> Int {
        Self.rows[Section.allCases[section], default: []].count
    }

    func table(_ table: TableView, titleForHeaderInSection section: Int) -> String? {
        Section.allCases[section] == .units ? "Units" : "Map"
    }

    func table(_ table: TableView, cellForRowAt indexPath: IndexPath) -> Cell {
        let row = Self.rows[Section.allCases[indexPath.section], default: []][indexPath.row]
        let cell = table.dequeueReusableCell(withIdentifier: "setting", for: indexPath)
        switch row {
        case .distance: (cell.content.text, cell.content.secondaryText) = ("Distance", useMiles ? "mi" : "km")
        case .elevation: (cell.content.text, cell.content.secondaryText) = ("Elevation", useMiles ? "ft" : "m")
        case .offlineMaps: (cell.content.text, cell.content.secondaryText) = ("Offline maps", offlineMaps ? "On" : "Off")
        }
        return cell
    }
}

let trails = TrailsDataSource([
    Trail(name: "Lantern Ridge", region: "North", kilometres: 12.4),
    Trail(name: "Mossbrook Loop", region: "South", kilometres: 5.8),
    Trail(name: "Fernhollow", region: "North", kilometres: 7.3),
    Trail(name: "Cinder Pass", region: "East", kilometres: 18),
])
let list = TableView()
list.register(.subtitleCell, forCellReuseIdentifier: "trail")
list.dataSource = trails
list.reloadData()
print(list.render())

let settings = SettingsDataSource()
let form = TableView(width: 30)
form.register(.valueCell, forCellReuseIdentifier: "setting")
form.dataSource = settings
form.reloadData()
print(form.render())
settings.useMiles = true          // a change in the model shows after a reload
form.reloadData()
print(form.render())
