// set-diagram — draws the set operations of the collections chapter as SVG.
//
// The regions of the diagram are computed with the same set operations the
// chapter teaches, from the two sign-up lists of the set-algebra sample, so the
// figure and the code cannot disagree. Labels are in the language named by
// PRIMER_LOCALE (en, ru or zh-Hans; English when unset); the file is written
// into the folder named by PRIMER_FIGURES (the current folder when unset).
// The drawing is 340 points wide, for a phone, and carries its own colours
// for a light and a dark page.
import Foundation

let swiftUI: Set = ["Anya", "Karl", "Lena", "Mira", "Tomas"]
let testing: Set = ["Ines", "Karl", "Mira", "Ravi"]

// MARK: - The words of each locale

struct Words {
    var title: String
    var either: String
    var both: String
    var firstOnly: String
    var exactlyOne: String
    var people: (Int) -> String

    static func forLocale(_ locale: String) -> Words {
        switch locale {
        case "ru":
            Words(title: "Операции над множествами swiftUI и testing",
                  either: "хотя бы в одном", both: "в обоих",
                  firstOnly: "в swiftUI, но не в testing", exactlyOne: "ровно в одном",
                  people: { count in
                      let (ten, hundred) = (count % 10, count % 100)
                      if ten == 1 && hundred != 11 { return "\(count) человек" }
                      if (2...4).contains(ten) && !(12...14).contains(hundred) { return "\(count) человека" }
                      return "\(count) человек"
                  })
        case "zh-Hans":
            Words(title: "集合 swiftUI 与 testing 的运算",
                  either: "至少在其中一个中", both: "同时在两者中",
                  firstOnly: "在 swiftUI 中、不在 testing 中", exactlyOne: "恰好在其中一个中",
                  people: { "\($0) 人" })
        default:
            Words(title: "Set operations on swiftUI and testing",
                  either: "in either", both: "in both",
                  firstOnly: "in swiftUI, not in testing", exactlyOne: "in exactly one",
                  people: { $0 == 1 ? "1 person" : "\($0) people" })
        }
    }
}

// MARK: - Colours: light by attribute, dark by a media query

enum Colour {
    static let background = ("#ffffff", "#1e2126")
    static let ink = ("#1d1f23", "#e6e8eb")
    static let muted = ("#555b66", "#a8afba")
    static let rule = ("#d9dce1", "#353a42")
    static let first = ("#2b6cb0", "#63b3ed")     // swiftUI
    static let second = ("#c05621", "#f6ad55")    // testing
    static let result = ("#2f855a", "#68d391")    // the region an operation returns
}

let style = """
  <style>
    @media (prefers-color-scheme: dark) {
      .bg { fill: \(Colour.background.1); }
      .ink { fill: \(Colour.ink.1); }
      .muted { fill: \(Colour.muted.1); }
      .rule { stroke: \(Colour.rule.1); }
      .first { stroke: \(Colour.first.1); fill: \(Colour.first.1); }
      .second { stroke: \(Colour.second.1); fill: \(Colour.second.1); }
      .result { fill: \(Colour.result.1); }
    }
  </style>
"""

// MARK: - Drawing

func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;")
        .replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;")
}

enum Font { case words, code }

func text(_ string: String, x: Double, y: Double, size: Double, font: Font = .words,
          bold: Bool = false, muted: Bool = false, anchor: String = "middle") -> String {
    let family = font == .code ? " font-family=\"monospace\"" : ""
    let weight = bold ? " font-weight=\"bold\"" : ""
    let colour = muted ? Colour.muted : Colour.ink
    let kind = muted ? "muted" : "ink"
    return "<text class=\"\(kind)\" x=\"\(x)\" y=\"\(y)\" font-size=\"\(size)\"\(family)\(weight)"
        + " text-anchor=\"\(anchor)\" fill=\"\(colour.0)\">\(escaped(string))</text>"
}

struct Circle {
    var x: Double
    var y: Double
    var r: Double

    func shape(_ attributes: String = "") -> String {
        "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"\(r)\"\(attributes)/>"
    }
}

/// The parts of the two-circle diagram a result can cover.
enum Region { case firstOnly, both, secondOnly }

/// A small two-circle diagram with the regions of a result filled in.
func miniDiagram(id: String, top: Double, regions: Set<Region>) -> [String] {
    let a = Circle(x: 30, y: top + 30, r: 18)
    let b = Circle(x: 54, y: top + 30, r: 18)
    var parts = [
        "<defs>",
        "<clipPath id=\"\(id)-in-b\">\(b.shape())</clipPath>",
        "<mask id=\"\(id)-not-b\"><rect x=\"0\" y=\"\(top)\" width=\"90\" height=\"60\" fill=\"white\"/>"
            + b.shape(" fill=\"black\"") + "</mask>",
        "<mask id=\"\(id)-not-a\"><rect x=\"0\" y=\"\(top)\" width=\"90\" height=\"60\" fill=\"white\"/>"
            + a.shape(" fill=\"black\"") + "</mask>",
        "</defs>",
        "<g class=\"result\" fill=\"\(Colour.result.0)\" fill-opacity=\"0.75\">",
    ]
    if regions.contains(.firstOnly) { parts.append(a.shape(" mask=\"url(#\(id)-not-b)\"")) }
    if regions.contains(.both) { parts.append(a.shape(" clip-path=\"url(#\(id)-in-b)\"")) }
    if regions.contains(.secondOnly) { parts.append(b.shape(" mask=\"url(#\(id)-not-a)\"")) }
    parts.append("</g>")
    parts.append(a.shape(" class=\"first\" fill=\"none\" stroke=\"\(Colour.first.0)\" stroke-width=\"2\""
        + " style=\"fill: none\""))
    parts.append(b.shape(" class=\"second\" fill=\"none\" stroke=\"\(Colour.second.0)\" stroke-width=\"2\""
        + " style=\"fill: none\""))
    return parts
}

struct Operation {
    var method: String
    var meaning: String
    var result: Set<String>
    var regions: Set<Region>
}

let code = ProcessInfo.processInfo.environment["PRIMER_LOCALE"] ?? "en"
let words = Words.forLocale(code)

// The three regions, and the four operations that combine them.
let firstOnly = swiftUI.subtracting(testing)
let both = swiftUI.intersection(testing)
let secondOnly = testing.subtracting(swiftUI)
let operations = [
    Operation(method: "union(_:)", meaning: words.either,
              result: swiftUI.union(testing), regions: [.firstOnly, .both, .secondOnly]),
    Operation(method: "intersection(_:)", meaning: words.both,
              result: both, regions: [.both]),
    Operation(method: "subtracting(_:)", meaning: words.firstOnly,
              result: firstOnly, regions: [.firstOnly]),
    Operation(method: "symmetricDifference(_:)", meaning: words.exactlyOne,
              result: swiftUI.symmetricDifference(testing), regions: [.firstOnly, .secondOnly]),
]

let width = 340.0, height = 470.0
var svg = [
    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\""
        + " viewBox=\"0 0 \(Int(width)) \(Int(height))\" font-family=\"sans-serif\" role=\"img\">",
    "  <title>\(escaped(words.title))</title>",
    style,
    "  <rect class=\"bg\" x=\"0\" y=\"0\" width=\"\(Int(width))\" height=\"\(Int(height))\" fill=\"\(Colour.background.0)\"/>",
]

// The large diagram: both sets, with every name in its region.
let a = Circle(x: 130, y: 118, r: 80)
let b = Circle(x: 210, y: 118, r: 80)
svg.append("  " + a.shape(" class=\"first\" fill=\"\(Colour.first.0)\" fill-opacity=\"0.14\""
    + " stroke=\"\(Colour.first.0)\" stroke-width=\"2\""))
svg.append("  " + b.shape(" class=\"second\" fill=\"\(Colour.second.0)\" fill-opacity=\"0.14\""
    + " stroke=\"\(Colour.second.0)\" stroke-width=\"2\""))
svg.append("  " + text("swiftUI", x: 104, y: 26, size: 14, font: .code, bold: true))
svg.append("  " + text("testing", x: 236, y: 26, size: 14, font: .code, bold: true))

func column(_ names: Set<String>, x: Double) -> [String] {
    let sorted = names.sorted()
    let top = 118 - Double(sorted.count - 1) * 10 + 5
    return sorted.enumerated().map { index, name in
        "  " + text(name, x: x, y: top + Double(index) * 20, size: 14)
    }
}
svg += column(firstOnly, x: 86)
svg += column(both, x: 170)
svg += column(secondOnly, x: 254)
svg.append("  <line class=\"rule\" x1=\"10\" y1=\"212\" x2=\"330\" y2=\"212\" stroke=\"\(Colour.rule.0)\"/>")

// One row per operation: which regions it returns, and how many names.
for (index, operation) in operations.enumerated() {
    let top = 220 + Double(index) * 62
    svg += miniDiagram(id: "op\(index + 1)", top: top, regions: operation.regions).map { "  " + $0 }
    svg.append("  " + text(operation.method, x: 88, y: top + 25, size: 13, font: .code,
                           bold: true, anchor: "start"))
    svg.append("  " + text("\(operation.meaning) · \(words.people(operation.result.count))",
                           x: 88, y: top + 45, size: 13, muted: true, anchor: "start"))
}
svg.append("</svg>")

let folder = ProcessInfo.processInfo.environment["PRIMER_FIGURES"] ?? "."
let file = URL(fileURLWithPath: folder).appendingPathComponent("set-operations.svg")
try (svg.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)

print("set-operations.svg")
for operation in operations {
    print("\(operation.method) \(operation.meaning): \(operation.result.sorted().joined(separator: ", "))")
}
