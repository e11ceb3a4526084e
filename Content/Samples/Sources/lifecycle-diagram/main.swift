// lifecycle-diagram — draws the app state machine of the Lifecycle library as
// SVG. The arrows come from AppLifecycle.transitions, so the figure cannot
// disagree with the machine; a transition with no callback is drawn dashed.
// Words are in the language named by PRIMER_LOCALE (en, ru or zh-Hans), and
// the file is written into the folder named by PRIMER_FIGURES.
import Foundation
import Lifecycle

struct Words {
    var title: String
    var notes: [AppState: String]
    var withCallback: String
    var withoutCallback: String

    static func forLocale(_ locale: String) -> Words {
        switch locale {
        case "ru":
            Words(title: "Состояния приложения и события, которые переводят его из одного в другое",
                  notes: [.notRunning: "процесса нет", .inactive: "на экране, без событий",
                          .active: "на экране, получает события", .background: "работает вне экрана",
                          .suspended: "в памяти, код стоит"],
                  withCallback: "делегат вызывается", withoutCallback: "без вызова делегата")
        case "zh-Hans":
            Words(title: "应用的状态以及使其在状态之间转换的事件",
                  notes: [.notRunning: "没有进程", .inactive: "在前台，不接收事件",
                          .active: "在前台，接收事件", .background: "在后台运行代码",
                          .suspended: "在内存中，不执行代码"],
                  withCallback: "调用委托方法", withoutCallback: "不调用委托方法")
        default:
            Words(title: "The states of an app and the events that move it between them",
                  notes: [.notRunning: "no process", .inactive: "on screen, no events",
                          .active: "on screen, gets events", .background: "runs code off screen",
                          .suspended: "in memory, no code runs"],
                  withCallback: "delegate is called", withoutCallback: "no callback")
        }
    }
}

struct Point { var x, y: Double }

/// Where each state's box stands (top-left corner); every box is 180 by 56.
let origins: [AppState: Point] = [
    .notRunning: Point(x: 10, y: 150), .inactive: Point(x: 250, y: 50),
    .active: Point(x: 520, y: 50), .background: Point(x: 250, y: 250),
    .suspended: Point(x: 520, y: 250),
]

/// How each transition is drawn: start, end, an optional bend, and where its label goes
/// (an angle turns the label to run along its arrow).
struct Route {
    var from: Point, to: Point
    var control: Point? = nil
    var label: Point
    var anchor = "middle"
    var angle = 0.0
}

func route(_ transition: Transition) -> Route {
    switch (transition.from, transition.event) {
    case (.notRunning, .launch):
        Route(from: Point(x: 140, y: 150), to: Point(x: 248, y: 90), label: Point(x: 170, y: 108))
    case (.inactive, .activate):
        Route(from: Point(x: 430, y: 68), to: Point(x: 518, y: 68), label: Point(x: 475, y: 60))
    case (.active, .deactivate):
        Route(from: Point(x: 520, y: 90), to: Point(x: 432, y: 90), label: Point(x: 475, y: 106))
    case (.inactive, .enterBackground):
        Route(from: Point(x: 310, y: 106), to: Point(x: 310, y: 248), label: Point(x: 300, y: 178),
              angle: -90)
    case (.background, .enterForeground):
        Route(from: Point(x: 360, y: 250), to: Point(x: 360, y: 108), label: Point(x: 378, y: 178),
              angle: -90)
    case (.background, .suspend):
        Route(from: Point(x: 430, y: 278), to: Point(x: 518, y: 278), label: Point(x: 475, y: 270))
    case (.suspended, .enterForeground):
        Route(from: Point(x: 560, y: 250), to: Point(x: 402, y: 108), label: Point(x: 488, y: 172),
              angle: 42)
    case (.background, .terminate):
        Route(from: Point(x: 250, y: 290), to: Point(x: 100, y: 208), label: Point(x: 179, y: 242),
              angle: 29)
    case (.suspended, .purge):
        Route(from: Point(x: 610, y: 306), to: Point(x: 60, y: 208), control: Point(x: 340, y: 430),
              label: Point(x: 340, y: 362))
    default:
        fatalError("no route for \(transition.event) from \(transition.from)")
    }
}

func n(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
}

func escaped(_ string: String) -> String {
    string.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
}

func arrow(_ route: Route, dashed: Bool) -> String {
    let shape = if let control = route.control {
        "<path d=\"M\(n(route.from.x)),\(n(route.from.y)) Q\(n(control.x)),\(n(control.y)) "
            + "\(n(route.to.x)),\(n(route.to.y))\" fill=\"none\""
    } else {
        "<line x1=\"\(n(route.from.x))\" y1=\"\(n(route.from.y))\" x2=\"\(n(route.to.x))\" y2=\"\(n(route.to.y))\""
    }
    return shape + " stroke=\"#333333\" stroke-width=\"2\"" + (dashed ? " stroke-dasharray=\"6,4\"" : "")
        + " marker-end=\"url(#arrow)\"/>"
}

func diagram(_ words: Words) -> (svg: String, arrows: Int, dashed: Int) {
    var body = [
        "<title>\(escaped(words.title))</title>",
        "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"8\" "
            + "markerHeight=\"8\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#333333\"/></marker></defs>",
        "<rect x=\"0\" y=\"0\" width=\"710\" height=\"430\" fill=\"#ffffff\"/>",
    ]
    for state in AppState.allCases {
        let origin = origins[state]!
        let (fill, stroke) = state == .active ? ("#e2f0e2", "#2f7d32") : ("#e3ecf8", "#2b5797")
        body.append("<rect x=\"\(n(origin.x))\" y=\"\(n(origin.y))\" width=\"180\" height=\"56\" rx=\"8\" "
            + "fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"2\"/>")
        body.append("<text x=\"\(n(origin.x + 90))\" y=\"\(n(origin.y + 24))\" font-size=\"15\" "
            + "font-family=\"monospace\" font-weight=\"bold\" text-anchor=\"middle\">\(state)</text>")
        body.append("<text x=\"\(n(origin.x + 90))\" y=\"\(n(origin.y + 44))\" font-size=\"12\" "
            + "fill=\"#444444\" text-anchor=\"middle\">\(escaped(words.notes[state]!))</text>")
    }
    var dashedCount = 0
    for transition in AppLifecycle.transitions {
        let dashed = AppLifecycle.callbacks(for: transition.event, style: .appDelegate).isEmpty
        if dashed { dashedCount += 1 }
        let route = route(transition)
        body.append(arrow(route, dashed: dashed))
        let rotation = route.angle == 0 ? ""
            : " transform=\"rotate(\(n(route.angle)) \(n(route.label.x)) \(n(route.label.y)))\""
        body.append("<text x=\"\(n(route.label.x))\" y=\"\(n(route.label.y))\" font-size=\"12\" "
            + "font-family=\"monospace\" text-anchor=\"\(route.anchor)\"\(rotation)>\(transition.event)</text>")
    }
    for (index, (dashed, meaning)) in [(false, words.withCallback), (true, words.withoutCallback)].enumerated() {
        let x = 150.0 + 220.0 * Double(index)
        body.append(arrow(Route(from: Point(x: x, y: 405), to: Point(x: x + 50, y: 405), label: Point(x: 0, y: 0)),
                          dashed: dashed))
        body.append("<text x=\"\(n(x + 58))\" y=\"410\" font-size=\"13\">\(escaped(meaning))</text>")
    }
    let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"710\" height=\"430\" viewBox=\"0 0 710 430\" "
        + "font-family=\"sans-serif\">\n" + body.map { "  " + $0 + "\n" }.joined() + "</svg>\n"
    return (svg, AppLifecycle.transitions.count, dashedCount)
}

let environment = ProcessInfo.processInfo.environment
let words = Words.forLocale(environment["PRIMER_LOCALE"] ?? "en")
let folder = URL(fileURLWithPath: environment["PRIMER_FIGURES"] ?? ".", isDirectory: true)
do {
    let (svg, arrows, dashed) = diagram(words)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try svg.write(to: folder.appendingPathComponent("app-states.svg"), atomically: true, encoding: .utf8)
    print("app-states.svg: \(AppState.allCases.count) states, \(arrows) transitions, \(dashed) without a callback")
} catch {
    FileHandle.standardError.write(Data("lifecycle-diagram: \(error)\n".utf8))
    exit(1)
}
