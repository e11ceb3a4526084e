// memory-diagrams — draws the two figures of the memory chapter as SVG.
//
// Each figure is described by a small model (boxes, arrows and labels) and then
// turned into SVG text. Both are 340 wide, their two halves stacked, so that a
// phone shows them at full size. The labels are in the language named by PRIMER_LOCALE
// (en, ru or zh-Hans; English when unset), and the files are written into the
// folder named by PRIMER_FIGURES (the current folder when unset).
import Foundation

// MARK: - The words of each locale

/// Everything on the figures that changes with the language.
struct Words {
    var retainCycleTitle: String
    var owner: String
    var dog: String
    var strongReference: String
    var weakReference: String
    var copyOnWriteTitle: String
    var storage: String

    static func forLocale(_ locale: String) -> Words {
        switch locale {
        case "ru":
            Words(
                retainCycleTitle: "(a) Хозяин и собака сильно ссылаются друг на друга; "
                    + "(b) обратная ссылка собаки на хозяина слабая",
                owner: "Хозяин",
                dog: "Собака",
                strongReference: "сильная ссылка",
                weakReference: "слабая ссылка",
                copyOnWriteTitle: "Копирование при записи: после b = a оба буфера делят "
                    + "одно хранилище; после b.append(4) у b своя копия",
                storage: "Хранилище")
        case "zh-Hans":
            Words(
                retainCycleTitle: "（a）主人和狗互相强引用；（b）狗指回主人的引用是弱引用",
                owner: "主人",
                dog: "狗",
                strongReference: "强引用",
                weakReference: "弱引用",
                copyOnWriteTitle: "写时复制：b = a 之后两个缓冲区共享同一个存储；"
                    + "b.append(4) 之后 b 拥有自己的副本",
                storage: "存储")
        default:
            Words(
                retainCycleTitle: "(a) Owner and Dog hold strong references to each other; "
                    + "(b) the Dog's reference back to its Owner is weak",
                owner: "Owner",
                dog: "Dog",
                strongReference: "strong",
                weakReference: "weak",
                copyOnWriteTitle: "Copy-on-write: after b = a both buffers share one Storage; "
                    + "after b.append(4) b has its own copy",
                storage: "Storage")
        }
    }
}

// MARK: - The model

struct Point {
    var x: Double
    var y: Double
}

struct Rect {
    var x: Double
    var y: Double
    var width: Double
    var height: Double

    var minX: Double { x }
    var maxX: Double { x + width }
    var minY: Double { y }
    var maxY: Double { y + height }
    var midX: Double { x + width / 2 }
    var midY: Double { y + height / 2 }
}

/// The fill and outline of a box.
struct Palette {
    var fill: String
    var stroke: String

    static let leaking = Palette(fill: "#fde2e2", stroke: "#b03030")
    static let freed = Palette(fill: "#e2f0e2", stroke: "#2f7d32")
    static let variable = Palette(fill: "#e3ecf8", stroke: "#2b5797")
    static let storage = Palette(fill: "#fff4d6", stroke: "#a67c00")
}

enum Ink {
    static let text = "#222222"
    static let detail = "#444444"
    static let arrow = "#333333"
    static let rule = "#cccccc"
}

/// A piece of text: words in the figure's font, or code in a monospaced one.
struct Text {
    enum Font { case words, code }

    var string: String
    var size: Double
    var font = Font.words
    var bold = false
    var color = Ink.text
}

/// A rounded rectangle with lines of text centred inside it.
struct Box {
    var frame: Rect
    var cornerRadius: Double
    var palette: Palette
    var lines: [Text]
}

/// A strong reference is drawn solid, a weak one dashed.
enum Reference { case strong, weak }

struct Arrow {
    enum Path {
        case straight(from: Point, to: Point)
        case curved(from: Point, control: Point, to: Point)
    }

    var path: Path
    var reference = Reference.strong
}

/// Free-standing text, anchored at its start or its middle.
struct Label {
    var text: Text
    var position: Point
    var centred = false
}

/// A short sample arrow followed by what it means.
struct LegendEntry {
    var reference: Reference
    var meaning: String
    var position: Point
}

/// What a figure is made of, in drawing order.
enum Element {
    case box(Box)
    case arrow(Arrow)
    case label(Label)
    case rule(from: Point, to: Point)
    case legend(LegendEntry)
}

struct Diagram {
    var width: Double
    var height: Double
    var title: String
    var elements: [Element] = []

    var boxCount: Int {
        elements.filter { if case .box = $0 { true } else { false } }.count
    }
    var arrowCount: Int {
        elements.filter { if case .arrow = $0 { true } else { false } }.count
    }
}

// MARK: - Arrows between boxes

/// Room left between an arrow's tip and the box it points at.
let tipGap = 2.0

/// An arc over the top of two boxes side by side, from the left one to the right one.
func arcAbove(from left: Rect, to right: Rect) -> Arrow.Path {
    let middle = (left.maxX + right.minX) / 2
    return .curved(from: Point(x: left.maxX, y: left.minY + 12),
                   control: Point(x: middle, y: left.minY - 28),
                   to: Point(x: right.minX - tipGap, y: right.minY + 12))
}

/// An arc under two boxes side by side, from the right one back to the left one.
func arcBelow(from right: Rect, to left: Rect) -> Arrow.Path {
    let middle = (left.maxX + right.minX) / 2
    return .curved(from: Point(x: right.minX, y: right.maxY - 12),
                   control: Point(x: middle, y: right.maxY + 28),
                   to: Point(x: left.maxX + tipGap, y: left.maxY - 12))
}

/// A straight arrow from the right edge of one box to the left edge of another,
/// level with the source when it can be, and never closer than 15 to a corner.
func straightArrow(from source: Rect, to target: Rect) -> Arrow.Path {
    let y = min(max(source.midY, target.minY + 15), target.maxY - 15)
    return .straight(from: Point(x: source.maxX, y: source.midY),
                     to: Point(x: target.minX - tipGap, y: y))
}

// MARK: - Figure 1: a retain cycle, and the weak reference that breaks it

/// One half of the figure: an owner and its dog, with a strong `dog` reference
/// and an `owner` reference back that is strong or weak.
func ownerAndDog(top: Double, heading: String, backReference: Reference,
                 palette: Palette, words: Words) -> [Element] {
    let left = 30.0
    let owner = Rect(x: left, y: top + 80, width: 100, height: 60)
    let dog = Rect(x: left + 180, y: top + 80, width: 100, height: 60)
    let middle = (owner.maxX + dog.minX) / 2
    let backName = backReference == .weak ? "weak owner" : "owner"

    func object(_ frame: Rect, kind: String, name: String) -> Element {
        .box(Box(frame: frame, cornerRadius: 8, palette: palette, lines: [
            Text(string: kind, size: 15, bold: true),
            Text(string: name, size: 13, color: Ink.detail),
        ]))
    }

    return [
        .label(Label(text: Text(string: heading, size: 16, bold: true),
                     position: Point(x: 10, y: top + 30))),
        object(owner, kind: words.owner, name: "Ann"),
        object(dog, kind: words.dog, name: "Rex"),
        .arrow(Arrow(path: arcAbove(from: owner, to: dog))),
        .label(Label(text: Text(string: "dog", size: 13, font: .code),
                     position: Point(x: middle, y: owner.minY - 20), centred: true)),
        .arrow(Arrow(path: arcBelow(from: dog, to: owner), reference: backReference)),
        .label(Label(text: Text(string: backName, size: 13, font: .code),
                     position: Point(x: middle, y: owner.maxY + 36), centred: true)),
    ]
}

func retainCycleDiagram(_ words: Words) -> Diagram {
    var diagram = Diagram(width: 340, height: 440, title: words.retainCycleTitle)
    diagram.elements += ownerAndDog(top: 0, heading: "(a)", backReference: .strong,
                                    palette: .leaking, words: words)
    diagram.elements.append(.rule(from: Point(x: 10, y: 200), to: Point(x: 330, y: 200)))
    diagram.elements += ownerAndDog(top: 205, heading: "(b)", backReference: .weak,
                                    palette: .freed, words: words)
    diagram.elements += [
        .legend(LegendEntry(reference: .strong, meaning: words.strongReference,
                            position: Point(x: 20, y: 418))),
        .legend(LegendEntry(reference: .weak, meaning: words.weakReference,
                            position: Point(x: 185, y: 418))),
    ]
    return diagram
}

// MARK: - Figure 2: copy-on-write

/// One half of the figure: the variables `a` and `b` and the storage each refers to.
/// `storages` holds one array when they share, two when each has its own.
func buffers(top: Double, code: String, storages: [[Int]], words: Words) -> [Element] {
    let left = 20.0
    let a = Rect(x: left, y: top + 60, width: 60, height: 40)
    let b = Rect(x: left, y: top + 140, width: 60, height: 40)
    let storageFrames = storages.count == 1
        ? [Rect(x: left + 150, y: top + 95, width: 140, height: 50)]
        : [Rect(x: left + 140, y: top + 55, width: 160, height: 50),
           Rect(x: left + 140, y: top + 135, width: 160, height: 50)]

    var elements: [Element] = [
        .label(Label(text: Text(string: code, size: 15, font: .code, bold: true),
                     position: Point(x: left, y: top + 30))),
    ]
    for (name, frame) in [("a", a), ("b", b)] {
        elements.append(.box(Box(frame: frame, cornerRadius: 6, palette: .variable, lines: [
            Text(string: name, size: 15, font: .code),
        ])))
    }
    for (elementsInStorage, frame) in zip(storages, storageFrames) {
        elements.append(.box(Box(frame: frame, cornerRadius: 8, palette: .storage, lines: [
            Text(string: words.storage, size: 13, bold: true),
            Text(string: "\(elementsInStorage)", size: 13, font: .code),
        ])))
    }
    // a refers to the first storage; b to the last (the same one when they share).
    elements.append(.arrow(Arrow(path: straightArrow(from: a, to: storageFrames[0]))))
    elements.append(.arrow(Arrow(path: straightArrow(from: b, to: storageFrames[storageFrames.count - 1]))))
    return elements
}

func copyOnWriteDiagram(_ words: Words) -> Diagram {
    var diagram = Diagram(width: 340, height: 410, title: words.copyOnWriteTitle)
    diagram.elements += buffers(top: 0, code: "var b = a", storages: [[1, 2, 3]], words: words)
    diagram.elements.append(.rule(from: Point(x: 10, y: 200), to: Point(x: 330, y: 200)))
    diagram.elements += buffers(top: 205, code: "b.append(4)", storages: [[1, 2, 3], [1, 2, 3, 4]],
                                words: words)
    return diagram
}

// MARK: - SVG

/// A coordinate rounded to a tenth, written without ".0" when it is whole.
func number(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
}

func escaped(_ string: String) -> String {
    string
        .replacingOccurrences(of: "&", with: "&amp;")
        .replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;")
        .replacingOccurrences(of: "\"", with: "&quot;")
}

func svgText(_ text: Text, at position: Point, centred: Bool) -> String {
    var attributes = "x=\"\(number(position.x))\" y=\"\(number(position.y))\" font-size=\"\(number(text.size))\""
    if text.font == .code { attributes += " font-family=\"monospace\"" }
    if text.bold { attributes += " font-weight=\"bold\"" }
    if centred { attributes += " text-anchor=\"middle\"" }
    return "<text \(attributes) fill=\"\(text.color)\">\(escaped(text.string))</text>"
}

/// Lines of text in a box are 20 apart, centred as a block; a baseline sits
/// about a third of the font size below the middle of its line.
func svgBox(_ box: Box) -> [String] {
    let frame = box.frame
    var lines = ["<rect x=\"\(number(frame.x))\" y=\"\(number(frame.y))\" "
        + "width=\"\(number(frame.width))\" height=\"\(number(frame.height))\" "
        + "rx=\"\(number(box.cornerRadius))\" fill=\"\(box.palette.fill)\" "
        + "stroke=\"\(box.palette.stroke)\" stroke-width=\"2\"/>"]
    let lineGap = 20.0
    let firstMiddle = frame.midY - lineGap * Double(box.lines.count - 1) / 2
    for (index, text) in box.lines.enumerated() {
        let baseline = (firstMiddle + lineGap * Double(index) + text.size * 0.35).rounded()
        lines.append(svgText(text, at: Point(x: frame.midX, y: baseline), centred: true))
    }
    return lines
}

func svgArrow(_ arrow: Arrow) -> String {
    let shape: String
    switch arrow.path {
    case let .straight(from, to):
        shape = "<line x1=\"\(number(from.x))\" y1=\"\(number(from.y))\" "
            + "x2=\"\(number(to.x))\" y2=\"\(number(to.y))\""
    case let .curved(from, control, to):
        shape = "<path d=\"M\(number(from.x)),\(number(from.y)) "
            + "Q\(number(control.x)),\(number(control.y)) \(number(to.x)),\(number(to.y))\" fill=\"none\""
    }
    let dashes = arrow.reference == .weak ? " stroke-dasharray=\"6,4\"" : ""
    return shape + " stroke=\"\(Ink.arrow)\" stroke-width=\"2\"\(dashes) marker-end=\"url(#arrow)\"/>"
}

func svg(_ diagram: Diagram) -> String {
    let width = number(diagram.width)
    let height = number(diagram.height)
    var body = [
        "<title>\(escaped(diagram.title))</title>",
        "<defs>",
        "  <marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" "
            + "markerWidth=\"8\" markerHeight=\"8\" orient=\"auto\">",
        "    <path d=\"M0,0 L10,5 L0,10 z\" fill=\"\(Ink.arrow)\"/>",
        "  </marker>",
        "</defs>",
        "<rect x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" fill=\"#ffffff\"/>",
    ]
    for element in diagram.elements {
        switch element {
        case let .box(box):
            body += svgBox(box)
        case let .arrow(arrow):
            body.append(svgArrow(arrow))
        case let .label(label):
            body.append(svgText(label.text, at: label.position, centred: label.centred))
        case let .rule(from, to):
            body.append("<line x1=\"\(number(from.x))\" y1=\"\(number(from.y))\" "
                + "x2=\"\(number(to.x))\" y2=\"\(number(to.y))\" stroke=\"\(Ink.rule)\" stroke-width=\"1\"/>")
        case let .legend(entry):
            let start = entry.position
            let end = Point(x: start.x + 36, y: start.y)   // short, so a Russian label fits
            body.append(svgArrow(Arrow(path: .straight(from: start, to: end), reference: entry.reference)))
            body.append(svgText(Text(string: entry.meaning, size: 13),
                                at: Point(x: end.x + 8, y: start.y + 5), centred: false))
        }
    }
    let open = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
        + "viewBox=\"0 0 \(width) \(height)\" font-family=\"sans-serif\">"
    return ([open] + body.map { "  " + $0 } + ["</svg>"]).joined(separator: "\n") + "\n"
}

// MARK: - Writing the files

let environment = ProcessInfo.processInfo.environment
let words = Words.forLocale(environment["PRIMER_LOCALE"] ?? "en")
let folder = URL(fileURLWithPath: environment["PRIMER_FIGURES"] ?? ".", isDirectory: true)

let figures = [
    ("retain-cycle.svg", retainCycleDiagram(words)),
    ("copy-on-write.svg", copyOnWriteDiagram(words)),
]

do {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (fileName, diagram) in figures {
        try svg(diagram).write(to: folder.appendingPathComponent(fileName),
                               atomically: true, encoding: .utf8)
        print("\(fileName): \(diagram.boxCount) boxes, \(diagram.arrowCount) arrows")
    }
} catch {
    FileHandle.standardError.write(Data("memory-diagrams: \(error.localizedDescription)\n".utf8))
    exit(1)
}
