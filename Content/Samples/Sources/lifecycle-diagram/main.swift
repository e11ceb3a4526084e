// lifecycle-diagram — draws the app states of the Lifecycle library as SVG.
// The arrows are not drawn from a list of their own: the program runs the
// machines through every event from every state they can reach (with one
// scene) and draws each move that changes the app's state, so the figure
// cannot disagree with the machines. A move that calls no delegate method is
// dashed. Words are in the language named by PRIMER_LOCALE (en, ru or
// zh-Hans); the file goes into the folder named by PRIMER_FIGURES. The figure
// is 360 pixels wide, to read on a phone without zooming.
import Foundation
import Lifecycle

// MARK: - The moves, found by running the machines

struct Arrow: Hashable {
    let from: AppState
    let to: AppState
}

/// Every change of app state reachable from a process that is not running,
/// with the events that make it and whether any delegate method is called.
func discoverMoves() -> [Arrow: (events: [String], calls: Bool)] {
    let events = ProcessEvent.allCases.map(AppEvent.process)
        + SceneEvent.allCases.map { AppEvent.scene($0, "S") }
    var moves: [Arrow: (events: [String], calls: Bool)] = [:]
    var seen: Set<AppLifecycle> = [AppLifecycle()]
    var queue = [AppLifecycle()]
    while !queue.isEmpty {
        let app = queue.removeFirst()
        for event in events {
            var next = app
            guard let callbacks = try? next.send(event) else { continue }
            if seen.insert(next).inserted { queue.append(next) }
            guard app.state != next.state else { continue }
            let arrow = Arrow(from: app.state, to: next.state)
            let name: String = switch event {
            case let .process(event): event.rawValue
            case let .scene(event, _): event.rawValue
            }
            var move = moves[arrow] ?? ([], false)
            if !move.events.contains(name) { move.events.append(name) }
            move.calls = move.calls || !callbacks.isEmpty
            moves[arrow] = move
        }
    }
    return moves
}

// MARK: - The words of each locale

struct Words {
    var title: String
    var notes: [AppState: String]
    var withCallback: String
    var withoutCallback: String

    static func forLocale(_ locale: String) -> Words {
        switch locale {
        case "ru":
            Words(title: "Состояния приложения со сценами и события, которые переводят его из одного в другое",
                  notes: [.active: "на экране, получает касания", .inactive: "на экране, без касаний",
                          .background: "работает вне экрана", .suspended: "в памяти, заморожено",
                          .notRunning: "процесса нет"],
                  withCallback: "вызывается метод делегата", withoutCallback: "ничего не вызывается")
        case "zh-Hans":
            Words(title: "基于场景的应用的状态，以及使其在状态之间转换的事件",
                  notes: [.active: "在屏幕上，接收触摸", .inactive: "在屏幕上，不接收触摸",
                          .background: "在屏幕外运行代码", .suspended: "在内存中，已冻结",
                          .notRunning: "没有进程"],
                  withCallback: "调用委托方法", withoutCallback: "不调用任何方法")
        default:
            Words(title: "The states of a scene-based app and the events that move it between them",
                  notes: [.active: "on screen, gets touches", .inactive: "on screen, no touches",
                          .background: "runs code off screen", .suspended: "in memory, frozen",
                          .notRunning: "no process"],
                  withCallback: "a delegate method is called", withoutCallback: "nothing is called")
        }
    }
}

// MARK: - Layout: one column of states, most active at the top

extension AppState {
    /// The state's row in the figure, counted from the top.
    var row: Int {
        switch self {
        case .active: 0
        case .inactive: 1
        case .background: 2
        case .suspended: 3
        case .notRunning: 4
        }
    }
}

let width = 360.0, boxLeft = 80.0, boxWidth = 200.0, boxHeight = 50.0
let rows = AppState.allCases.sorted { $0.row < $1.row }
func top(_ state: AppState) -> Double { 16 + 120 * Double(state.row) }

struct Point { var x, y: Double }

/// How an arrow is drawn: the points of its line, and where its label goes.
struct Route {
    var points: [Point]
    var label: Point
    var anchor: String          // "start", "middle" or "end"
    var angle = 0.0             // turns a label to run along a long arrow
}

func route(_ arrow: Arrow) -> Route {
    let from = arrow.from.row, to = arrow.to.row
    if abs(from - to) == 1 {
        // Neighbours: down on the left at x = 160, up on the right at x = 200.
        let down = to > from
        let x = down ? 160.0 : 200.0
        let upper = top(from < to ? arrow.from : arrow.to) + boxHeight
        let lower = top(from < to ? arrow.to : arrow.from)
        let (start, end) = down ? (upper, lower - 2) : (lower, upper + 2)
        return Route(points: [Point(x: x, y: start), Point(x: x, y: end)],
                     label: Point(x: down ? x - 8 : x + 8, y: (upper + lower) / 2 + 4),
                     anchor: down ? "end" : "start")
    }
    // Far apart: around the column, on the left going up, on the right going down.
    let up = to < from
    let side = up ? 30.0 : 330.0, edge = up ? boxLeft : boxLeft + boxWidth
    let y1 = top(arrow.from) + boxHeight / 2, y2 = top(arrow.to) + boxHeight / 2
    return Route(points: [Point(x: edge, y: y1), Point(x: side, y: y1), Point(x: side, y: y2),
                          Point(x: up ? edge - 2 : edge + 2, y: y2)],
                 label: Point(x: up ? side - 8 : side + 8, y: (y1 + y2) / 2),
                 anchor: "middle", angle: up ? -90 : 90)
}

// MARK: - SVG

func n(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
}

func escaped(_ string: String) -> String {
    string.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
}

func line(_ points: [Point], dashed: Bool) -> String {
    "<polyline points=\"" + points.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ")
        + "\" fill=\"none\" stroke=\"#333333\" stroke-width=\"2\""
        + (dashed ? " stroke-dasharray=\"6,4\"" : "") + " marker-end=\"url(#arrow)\"/>"
}

func diagram(_ words: Words, moves: [Arrow: (events: [String], calls: Bool)]) -> String {
    let height = 16 + 120 * Double(rows.count - 1) + boxHeight + 70
    var body = [
        "<title>\(escaped(words.title))</title>",
        "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"8\" "
            + "markerHeight=\"8\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#333333\"/></marker></defs>",
        "<rect x=\"0\" y=\"0\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"#ffffff\"/>",
    ]
    for state in rows {
        let y = top(state)
        let (fill, stroke) = state == .active ? ("#e2f0e2", "#2f7d32") : ("#e3ecf8", "#2b5797")
        body.append("<rect x=\"\(n(boxLeft))\" y=\"\(n(y))\" width=\"\(n(boxWidth))\" height=\"\(n(boxHeight))\" "
            + "rx=\"8\" fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"2\"/>")
        body.append("<text x=\"\(n(boxLeft + boxWidth / 2))\" y=\"\(n(y + 21))\" font-size=\"15\" "
            + "font-family=\"monospace\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#222222\">\(state)</text>")
        body.append("<text x=\"\(n(boxLeft + boxWidth / 2))\" y=\"\(n(y + 40))\" font-size=\"12\" "
            + "text-anchor=\"middle\" fill=\"#444444\">\(escaped(words.notes[state, default: ""]))</text>")
    }
    let sorted = moves.sorted { ($0.key.from.rawValue, $0.key.to.rawValue) < ($1.key.from.rawValue, $1.key.to.rawValue) }
    for (arrow, move) in sorted {
        let route = route(arrow)
        body.append(line(route.points, dashed: !move.calls))
        let rotation = route.angle == 0 ? ""
            : " transform=\"rotate(\(n(route.angle)) \(n(route.label.x)) \(n(route.label.y)))\""
        // Two events on one arrow go on two lines.
        let first = route.label.y - 8 * Double(move.events.count - 1)
        let lines = move.events.enumerated().map { index, event in
            "<tspan x=\"\(n(route.label.x))\" y=\"\(n(first + 16 * Double(index)))\">\(event)</tspan>"
        }.joined()
        body.append("<text font-size=\"12\" font-family=\"monospace\" fill=\"#222222\" "
            + "text-anchor=\"\(route.anchor)\"\(rotation)>\(lines)</text>")
    }
    for (index, (dashed, meaning)) in [(false, words.withCallback), (true, words.withoutCallback)].enumerated() {
        let y = height - 44 + 22 * Double(index)
        body.append(line([Point(x: 20, y: y), Point(x: 62, y: y)], dashed: dashed))
        body.append("<text x=\"72\" y=\"\(n(y + 4))\" font-size=\"13\" fill=\"#222222\">\(escaped(meaning))</text>")
    }
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" "
        + "viewBox=\"0 0 \(n(width)) \(n(height))\" font-family=\"sans-serif\">\n"
        + body.map { "  " + $0 + "\n" }.joined() + "</svg>\n"
}

let environment = ProcessInfo.processInfo.environment
let words = Words.forLocale(environment["PRIMER_LOCALE"] ?? "en")
let folder = URL(fileURLWithPath: environment["PRIMER_FIGURES"] ?? ".", isDirectory: true)
let moves = discoverMoves()
do {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try diagram(words, moves: moves).write(to: folder.appendingPathComponent("app-states.svg"),
                                            atomically: true, encoding: .utf8)
    let silent = moves.values.filter { !$0.calls }.count
    print("app-states.svg: \(rows.count) states, \(moves.count) moves, \(silent) without a delegate method")
} catch {
    FileHandle.standardError.write(Data("lifecycle-diagram: \(error)\n".utf8))
    exit(1)
}
