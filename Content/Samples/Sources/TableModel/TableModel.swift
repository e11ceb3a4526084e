// TableModel — a Foundation model of UITableView's data source, its cells
// and their reuse queue, so that the chapter's programs run on Linux.
import Foundation

// MARK: - Index paths

// UIKit adds `section` and `row` to Foundation's IndexPath; Linux has only
// the plain type, so the model adds them here.
extension IndexPath {
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
    public var section: Int { self[0] }
    public var row: Int { self[1] }
}

// MARK: - Cell content: a model of UIListContentConfiguration

/// The three layouts of the classic cell styles, as content configurations.
public enum ContentStyle: Sendable {
    case cell            // one label                   (UITableViewCell.CellStyle.default)
    case subtitleCell    // a second label underneath   (.subtitle)
    case valueCell       // a value on the right        (.value1)
}

public struct ListContent: Equatable, Sendable {
    public var style: ContentStyle
    public var text = ""
    public var secondaryText: String?

    public init(_ style: ContentStyle) { self.style = style }

    /// The cell as lines of text, `width` characters wide.
    public func lines(width: Int) -> [String] {
        switch style {
        case .cell:
            return [text]
        case .subtitleCell:
            return [text] + (secondaryText.map { ["  " + $0] } ?? [])
        case .valueCell:
            let value = secondaryText ?? ""
            let gap = max(1, width - text.count - value.count)
            return [text + String(repeating: " ", count: gap) + value]
        }
    }
}

// MARK: - Cells and the data source

@MainActor
public final class Cell {
    public let reuseIdentifier: String
    public let serial: Int                  // which object this is, for the statistics
    public var content: ListContent
    public var isSelected = false

    init(reuseIdentifier: String, serial: Int, style: ContentStyle) {
        self.reuseIdentifier = reuseIdentifier
        self.serial = serial
        self.content = ListContent(style)
    }

    /// Called before a queued cell is handed out again. As Apple advises, it
    /// resets state that is not content; the data source sets the content.
    func prepareForReuse() { isSelected = false }
}

/// The questions a table asks. Two are required; the others have defaults,
/// as the optional methods of UITableViewDataSource do.
@MainActor
public protocol TableDataSource: AnyObject {
    func numberOfSections(in table: TableView) -> Int
    func table(_ table: TableView, numberOfRowsInSection section: Int) -> Int
    func table(_ table: TableView, cellForRowAt indexPath: IndexPath) -> Cell
    func table(_ table: TableView, titleForHeaderInSection section: Int) -> String?
    func sectionIndexTitles(for table: TableView) -> [String]?
}

extension TableDataSource {
    public func numberOfSections(in table: TableView) -> Int { 1 }
    public func table(_ table: TableView, titleForHeaderInSection section: Int) -> String? { nil }
    public func sectionIndexTitles(for table: TableView) -> [String]? { nil }
}

// MARK: - The table

@MainActor
public final class TableView {
    public weak var dataSource: (any TableDataSource)?
    public let width: Int                   // characters per line
    public let visibleRowCount: Int         // how many rows fit on the screen
    public private(set) var created = 0     // cells made by the table
    public private(set) var reused = 0      // cells taken from the queue
    public private(set) var firstVisible = 0

    private var styles: [String: ContentStyle] = [:]
    private var queue: [String: [Cell]] = [:]
    private var visible: [IndexPath: Cell] = [:]

    public init(width: Int = 36, visibleRowCount: Int = 100) {
        self.width = width
        self.visibleRowCount = visibleRowCount
    }

    /// Like register(_:forCellReuseIdentifier:): what to make when the queue is empty.
    public func register(_ style: ContentStyle, forCellReuseIdentifier identifier: String) {
        styles[identifier] = style
    }

    /// A queued cell with this identifier, or a new one; never nil.
    public func dequeueReusableCell(withIdentifier identifier: String,
                                    for indexPath: IndexPath) -> Cell {
        if let cell = queue[identifier]?.popLast() {
            reused += 1
            cell.prepareForReuse()
            return cell
        }
        guard let style = styles[identifier] else {
            preconditionFailure("no cell registered for identifier \(identifier)")
        }
        created += 1
        return Cell(reuseIdentifier: identifier, serial: created, style: style)
    }

    public var queuedCellCount: Int { queue.values.reduce(0) { $0 + $1.count } }

    /// Every index path, section by section, as the data source counts them.
    public func allIndexPaths() -> [IndexPath] {
        guard let dataSource else { return [] }
        return (0..<dataSource.numberOfSections(in: self)).flatMap { section in
            (0..<dataSource.table(self, numberOfRowsInSection: section)).map {
                IndexPath(row: $0, section: section)
            }
        }
    }

    /// The visible rows and their cells, in order.
    public var visibleCells: [(IndexPath, Cell)] {
        visible.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Scrolls so that row number `first` (counting all sections) is at the top:
    /// cells that leave the screen go to the queue, rows that arrive get cells.
    public func scroll(toRow first: Int) {
        let paths = allIndexPaths()
        firstVisible = max(0, min(first, paths.count - 1))
        let onScreen = Set(paths.dropFirst(firstVisible).prefix(visibleRowCount))
        for (path, cell) in visibleCells where !onScreen.contains(path) {
            visible[path] = nil
            queue[cell.reuseIdentifier, default: []].append(cell)
        }
        for path in onScreen.sorted() where visible[path] == nil {
            visible[path] = dataSource?.table(self, cellForRowAt: path)
        }
    }

    /// Asks for everything again, as reloadData() does.
    public func reloadData() {
        for (_, cell) in visibleCells { queue[cell.reuseIdentifier, default: []].append(cell) }
        visible = [:]
        rowCounts = currentRowCounts()
        scroll(toRow: firstVisible)
    }

    // MARK: Batch updates

    private var rowCounts: [Int] = []
    private var pending: [RowChange] = []

    private func currentRowCounts() -> [Int] {
        guard let dataSource else { return [] }
        return (0..<dataSource.numberOfSections(in: self)).map {
            dataSource.table(self, numberOfRowsInSection: $0)
        }
    }

    public func insertRows(at indexPaths: [IndexPath]) { pending += indexPaths.map(RowChange.insert) }
    public func deleteRows(at indexPaths: [IndexPath]) { pending += indexPaths.map(RowChange.delete) }
    public func moveRow(at from: IndexPath, to: IndexPath) { pending.append(.move(from, to)) }

    /// Runs `updates`, which change the model and announce the changes, then
    /// checks each section: rows after = rows before - deleted + inserted.
    /// Returns the changes deletions first, as UIKit processes a batch.
    @discardableResult
    public func performBatchUpdates(_ updates: () -> Void) throws(InvalidUpdate) -> [RowChange] {
        pending = []
        updates()
        let changes = pending.sorted { $0.order < $1.order }
        pending = []
        let after = currentRowCounts()
        for section in after.indices {
            let before = section < rowCounts.count ? rowCounts[section] : 0
            let inserted = changes.filter { $0.adds(to: section) }.count
            let deleted = changes.filter { $0.removes(from: section) }.count
            if after[section] != before + inserted - deleted {
                throw InvalidUpdate(section: section, before: before, after: after[section],
                                    inserted: inserted, deleted: deleted)
            }
        }
        reloadData()
        return changes
    }

    /// The visible part of the table as text: headers, rows, the index.
    public func render() -> String {
        guard let dataSource else { return "" }
        var lines: [String] = []
        var section = -1
        for (path, cell) in visibleCells {
            if path.section != section {
                section = path.section
                if let title = dataSource.table(self, titleForHeaderInSection: section) {
                    lines.append("== \(title) ==")
                }
            }
            lines += cell.content.lines(width: width).map { "| " + $0 }
        }
        if let titles = dataSource.sectionIndexTitles(for: self) {
            lines.append("index: " + titles.joined(separator: " "))
        }
        return lines.joined(separator: "\n")
    }
}

// MARK: - Row changes and the consistency check

public enum RowChange: CustomStringConvertible, Sendable {
    case delete(IndexPath)      // an index path in the table before the update
    case insert(IndexPath)      // an index path in the table after the update
    case move(IndexPath, IndexPath)

    var order: Int {
        switch self {
        case .delete: 0
        case .move: 1
        case .insert: 2
        }
    }

    func adds(to section: Int) -> Bool {
        switch self {
        case .insert(let path): path.section == section
        case .move(let from, let to): to.section == section && from.section != section
        case .delete: false
        }
    }

    func removes(from section: Int) -> Bool {
        switch self {
        case .delete(let path): path.section == section
        case .move(let from, let to): from.section == section && to.section != section
        case .insert: false
        }
    }

    public var description: String {
        switch self {
        case .delete(let path): "delete \(path)"
        case .insert(let path): "insert \(path)"
        case .move(let from, let to): "move \(from) -> \(to)"
        }
    }
}

/// A batch whose announced changes do not match a section's new row count.
public struct InvalidUpdate: Error, CustomStringConvertible {
    public let section, before, after, inserted, deleted: Int

    public var description: String {
        "invalid number of rows in section \(section): \(after) after the update, "
            + "but \(before) before + \(inserted) inserted - \(deleted) deleted = "
            + "\(before + inserted - deleted)"
    }
}
