// nav-hierarchy — draws the controllers of a window that combines the three
// navigation patterns: a tab bar controller whose tabs are navigation stacks,
// and a sheet presented modally on top, itself holding a navigation stack.
// The hierarchy is built as data first and the drawing is made from it, so
// the figure and the model cannot disagree. Labels are in the language named
// by PRIMER_LOCALE (en, ru or zh-Hans); the file is written into the folder
// named by PRIMER_FIGURES. The drawing is 320 units wide, the text column of a
// 360-pixel phone, and no text is smaller than 12 px.
import Foundation

// MARK: - The hierarchy

enum Kind { case tabBar, navigation, screen, sheet }

struct Node {
    var kind: Kind
    var label: [String]          // one or two lines
    var children: [Node] = []    // tabs of a tab bar, the stack of a navigation controller
}

/// The words of one locale.
struct Words {
    var title: String
    var tabBar: [String]
    var navigation: [String]
    var sheet: [String]
    var screens: [String: String]
    var push: String
    var present: String
    var legend: [String]

    static func forLocale(_ locale: String) -> Words {
        switch locale {
        case "ru":
            Words(title: "Вкладки, стеки и модальный лист",
                  tabBar: ["Контроллер", "панели вкладок"], navigation: ["Контроллер", "навигации"],
                  sheet: ["Лист (модально):", "контроллер навигации"],
                  screens: ["Today": "Сегодня", "Trails": "Тропы", "Map": "Карта", "Ridge Loop": "Круг по хребту",
                            "Lookout": "Смотровая", "Stop form": "Новая остановка"],
                  push: "push", present: "present",
                  legend: ["вложен в контейнер", "показан модально"])
        case "zh-Hans":
            Words(title: "标签页中是导航栈，上方是模态表单",
                  tabBar: ["标签栏控制器"], navigation: ["导航控制器"],
                  sheet: ["表单（模态）：", "导航控制器"],
                  screens: ["Today": "今天", "Trails": "步道", "Map": "地图", "Ridge Loop": "山脊环线",
                            "Lookout": "观景台", "Stop form": "新站点"],
                  push: "push", present: "present",
                  legend: ["容器中的子控制器", "以模态方式呈现"])
        default:
            Words(title: "Tabs holding stacks, a modal sheet on top",
                  tabBar: ["Tab bar", "controller"], navigation: ["Navigation", "controller"],
                  sheet: ["Sheet (modal):", "navigation controller"],
                  screens: ["Today": "Today", "Trails": "Trails", "Map": "Map", "Ridge Loop": "Ridge Loop",
                            "Lookout": "Lookout", "Stop form": "Stop form"],
                  push: "push", present: "present",
                  legend: ["child of a container", "presented modally"])
        }
    }
}

func hierarchy(_ words: Words) -> (window: Node, sheet: Node) {
    func screen(_ key: String) -> Node { Node(kind: .screen, label: [words.screens[key] ?? key]) }
    func stack(_ keys: [String]) -> Node { Node(kind: .navigation, label: words.navigation, children: keys.map(screen)) }
    let tabs = Node(kind: .tabBar, label: words.tabBar,
                    children: [stack(["Today"]), stack(["Trails", "Ridge Loop", "Lookout"]), stack(["Map"])])
    let sheet = Node(kind: .sheet, label: words.sheet, children: [screen("Stop form")])
    return (tabs, sheet)
}

// MARK: - Drawing

enum Ink {
    static let text = "#222222"
    static let detail = "#444444"
    static let line = "#555555"
    static let modal = "#b5482a"
    static let rule = "#cccccc"
    static func fill(_ kind: Kind) -> String {
        switch kind {
        case .tabBar: "#dfe9d8"
        case .navigation: "#e3ecf8"
        case .screen: "#ffffff"
        case .sheet: "#f8e6df"
        }
    }
    static func stroke(_ kind: Kind) -> String {
        switch kind {
        case .tabBar: "#4d7a35"
        case .navigation, .screen: "#2b5797"
        case .sheet: modal
        }
    }
    /// Each light colour and the one that replaces it on a dark page (CSS wins over the
    /// presentation attributes, so one rule per colour is enough).
    static let dark: KeyValuePairs<String, String> = [
        "#ffffff": "#1e2126", text: "#e6e8eb", detail: "#c5cad3", line: "#a8afba", modal: "#f6a07a",
        rule: "#353a42", "#dfe9d8": "#26361f", "#4d7a35": "#8fc47a", "#e3ecf8": "#1d2c43",
        "#2b5797": "#7fb0f0", "#f8e6df": "#442820",
    ]
    static var darkStyle: String {
        let rules = dark.map { light, dark in
            "      [fill=\"\(light)\"] { fill: \(dark); }\n      [stroke=\"\(light)\"] { stroke: \(dark); }\n"
        }
        return "  <style>\n    @media (prefers-color-scheme: dark) {\n" + rules.joined() + "    }\n  </style>\n"
    }
}

let width = 320.0
let lineHeight = 15.0

func n(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
func escaped(_ s: String) -> String { s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;") }
func height(_ node: Node) -> Double { Double(node.label.count) * lineHeight + 12 }

var body: [String] = []
var boxes = 0

/// Draws a box centred at `x` with its top at `y`; returns its bottom edge.
@MainActor
func box(_ node: Node, x: Double, y: Double, width w: Double) -> Double {
    boxes += 1
    let h = height(node)
    let dash = node.kind == .sheet ? " stroke-dasharray=\"6,3\"" : ""
    body.append("<rect x=\"\(n(x - w / 2))\" y=\"\(n(y))\" width=\"\(n(w))\" height=\"\(n(h))\" rx=\"6\" "
        + "fill=\"\(Ink.fill(node.kind))\" stroke=\"\(Ink.stroke(node.kind))\" stroke-width=\"1.5\"\(dash)/>")
    let weight = node.kind == .screen ? "normal" : "bold"
    for (index, line) in node.label.enumerated() {
        body.append("<text x=\"\(n(x))\" y=\"\(n(y + 19 + lineHeight * Double(index)))\" font-size=\"12\" "
            + "font-weight=\"\(weight)\" text-anchor=\"middle\" fill=\"\(Ink.text)\">\(escaped(line))</text>")
    }
    return y + h
}

@MainActor
func link(x: Double, from y1: Double, to y2: Double, label: String? = nil) {
    body.append("<line x1=\"\(n(x))\" y1=\"\(n(y1))\" x2=\"\(n(x))\" y2=\"\(n(y2 - 2))\" "
        + "stroke=\"\(Ink.line)\" stroke-width=\"1.5\" marker-end=\"url(#head)\"/>")
    if let label {
        body.append("<text x=\"\(n(x + 5))\" y=\"\(n((y1 + y2) / 2 + 4))\" font-size=\"12\" "
            + "font-family=\"monospace\" fill=\"\(Ink.detail)\">\(escaped(label))</text>")
    }
}

/// Draws a navigation stack in a column: the controller, then its screens, root first.
/// Returns the bottom edge and the centre of its top screen.
@MainActor
func column(_ nav: Node, x: Double, y: Double, width w: Double, words: Words) -> (bottom: Double, top: Double) {
    var bottom = box(nav, x: x, y: y, width: w)
    var topScreen = bottom
    for (index, screen) in nav.children.enumerated() {
        let next = bottom + 22
        link(x: x, from: bottom, to: next, label: index == 0 ? nil : words.push)
        topScreen = next + height(screen) / 2
        bottom = box(screen, x: x, y: next, width: w)
    }
    return (bottom, topScreen)
}

@MainActor
func draw(_ words: Words) -> String {
    let (window, sheet) = hierarchy(words)
    body = ["<title>\(escaped(words.title))</title>",
            "<defs><marker id=\"head\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"8\" markerHeight=\"8\" "
            + "markerUnits=\"userSpaceOnUse\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"\(Ink.line)\"/></marker>"
            + "<marker id=\"modalhead\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"9\" markerHeight=\"9\" "
            + "markerUnits=\"userSpaceOnUse\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"\(Ink.modal)\"/></marker></defs>",
            "<text x=\"6\" y=\"18\" font-size=\"13\" font-weight=\"bold\" fill=\"\(Ink.text)\">\(escaped(words.title))</text>"]
    boxes = 0
    let tabBottom = box(window, x: width / 2, y: 30, width: 200)
    let columnWidth = 98.0
    let xs = [55.0, 160.0, 265.0]
    var deepest = 0.0
    var presenter = (x: 0.0, y: 0.0)
    for (x, nav) in zip(xs, window.children) {
        body.append("<line x1=\"\(n(width / 2))\" y1=\"\(n(tabBottom))\" x2=\"\(n(x))\" y2=\"\(n(tabBottom + 22 - 2))\" "
            + "stroke=\"\(Ink.line)\" stroke-width=\"1.5\" marker-end=\"url(#head)\"/>")
        let (bottom, top) = column(nav, x: x, y: tabBottom + 22, width: columnWidth, words: words)
        deepest = max(deepest, bottom)
        if nav.children.count > 1 { presenter = (x + columnWidth / 2, top) }
    }
    // The sheet: below the tabs on paper, above them on screen.
    let sheetTop = deepest + 34
    let sheetX = 210.0
    let sheetBottom = box(sheet, x: sheetX, y: sheetTop, width: 200)
    let screenBottom = box(sheet.children[0], x: sheetX, y: sheetBottom + 22, width: 120)
    link(x: sheetX, from: sheetBottom, to: sheetBottom + 22)
    let bend = presenter.x + 10
    body.append("<path d=\"M\(n(presenter.x)),\(n(presenter.y)) L\(n(bend)),\(n(presenter.y)) L\(n(bend)),\(n(sheetTop - 2))\" "
        + "fill=\"none\" stroke=\"\(Ink.modal)\" stroke-width=\"2\" stroke-dasharray=\"6,3\" marker-end=\"url(#modalhead)\"/>")
    body.append("<text x=\"\(n(bend - 4))\" y=\"\(n(sheetTop - 12))\" font-size=\"12\" font-family=\"monospace\" "
        + "text-anchor=\"end\" fill=\"\(Ink.modal)\">\(escaped(words.present))</text>")
    // Legend.
    let legendTop = screenBottom + 18
    body.append("<line x1=\"6\" y1=\"\(n(legendTop))\" x2=\"\(n(width - 6))\" y2=\"\(n(legendTop))\" stroke=\"\(Ink.rule)\"/>")
    let samples = ["stroke=\"\(Ink.line)\" stroke-width=\"1.5\" marker-end=\"url(#head)\"",
                   "stroke=\"\(Ink.modal)\" stroke-width=\"2\" stroke-dasharray=\"6,3\" marker-end=\"url(#modalhead)\""]
    for (index, (style, text)) in zip(samples, words.legend).enumerated() {
        let y = legendTop + 20 + 20 * Double(index)
        body.append("<line x1=\"10\" y1=\"\(n(y - 4))\" x2=\"52\" y2=\"\(n(y - 4))\" \(style)/>")
        body.append("<text x=\"62\" y=\"\(n(y))\" font-size=\"12\" fill=\"\(Ink.detail)\">\(escaped(text))</text>")
    }
    let height = legendTop + 20 * Double(samples.count) + 12
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" "
        + "viewBox=\"0 0 \(n(width)) \(n(height))\" font-family=\"sans-serif\" role=\"img\">\n"
        + Ink.darkStyle
        + "  <rect x=\"0\" y=\"0\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"#ffffff\"/>\n"
        + body.map { "  " + $0 + "\n" }.joined() + "</svg>\n"
}

let environment = ProcessInfo.processInfo.environment
let words = Words.forLocale(environment["PRIMER_LOCALE"] ?? "en")
let folder = URL(fileURLWithPath: environment["PRIMER_FIGURES"] ?? ".", isDirectory: true)
do {
    let svg = draw(words)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try svg.write(to: folder.appendingPathComponent("nav-hierarchy.svg"), atomically: true, encoding: .utf8)
    let (window, sheet) = hierarchy(words)
    print("nav-hierarchy.svg: \(boxes) boxes")
    for tab in window.children {
        print("  tab: " + tab.children.map { $0.label.joined(separator: " ") }.joined(separator: " > "))
    }
    print("  sheet: " + sheet.children.map { $0.label.joined(separator: " ") }.joined(separator: " > "))
} catch {
    FileHandle.standardError.write(Data("nav-hierarchy: \(error)\n".utf8))
    exit(1)
}
