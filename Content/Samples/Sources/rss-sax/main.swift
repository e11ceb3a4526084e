// rss-sax — reads the trail feed with XMLParser, the event-driven (SAX) parser:
// the delegate builds each TrailReport while the events arrive and keeps only
// the entry it is working on. Then a broken copy of the feed shows what the
// parser reports, and where.
import Foundation
#if canImport(FoundationXML)
import FoundationXML  // XMLParser lives here on Linux; on Apple platforms Foundation has it
#endif
import TrailFeed

/// Builds reports from parser events. XMLParser needs an NSObject as its delegate.
final class FeedReader: NSObject, XMLParserDelegate {
    private(set) var reports: [TrailReport] = []
    private(set) var events: [String: Int] = [:]
    private(set) var problems: [String] = []
    private(set) var eventsAfterError = 0
    private(set) var textInPieces: [[String]] = []
    private var failed = false

    // The entry being read, and the text of the element being read.
    private var id: String?
    private var fields: [String: String] = [:]
    private var unit = ""
    private var text = ""
    private var pieces: [String] = []

    private func count(_ kind: String) {
        events[kind, default: 0] += 1
        if failed { eventsAfterError += 1 }
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes: [String: String] = [:]) {
        count("start")
        switch elementName {
        case "entry": id = attributes["id"]; fields = [:]
        case "length": unit = attributes["unit"] ?? ""
        default: break
        }
        text = ""
        pieces = []
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        count("text")
        text += string  // one element's text may arrive in several pieces
        pieces.append(string)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?) {
        count("end")
        switch elementName {
        case "trail", "status", "length", "checked":
            fields[elementName] = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if pieces.count > 1 { textInPieces.append(pieces) }
        case "entry":
            finishEntry()
        default: break
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        failed = true
        let error = parseError as NSError
        problems.append("\(error.domain) \(error.code) at line \(parser.lineNumber), column \(parser.columnNumber)")
    }

    private func finishEntry() {
        guard let id, let trail = fields["trail"],
              let status = fields["status"].flatMap(TrailReport.Status.init(rawValue:)),
              let length = fields["length"].flatMap(Double.init).flatMap({ kilometres($0, unit: unit) }),
              let checked = fields["checked"].flatMap(feedDate) else {
            problems.append("entry \(id ?? "?") skipped: \(fields.keys.sorted())")
            return
        }
        reports.append(TrailReport(id: id, trail: trail, status: status, lengthKm: length, checked: checked))
    }
}

func read(_ xml: String) -> (ok: Bool, reader: FeedReader) {
    let parser = XMLParser(data: Data(xml.utf8))
    let reader = FeedReader()
    parser.delegate = reader  // the parser does not keep its delegate alive: `reader` does
    return (parser.parse(), reader)
}

let (ok, reader) = read(trailFeedXML)
print("parse() returned \(ok)")
reader.reports.forEach { print($0.line) }
print("events:", reader.events.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
print("text in several pieces:", reader.textInPieces)

// The same feed with one closing tag misspelt in the second entry.
let broken = trailFeedXML.replacingOccurrences(of: "<status>closed</status>", with: "<status>closed</stat>")
let (brokenOK, brokenReader) = read(broken)
print("\nBroken feed: parse() returned \(brokenOK)")
brokenReader.problems.forEach { print($0) }
print("reports built:", brokenReader.reports.map(\.id))
print("events after the error:", brokenReader.eventsAfterError)
let name = XMLParser.ErrorCode(rawValue: 76).map { "\($0)" } ?? "none"
print("ErrorCode(rawValue: 76) is \(name); tagNameMismatchError is \(XMLParser.ErrorCode.tagNameMismatchError.rawValue)")
