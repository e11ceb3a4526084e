// feed-tree — one small entry of the trail feed read both ways: XMLParser's
// events are numbered in the order they arrive, XMLDocument's nodes are
// counted, and the tree is drawn with each node's event numbers beside it
// (Figure.swift). Labels are in the language named by PRIMER_LOCALE.
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

let xml = #"<feed><title>Trail conditions</title><entry id="cr-101"><trail>North Loop</trail><status>open</status></entry></feed>"#

/// A node of the tree as the events describe it: its depth and the numbers of its events.
struct Row { var label: String; var depth: Int; var isText: Bool; var start: Int; var end: Int? }

final class Recorder: NSObject, XMLParserDelegate {
    var log: [String] = []
    var rows: [Row] = []
    private var open: [Int] = []  // indexes in `rows` of the elements not yet closed

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes: [String: String] = [:]) {
        log.append("start <\(elementName)>")
        let label = attributes.sorted { $0.key < $1.key }.reduce(elementName) { "\($0) \($1.key)=\"\($1.value)\"" }
        rows.append(Row(label: label, depth: open.count, isText: false, start: log.count))
        open.append(rows.count - 1)
    }
    func parser(_ parser: XMLParser, foundCharacters string: String) {
        log.append("text \"\(string)\"")
        rows.append(Row(label: "\"\(string)\"", depth: open.count, isText: true, start: log.count))
    }
    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?) {
        log.append("end </\(elementName)>")
        if let index = open.popLast() { rows[index].end = log.count }
    }
}

let recorder = Recorder()
let parser = XMLParser(data: Data(xml.utf8))
parser.delegate = recorder
guard parser.parse() else { fatalError("the feed is well formed") }
for (number, event) in recorder.log.enumerated() { print("\(number + 1). \(event)") }

do {
    let document = try XMLDocument(xmlString: xml)
    func count(_ node: XMLNode) -> Int { 1 + (node.children ?? []).map(count).reduce(0, +) }
    print("SAX: \(recorder.log.count) events, at most \(recorder.rows.map(\.depth).max() ?? 0) open elements at a time")
    print("DOM: \(count(document) - 1) nodes under the document, all alive until it is released")
    try drawFigure(recorder.rows)
} catch {
    print("feed-tree failed: \(error)")
}
