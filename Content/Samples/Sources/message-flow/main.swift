// message-flow — draws who sends what to whom in the chapter's four patterns
// (delegate, target–action, notification, MVC) as one narrow SVG, a sequence
// diagram per pattern. Each participant is a column; each message an arrow
// between two columns, in the order the chapter's samples send them. Labels
// are in the language named by PRIMER_LOCALE (en, ru or zh-Hans), the file is
// written into the folder named by PRIMER_FIGURES. The drawing is 320 units
// wide, the text column of a 360-pixel phone, so no text is drawn under 12 px.
import Foundation

// MARK: - What each panel shows

/// How an arrow is drawn: a call, an answer travelling back, or a registration
/// made before any event happens.
enum Kind: CaseIterable {
    case call, answer, registration
}

struct Message {
    var from: Int
    var to: Int
    var label: String          // code, the same in every language
    var kind = Kind.call
}

struct Panel {
    var title: String
    var participants: [String]
    var messages: [Message]
    var many: Int? = nil       // a column that stands for any number of objects
}

/// The words of one locale: a title per panel, a name per participant, the legend.
struct Words {
    var figureTitle: String
    var titles: [String]
    var participants: [[String]]
    var legend: [Kind: String]

    static func forLocale(_ locale: String) -> Words {
        switch locale {
        case "ru":
            Words(figureTitle: "Кто кому что посылает в четырёх паттернах главы",
                  titles: ["(a) Делегат: один получатель и ответ",
                           "(b) target–action: событие вызывает метод",
                           "(c) Уведомление: центр вызывает всех",
                           "(d) MVC: всё через контроллер"],
                  participants: [["отсчёт", "делегат"], ["элемент управления", "цель"],
                                 ["корзина", "центр", "наблюдатели"],
                                 ["представление", "контроллер", "модель"]],
                  legend: [.call: "вызов", .answer: "ответ (возвращаемое значение)",
                           .registration: "регистрация заранее"])
        case "zh-Hans":
            Words(figureTitle: "本章四种模式中谁向谁发送什么",
                  titles: ["(a) 委托：唯一的接收者，可以回答",
                           "(b) 目标–动作：事件调用目标的方法",
                           "(c) 通知：通知中心调用每个观察者",
                           "(d) MVC：一切都经过控制器"],
                  participants: [["倒计时", "委托"], ["控件", "目标"],
                                 ["购物车", "通知中心", "观察者"],
                                 ["视图", "控制器", "模型"]],
                  legend: [.call: "调用", .answer: "回答（返回值）", .registration: "事先注册"])
        default:
            Words(figureTitle: "Who sends what to whom in the chapter's four patterns",
                  titles: ["(a) Delegate: one receiver, may answer",
                           "(b) Target–action: an event calls a method",
                           "(c) Notification: center calls observers",
                           "(d) MVC: all through the controller"],
                  participants: [["countdown", "delegate"], ["control", "target"],
                                 ["cart", "center", "observers"],
                                 ["view", "controller", "model"]],
                  legend: [.call: "call", .answer: "answer (a return value)",
                           .registration: "registration beforehand"])
        }
    }
}

/// The messages of each pattern, as the samples of the chapter send them.
func panels(_ words: Words) -> [Panel] {
    let messages: [[Message]] = [
        [Message(from: 1, to: 0, label: "delegate = self", kind: .registration),
         Message(from: 0, to: 1, label: "countdownShouldStart(_:)"),
         Message(from: 1, to: 0, label: "true", kind: .answer),
         Message(from: 0, to: 1, label: "countdown(_:didTick:)"),
         Message(from: 0, to: 1, label: "countdownDidFinish(_:)")],
        [Message(from: 1, to: 0, label: "addTarget(_:action:for:)", kind: .registration),
         Message(from: 0, to: 1, label: "volumeChanged(_:)")],
        [Message(from: 2, to: 1, label: "addObserver", kind: .registration),
         Message(from: 0, to: 1, label: "post(name:…)"),
         Message(from: 1, to: 2, label: "{ note in … }")],
        [Message(from: 0, to: 1, label: "didTapRowAt:"),
         Message(from: 1, to: 2, label: "toggle(at:)"),
         Message(from: 2, to: 1, label: "onChange()"),
         Message(from: 1, to: 0, label: "show(rows:…)")],
    ]
    return messages.indices.map {
        Panel(title: words.titles[$0], participants: words.participants[$0], messages: messages[$0],
              many: $0 == 2 ? 2 : nil)
    }
}

// MARK: - Drawing

enum Ink {
    static let text = "#222222"
    static let detail = "#444444"
    static let arrow = "#333333"
    static let registration = "#2b5797"
    static let lifeline = "#999999"
    static let rule = "#cccccc"
    static let boxFill = "#e3ecf8"
    static let boxStroke = "#2b5797"
}

let width = 320.0
let headerHeight = 30.0            // room for the title above a stacked box
let boxHeight = 28.0
let step = 28.0

func n(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
}

func escaped(_ string: String) -> String {
    string.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
}

/// The centre of each of `count` columns spread across the width.
func columns(_ count: Int) -> [Double] {
    let margin = count == 2 ? 72.0 : 54.0
    let gap = (width - 2 * margin) / Double(count - 1)
    return (0..<count).map { margin + gap * Double($0) }
}

func stroke(_ kind: Kind) -> String {
    switch kind {
    case .call: "stroke=\"\(Ink.arrow)\" stroke-width=\"2\" marker-end=\"url(#head)\""
    case .answer: "stroke=\"\(Ink.arrow)\" stroke-width=\"1.5\" stroke-dasharray=\"6,4\" marker-end=\"url(#head)\""
    case .registration: "stroke=\"\(Ink.registration)\" stroke-width=\"1.5\" stroke-dasharray=\"2,3\" marker-end=\"url(#reghead)\""
    }
}

/// Draws one panel with its top at `top`; returns the SVG lines and the panel's height.
func draw(_ panel: Panel, top: Double) -> (lines: [String], height: Double) {
    let xs = columns(panel.participants.count)
    let boxWidth = panel.participants.count == 2 ? 140.0 : 100.0
    let boxTop = top + headerHeight
    let lifelineEnd = boxTop + boxHeight + step * Double(panel.messages.count) + 8
    var lines = ["<text x=\"6\" y=\"\(n(top + 15))\" font-size=\"13\" font-weight=\"bold\" "
        + "fill=\"\(Ink.text)\">\(escaped(panel.title))</text>"]
    for (column, (x, name)) in zip(xs, panel.participants).enumerated() {
        if column == panel.many {           // a second box behind the first: "many"
            lines.append("<rect x=\"\(n(x - boxWidth / 2 + 4))\" y=\"\(n(boxTop - 4))\" width=\"\(n(boxWidth - 4))\" "
                + "height=\"\(n(boxHeight))\" rx=\"6\" fill=\"\(Ink.boxFill)\" stroke=\"\(Ink.boxStroke)\" stroke-width=\"1.5\"/>")
        }
        lines.append("<line x1=\"\(n(x))\" y1=\"\(n(boxTop + boxHeight))\" x2=\"\(n(x))\" "
            + "y2=\"\(n(lifelineEnd))\" stroke=\"\(Ink.lifeline)\" stroke-width=\"1\" stroke-dasharray=\"3,3\"/>")
        lines.append("<rect x=\"\(n(x - boxWidth / 2))\" y=\"\(n(boxTop))\" width=\"\(n(boxWidth))\" "
            + "height=\"\(n(boxHeight))\" rx=\"6\" fill=\"\(Ink.boxFill)\" stroke=\"\(Ink.boxStroke)\" stroke-width=\"1.5\"/>")
        let size = name.count > 12 ? 12 : 13             // long names one size smaller
        lines.append("<text x=\"\(n(x))\" y=\"\(n(boxTop + 19))\" font-size=\"\(size)\" font-weight=\"bold\" "
            + "text-anchor=\"middle\" fill=\"\(Ink.text)\">\(escaped(name))</text>")
    }
    for (index, message) in panel.messages.enumerated() {
        let y = boxTop + boxHeight + step * Double(index + 1)
        let (from, to) = (xs[message.from], xs[message.to])
        let end = to > from ? to - 3 : to + 3
        lines.append("<line x1=\"\(n(from))\" y1=\"\(n(y))\" x2=\"\(n(end))\" y2=\"\(n(y))\" \(stroke(message.kind))/>")
        let colour = message.kind == .registration ? Ink.registration : Ink.text
        lines.append("<text x=\"\(n((from + to) / 2))\" y=\"\(n(y - 8))\" font-size=\"12\" "
            + "font-family=\"monospace\" text-anchor=\"middle\" fill=\"\(colour)\">\(escaped(message.label))</text>")
    }
    return (lines, lifelineEnd - top + 14)
}

func legend(_ words: Words, top: Double) -> (lines: [String], height: Double) {
    var lines = ["<line x1=\"6\" y1=\"\(n(top))\" x2=\"\(n(width - 6))\" y2=\"\(n(top))\" stroke=\"\(Ink.rule)\"/>"]
    for (index, kind) in Kind.allCases.enumerated() {
        let y = top + 20 + 20 * Double(index)
        lines.append("<line x1=\"10\" y1=\"\(n(y - 4))\" x2=\"52\" y2=\"\(n(y - 4))\" \(stroke(kind))/>")
        lines.append("<text x=\"62\" y=\"\(n(y))\" font-size=\"12\" fill=\"\(Ink.detail)\">"
            + "\(escaped(words.legend[kind]!))</text>")
    }
    return (lines, 20 + 20 * Double(Kind.allCases.count))
}

func diagram(_ words: Words) -> (svg: String, panels: Int, messages: Int) {
    let all = panels(words)
    var body = [
        "<title>\(escaped(words.figureTitle))</title>",
        "<defs>"
            + "<marker id=\"head\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"9\" markerHeight=\"9\" "
            + "markerUnits=\"userSpaceOnUse\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"\(Ink.arrow)\"/></marker>"
            + "<marker id=\"reghead\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"9\" markerHeight=\"9\" "
            + "markerUnits=\"userSpaceOnUse\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"\(Ink.registration)\"/></marker>"
            + "</defs>",
    ]
    var top = 4.0
    for panel in all {
        let (lines, height) = draw(panel, top: top)
        body += lines
        top += height
    }
    let (legendLines, legendHeight) = legend(words, top: top)
    body += legendLines
    let height = top + legendHeight
    let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" "
        + "viewBox=\"0 0 \(n(width)) \(n(height))\" font-family=\"sans-serif\">\n"
        + "  <rect x=\"0\" y=\"0\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"#ffffff\"/>\n"
        + body.map { "  " + $0 + "\n" }.joined() + "</svg>\n"
    return (svg, all.count, all.reduce(0) { $0 + $1.messages.count })
}

let environment = ProcessInfo.processInfo.environment
let words = Words.forLocale(environment["PRIMER_LOCALE"] ?? "en")
let folder = URL(fileURLWithPath: environment["PRIMER_FIGURES"] ?? ".", isDirectory: true)
do {
    let (svg, panelCount, messageCount) = diagram(words)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try svg.write(to: folder.appendingPathComponent("message-flow.svg"), atomically: true, encoding: .utf8)
    print("message-flow.svg: \(panelCount) panels, \(messageCount) messages")
} catch {
    FileHandle.standardError.write(Data("message-flow: \(error)\n".utf8))
    exit(1)
}
