// error-path — follows one failure from `throw` into a Result, out again,
// across the bridge to NSError and back, printing each step; then draws the
// path as SVG with labels in the language named by PRIMER_LOCALE (en, ru or
// zh-Hans), into the folder named by PRIMER_FIGURES.
import Foundation

// snippet.path
enum ShelfError: Error, CustomNSError {
    case full(capacity: Int)

    static var errorDomain: String { "com.example.shelf" }
    var errorCode: Int { 1 }
    var errorUserInfo: [String: Any] {
        switch self {
        case .full(let capacity): ["capacity": capacity]
        }
    }

    var capacity: Int {
        switch self {
        case .full(let capacity): capacity
        }
    }

    /// Rebuilds the Swift value from what an NSError carries.
    init?(_ error: NSError) {
        guard error.domain == Self.errorDomain, error.code == 1,
              let capacity = error.userInfo["capacity"] as? Int else { return nil }
        self = .full(capacity: capacity)
    }
}

func store(box: String, onShelfWith count: Int) throws(ShelfError) -> Int {
    guard count < 4 else { throw .full(capacity: 4) }
    return count + 1
}

// 1. thrown, 2. kept in a Result
let result = Result { () throws(ShelfError) -> Int in
    try store(box: "B-12", onShelfWith: 4)
}
print("Result:         \(result)")

// 3. thrown again by get(), caught with its type
do {
    _ = try result.get()
} catch {
    print("catch:          \(error), capacity \(error.capacity)")

    // 4. across the bridge
    let bridged = error as NSError
    print("as NSError:     \(bridged.domain) \(bridged.code) \(bridged.userInfo)")

    // 5. and back
    let cast = (bridged as Error) as? ShelfError
    print("as? ShelfError: \(cast.map { "\($0)" } ?? "nil")")
    print("ShelfError(_:): \(ShelfError(bridged).map { "\($0)" } ?? "nil")")
}
// snippet.end

// snippet.hide
// MARK: - The figure

/// Everything on the figure that changes with the language.
struct Words {
    var title: [String]
    var thrown: String
    var stored: String
    var caught: String
    var bridged: String
    var apple: [String]
    var linux: [String]

    static func forLocale(_ locale: String) -> Words {
        switch locale {
        case "ru":
            Words(title: ["Путь одной ошибки через", "throws, Result и NSError"],
                  thrown: "выброшена функцией store",
                  stored: "сохранена как значение",
                  caught: "выброшена снова; catch знает тип",
                  bridged: "так её видит Objective-C",
                  apple: ["Платформы Apple:", "приведение вернёт", "то же значение"],
                  linux: ["Linux: %@;", "значение", "собирают по code", "и userInfo:"])
        case "zh-Hans":
            Words(title: ["一个错误经过 throws、", "Result 与 NSError 的路径"],
                  thrown: "由 store 函数抛出",
                  stored: "作为值保存",
                  caught: "再次抛出，catch 知道其类型",
                  bridged: "Objective-C 看到的样子",
                  apple: ["Apple 平台：", "类型转换", "取回同一个值"],
                  linux: ["Linux：得到 %@，", "根据 code 和", "userInfo 重建："])
        default:
            Words(title: ["One failure on its way through", "throws, Result and NSError"],
                  thrown: "thrown by store",
                  stored: "kept as a value",
                  caught: "thrown again; catch knows the type",
                  bridged: "what Objective-C sees",
                  apple: ["Apple platforms:", "the cast returns", "the same value"],
                  linux: ["Linux: %@;", "rebuild it from", "code and userInfo:"])
        }
    }
}

struct Palette {
    var fill: String
    var stroke: String
    static let swift = Palette(fill: "#e3ecf8", stroke: "#2b5797")
    static let value = Palette(fill: "#e2f0e2", stroke: "#2f7d32")
    static let bridge = Palette(fill: "#fff4d6", stroke: "#a67c00")
    static let outcome = Palette(fill: "#f4f5f7", stroke: "#555b66")
}

let ink = "#1d1f23", muted = "#444444", arrowInk = "#333333"
/// 320 units wide: on a phone the figure is shown at about that width, so 12 is the smallest text.
let width = 320.0

func number(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
}

func escaped(_ string: String) -> String {
    string.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;")
}

/// A rough width for a line of text, enough to keep every label inside its box.
func estimatedWidth(_ text: String, size: Double, code: Bool) -> Double {
    text.unicodeScalars.reduce(0.0) { sum, scalar in
        let wide = scalar.value >= 0x2E80
        return sum + size * (wide ? 1.0 : (code ? 0.61 : 0.58))
    }
}

struct Line {
    var text: String
    var code = false
    var size = 12.0
    var color = ink
}

/// The SVG elements drawn so far, and how many boxes and arrows they hold.
struct Drawing {
    var elements: [String] = []
    var boxes = 0
    var arrows = 0

    mutating func text(_ line: Line, x: Double, y: Double, anchor: String = "middle", limit: Double) {
        precondition(estimatedWidth(line.text, size: line.size, code: line.code) <= limit,
                     "label too wide: \(line.text)")
        var attributes = "x=\"\(number(x))\" y=\"\(number(y))\" font-size=\"\(number(line.size))\" "
            + "text-anchor=\"\(anchor)\" fill=\"\(line.color)\""
        if line.code { attributes += " font-family=\"monospace\"" }
        elements.append("<text \(attributes)>\(escaped(line.text))</text>")
    }

    /// A box with lines of text centred in it; returns its bottom edge.
    @discardableResult
    mutating func box(x: Double, y: Double, width: Double, lines: [Line], palette: Palette,
                      rows: Int? = nil) -> Double {
        let height = Double(max(rows ?? 0, lines.count)) * 17 + 14
        elements.append("<rect x=\"\(number(x))\" y=\"\(number(y))\" width=\"\(number(width))\" "
            + "height=\"\(number(height))\" rx=\"8\" fill=\"\(palette.fill)\" stroke=\"\(palette.stroke)\" "
            + "stroke-width=\"2\"/>")
        for (index, line) in lines.enumerated() {
            text(line, x: x + width / 2, y: y + 21 + Double(index) * 17, limit: width - 12)
        }
        boxes += 1
        return y + height
    }

    /// An arrow from one box down to the next, with the code that moves the error.
    mutating func arrow(x: Double, from top: Double, to bottom: Double, label: String?) {
        elements.append("<line x1=\"\(number(x))\" y1=\"\(number(top))\" x2=\"\(number(x))\" "
            + "y2=\"\(number(bottom - 2))\" stroke=\"\(arrowInk)\" stroke-width=\"2\" marker-end=\"url(#arrow)\"/>")
        if let label {
            text(Line(text: label, code: true), x: x + 10, y: (top + bottom) / 2 + 4, anchor: "start",
                 limit: width - x - 20)
        }
        arrows += 1
    }
}

func drawPath(_ words: Words, bridged: NSError, cast: ShelfError?) -> (svg: String, boxes: Int, arrows: Int) {
    var d = Drawing()
    let left = 12.0, boxWidth = width - 24, middle = width / 2
    var y = 10.0
    for line in words.title {
        y += 18
        d.text(Line(text: line, size: 14), x: middle, y: y, limit: width - 20)
    }
    y += 14
    var bottom = d.box(x: left, y: y, width: boxWidth, lines: [
        Line(text: "throw .full(capacity: 4)", code: true, size: 13),
        Line(text: words.thrown, color: muted)], palette: .swift)
    d.arrow(x: 48, from: bottom, to: bottom + 34, label: "Result { try … }")
    bottom = d.box(x: left, y: bottom + 34, width: boxWidth, lines: [
        Line(text: ".failure(.full(capacity: 4))", code: true, size: 13),
        Line(text: words.stored, color: muted)], palette: .value)
    d.arrow(x: 48, from: bottom, to: bottom + 34, label: "try result.get()")
    bottom = d.box(x: left, y: bottom + 34, width: boxWidth, lines: [
        Line(text: "catch { error: ShelfError }", code: true, size: 13),
        Line(text: words.caught, color: muted)], palette: .swift)
    d.arrow(x: 48, from: bottom, to: bottom + 34, label: "error as NSError")
    let info = bridged.userInfo.keys.sorted().map { "\($0) = \(bridged.userInfo[$0]!)" }
    bottom = d.box(x: left, y: bottom + 34, width: boxWidth, lines: [
        Line(text: "domain: \(bridged.domain)", code: true),
        Line(text: "code: \(bridged.code)", code: true),
        Line(text: "userInfo: \(info.joined(separator: ", "))", code: true),
        Line(text: words.bridged, color: muted)], palette: .bridge)
    // The way back forks: the cast succeeds on Apple platforms, not on Linux.
    let half = (boxWidth - 8) / 2
    d.text(Line(text: "as? ShelfError", code: true), x: middle, y: bottom + 24, limit: boxWidth)
    d.arrow(x: left + half / 2, from: bottom, to: bottom + 44, label: nil)
    d.arrow(x: left + half + 8 + half / 2, from: bottom, to: bottom + 44, label: nil)
    let castText = cast.map { "\($0)" } ?? "nil"
    let linuxLines = words.linux.map { Line(text: $0.replacingOccurrences(of: "%@", with: castText)) }
        + [Line(text: "ShelfError(_:)", code: true)]
    let rows = max(words.apple.count, linuxLines.count)
    d.box(x: left, y: bottom + 44, width: half, lines: words.apple.map { Line(text: $0) },
          palette: .outcome, rows: rows)
    let height = d.box(x: left + half + 8, y: bottom + 44, width: half, lines: linuxLines,
                       palette: .outcome, rows: rows) + 12
    let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(number(width))\" height=\"\(number(height))\" "
        + "viewBox=\"0 0 \(number(width)) \(number(height))\" font-family=\"sans-serif\">\n"
        + "  <title>\(escaped(words.title.joined(separator: " ")))</title>\n"
        + "  <defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" "
        + "markerHeight=\"7\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"\(arrowInk)\"/></marker></defs>\n"
        + "  <rect x=\"0\" y=\"0\" width=\"\(number(width))\" height=\"\(number(height))\" fill=\"#ffffff\"/>\n"
        + d.elements.map { "  " + $0 + "\n" }.joined() + "</svg>\n"
    return (svg, d.boxes, d.arrows)
}

let environment = ProcessInfo.processInfo.environment
let words = Words.forLocale(environment["PRIMER_LOCALE"] ?? "en")
let folder = URL(fileURLWithPath: environment["PRIMER_FIGURES"] ?? ".", isDirectory: true)
guard case .failure(let failure) = result else { fatalError("store(box:onShelfWith:) should have failed") }
let bridged = failure as NSError
let (figure, boxes, arrows) = drawPath(words, bridged: bridged, cast: (bridged as Error) as? ShelfError)
do {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try figure.write(to: folder.appendingPathComponent("error-path.svg"), atomically: true, encoding: .utf8)
    print("error-path.svg: \(boxes) boxes, \(arrows) arrows")
} catch {
    FileHandle.standardError.write(Data("error-path: \(error)\n".utf8))
    exit(1)
}
// snippet.show
