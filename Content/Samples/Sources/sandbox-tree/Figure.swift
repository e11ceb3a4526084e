// Draws the container tree that main.swift listed: one row per folder or file,
// filled by what happens to it (kept in backups or purgeable). Labels are in the
// language named by PRIMER_LOCALE; the SVG goes into the folder named by
// PRIMER_FIGURES. 320 units wide (a phone's text column), no text under 12 px.
import Foundation

struct Words {
    var title: String
    var container: String
    var legend: [Policy: String]

    static func forLocale(_ locale: String) -> Words {
        switch locale {
        case "ru":
            Words(title: "Контейнер данных приложения",
                  container: "контейнер данных",
                  legend: [.backedUp: "входит в резервную копию", .purgeable: "система может очистить"])
        case "zh-Hans":
            Words(title: "应用的数据容器",
                  container: "数据容器",
                  legend: [.backedUp: "包含在备份中", .purgeable: "系统可能清除"])
        default:
            Words(title: "The app's data container",
                  container: "data container",
                  legend: [.backedUp: "kept in backups", .purgeable: "the system may purge"])
        }
    }
}

enum Ink {
    static let text = "#222222"
    static let rule = "#cccccc"
    static let page = "#ffffff"
    static let folder = "#f2f2f2"
    static let folderStroke = "#888888"
    static func fill(_ policy: Policy) -> String { policy == .backedUp ? "#dfe9d8" : "#f8e6df" }
    static func stroke(_ policy: Policy) -> String { policy == .backedUp ? "#4d7a35" : "#b5482a" }
    /// Each light colour and its replacement on a dark page.
    static let dark: KeyValuePairs<String, String> = [
        page: "#1e2126", text: "#e6e8eb", rule: "#353a42", folder: "#2a2e35", folderStroke: "#8a919c",
        "#dfe9d8": "#26361f", "#4d7a35": "#8fc47a", "#f8e6df": "#442820", "#b5482a": "#f6a07a",
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

func drawFigure(_ entries: [Entry]) throws {
    let environment = ProcessInfo.processInfo.environment
    let words = Words.forLocale(environment["PRIMER_LOCALE"] ?? "en")
    let width = 320, row = 22, top = 30
    var body = ["<title>\(escaped(words.title))</title>",
                "<text x=\"6\" y=\"18\" font-size=\"13\" font-weight=\"bold\" fill=\"\(Ink.text)\">\(escaped(words.title))</text>"]
    // The container itself, then each entry indented by its depth.
    let rows = [Entry(path: "", depth: 0, isFolder: true, size: 0)] + entries
    for (index, entry) in rows.enumerated() {
        let y = top + index * row
        let x = 6 + entry.depth * 14
        let name = entry.path.isEmpty ? words.container : (entry.path as NSString).lastPathComponent + (entry.isFolder ? "/" : "")
        let (fill, stroke) = entry.isFolder || entry.path.isEmpty
            ? (Ink.folder, Ink.folderStroke)
            : (Ink.fill(policy(of: entry.path)), Ink.stroke(policy(of: entry.path)))
        body.append("<rect x=\"\(x)\" y=\"\(y)\" width=\"\(width - 6 - x)\" height=\"\(row - 4)\" rx=\"4\" "
            + "fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"1.2\"/>")
        let weight = entry.isFolder ? "bold" : "normal"
        body.append("<text x=\"\(x + 6)\" y=\"\(y + 13)\" font-size=\"12\" font-weight=\"\(weight)\" "
            + "fill=\"\(Ink.text)\">\(escaped(name))</text>")
    }
    // Legend.
    let legendTop = top + rows.count * row + 6
    body.append("<line x1=\"6\" y1=\"\(legendTop)\" x2=\"\(width - 6)\" y2=\"\(legendTop)\" stroke=\"\(Ink.rule)\"/>")
    for (index, policy) in [Policy.backedUp, .purgeable].enumerated() {
        let y = legendTop + 10 + index * row
        body.append("<rect x=\"6\" y=\"\(y)\" width=\"36\" height=\"16\" rx=\"4\" fill=\"\(Ink.fill(policy))\" "
            + "stroke=\"\(Ink.stroke(policy))\" stroke-width=\"1.2\"/>")
        body.append("<text x=\"50\" y=\"\(y + 12)\" font-size=\"12\" fill=\"\(Ink.text)\">\(escaped(words.legend[policy] ?? ""))</text>")
    }
    let height = legendTop + 10 + 2 * row + 4
    let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
        + "viewBox=\"0 0 \(width) \(height)\" font-family=\"sans-serif\" role=\"img\">\n"
        + Ink.darkStyle
        + "  <rect x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" fill=\"\(Ink.page)\"/>\n"
        + body.map { "  " + $0 + "\n" }.joined() + "</svg>\n"
    let folder = URL(fileURLWithPath: environment["PRIMER_FIGURES"] ?? ".", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try svg.write(to: folder.appendingPathComponent("container.svg"), atomically: true, encoding: .utf8)
    print("container.svg: \(rows.count) rows")
}
