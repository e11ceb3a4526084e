// defaults-domains — looks four keys up in three domains, in the order UserDefaults
// asks them: the argument domain first, then the app's own domain (here a suite),
// then the registration domain. It prints each lookup, checks that UserDefaults
// gives the same answer, and draws the lookups as SVG with labels in the language
// named by PRIMER_LOCALE (en, ru or zh-Hans), into the folder named by PRIMER_FIGURES.
// Run with the arguments -units imperial -mapZoom 15 (samples.yml passes them).
// The drawing is 320 units wide, the text column of a 360-pixel phone.
import Foundation
import SettingsSchema

// MARK: - The lookup

enum Domain: CaseIterable { case arguments, app, registration }

struct Lookup {
    var key: String
    var found: [Domain: SettingValue]      // the domains that hold the key
    var winner: Domain? { Domain.allCases.first { found[$0] != nil } }
}

let schema = try SettingsSchema(json: trailNotesSchemaJSON)
let suite = trailNotesSuite("defaults-domains")
guard let defaults = UserDefaults(suiteName: suite) else { fatalError("no suite \(suite)") }
defaults.removePersistentDomain(forName: suite)
defer { defaults.removePersistentDomain(forName: suite) }

defaults.register(defaults: schema.registrationDictionary)
try defaults.set(.int(9), for: "mapZoom", in: schema)       // the user zoomed in earlier
try defaults.set(.bool(false), for: "autoSync", in: schema) // and turned syncing off

let arguments = defaults.volatileDomain(forName: UserDefaults.argumentDomain)
let app = defaults.persistentDomain(forName: suite) ?? [:]
let registered = schema.registrationDictionary   // what register(defaults:) was given

var lookups: [Lookup] = []
for setting in schema.settings {
    var found: [Domain: SettingValue] = [:]
    for (domain, values) in [(Domain.arguments, arguments), (.app, app), (.registration, registered)] {
        if let raw = values[setting.key] { found[domain] = try setting.check(raw) }
    }
    let lookup = Lookup(key: setting.key, found: found)
    lookups.append(lookup)
    let answer = try defaults.value(for: setting.key, in: schema)
    let cells = Domain.allCases.map { found[$0].map(String.init(describing:)) ?? "-" }
    print("\(setting.key): \(cells.joined(separator: " | ")) -> \(answer) from \(lookup.winner.map { "\($0)" } ?? "nowhere")"
        + (lookup.winner.flatMap { found[$0] } == answer ? "" : " (UserDefaults disagrees)"))
}

// MARK: - Words

struct Words {
    var title: String
    var headers: [[String]]          // one or two lines per domain, in search order
    var legend: [String]             // found, not searched, no value

    static func forLocale(_ locale: String) -> Words {
        switch locale {
        case "ru":
            Words(title: "Где UserDefaults ищет значение",
                  headers: [["1. домен", "аргументов"], ["2. домен", "приложения"], ["3. домен", "регистрации"]],
                  legend: ["здесь найдено значение", "сюда поиск не доходит", "— в домене нет ключа"])
        case "zh-Hans":
            Words(title: "UserDefaults 按什么顺序查找值",
                  headers: [["1. 参数域"], ["2. 应用域"], ["3. 注册域"]],
                  legend: ["在此找到值", "未查找", "— 该域中没有此键"])
        default:
            Words(title: "Where UserDefaults looks for a value",
                  headers: [["1. argument", "domain"], ["2. app", "domain"], ["3. registration", "domain"]],
                  legend: ["value found here", "not searched", "— key not in this domain"])
        }
    }
}

// MARK: - Drawing

enum Ink {
    static let background = "#ffffff"
    static let text = "#222222"
    static let muted = "#8a8f98"
    static let cell = "#e3ecf8"
    static let cellStroke = "#2b5797"
    static let found = "#dfe9d8"
    static let foundStroke = "#4d7a35"
    static let rule = "#cccccc"
    /// Each light colour and the one that replaces it on a dark page.
    static let dark: KeyValuePairs<String, String> = [
        background: "#1e2126", text: "#e6e8eb", muted: "#7d848f", cell: "#1d2c43", cellStroke: "#7fb0f0",
        found: "#26361f", foundStroke: "#8fc47a", rule: "#353a42",
    ]
    static var darkStyle: String {
        let rules = dark.map { light, dark in
            "      [fill=\"\(light)\"] { fill: \(dark); }\n      [stroke=\"\(light)\"] { stroke: \(dark); }\n"
        }
        return "  <style>\n    @media (prefers-color-scheme: dark) {\n" + rules.joined() + "    }\n  </style>\n"
    }
}

func escaped(_ s: String) -> String { s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;") }

func text(_ s: String, x: Double, y: Double, size: Int = 12, anchor: String = "middle", bold: Bool = false,
          mono: Bool = false, fill: String = Ink.text) -> String {
    "<text x=\"\(Int(x))\" y=\"\(Int(y))\" font-size=\"\(size)\" text-anchor=\"\(anchor)\""
        + (bold ? " font-weight=\"bold\"" : "") + (mono ? " font-family=\"monospace\"" : "")
        + " fill=\"\(fill)\">\(escaped(s))</text>"
}

func cell(x: Double, y: Double, width: Double, height: Double, style: Int) -> String {
    // style 0: searched, no value or a value that lost; 1: the value found; 2: not searched
    let (fill, stroke, extra) = [(Ink.cell, Ink.cellStroke, " stroke-width=\"1\""),
                                 (Ink.found, Ink.foundStroke, " stroke-width=\"2.5\""),
                                 (Ink.background, Ink.muted, " stroke-width=\"1\" stroke-dasharray=\"4,3\"")][style]
    return "<rect x=\"\(Int(x))\" y=\"\(Int(y))\" width=\"\(Int(width))\" height=\"\(Int(height))\" rx=\"5\" "
        + "fill=\"\(fill)\" stroke=\"\(stroke)\"\(extra)/>"
}

func draw(_ lookups: [Lookup], words: Words) -> String {
    let width = 320.0, cellWidth = 100.0, cellHeight = 26.0
    let xs = [6.0, 110.0, 214.0]
    var body = ["<title>\(escaped(words.title))</title>", text(words.title, x: 6, y: 18, size: 13, anchor: "start", bold: true)]
    var y = 40.0
    let headerLines = words.headers.map(\.count).max() ?? 1
    for (x, lines) in zip(xs, words.headers) {
        for (index, line) in lines.enumerated() {
            body.append(text(line, x: x + cellWidth / 2, y: y + 15 * Double(index), bold: index == 0))
        }
    }
    y += 15 * Double(headerLines) - 4
    for lookup in lookups {
        body.append(text(lookup.key, x: 6, y: y + 14, anchor: "start", bold: true, mono: true))
        let top = y + 20
        let winner = lookup.winner.flatMap { Domain.allCases.firstIndex(of: $0) } ?? 3
        for (index, domain) in Domain.allCases.enumerated() {
            let style = index == winner ? 1 : index > winner ? 2 : 0
            body.append(cell(x: xs[index], y: top, width: cellWidth, height: cellHeight, style: style))
            let value = lookup.found[domain].map(String.init(describing:)) ?? "—"
            body.append(text(value, x: xs[index] + cellWidth / 2, y: top + 17, bold: style == 1, mono: true,
                             fill: style == 2 ? Ink.muted : Ink.text))
        }
        y = top + cellHeight + 8
    }
    // Legend.
    y += 6
    body.append("<line x1=\"6\" y1=\"\(Int(y))\" x2=\"\(Int(width - 6))\" y2=\"\(Int(y))\" stroke=\"\(Ink.rule)\"/>")
    for (index, label) in words.legend.enumerated() {
        let rowY = y + 12 + 22 * Double(index)
        if index < 2 { body.append(cell(x: 10, y: rowY, width: 36, height: 16, style: index + 1)) }
        body.append(text(label, x: index < 2 ? 56 : 10, y: rowY + 12, anchor: "start"))
    }
    let height = y + 12 + 22 * Double(words.legend.count) + 4
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" "
        + "viewBox=\"0 0 \(Int(width)) \(Int(height))\" font-family=\"sans-serif\" role=\"img\">\n"
        + Ink.darkStyle
        + "  <rect x=\"0\" y=\"0\" width=\"\(Int(width))\" height=\"\(Int(height))\" fill=\"\(Ink.background)\"/>\n"
        + body.map { "  " + $0 + "\n" }.joined() + "</svg>\n"
}

let environment = ProcessInfo.processInfo.environment
let words = Words.forLocale(environment["PRIMER_LOCALE"] ?? "en")
let folder = URL(fileURLWithPath: environment["PRIMER_FIGURES"] ?? ".", isDirectory: true)
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
try draw(lookups, words: words).write(to: folder.appendingPathComponent("domain-lookup.svg"), atomically: true, encoding: .utf8)
print("domain-lookup.svg: \(lookups.count) keys, \(Domain.allCases.count) domains")
