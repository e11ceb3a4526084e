// http-sequence — draws five of the seven requests and responses of the
// rest-client sample as a sequence diagram. It does not run the client: the
// exchanges below are fixed data, copied from rest-client's expected output
// (the second GET and the POST refused with 422 are left out). The client
// and the stub server are columns, each request an arrow to the right, each
// response a dashed arrow back. Labels are in the language named by
// PRIMER_LOCALE (en, ru or zh-Hans); the SVG goes into the folder named by
// PRIMER_FIGURES. It is 320 units wide, for a phone.
import Foundation

struct Exchange {
    var request: String        // method and path: the same in every language
    var body: Bool             // whether the request carries a JSON body
    var status: Int
}

let exchanges = [
    Exchange(request: "GET /trails", body: false, status: 200),
    Exchange(request: "POST /trails", body: true, status: 201),
    Exchange(request: "PUT /trails/3", body: true, status: 200),
    Exchange(request: "DELETE /trails/2", body: true, status: 204),
    Exchange(request: "PUT /trails/9", body: true, status: 404),
]

struct Words {
    var title: String, client: String, server: String, withBody: String
    var statuses: [Int: String]
    var legendRequest: String, legendResponse: String

    static func forLocale(_ locale: String) -> Words {
        switch locale {
        case "ru":
            Words(title: "Запросы и ответы REST-клиента", client: "клиент", server: "сервер-заглушка",
                  withBody: "+ тело JSON",
                  statuses: [200: "OK", 201: "создан", 204: "без содержимого", 404: "не найден"],
                  legendRequest: "запрос", legendResponse: "ответ: код состояния")
        case "zh-Hans":
            Words(title: "REST 客户端的请求与响应", client: "客户端", server: "桩服务器",
                  withBody: "+ JSON 请求体",
                  statuses: [200: "成功", 201: "已创建", 204: "无内容", 404: "未找到"],
                  legendRequest: "请求", legendResponse: "响应：状态码")
        default:
            Words(title: "Requests and responses of the REST client", client: "client", server: "stub server",
                  withBody: "+ JSON body",
                  statuses: [200: "OK", 201: "Created", 204: "No Content", 404: "Not Found"],
                  legendRequest: "request", legendResponse: "response: status code")
        }
    }
}

enum Ink {
    static let text = "#222222"
    static let arrow = "#333333"
    static let answer = "#2b5797"
    static let error = "#b00020"
    static let lifeline = "#999999"
    static let boxFill = "#e3ecf8"
    static let boxStroke = "#2b5797"
}

let width = 320.0
let (left, right) = (70.0, 250.0)
let step = 30.0

func n(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
}

/// An arrowhead in `colour`, named after it: `url(#head-333333)`.
func marker(_ colour: String) -> String {
    "<marker id=\"head-\(colour.dropFirst())\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"9\" "
        + "markerHeight=\"9\" markerUnits=\"userSpaceOnUse\" orient=\"auto\">"
        + "<path d=\"M0,0 L10,5 L0,10 z\" fill=\"\(colour)\"/></marker>"
}

func head(_ colour: String) -> String { "url(#head-\(colour.dropFirst()))" }

func diagram(_ words: Words) -> String {
    var lines = ["<title>\(escaped(words.title))</title>",
                 "<defs>" + [Ink.arrow, Ink.answer, Ink.error].map(marker).joined() + "</defs>",
                 "<text x=\"6\" y=\"18\" font-size=\"13\" font-weight=\"bold\" fill=\"\(Ink.text)\">"
                 + "\(escaped(words.title))</text>"]
    let boxTop = 30.0, boxHeight = 28.0
    let end = boxTop + boxHeight + step * Double(exchanges.count * 2) + 10
    for (x, name) in [(left, words.client), (right, words.server)] {
        lines.append("<line x1=\"\(n(x))\" y1=\"\(n(boxTop + boxHeight))\" x2=\"\(n(x))\" y2=\"\(n(end))\" "
            + "stroke=\"\(Ink.lifeline)\" stroke-dasharray=\"3,3\"/>")
        lines.append("<rect x=\"\(n(x - 60))\" y=\"\(n(boxTop))\" width=\"120\" height=\"\(n(boxHeight))\" rx=\"6\" "
            + "fill=\"\(Ink.boxFill)\" stroke=\"\(Ink.boxStroke)\" stroke-width=\"1.5\"/>")
        let size = name.count > 12 ? 12 : 13             // a long name one size smaller
        lines.append("<text x=\"\(n(x))\" y=\"\(n(boxTop + 19))\" font-size=\"\(size)\" font-weight=\"bold\" "
            + "text-anchor=\"middle\" fill=\"\(Ink.text)\">\(escaped(name))</text>")
    }
    for (index, exchange) in exchanges.enumerated() {
        let y = boxTop + boxHeight + step * Double(index * 2 + 1)
        let label = exchange.request + (exchange.body ? " " + words.withBody : "")
        lines.append("<text x=\"\(n((left + right) / 2))\" y=\"\(n(y - 7))\" font-size=\"12\" "
            + "text-anchor=\"middle\" fill=\"\(Ink.text)\">\(escaped(label))</text>")
        lines.append("<line x1=\"\(n(left))\" y1=\"\(n(y))\" x2=\"\(n(right - 3))\" y2=\"\(n(y))\" "
            + "stroke=\"\(Ink.arrow)\" stroke-width=\"2\" marker-end=\"\(head(Ink.arrow))\"/>")
        let back = y + step
        let colour = exchange.status >= 400 ? Ink.error : Ink.answer
        lines.append("<text x=\"\(n((left + right) / 2))\" y=\"\(n(back - 7))\" font-size=\"12\" "
            + "text-anchor=\"middle\" fill=\"\(colour)\">\(exchange.status) \(escaped(words.statuses[exchange.status]!))</text>")
        lines.append("<line x1=\"\(n(right))\" y1=\"\(n(back))\" x2=\"\(n(left + 3))\" y2=\"\(n(back))\" "
            + "stroke=\"\(colour)\" stroke-width=\"1.5\" stroke-dasharray=\"6,4\" marker-end=\"\(head(colour))\"/>")
    }
    var y = end + 20
    for (label, dashed) in [(words.legendRequest, false), (words.legendResponse, true)] {
        lines.append("<line x1=\"10\" y1=\"\(n(y - 4))\" x2=\"52\" y2=\"\(n(y - 4))\" stroke=\"\(Ink.arrow)\" "
            + "stroke-width=\"1.5\"\(dashed ? " stroke-dasharray=\"6,4\"" : "") marker-end=\"\(head(Ink.arrow))\"/>")
        lines.append("<text x=\"62\" y=\"\(n(y))\" font-size=\"12\" fill=\"\(Ink.text)\">\(escaped(label))</text>")
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
    try diagram(words).write(to: folder.appendingPathComponent("http-sequence.svg"), atomically: true, encoding: .utf8)
    print("http-sequence.svg: \(exchanges.count) requests, \(exchanges.count) responses")
} catch {
    FileHandle.standardError.write(Data("http-sequence: \(error)\n".utf8))
    exit(1)
}
