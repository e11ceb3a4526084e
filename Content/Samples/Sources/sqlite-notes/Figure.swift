// Draws the steps of the transaction that main.swift ran by hand: one row per
// statement, marked as failed or not, with the folders' counts after it and
// whether the transaction was still open. Labels are in the language named by
// PRIMER_LOCALE; the SVG goes into the folder named by PRIMER_FIGURES.
// 320 units wide (a phone's text column), no text under 12 px.
import Foundation

struct Step {
    var sql: String
    var failed: Bool
    var open: Bool
    var counts: String
}

struct Words {
    var title: String, ok: String, failed: String, open: String, closed: String, after: String

    static func forLocale(_ locale: String) -> Words {
        switch locale {
        case "ru":
            Words(title: "Шаги транзакции", ok: "выполнено", failed: "ошибка, оператор отменён",
                  open: "транзакция открыта", closed: "транзакции нет", after: "заметок: ")
        case "zh-Hans":
            Words(title: "事务的各个步骤", ok: "成功", failed: "失败，该语句的修改已撤销",
                  open: "事务已开启", closed: "当前没有事务", after: "笔记数：")
        default:
            Words(title: "The steps of a transaction", ok: "done", failed: "failed, statement undone",
                  open: "transaction open", closed: "no transaction", after: "notes: ")
        }
    }
}

enum Ink {
    static let text = "#222222"
    static let page = "#ffffff"
    static let okFill = "#dfe9d8", okStroke = "#4d7a35"
    static let badFill = "#f8e6df", badStroke = "#b5482a"
    static let line = "#888888"
    /// Each light colour and its replacement on a dark page.
    static let dark: KeyValuePairs<String, String> = [
        page: "#1e2126", text: "#e6e8eb", line: "#8a919c",
        okFill: "#26361f", okStroke: "#8fc47a", badFill: "#442820", badStroke: "#f6a07a",
    ]
    static var darkStyle: String {
        let rules = dark.map { light, dark in
            "      [fill=\"\(light)\"] { fill: \(dark); }\n      [stroke=\"\(light)\"] { stroke: \(dark); }\n"
        }
        return "  <style>\n    @media (prefers-color-scheme: dark) {\n" + rules.joined() + "    }\n  </style>\n"
    }
}

func escaped(_ s: String) -> String {
    s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: "'", with: "&apos;")
}

func drawSteps(_ steps: [Step]) throws {
    let environment = ProcessInfo.processInfo.environment
    let words = Words.forLocale(environment["PRIMER_LOCALE"] ?? "en")
    let width = 320, box = 80, gap = 14, top = 30
    var body = ["<title>\(escaped(words.title))</title>",
                "<text x=\"6\" y=\"18\" font-size=\"13\" font-weight=\"bold\" fill=\"\(Ink.text)\">\(escaped(words.title))</text>"]
    for (index, step) in steps.enumerated() {
        let y = top + index * (box + gap)
        let (fill, stroke) = step.failed ? (Ink.badFill, Ink.badStroke) : (Ink.okFill, Ink.okStroke)
        let dash = step.open ? "" : " stroke-dasharray=\"5 3\""
        body.append("<rect x=\"6\" y=\"\(y)\" width=\"\(width - 12)\" height=\"\(box)\" rx=\"5\" fill=\"\(fill)\" "
            + "stroke=\"\(stroke)\" stroke-width=\"1.4\"\(dash)/>")
        let lines = [
            (step.sql, "monospace", "bold"),
            (step.failed ? words.failed : words.ok, "sans-serif", "normal"),
            (step.open ? words.open : words.closed, "sans-serif", "normal"),
            (words.after + step.counts, "sans-serif", "normal"),
        ]
        for (row, line) in lines.enumerated() {
            body.append("<text x=\"14\" y=\"\(y + 18 + row * 18)\" font-size=\"12\" font-family=\"\(line.1)\" "
                + "font-weight=\"\(line.2)\" fill=\"\(Ink.text)\">\(escaped(line.0))</text>")
        }
        if index + 1 < steps.count {
            let x = width / 2, from = y + box, to = y + box + gap
            body.append("<line x1=\"\(x)\" y1=\"\(from)\" x2=\"\(x)\" y2=\"\(to - 4)\" stroke=\"\(Ink.line)\" stroke-width=\"1.4\"/>")
            body.append("<path d=\"M\(x - 4) \(to - 5) L\(x + 4) \(to - 5) L\(x) \(to) Z\" fill=\"\(Ink.line)\"/>")
        }
    }
    let height = top + steps.count * (box + gap)
    let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
        + "viewBox=\"0 0 \(width) \(height)\" font-family=\"sans-serif\" role=\"img\">\n"
        + Ink.darkStyle
        + "  <rect x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" fill=\"\(Ink.page)\"/>\n"
        + body.map { "  " + $0 + "\n" }.joined() + "</svg>\n"
    let folder = URL(fileURLWithPath: environment["PRIMER_FIGURES"] ?? ".", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try svg.write(to: folder.appendingPathComponent("transaction.svg"), atomically: true, encoding: .utf8)
    print("transaction.svg: \(steps.count) steps")
}
