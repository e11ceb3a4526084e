// plural-rules — the CLDR plural rules of PluralRules checked over a range
// of numbers, and drawn as a grid of the categories of 0...29 in three
// languages. The figure's words are in the language named by PRIMER_LOCALE
// (en, ru or zh-Hans); the SVG goes into the folder named by PRIMER_FIGURES.
import Foundation
import PluralRules

// snippet.check
// CLDR's own examples for Russian, one list per category.
let russianSamples: [PluralCategory: [Int]] = [
    .one: [1, 21, 31, 101, 1001],
    .few: [2, 3, 4, 22, 24, 102, 1002],
    .many: [0, 5, 11, 12, 14, 19, 20, 100, 111, 1000],
]
for (category, numbers) in russianSamples.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
    let wrong = numbers.filter { PluralRule.russian.category($0) != category }
    print("ru \(category): \(numbers.count) examples, wrong: \(wrong)")
}

// Every integer from 0 to 1000: how many fall into each category.
for rule in PluralRule.allCases {
    var counts: [PluralCategory: Int] = [:]
    for number in 0...1000 { counts[rule.category(number), default: 0] += 1 }
    let summary = rule.categories.map { "\($0) \(counts[$0, default: 0])" }
    print("\(rule.rawValue) 0...1000:", summary.joined(separator: ", "))
}

// Visible fraction digits change the answer: v is not 0 in "1.0".
for literal in ["1", "1.0", "1.5", "21", "21.0", "2.50"] {
    guard let operands = PluralOperands(literal) else { continue }
    let categories = PluralRule.allCases.map { "\($0.rawValue) \($0.category(operands))" }
    print("\(literal) (i=\(operands.i), v=\(operands.v)):", categories.joined(separator: ", "))
}
// snippet.end

// The figure: one panel of 0...29 per language, a colour per category.
struct Words {
    var title: String, languages: [PluralRule: String]

    static func forLocale(_ locale: String) -> Words {
        switch locale {
        case "ru":
            Words(title: "Категории множественного числа",
                  languages: [.english: "английский", .russian: "русский", .chinese: "китайский"])
        case "zh-Hans":
            Words(title: "0–29 的复数类别",
                  languages: [.english: "英语", .russian: "俄语", .chinese: "中文"])
        default:
            Words(title: "Plural categories of 0–29",
                  languages: [.english: "English", .russian: "Russian", .chinese: "Chinese"])
        }
    }
}

let fills: [PluralCategory: String] = [
    .one: "#f4c542", .few: "#7fc8a9", .many: "#6c9bd2", .other: "#d9d9d9",
]
let (cell, columns, left, width) = (28.0, 10, 20.0, 320.0)

func n(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }

func text(_ x: Double, _ y: Double, _ s: String, size: Int = 13, anchor: String = "start", bold: Bool = false) -> String {
    "<text x=\"\(n(x))\" y=\"\(n(y))\" font-size=\"\(size)\" text-anchor=\"\(anchor)\""
        + (bold ? " font-weight=\"bold\"" : "") + " fill=\"#222222\">\(s)</text>"
}

func grid(_ words: Words) -> String {
    var lines = ["<title>\(words.title)</title>"]
    var y = 26.0
    lines.append(text(width / 2, y, words.title, size: 14, anchor: "middle", bold: true))
    y += 14
    for rule in PluralRule.allCases {
        y += 18
        let used = rule.categories.map(\.rawValue).joined(separator: " · ")
        lines.append(text(left, y, "\(words.languages[rule, default: rule.rawValue]) (\(rule.rawValue)): \(used)", bold: true))
        y += 6
        for number in 0..<30 {
            let x = left + Double(number % columns) * cell
            let top = y + Double(number / columns) * cell
            let fill = fills[rule.category(number), default: "#ffffff"]
            lines.append("<rect x=\"\(n(x))\" y=\"\(n(top))\" width=\"\(n(cell - 2))\" height=\"\(n(cell - 2))\" fill=\"\(fill)\"/>")
            lines.append(text(x + (cell - 2) / 2, top + 18, String(number), anchor: "middle"))
        }
        y += cell * 3 + 6
    }
    // The legend: the category keywords are CLDR's, the same in every language.
    y += 8
    for (index, category) in PluralCategory.allCases.filter({ fills[$0] != nil }).enumerated() {
        let x = left + Double(index) * 72
        lines.append("<rect x=\"\(n(x))\" y=\"\(n(y - 12))\" width=\"14\" height=\"14\" fill=\"\(fills[category, default: "#ffffff"])\"/>")
        lines.append(text(x + 19, y, category.rawValue))
    }
    let height = y + 14
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" "
        + "viewBox=\"0 0 \(n(width)) \(n(height))\" font-family=\"sans-serif\">\n"
        + "  <rect x=\"0\" y=\"0\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"#ffffff\"/>\n"
        + lines.map { "  " + $0 + "\n" }.joined() + "</svg>\n"
}

let environment = ProcessInfo.processInfo.environment
let words = Words.forLocale(environment["PRIMER_LOCALE"] ?? "en")
let folder = URL(fileURLWithPath: environment["PRIMER_FIGURES"] ?? ".", isDirectory: true)
do {
    try grid(words).write(to: folder.appendingPathComponent("plural-grid.svg"), atomically: true, encoding: .utf8)
    print("plural-grid.svg: 3 languages, 30 numbers each")
} catch {
    FileHandle.standardError.write(Data("plural-rules: \(error)\n".utf8))
}
