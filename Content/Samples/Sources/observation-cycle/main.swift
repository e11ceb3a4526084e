// observation-cycle — runs the withObservationTracking cycle on an
// @Observable model, records which writes were reported, and draws the cycle
// as SVG from that record: a write the run did not report is listed under
// "not reported", so the figure cannot disagree with the framework.
// Words are in the language named by PRIMER_LOCALE (en, ru or zh-Hans), and
// the file is written into the folder named by PRIMER_FIGURES.
import Foundation
import Observation

// MARK: - The run

@MainActor @Observable
final class Cart {
    var items: [Double] = []
    var discount = 0.0
    var note = ""
    var total: Double { items.reduce(0, +) * (1 - discount) }
}

/// Plays the part of a label: renders, and counts the onChange calls it gets.
@MainActor
final class Label {
    let cart: Cart
    private(set) var changes = 0
    private(set) var isDirty = false

    init(cart: Cart) {
        self.cart = cart
        render()
    }

    func render() {
        isDirty = false
        _ = withObservationTracking { cart.total } onChange: {
            MainActor.assumeIsolated {
                self.changes += 1
                self.isDirty = true
            }
        }
    }

    func flush() {
        if isDirty { render() }
    }
}

/// One write of the run: the code shown for it, why it is not reported (nil
/// when it is), whether a flush follows it, and the write itself.
struct Write {
    var code: String
    var reason: Reason?
    var flushAfter = true
    var perform: @MainActor (Cart) -> Void
}

enum Reason: CaseIterable { case secondBeforeFlush, equalValue, notRead }

let writes: [Write] = [
    Write(code: "cart.items.append(30)", reason: nil, flushAfter: false) { $0.items.append(30) },
    Write(code: "cart.items.append(4.5)", reason: .secondBeforeFlush) { $0.items.append(4.5) },
    Write(code: "cart.discount = 0", reason: .equalValue) { $0.discount = 0 },
    Write(code: "cart.note = \"gift\"", reason: .notRead) { $0.note = "gift" },
    Write(code: "cart.discount = 0.1", reason: nil) { $0.discount = 0.1 },
]

/// Runs the writes in order and returns how many onChange calls each one caused.
@MainActor
func run() -> [Int] {
    let cart = Cart()
    let label = Label(cart: cart)
    var counts: [Int] = []
    for write in writes {
        let before = label.changes
        write.perform(cart)
        counts.append(label.changes - before)
        if write.flushAfter { label.flush() }
    }
    return counts
}

// MARK: - The words of each locale

struct Step {
    var heading: String
    var lines: [String]
    var code: String?
}

struct Words {
    var title: String
    var steps: [Step]            // render, registered, onChange, flush
    var nextPass: [String]       // one or two lines beside the arrow into the flush
    var notReported: String
    var reasons: [Reason: String]

    static func forLocale(_ locale: String) -> Words {
        switch locale {
        case "ru":
            Words(title: "Цикл отслеживания Observation: о каких записях сообщается, а о каких нет",
                  steps: [
                    Step(heading: "1  Отрисовка", lines: ["выполняет замыкание и запоминает,", "какие свойства оно прочитало"],
                         code: "withObservationTracking { … }"),
                    Step(heading: "2  Регистрация", lines: ["один onChange ждёт изменения", "items или discount"]),
                    Step(heading: "3  onChange, один раз", lines: ["вызывается до записи значения;", "метка помечена для перерисовки"]),
                    Step(heading: "4  Обновление", lines: ["следующий проход отрисовывает", "заново и снова регистрирует"],
                         code: "label.flush()"),
                  ],
                  nextPass: ["следующий проход", "цикла обработки событий"],
                  notReported: "Не сообщается",
                  reasons: [.secondBeforeFlush: "второе изменение до обновления",
                            .equalValue: "значение равно сохранённому",
                            .notRead: "render() не читал это свойство"])
        case "zh-Hans":
            Words(title: "Observation 跟踪循环：哪些写入会触发通知，哪些不会",
                  steps: [
                    Step(heading: "1  渲染", lines: ["执行闭包，记录它读取了", "哪些可观察属性"],
                         code: "withObservationTracking { … }"),
                    Step(heading: "2  注册", lines: ["一个 onChange 等待", "items 或 discount 的变化"]),
                    Step(heading: "3  onChange，只调用一次", lines: ["在新值存入之前调用；", "标签把自己标记为待刷新"]),
                    Step(heading: "4  刷新", lines: ["下一轮重新渲染，", "渲染时再次注册"],
                         code: "label.flush()"),
                  ],
                  nextPass: ["运行循环的下一轮"],
                  notReported: "不触发通知",
                  reasons: [.secondBeforeFlush: "刷新之前的第二次修改",
                            .equalValue: "与已存储的值相等",
                            .notRead: "render() 没有读取这个属性"])
        default:
            Words(title: "The Observation tracking cycle: which writes are reported and which are not",
                  steps: [
                    Step(heading: "1  Render", lines: ["runs the closure, recording", "the observable properties it reads"],
                         code: "withObservationTracking { … }"),
                    Step(heading: "2  Registered", lines: ["one onChange waits for a change", "to items or discount"]),
                    Step(heading: "3  onChange, once", lines: ["called before the value is stored;", "the label marks itself dirty"]),
                    Step(heading: "4  Flush", lines: ["the next pass renders again,", "and rendering registers again"],
                         code: "label.flush()"),
                  ],
                  nextPass: ["next pass of the run loop"],
                  notReported: "Not reported",
                  reasons: [.secondBeforeFlush: "a second change before the flush",
                            .equalValue: "equal to the value stored",
                            .notRead: "render() did not read it"])
        }
    }
}

// MARK: - Drawing

enum Ink {
    static let text = "#1d1f23"
    static let detail = "#3d434c"
    static let arrow = "#333333"
}

struct Palette {
    var fill: String
    var stroke: String
    static let render = Palette(fill: "#e3ecf8", stroke: "#2b5797")
    static let registered = Palette(fill: "#e2f0e2", stroke: "#2f7d32")
    static let change = Palette(fill: "#fff4d6", stroke: "#a67c00")
    static let quiet = Palette(fill: "#f4f5f7", stroke: "#6b7280")
}

// 320 wide: a phone of 360 points shows it at full size inside the page's margins.
let width = 320.0
let boxX = 8.0, boxWidth = 276.0       // leaves room on the right for the loop arrow
let lineGap = 18.0

/// A rough width of a line, so that the program can refuse text that would not fit:
/// Chinese characters are square, code characters 0.6 of the font size, others about 0.56.
func estimatedWidth(_ text: String, size: Double, code: Bool) -> Double {
    text.unicodeScalars.reduce(0) { sum, scalar in
        let wide = (0x3000...0x9FFF).contains(scalar.value) || (0xFF00...0xFFEF).contains(scalar.value)
        return sum + size * (wide ? 1 : code ? 0.6 : 0.56)
    }
}

func fits(_ text: String, size: Double, code: Bool, in room: Double) {
    if estimatedWidth(text, size: size, code: code) > room {
        fatalError("'\(text)' is too wide for \(Int(room)) px at \(Int(size)) px")
    }
}

func n(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
}

func escaped(_ string: String) -> String {
    string.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;")
}

/// A line of text; it must end before `right` (the inside of its box, by default).
func text(_ string: String, x: Double, y: Double, size: Double, code: Bool = false, bold: Bool = false,
          color: String = Ink.text, right: Double = boxX + boxWidth - 8) -> String {
    fits(string, size: size, code: code, in: right - x)
    return "<text x=\"\(n(x))\" y=\"\(n(y))\" font-size=\"\(n(size))\""
        + (code ? " font-family=\"monospace\"" : "") + (bold ? " font-weight=\"bold\"" : "")
        + " fill=\"\(color)\">\(escaped(string))</text>"
}

func box(y: Double, height: Double, palette: Palette, dashed: Bool = false) -> String {
    "<rect x=\"\(n(boxX))\" y=\"\(n(y))\" width=\"\(n(boxWidth))\" height=\"\(n(height))\" rx=\"8\" "
        + "fill=\"\(palette.fill)\" stroke=\"\(palette.stroke)\" stroke-width=\"2\""
        + (dashed ? " stroke-dasharray=\"6,4\"" : "") + "/>"
}

func arrow(_ points: [(Double, Double)]) -> String {
    let path = points.enumerated().map { index, point in (index == 0 ? "M" : "L") + "\(n(point.0)),\(n(point.1))" }
    return "<path d=\"\(path.joined(separator: " "))\" fill=\"none\" stroke=\"\(Ink.arrow)\" stroke-width=\"2\" "
        + "marker-end=\"url(#arrow)\"/>"
}

func diagram(_ words: Words, counts: [Int]) -> String {
    var body: [String] = []
    var y = 12.0
    var boxTops: [Double] = []
    var boxBottoms: [Double] = []
    let palettes: [Palette] = [.render, .registered, .change, .render]
    // What is written beside the arrow that leaves each box (none after the last),
    // and whether it is code.
    let arrowLabels: [([String], Bool)?] = [nil, ([writes[0].code], true), (words.nextPass, false), nil]
    for (index, step) in words.steps.enumerated() {
        let height = 34.0 + lineGap * Double(step.lines.count + (step.code == nil ? 0 : 1))
        boxTops.append(y)
        body.append(box(y: y, height: height, palette: palettes[index]))
        var baseline = y + 24
        body.append(text(step.heading, x: boxX + 14, y: baseline, size: 15, bold: true))
        for line in step.lines {
            baseline += lineGap
            body.append(text(line, x: boxX + 14, y: baseline, size: 13, color: Ink.detail))
        }
        if let code = step.code {
            baseline += lineGap
            body.append(text(code, x: boxX + 14, y: baseline, size: 12, code: true))
        }
        y += height
        boxBottoms.append(y)
        if index < words.steps.count - 1 {
            let lines = arrowLabels[index]?.0 ?? []
            let gap = lines.isEmpty ? 26.0 : 24.0 + 16.0 * Double(lines.count)
            body.append(arrow([(boxX + 40, y), (boxX + 40, y + gap - 2)]))
            if let (_, isCode) = arrowLabels[index] {
                for (number, line) in lines.enumerated() {
                    let baseline = y + gap / 2 + 5 + 16 * (Double(number) - Double(lines.count - 1) / 2)
                    body.append(text(line, x: boxX + 52, y: baseline, size: isCode ? 12 : 13, code: isCode,
                                     color: isCode ? Ink.text : Ink.detail, right: width - 20))
                }
            }
            y += gap
        }
    }
    // The loop: from the right of the last box back to the right of the first.
    let loopX = boxX + boxWidth + 20
    body.append(arrow([(boxX + boxWidth, boxBottoms[3] - 22), (loopX, boxBottoms[3] - 22),
                       (loopX, boxTops[0] + 22), (boxX + boxWidth + 2, boxTops[0] + 22)]))

    // The writes the run did not report, each with its reason.
    let quiet = zip(writes, counts).filter { $0.1 == 0 }.map(\.0)
    y += 22
    let height = 34.0 + lineGap * 2 * Double(quiet.count)
    body.append(box(y: y, height: height, palette: .quiet, dashed: true))
    var baseline = y + 24
    body.append(text(words.notReported, x: boxX + 14, y: baseline, size: 15, bold: true))
    for write in quiet {
        baseline += lineGap
        body.append(text(write.code, x: boxX + 14, y: baseline, size: 12, code: true))
        baseline += lineGap
        body.append(text(words.reasons[write.reason!]!, x: boxX + 26, y: baseline, size: 13, color: Ink.detail))
    }
    y += height + 12

    let head = [
        "<title>\(escaped(words.title))</title>",
        "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"8\" "
            + "markerHeight=\"8\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"\(Ink.arrow)\"/></marker></defs>",
        "<rect x=\"0\" y=\"0\" width=\"\(n(width))\" height=\"\(n(y))\" fill=\"#ffffff\"/>",
    ]
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(y))\" "
        + "viewBox=\"0 0 \(n(width)) \(n(y))\" font-family=\"sans-serif\">\n"
        + (head + body).map { "  " + $0 + "\n" }.joined() + "</svg>\n"
}

// MARK: - Writing the file

let counts = run()
// The cycle in the figure needs the first write reported exactly once; the
// "not reported" box lists the writes that were not, with their reasons.
guard counts[0] == 1, zip(writes, counts).allSatisfy({ ($0.reason == nil) == ($1 > 0) }) else {
    FileHandle.standardError.write(Data("observation-cycle: unexpected onChange counts \(counts)\n".utf8))
    exit(1)
}
let environment = ProcessInfo.processInfo.environment
let words = Words.forLocale(environment["PRIMER_LOCALE"] ?? "en")
let folder = URL(fileURLWithPath: environment["PRIMER_FIGURES"] ?? ".", isDirectory: true)
do {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try diagram(words, counts: counts).write(to: folder.appendingPathComponent("observation-cycle.svg"),
                                             atomically: true, encoding: .utf8)
    for (write, count) in zip(writes, counts) {
        print(write.code.padding(toLength: 24, withPad: " ", startingAt: 0), "onChange calls:", count)
    }
} catch {
    FileHandle.standardError.write(Data("observation-cycle: \(error)\n".utf8))
    exit(1)
}
