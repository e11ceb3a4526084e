// Draws the tree that main.swift recorded: one row per node, indented by depth,
// with the number of its start event (and of its end event, for an element).
// 320 units wide (a phone's text column), no text under 12 px; colours change
// on a dark page. The SVG goes into the folder named by PRIMER_FIGURES.
import Foundation

struct Words {
    var title: String
    var start: String
    var text: String
    var end: String

    static func forLocale(_ locale: String) -> Words {
        switch locale {
        case "ru":
            Words(title: "События SAX на дереве документа", start: "начало элемента", text: "текст", end: "конец элемента")
        case "zh-Hans":
            Words(title: "文档树上的 SAX 事件", start: "元素开始", text: "文本", end: "元素结束")
        default:
            Words(title: "SAX events on the document tree", start: "start of element", text: "text", end: "end of element")
        }
    }
}

enum Ink {
    static let text = "#222222"
    static let page = "#ffffff"
    static let rule = "#cccccc"
    static let node = "#f2f2f2"
    static let nodeStroke = "#888888"
    static let start = "#2f6db5"
    static let chars = "#4d7a35"
    static let end = "#b5482a"
    /// Each light colour and its replacement on a dark page.
    static let dark: KeyValuePairs<String, String> = [
        page: "#1e2126", text: "#e6e8eb", rule: "#353a42", node: "#2a2e35", nodeStroke: "#8a919c",
        start: "#7fb2f0", chars: "#8fc47a", end: "#f6a07a",
    ]
    static var darkStyle: String {
        let rules = dark.map { light, dark in
            "      [fill=\"\(light)\"] { fill: \(dark); }\n      [stroke=\"\(light)\"] { stroke: \(dark); }\n"
        }
        return "  <style>\n    @media (prefers-color-scheme: dark) {\n" + rules.joined() + "    }\n  </style>\n"
    }
}

func escaped(_ s: String) -> String {
    s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
}

/// A numbered disc: the event's number in white on the event's colour.
func badge(_ number: Int, x: Int, y: Int, colour: String) -> [String] {
    ["<circle cx=\"\(x)\" cy=\"\(y)\" r=\"10\" fill=\"\(colour)\"/>",
     "<text x=\"\(x)\" y=\"\(y + 4)\" font-size=\"12\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"\(Ink.page)\">\(number)</text>"]
}

func drawFigure(_ rows: [Row]) throws {
    let environment = ProcessInfo.processInfo.environment
    let words = Words.forLocale(environment["PRIMER_LOCALE"] ?? "en")
    let width = 320, row = 26, top = 32
    var body = ["<title>\(escaped(words.title))</title>",
                "<text x=\"6\" y=\"18\" font-size=\"13\" font-weight=\"bold\" fill=\"\(Ink.text)\">\(escaped(words.title))</text>"]
    for (index, item) in rows.enumerated() {
        let y = top + index * row
        let x = 6 + item.depth * 16
        let right = width - 56
        body.append("<rect x=\"\(x)\" y=\"\(y)\" width=\"\(right - x)\" height=\"\(row - 6)\" rx=\"4\" "
            + "fill=\"\(Ink.node)\" stroke=\"\(item.isText ? Ink.chars : Ink.nodeStroke)\" stroke-width=\"1.2\"/>")
        let label = item.isText ? item.label : "<" + item.label + ">"
        body.append("<text x=\"\(x + 6)\" y=\"\(y + 14)\" font-size=\"12\" font-family=\"monospace\" "
            + "fill=\"\(Ink.text)\">\(escaped(label))</text>")
        body += badge(item.start, x: width - 42, y: y + 10, colour: item.isText ? Ink.chars : Ink.start)
        if let end = item.end { body += badge(end, x: width - 16, y: y + 10, colour: Ink.end) }
    }
    let legendTop = top + rows.count * row + 4
    body.append("<line x1=\"6\" y1=\"\(legendTop)\" x2=\"\(width - 6)\" y2=\"\(legendTop)\" stroke=\"\(Ink.rule)\"/>")
    for (index, (label, colour)) in [(words.start, Ink.start), (words.text, Ink.chars), (words.end, Ink.end)].enumerated() {
        let y = legendTop + 18 + index * 24
        body.append("<circle cx=\"16\" cy=\"\(y)\" r=\"8\" fill=\"\(colour)\"/>")
        body.append("<text x=\"32\" y=\"\(y + 4)\" font-size=\"12\" fill=\"\(Ink.text)\">\(escaped(label))</text>")
    }
    let height = legendTop + 18 + 3 * 24
    let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
        + "viewBox=\"0 0 \(width) \(height)\" font-family=\"sans-serif\" role=\"img\">\n"
        + Ink.darkStyle
        + "  <rect x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" fill=\"\(Ink.page)\"/>\n"
        + body.map { "  " + $0 + "\n" }.joined() + "</svg>\n"
    let folder = URL(fileURLWithPath: environment["PRIMER_FIGURES"] ?? ".", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try svg.write(to: folder.appendingPathComponent("feed-tree.svg"), atomically: true, encoding: .utf8)
    print("feed-tree.svg: \(rows.count) rows")
}
