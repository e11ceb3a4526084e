// xml-dom — reads the same trail feed with XMLDocument, the tree (DOM) parser:
// the whole document becomes a tree of nodes first, then XPath queries pick
// what the program needs. It counts the nodes the tree holds, and shows what
// this Foundation does with a broken document and with XPath that is not a
// path: a count, and an expression with a syntax error (run in a child
// process, because it crashes).
import Foundation
#if canImport(FoundationXML)
import FoundationXML  // XMLDocument is in FoundationXML on Linux, and macOS-only on Apple platforms
#endif
import TrailFeed

// Child mode: `xml-dom --xpath EXPRESSION` runs one query over a small document.
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "--xpath" {
    let document = try XMLDocument(xmlString: "<feed><entry/><entry/></feed>")
    print(try document.nodes(forXPath: CommandLine.arguments[2]).count)
    exit(0)
}

func text(_ node: XMLNode, _ path: String) throws -> String? {
    try node.nodes(forXPath: path).first?.stringValue
}

/// Runs one XPath query in a child process, so that a crash ends only the child.
func queryInChild(_ expression: String) throws -> String {
    guard let program = Bundle.main.executableURL else { return "no executable" }
    let child = Process()
    child.executableURL = program
    child.arguments = ["--xpath", expression]
    child.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
    let output = Pipe(), errors = Pipe()
    child.standardOutput = output
    child.standardError = errors
    try child.run()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    child.waitUntilExit()
    let libxml2 = message.split(separator: "\n").first.map { "libxml2 says \"\($0)\", then " } ?? ""
    return child.terminationReason == .uncaughtSignal
        ? "\(libxml2)the child crashed with signal \(child.terminationStatus)"
        : "\(printed.trimmingCharacters(in: .whitespacesAndNewlines)) nodes"
}

do {
    let document = try XMLDocument(data: Data(trailFeedXML.utf8))
    guard let feed = document.rootElement() else { throw CocoaError(.fileReadCorruptFile) }
    print("root <\(feed.name ?? "")> park=\(feed.attribute(forName: "park")?.stringValue ?? "?")")

    // XPath: every entry, then fields relative to each entry.
    var reports: [TrailReport] = []
    for entry in try document.nodes(forXPath: "/feed/entry") {
        guard let id = try text(entry, "@id"), let trail = try text(entry, "trail"),
              let status = try text(entry, "status").flatMap(TrailReport.Status.init(rawValue:)),
              let value = try text(entry, "length").flatMap(Double.init),
              let km = kilometres(value, unit: try text(entry, "length/@unit") ?? ""),
              let checked = try text(entry, "checked").flatMap(feedDate) else { continue }
        reports.append(TrailReport(id: id, trail: trail, status: status, lengthKm: km, checked: checked))
    }
    reports.forEach { print($0.line) }

    // Questions a tree answers in one query, with no model code at all.
    let notOpen = try document.nodes(forXPath: "//entry[status != 'open']/trail").compactMap(\.stringValue)
    print("not open:", notOpen)
    let miles = try document.nodes(forXPath: "//length[@unit='mi']/../@id").compactMap(\.stringValue)
    print("lengths in miles:", miles)

    // What the tree costs: every node stays in memory until the document goes.
    func nodes(_ node: XMLNode) -> [XMLNode.Kind: Int] {
        (node.children ?? []).map(nodes).reduce(into: [node.kind: 1]) { total, part in
            total.merge(part, uniquingKeysWith: +)
        }
    }
    func describe(_ counts: [XMLNode.Kind: Int]) -> String {
        let names: [(XMLNode.Kind, String)] = [(.document, "document"), (.element, "element"), (.text, "text")]
        let total = counts.values.reduce(0, +)
        return names.map { "\($1) \(counts[$0, default: 0])" }.joined(separator: ", ") + " (\(total) in all)"
    }
    print("tree:", describe(nodes(document)))
    let exact = try XMLDocument(data: Data(trailFeedXML.utf8), options: [.nodePreserveWhitespace])
    print("tree with whitespace kept:", describe(nodes(exact)))
    print("attributes:", try document.nodes(forXPath: "//@*").count)

    // A broken document: one closing tag misspelt.
    let broken = trailFeedXML.replacingOccurrences(of: "<status>closed</status>", with: "<status>closed</stat>")
    let repaired = try XMLDocument(data: Data(broken.utf8))
    print("\nBroken feed accepted; entries:", try repaired.nodes(forXPath: "//entry").count)
    print(try repaired.nodes(forXPath: "//entry[@id='cr-102']/status").first?.xmlString ?? "none")

    // XPath that computes a number, and XPath with a syntax error.
    print("\ncount(//entry):", try document.nodes(forXPath: "count(//entry)").count, "nodes")
    print("//entry[:", try queryInChild("//entry["))
} catch {
    print("xml-dom failed: \(error)")
}
