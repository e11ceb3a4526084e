// tree-diff — what a renderer must do when a list's data changes, computed
// from the identities of its rows with CollectionDifference. The same
// change is diffed twice: with stable ids (the trail's name, as
// `id: \.name`) and with positional ids (the row's index, as
// `id: \.offset`). Row state (an "expanded" flag, as @State would keep it)
// is stored by id, so it follows whatever the id follows. The result is
// printed and drawn as SVG; labels are in the language named by
// PRIMER_LOCALE (en, ru or zh-Hans), and the file is written into the
// folder named by PRIMER_FIGURES. 320 units wide, no text under 12 px.
import Foundation

// snippet.diff
struct Row: Equatable {
    var id: String
    var text: String
}

enum Update: Equatable {
    case insert(Row, at: Int)
    case remove(Row, at: Int)
    case move(Row, from: Int, to: Int)
    case update(id: String, from: String, to: String)
}

/// The updates a renderer makes to turn `old` rows into `new` rows.
func renderUpdates(from old: [Row], to new: [Row]) -> [Update] {
    var result: [Update] = []
    let difference = new.map(\.id).difference(from: old.map(\.id)).inferringMoves()
    for change in difference {
        switch change {
        case let .remove(offset, _, associatedWith: moved?):
            result.append(.move(old[offset], from: offset, to: moved))
        case let .remove(offset, _, nil):
            result.append(.remove(old[offset], at: offset))
        case .insert(_, _, associatedWith: _?):
            break                                  // the same move, seen from its end
        case let .insert(offset, _, nil):
            result.append(.insert(new[offset], at: offset))
        }
    }
    // A row whose id is in both lists keeps its view; only its content may change.
    let oldText = Dictionary(uniqueKeysWithValues: old.map { ($0.id, $0.text) })
    for row in new {
        if let text = oldText[row.id], text != row.text {
            result.append(.update(id: row.id, from: text, to: row.text))
        }
    }
    return result
}

// snippet.end

func describe(_ update: Update) -> String {
    switch update {
    case let .insert(row, at): "insert row \(row.id) at \(at)"
    case let .remove(row, at): "remove row \(row.id) at \(at)"
    case let .move(row, from, to): "move row \(row.id) from \(from) to \(to)"
    case let .update(id, from, to): "update row \(id): \"\(from)\" -> \"\(to)\""
    }
}

let before = ["Ridge Loop", "Fern Gully", "Lake Path"]
let after = ["Fern Gully", "Lake Path", "Old Mill"]     // the first trail closed, a new one opened

func stableRows(_ names: [String]) -> [Row] { names.map { Row(id: $0, text: $0) } }
func positionalRows(_ names: [String]) -> [Row] { names.indices.map { Row(id: String($0), text: names[$0]) } }

struct Scenario {
    var key: String
    var old: [Row]
    var new: [Row]
    var updates: [Update] { renderUpdates(from: old, to: new) }
}

let scenarios = [
    Scenario(key: "stable", old: stableRows(before), new: stableRows(after)),
    Scenario(key: "positional", old: positionalRows(before), new: positionalRows(after)),
]
let sortedByName = before.sorted()                        // a reorder: no row added or removed
let expandedText = "Fern Gully"          // the user expanded this row before the change

/// Row state is kept by id: it follows the id, not the text.
func expandedAfter(_ scenario: Scenario) -> String? {
    guard let id = scenario.old.first(where: { $0.text == expandedText })?.id else { return nil }
    return scenario.new.first(where: { $0.id == id })?.text
}

// MARK: - Drawing

/// The words of one locale.
struct Words {
    var title: String
    var panels: [String: String]
    var before: String
    var after: String
    var legend: [String]         // removed, inserted, content updated, expanded

    static func forLocale(_ locale: String) -> Words {
        switch locale {
        case "ru":
            Words(title: "Одно изменение данных, два вида id",
                  panels: ["stable": "Стабильные id: id: \\.name", "positional": "id по позиции: id: \\.offset"],
                  before: "до", after: "после",
                  legend: ["строка удалена", "строка вставлена", "изменено содержимое", "развёрнута (@State)"])
        case "zh-Hans":
            Words(title: "同一次数据变化，两种 id",
                  panels: ["stable": "稳定的 id：id: \\.name", "positional": "按位置的 id：id: \\.offset"],
                  before: "之前", after: "之后",
                  legend: ["删除的行", "插入的行", "内容被更新", "已展开（@State）"])
        default:
            Words(title: "One change to the data, two kinds of id",
                  panels: ["stable": "Stable ids: id: \\.name", "positional": "Positional ids: id: \\.offset"],
                  before: "before", after: "after",
                  legend: ["row removed", "row inserted", "content updated", "expanded (@State)"])
        }
    }
}

enum Ink {
    static let text = "#222222"
    static let detail = "#444444"
    static let line = "#555555"
    static let rule = "#cccccc"
    static let row = "#ffffff"
    static let rowStroke = "#2b5797"
    static let removed = "#b5482a"
    static let inserted = "#4d7a35"
    static let updated = "#b07d12"
    static let removedFill = "#f8e6df"
    static let insertedFill = "#dfe9d8"
    static let updatedFill = "#f7edd4"
    static let dark: KeyValuePairs<String, String> = [
        row: "#1e2126", text: "#e6e8eb", detail: "#c5cad3", line: "#a8afba", rule: "#353a42",
        rowStroke: "#7fb0f0", removed: "#f6a07a", inserted: "#8fc47a", updated: "#e8c15a",
        removedFill: "#442820", insertedFill: "#26361f", updatedFill: "#3d3218",
    ]
    static var darkStyle: String {
        let rules = dark.map { light, dark in
            "      [fill=\"\(light)\"] { fill: \(dark); }\n      [stroke=\"\(light)\"] { stroke: \(dark); }\n"
        }
        return "  <style>\n    @media (prefers-color-scheme: dark) {\n" + rules.joined() + "    }\n  </style>\n"
    }
}

let width = 320.0
let rowWidth = 112.0
let rowHeight = 24.0
let rowGap = 6.0
let leftX = 14.0
let rightX = width - 14 - rowWidth

func n(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
func escaped(_ s: String) -> String {
    s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
}

struct Canvas {
    var items: [String] = []
    mutating func text(_ s: String, x: Double, y: Double, size: Int = 12, bold: Bool = false,
                       anchor: String = "start", fill: String = Ink.text, mono: Bool = false) {
        let weight = bold ? " font-weight=\"bold\"" : ""
        let family = mono ? " font-family=\"monospace\"" : ""
        items.append("<text x=\"\(n(x))\" y=\"\(n(y))\" font-size=\"\(size)\"\(weight)\(family) "
            + "text-anchor=\"\(anchor)\" fill=\"\(fill)\">\(escaped(s))</text>")
    }
    mutating func box(x: Double, y: Double, fill: String, stroke: String, dashed: Bool = false) {
        let dash = dashed ? " stroke-dasharray=\"5,3\"" : ""
        items.append("<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(rowWidth))\" height=\"\(n(rowHeight))\" rx=\"4\" "
            + "fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"1.5\"\(dash)/>")
    }
    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String = Ink.line) {
        items.append("<line x1=\"\(n(x1))\" y1=\"\(n(y1))\" x2=\"\(n(x2))\" y2=\"\(n(y2))\" "
            + "stroke=\"\(stroke)\" stroke-width=\"1.5\"/>")
    }
    mutating func dot(x: Double, y: Double) {
        items.append("<circle cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"4\" fill=\"\(Ink.rowStroke)\"/>")
    }
}

/// Draws one scenario with its top at `y`; returns its bottom edge.
func panel(_ scenario: Scenario, words: Words, y top: Double, on canvas: inout Canvas) -> Double {
    canvas.text(words.panels[scenario.key] ?? scenario.key, x: 6, y: top + 14, bold: true)
    canvas.text(words.before, x: leftX + rowWidth / 2, y: top + 32, anchor: "middle", fill: Ink.detail)
    canvas.text(words.after, x: rightX + rowWidth / 2, y: top + 32, anchor: "middle", fill: Ink.detail)
    let rowsTop = top + 40
    func rowY(_ index: Int) -> Double { rowsTop + Double(index) * (rowHeight + rowGap) }
    let updates = scenario.updates
    let removed = Set(updates.compactMap { if case let .remove(row, _) = $0 { row.id } else { nil } })
    let inserted = Set(updates.compactMap { if case let .insert(row, _) = $0 { row.id } else { nil } })
    let changed = Set(updates.compactMap { if case let .update(id, _, _) = $0 { id } else { nil } })
    let expandedID = scenario.old.first(where: { $0.text == expandedText })?.id
    // Lines first, so that the boxes cover their ends.
    for (oldIndex, row) in scenario.old.enumerated() {
        if let newIndex = scenario.new.firstIndex(where: { $0.id == row.id }) {
            canvas.line(x1: leftX + rowWidth, y1: rowY(oldIndex) + rowHeight / 2,
                        x2: rightX, y2: rowY(newIndex) + rowHeight / 2,
                        stroke: changed.contains(row.id) ? Ink.updated : Ink.line)
        }
    }
    for (index, row) in scenario.old.enumerated() {
        let gone = removed.contains(row.id)
        canvas.box(x: leftX, y: rowY(index), fill: gone ? Ink.removedFill : Ink.row,
                   stroke: gone ? Ink.removed : Ink.rowStroke, dashed: gone)
        canvas.text(row.text, x: leftX + 14, y: rowY(index) + 16)
        if row.id == expandedID { canvas.dot(x: leftX + 7, y: rowY(index) + rowHeight / 2) }
    }
    for (index, row) in scenario.new.enumerated() {
        let fill = inserted.contains(row.id) ? Ink.insertedFill : changed.contains(row.id) ? Ink.updatedFill : Ink.row
        let stroke = inserted.contains(row.id) ? Ink.inserted : changed.contains(row.id) ? Ink.updated : Ink.rowStroke
        canvas.box(x: rightX, y: rowY(index), fill: fill, stroke: stroke)
        canvas.text(row.text, x: rightX + 14, y: rowY(index) + 16)
        if row.id == expandedID { canvas.dot(x: rightX + 7, y: rowY(index) + rowHeight / 2) }
    }
    let rows = max(scenario.old.count, scenario.new.count)
    return rowY(rows - 1) + rowHeight
}

func draw(_ words: Words) -> String {
    var canvas = Canvas()
    canvas.items.append("<title>\(escaped(words.title))</title>")
    canvas.text(words.title, x: 6, y: 18, size: 13, bold: true)
    var y = 28.0
    for scenario in scenarios {
        y = panel(scenario, words: words, y: y, on: &canvas) + 14
    }
    canvas.line(x1: 6, y1: y, x2: width - 6, y2: y, stroke: Ink.rule)
    let swatches = [(Ink.removedFill, Ink.removed), (Ink.insertedFill, Ink.inserted), (Ink.updatedFill, Ink.updated)]
    for (index, label) in words.legend.enumerated() {
        let x = 10.0, baseline = y + 22 + Double(index) * 20
        if index < swatches.count {
            canvas.items.append("<rect x=\"\(n(x))\" y=\"\(n(baseline - 11))\" width=\"18\" height=\"14\" rx=\"3\" "
                + "fill=\"\(swatches[index].0)\" stroke=\"\(swatches[index].1)\" stroke-width=\"1.5\"/>")
        } else {
            canvas.dot(x: x + 9, y: baseline - 4)
        }
        canvas.text(label, x: x + 26, y: baseline, fill: Ink.detail)
    }
    let height = y + 20 * Double(words.legend.count) + 12
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" "
        + "viewBox=\"0 0 \(n(width)) \(n(height))\" font-family=\"sans-serif\" role=\"img\">\n"
        + Ink.darkStyle
        + "  <rect x=\"0\" y=\"0\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"\(Ink.row)\"/>\n"
        + canvas.items.map { "  " + $0 + "\n" }.joined() + "</svg>\n"
}

// MARK: - Output

for scenario in scenarios {
    print(scenario.key == "stable" ? "stable ids (id: \\.name)" : "positional ids (id: \\.offset)")
    for update in scenario.updates { print("  " + describe(update)) }
    print("  expanded after the change: \(expandedAfter(scenario) ?? "none")")
}
print("stable ids, list sorted by name")
for update in renderUpdates(from: stableRows(before), to: stableRows(sortedByName)) {
    print("  " + describe(update))
}
print("positional ids, list sorted by name")
for update in renderUpdates(from: positionalRows(before), to: positionalRows(sortedByName)) {
    print("  " + describe(update))
}

let environment = ProcessInfo.processInfo.environment
let words = Words.forLocale(environment["PRIMER_LOCALE"] ?? "en")
let folder = URL(fileURLWithPath: environment["PRIMER_FIGURES"] ?? ".", isDirectory: true)
do {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try draw(words).write(to: folder.appendingPathComponent("tree-diff.svg"), atomically: true, encoding: .utf8)
    print("tree-diff.svg: \(words.title)")
} catch {
    FileHandle.standardError.write(Data("tree-diff: \(error)\n".utf8))
    exit(1)
}
