// value-vs-reference — draws the figure of chapter 1 that compares copying a
// structure with sharing a class instance. The values on the figure are not
// typed in: the program runs the same assignments as the fraction sample and
// draws what they produced. Labels are in the language named by PRIMER_LOCALE
// (en, ru or zh-Hans), and the SVG is written into the folder named by
// PRIMER_FIGURES. The drawing is 340 wide, so a phone shows it at full size.
import Foundation
import Fractions

// MARK: - What the figure shows, computed

let a = Fraction(1, 2)
var c = a                          // a copy of the value
c += Fraction(1, 3)

final class Tally {
    var total = Fraction(0)
}
let first = Tally()
let second = first                 // a second reference to one object
second.total += Fraction(1, 4)

// MARK: - The words of each locale

struct Words {
    var title: String
    var valueType: String
    var referenceType: String
    var copies: String
    var shared: String

    static func forLocale(_ locale: String) -> Words {
        switch locale {
        case "ru":
            Words(title: "Структура при присваивании копируется, а экземпляр класса остаётся общим",
                  valueType: "struct: тип-значение", referenceType: "class: ссылочный тип",
                  copies: "два независимых значения", shared: "один общий объект")
        case "zh-Hans":
            Words(title: "结构体在赋值时被复制，类的实例则被共享",
                  valueType: "struct：值类型", referenceType: "class：引用类型",
                  copies: "两个相互独立的值", shared: "同一个共享对象")
        default:
            Words(title: "A structure is copied on assignment; a class instance is shared",
                  valueType: "struct: value type", referenceType: "class: reference type",
                  copies: "two independent values", shared: "one shared object")
        }
    }
}

// MARK: - SVG pieces

/// The two panels' colours: a light fill, its outline, and the colour of its headings.
struct Palette {
    var fill, stroke, heading: String
    static let value = Palette(fill: "#f3f8ff", stroke: "#5b8fd6", heading: "#1d3f72")
    static let reference = Palette(fill: "#fff6ee", stroke: "#d68a3c", heading: "#7a4210")
}

let ink = "#222222"

func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;")
}

enum Font { case words, code }

func text(_ string: String, x: Int, y: Int, size: Int, font: Font = .words, bold: Bool = false,
          color: String = ink, anchor: String = "middle") -> String {
    var attributes = "x=\"\(x)\" y=\"\(y)\" font-size=\"\(size)\" fill=\"\(color)\" text-anchor=\"\(anchor)\""
    if font == .code { attributes += " font-family=\"monospace\"" }
    if bold { attributes += " font-weight=\"bold\"" }
    return "<text \(attributes)>\(escaped(string))</text>"
}

func box(x: Int, y: Int, width: Int, height: Int, stroke: String, strokeWidth: Int = 2) -> String {
    "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(width)\" height=\"\(height)\" rx=\"6\" fill=\"#ffffff\" "
        + "stroke=\"\(stroke)\" stroke-width=\"\(strokeWidth)\"/>"
}

func arrow(from: (Int, Int), to: (Int, Int)) -> String {
    "<line x1=\"\(from.0)\" y1=\"\(from.1)\" x2=\"\(to.0)\" y2=\"\(to.1)\" stroke=\"#333333\" "
        + "stroke-width=\"2\" marker-end=\"url(#arrow)\"/>"
}

/// A panel: a rounded background, a heading and the code it illustrates, one line each.
func panel(top: Int, height: Int, palette: Palette, heading: String, code: [String]) -> [String] {
    var lines = ["<rect x=\"6\" y=\"\(top)\" width=\"328\" height=\"\(height)\" rx=\"10\" "
        + "fill=\"\(palette.fill)\" stroke=\"\(palette.stroke)\" stroke-width=\"1.5\"/>",
                 text(heading, x: 170, y: top + 26, size: 16, bold: true, color: palette.heading)]
    for (index, line) in code.enumerated() {
        lines.append(text(line, x: 170, y: top + 50 + 20 * index, size: 14, font: .code))
    }
    return lines
}

// MARK: - The figure

let width = 340, height = 470

/// `a`, `c` and `total` are the values the assignments at the top produced.
func figure(_ words: Words, a: Fraction, c: Fraction, total: Fraction) -> String {
    var body = [
        "<title>\(escaped(words.title))</title>",
        "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"8\" "
            + "markerHeight=\"8\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#333333\"/></marker></defs>",
        "<rect x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" fill=\"#ffffff\"/>",
    ]

    // Top: two variables, each with a Fraction of its own.
    let value = Palette.value
    body += panel(top: 6, height: 216, palette: value, heading: words.valueType,
                  code: ["var c = a", "c += Fraction(1, 3)"])
    for (row, (name, fraction)) in [("a", a), ("c", c)].enumerated() {
        let top = 90 + 56 * row
        body.append(text(name, x: 48, y: top + 27, size: 17, font: .code))
        body.append(box(x: 76, y: top, width: 220, height: 40, stroke: value.stroke))
        body.append(text("Fraction \(fraction)", x: 186, y: top + 26, size: 16, font: .code,
                         color: value.heading))
    }
    body.append(text(words.copies, x: 170, y: 208, size: 15))

    // Bottom: two variables that refer to one Tally.
    let reference = Palette.reference
    body += panel(top: 234, height: 230, palette: reference, heading: words.referenceType,
                  code: ["let second = first", "second.total += Fraction(1, 4)"])
    for (row, name) in ["first", "second"].enumerated() {
        let top = 320 + 60 * row
        body.append(box(x: 20, y: top, width: 100, height: 40, stroke: reference.stroke))
        body.append(text(name, x: 70, y: top + 26, size: 16, font: .code))
        body.append(arrow(from: (120, top + 20), to: (186, row == 0 ? 358 : 382)))
    }
    body.append(box(x: 188, y: 334, width: 134, height: 72, stroke: reference.heading, strokeWidth: 2))
    body.append(text("Tally", x: 255, y: 362, size: 16, font: .code, bold: true, color: reference.heading))
    body.append(text("total = \(total)", x: 255, y: 388, size: 15, font: .code))
    body.append(text(words.shared, x: 170, y: 450, size: 15))

    return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
        + "viewBox=\"0 0 \(width) \(height)\" font-family=\"sans-serif\">\n"
        + body.map { "  " + $0 + "\n" }.joined() + "</svg>\n"
}

// MARK: - Writing the file

let environment = ProcessInfo.processInfo.environment
let words = Words.forLocale(environment["PRIMER_LOCALE"] ?? "en")
let folder = URL(fileURLWithPath: environment["PRIMER_FIGURES"] ?? ".", isDirectory: true)
do {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try figure(words, a: a, c: c, total: first.total).write(to: folder.appendingPathComponent("value-vs-reference.svg"),
                            atomically: true, encoding: .utf8)
    print("value-vs-reference.svg: a = \(a), c = \(c); first and second share one Tally, total = \(first.total)")
} catch {
    FileHandle.standardError.write(Data("value-vs-reference: \(error.localizedDescription)\n".utf8))
    exit(1)
}
