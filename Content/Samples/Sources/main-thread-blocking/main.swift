// main-thread-blocking — a model of the main queue, which must draw a frame
// every 16 ms of model time and can draw only between jobs. Importing six
// photos takes 120 ms. Done on the main queue, it blocks the frames that fall
// due meanwhile; done on a worker, it leaves the main queue free. Time here is
// a number the model adds up, not a clock, so every run counts the same
// frames. The program prints both timelines and draws them into an SVG with
// labels in the language named by PRIMER_LOCALE (en, ru or zh-Hans), in the
// folder named by PRIMER_FIGURES.
import Foundation

let frameInterval = 16, frameCount = 12, frameCost = 2
let tapAt = 10, photoCost = 20, photos = 6

struct Span { let lane: Lane; let start: Int; let end: Int; let label: String }
enum Lane { case main, worker }

/// The frames and the jobs of one run.
struct Timeline {
    var drawn: [Bool] = []            // one per frame, in order
    var spans: [Span] = []
    var missed: Int { drawn.filter { !$0 }.count }
}

/// Runs jobs on the main queue in order and draws the frames due between
/// them. A frame due at `d` is drawn if the queue is free before `d + 16`;
/// otherwise the display shows the old picture again and the frame is missed.
func simulate(decodeOnMain: Bool) -> Timeline {
    var timeline = Timeline()
    // the jobs the main queue receives: (arrives at, cost, label)
    var jobs: [(at: Int, cost: Int, label: String)] = []
    if decodeOnMain {
        jobs.append((tapAt, photos * photoCost, "decode"))
        jobs.append((tapAt + photos * photoCost, 2, "show"))
    } else {
        jobs.append((tapAt, 1, "start"))                       // hands the work over
        let workerEnd = tapAt + 1 + photos * photoCost
        timeline.spans.append(Span(lane: .worker, start: tapAt + 1, end: workerEnd, label: "decode"))
        jobs.append((workerEnd, 2, "show"))                    // the result comes back
    }
    var now = 0
    var nextFrame = 1                                          // frame n is due at n * 16
    while nextFrame <= frameCount {
        let due = nextFrame * frameInterval
        if let job = jobs.first, job.at <= max(now, due) && job.at < due {
            now = max(now, job.at)                             // the job runs to the end
            timeline.spans.append(Span(lane: .main, start: now, end: now + job.cost, label: job.label))
            now += job.cost
            jobs.removeFirst()
            continue
        }
        now = max(now, due)
        let onTime = now < due + frameInterval
        timeline.drawn.append(onTime)
        if onTime { now += frameCost }
        nextFrame += 1
    }
    return timeline
}

let blocked = simulate(decodeOnMain: true)
let fixed = simulate(decodeOnMain: false)
for (name, timeline) in [("decode on main  ", blocked), ("decode on worker", fixed)] {
    let marks = timeline.drawn.map { $0 ? "o" : "x" }.joined()
    print("\(name) \(marks)  drawn \(frameCount - timeline.missed), missed \(timeline.missed)")
}

// The figure.
struct Words {
    var title: String, blocked: String, fixed: String, main: String, worker: String
    var decode: String, drawn: String, missed: String, axis: String

    static func forLocale(_ locale: String) -> Words {
        switch locale {
        case "ru":
            Words(title: "Кадры главной очереди", blocked: "Декодирование в главной очереди",
                  fixed: "Декодирование в фоновой очереди", main: "главная", worker: "фоновая",
                  decode: "декодирование", drawn: "кадр нарисован", missed: "кадр пропущен",
                  axis: "время модели, мс")
        case "zh-Hans":
            Words(title: "主队列的帧", blocked: "在主队列上解码", fixed: "在后台队列上解码",
                  main: "主队列", worker: "后台", decode: "解码", drawn: "帧已绘制", missed: "帧被跳过",
                  axis: "模型时间（毫秒）")
        default:
            Words(title: "Frames of the main queue", blocked: "Decoding on the main queue",
                  fixed: "Decoding on a background queue", main: "main", worker: "worker",
                  decode: "decode", drawn: "frame drawn", missed: "frame missed",
                  axis: "model time, ms")
        }
    }
}

enum Ink {
    static let text = "#222222", axis = "#999999"
    static let drawn = "#2e7d32", missed = "#b00020"
    static let job = "#e3ecf8", jobStroke = "#2b5797"
}

let width = 320.0, left = 62.0, scale = 1.2         // 200 ms of model time in 240 units
func x(_ time: Int) -> Double { left + Double(time) * scale }
func n(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value) }
func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
}

func frameMark(_ drawn: Bool, at cx: Double, _ cy: Double) -> String {
    if drawn {
        return "<circle cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"5\" fill=\"\(Ink.drawn)\"/>"
    }
    return "<path d=\"M\(n(cx - 5)),\(n(cy - 5)) L\(n(cx + 5)),\(n(cy + 5)) M\(n(cx - 5)),\(n(cy + 5)) "
        + "L\(n(cx + 5)),\(n(cy - 5))\" stroke=\"\(Ink.missed)\" stroke-width=\"2.5\"/>"
}

func panel(_ title: String, _ timeline: Timeline, top: Double, _ words: Words) -> [String] {
    var lines = ["<text x=\"6\" y=\"\(n(top))\" font-size=\"13\" font-weight=\"bold\" fill=\"\(Ink.text)\">"
                 + "\(escaped(title))</text>"]
    let frameY = top + 18
    for (index, drawn) in timeline.drawn.enumerated() {
        lines.append(frameMark(drawn, at: x((index + 1) * frameInterval), frameY))
    }
    for (row, lane) in [Lane.main, Lane.worker].enumerated() {
        let y = frameY + 14 + Double(row) * 24
        lines.append("<text x=\"6\" y=\"\(n(y + 13))\" font-size=\"12\" fill=\"\(Ink.text)\">"
                     + "\(escaped(lane == .main ? words.main : words.worker))</text>")
        lines.append("<line x1=\"\(n(x(0)))\" y1=\"\(n(y + 9))\" x2=\"\(n(x(200)))\" y2=\"\(n(y + 9))\" "
                     + "stroke=\"\(Ink.axis)\" stroke-dasharray=\"3,3\"/>")
        for span in timeline.spans where span.lane == lane {
            let w = Double(span.end - span.start) * scale
            lines.append("<rect x=\"\(n(x(span.start)))\" y=\"\(n(y))\" width=\"\(n(w))\" height=\"18\" rx=\"3\" "
                         + "fill=\"\(Ink.job)\" stroke=\"\(Ink.jobStroke)\"/>")
            if span.label == "decode" {
                lines.append("<text x=\"\(n(x(span.start) + w / 2))\" y=\"\(n(y + 13))\" font-size=\"12\" "
                             + "text-anchor=\"middle\" fill=\"\(Ink.text)\">\(escaped(words.decode))</text>")
            }
        }
    }
    return lines
}

func diagram(_ words: Words) -> String {
    var lines = ["<title>\(escaped(words.title))</title>"]
    lines += panel(words.blocked, blocked, top: 20, words)
    lines += panel(words.fixed, fixed, top: 120, words)
    let axisY = 212.0
    lines.append("<line x1=\"\(n(x(0)))\" y1=\"\(n(axisY))\" x2=\"\(n(x(200)))\" y2=\"\(n(axisY))\" stroke=\"\(Ink.axis)\"/>")
    for time in stride(from: 0, through: 200, by: 50) {
        lines.append("<line x1=\"\(n(x(time)))\" y1=\"\(n(axisY))\" x2=\"\(n(x(time)))\" y2=\"\(n(axisY + 4))\" stroke=\"\(Ink.axis)\"/>")
        lines.append("<text x=\"\(n(x(time)))\" y=\"\(n(axisY + 17))\" font-size=\"12\" text-anchor=\"middle\" "
                     + "fill=\"\(Ink.text)\">\(time)</text>")
    }
    lines.append("<text x=\"\(n(x(100)))\" y=\"\(n(axisY + 33))\" font-size=\"12\" text-anchor=\"middle\" "
                 + "fill=\"\(Ink.text)\">\(escaped(words.axis))</text>")
    var y = axisY + 56
    for (drawn, label) in [(true, words.drawn), (false, words.missed)] {
        lines.append(frameMark(drawn, at: 16, y - 4))
        lines.append("<text x=\"30\" y=\"\(n(y))\" font-size=\"12\" fill=\"\(Ink.text)\">\(escaped(label))</text>")
        y += 20
    }
    let height = y
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" "
        + "viewBox=\"0 0 \(n(width)) \(n(height))\" font-family=\"sans-serif\">\n"
        + "  <rect x=\"0\" y=\"0\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"#ffffff\"/>\n"
        + lines.map { "  " + $0 + "\n" }.joined() + "</svg>\n"
}

let environment = ProcessInfo.processInfo.environment
let words = Words.forLocale(environment["PRIMER_LOCALE"] ?? "en")
let folder = URL(fileURLWithPath: environment["PRIMER_FIGURES"] ?? ".", isDirectory: true)
do {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try diagram(words).write(to: folder.appendingPathComponent("main-queue-frames.svg"),
                             atomically: true, encoding: .utf8)
} catch {
    FileHandle.standardError.write(Data("main-thread-blocking: \(error)\n".utf8))
    exit(1)
}
