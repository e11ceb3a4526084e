// diffable-snapshot — a model of a diffable data source: a snapshot holds
// item identifiers, and applying a new snapshot computes its difference from
// the old one with CollectionDifference. The run prints the row changes and
// draws the two snapshots as SVG, with labels in the language named by
// PRIMER_LOCALE (en, ru or zh-Hans; English when unset), into the folder named
// by PRIMER_FIGURES (the current folder when unset). The drawing is 340 points
// wide, for a phone, and carries colours for a light and a dark page.
import Foundation

// MARK: - The model: identifiers in snapshots, content in a store

struct Trail: Hashable {
    let id: Int
    var name: String
}

struct Snapshot<ItemID: Hashable> {
    private(set) var itemIdentifiers: [ItemID] = []
    private(set) var reconfigured: [ItemID] = []

    mutating func appendItems(_ items: [ItemID]) {
        for item in items {
            precondition(!itemIdentifiers.contains(item), "item identifiers must be unique")
            itemIdentifiers.append(item)
        }
    }

    /// Marks items whose content changed while their identifiers did not.
    mutating func reconfigureItems(_ items: [ItemID]) { reconfigured += items }
}

enum Change: Equatable {
    case delete(row: Int), insert(row: Int), move(from: Int, to: Int), reconfigure(row: Int)
}

/// What applying `new` over `old` does to the rows, deletions first.
func changes<ItemID: Hashable>(from old: Snapshot<ItemID>, to new: Snapshot<ItemID>) -> [Change] {
    var deletes: [Change] = [], inserts: [Change] = []
    for change in new.itemIdentifiers.difference(from: old.itemIdentifiers).inferringMoves() {
        switch change {
        case let .remove(offset, _, nil): deletes.append(.delete(row: offset))
        case let .insert(offset, _, nil): inserts.append(.insert(row: offset))
        case let .insert(offset, _, from?): inserts.append(.move(from: from, to: offset))
        case .remove: break                                   // the other half of a move
        }
    }
    let reconfigures = new.reconfigured.compactMap { item in
        new.itemIdentifiers.firstIndex(of: item).map { Change.reconfigure(row: $0) }
    }
    return deletes + inserts + reconfigures
}

var store = [1: "Lantern Ridge", 2: "Fernhollow", 3: "Cinder Pass", 4: "Mossbrook Loop",
             5: "Heron Flats"]
var before = Snapshot<Int>()
before.appendItems([1, 2, 3, 4, 5])
let oldStore = store

// Cinder Pass closes, Mossbrook Loop is pinned to the top, Quarry Steps opens,
// and Fernhollow is renamed: its identifier stays, so it must be reconfigured.
store[3] = nil
store[6] = "Quarry Steps"
store[2] = "Fernhollow East"
var after = Snapshot<Int>()
after.appendItems([4, 1, 6, 2, 5])
after.reconfigureItems([2])

func names(_ snapshot: Snapshot<Int>, _ store: [Int: String]) -> String {
    snapshot.itemIdentifiers.map { store[$0] ?? "?" }.joined(separator: ", ")
}
print("before: \(names(before, oldStore))")
print("after:  \(names(after, store))")
let steps = changes(from: before, to: after)
for step in steps {
    switch step {
    case .delete(let row): print("delete row \(row): \(oldStore[before.itemIdentifiers[row]] ?? "?")")
    case .insert(let row): print("insert row \(row): \(store[after.itemIdentifiers[row]] ?? "?")")
    case let .move(from, to): print("move row \(from) -> \(to): \(store[after.itemIdentifiers[to]] ?? "?")")
    case .reconfigure(let row): print("reconfigure row \(row): \(store[after.itemIdentifiers[row]] ?? "?")")
    }
}

// The same edit with whole values as identifiers: the rename becomes a
// deletion and an insertion, and the row's cell is replaced, not updated.
var valuesBefore = Snapshot<Trail>(), valuesAfter = Snapshot<Trail>()
valuesBefore.appendItems(before.itemIdentifiers.map { Trail(id: $0, name: oldStore[$0] ?? "") })
valuesAfter.appendItems(after.itemIdentifiers.map { Trail(id: $0, name: store[$0] ?? "") })
print("with values as identifiers:")
for step in changes(from: valuesBefore, to: valuesAfter) { print("    \(step)") }

// MARK: - The words of each locale

struct Words {
    var title, before, after, kept, moved, deleted, inserted, reconfigured: String

    static func forLocale(_ code: String) -> Words {
        switch code {
        case "ru":
            Words(title: "Два снимка одного списка", before: "До", after: "После",
                  kept: "на месте", moved: "перемещена", deleted: "удалена",
                  inserted: "вставлена", reconfigured: "новое содержимое")
        case "zh-Hans":
            Words(title: "同一列表的两个快照", before: "之前", after: "之后",
                  kept: "保留", moved: "移动", deleted: "删除",
                  inserted: "插入", reconfigured: "内容更新")
        default:
            Words(title: "Two snapshots of one list", before: "Before", after: "After",
                  kept: "kept", moved: "moved", deleted: "deleted",
                  inserted: "inserted", reconfigured: "new content")
        }
    }
}

// MARK: - Colours: light by attribute, dark by a media query

enum Colour {
    static let background = ("#ffffff", "#1e2126")
    static let ink = ("#1d1f23", "#e6e8eb")
    static let muted = ("#555b66", "#a8afba")
    static let kept = ("#8a919c", "#7d8590")
    static let moved = ("#2b6cb0", "#63b3ed")
    static let deleted = ("#c53030", "#fc8181")
    static let inserted = ("#2f855a", "#68d391")
    static let reconfigured = ("#b7791f", "#f6c453")
}

let kinds = ["kept": Colour.kept, "moved": Colour.moved, "deleted": Colour.deleted,
             "inserted": Colour.inserted, "reconfigured": Colour.reconfigured]
let style = "  <style>\n    @media (prefers-color-scheme: dark) {\n"
    + "      .bg { fill: \(Colour.background.1); }\n"
    + "      .ink { fill: \(Colour.ink.1); }\n"
    + "      .muted { fill: \(Colour.muted.1); }\n"
    + kinds.sorted { $0.key < $1.key }.map {
        "      .\($0.key) { stroke: \($0.value.1); }\n      .\($0.key)-text { fill: \($0.value.1); }\n"
    }.joined()
    + "    }\n  </style>"

// MARK: - Drawing

func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;")
        .replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;")
}

func text(_ string: String, x: Double, y: Double, size: Double = 13, kind: String = "ink",
          colour: String = Colour.ink.0, anchor: String = "middle", bold: Bool = false) -> String {
    "  <text class=\"\(kind)\" x=\"\(x)\" y=\"\(y)\" font-size=\"\(size)\" text-anchor=\"\(anchor)\""
        + (bold ? " font-weight=\"bold\"" : "") + " fill=\"\(colour)\">\(escaped(string))</text>"
}

func box(x: Double, y: Double, kind: String, dashed: Bool = false) -> String {
    let colour = kinds[kind]?.0 ?? Colour.kept.0
    return "  <rect class=\"\(kind)\" x=\"\(x)\" y=\"\(y)\" width=\"118\" height=\"26\" rx=\"5\""
        + " fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2\""
        + (dashed ? " stroke-dasharray=\"5 3\"" : "") + "/>"
}

let words = Words.forLocale(ProcessInfo.processInfo.environment["PRIMER_LOCALE"] ?? "en")
let (width, height) = (340.0, 330.0)
let (leftX, rightX, top, step) = (14.0, 208.0, 62.0, 38.0)
var svg = [
    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\""
        + " viewBox=\"0 0 \(Int(width)) \(Int(height))\" font-family=\"sans-serif\" role=\"img\">",
    "  <title>\(escaped(words.title))</title>",
    style,
    "  <rect class=\"bg\" x=\"0\" y=\"0\" width=\"\(Int(width))\" height=\"\(Int(height))\""
        + " fill=\"\(Colour.background.0)\"/>",
    text(words.title, x: width / 2, y: 22, size: 14, bold: true),
    text(words.before, x: leftX + 59, y: 48, kind: "muted", colour: Colour.muted.0),
    text(words.after, x: rightX + 59, y: 48, kind: "muted", colour: Colour.muted.0),
]

// Which rows each kind of change touches, from the computed steps.
var kindOfOld: [Int: String] = [:], kindOfNew: [Int: String] = [:]
for change in steps {
    switch change {
    case .delete(let row): kindOfOld[row] = "deleted"
    case .insert(let row): kindOfNew[row] = "inserted"
    case let .move(from, to): (kindOfOld[from], kindOfNew[to]) = ("moved", "moved")
    case .reconfigure(let row): kindOfNew[row] = "reconfigured"
    }
}

// Lines first, so that the boxes sit on top of them.
for (oldRow, id) in before.itemIdentifiers.enumerated() {
    guard let newRow = after.itemIdentifiers.firstIndex(of: id) else { continue }
    let kind = kindOfOld[oldRow] ?? kindOfNew[newRow] ?? "kept"
    let (y1, y2) = (top + Double(oldRow) * step + 13, top + Double(newRow) * step + 13)
    svg.append("  <line class=\"\(kind)\" x1=\"\(leftX + 118)\" y1=\"\(y1)\" x2=\"\(rightX)\" y2=\"\(y2)\""
        + " stroke=\"\(kinds[kind]?.0 ?? Colour.kept.0)\" stroke-width=\"2\"/>")
}
for (row, id) in before.itemIdentifiers.enumerated() {
    let y = top + Double(row) * step
    let kind = kindOfOld[row] ?? "kept"
    svg.append(box(x: leftX, y: y, kind: kind, dashed: kind == "deleted"))
    svg.append(text(oldStore[id] ?? "?", x: leftX + 59, y: y + 18, size: 12))
}
for (row, id) in after.itemIdentifiers.enumerated() {
    let y = top + Double(row) * step
    svg.append(box(x: rightX, y: y, kind: kindOfNew[row] ?? "kept"))
    svg.append(text(store[id] ?? "?", x: rightX + 59, y: y + 18, size: 12))
}

// The legend: one swatch and word per kind of change, two columns.
let legend = [("kept", words.kept), ("moved", words.moved), ("deleted", words.deleted),
              ("inserted", words.inserted), ("reconfigured", words.reconfigured)]
for (index, (kind, word)) in legend.enumerated() {
    let x = index % 2 == 0 ? 20.0 : 180.0
    let y = 270 + Double(index / 2) * 22
    let colour = kinds[kind]?.0 ?? Colour.kept.0
    svg.append("  <line class=\"\(kind)\" x1=\"\(x)\" y1=\"\(y - 4)\" x2=\"\(x + 26)\" y2=\"\(y - 4)\""
        + " stroke=\"\(colour)\" stroke-width=\"3\"" + (kind == "deleted" ? " stroke-dasharray=\"5 3\"" : "") + "/>")
    svg.append(text(word, x: x + 34, y: y, kind: "\(kind)-text", colour: colour, anchor: "start"))
}
svg.append("</svg>")

let folder = ProcessInfo.processInfo.environment["PRIMER_FIGURES"] ?? "."
let file = URL(fileURLWithPath: folder).appendingPathComponent("snapshot-diff.svg")
try (svg.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
print("snapshot-diff.svg")
