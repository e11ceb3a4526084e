// track-speed — an invented GPX track read with XMLParser, thinned by a
// distance filter that drops fixes closer than 10 m to the last kept one,
// then the total distance, the speed of each segment and the average speed.
import Foundation
#if canImport(FoundationXML)
import FoundationXML            // XMLParser on Linux
#endif
import GeoMath

// snippet.gpx
let gpx = """
<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="course sample" xmlns="http://www.topografix.com/GPX/1/1">
  <trk><name>Harbour loop</name><trkseg>
    <trkpt lat="47.30000" lon="8.50000"><time>2026-05-02T08:00:00Z</time></trkpt>
    <trkpt lat="47.30004" lon="8.50003"><time>2026-05-02T08:00:05Z</time></trkpt>
    <trkpt lat="47.30090" lon="8.50060"><time>2026-05-02T08:01:00Z</time></trkpt>
    <trkpt lat="47.30095" lon="8.50062"><time>2026-05-02T08:01:04Z</time></trkpt>
    <trkpt lat="47.30088" lon="8.50057"><time>2026-05-02T08:01:08Z</time></trkpt>
    <trkpt lat="47.30096" lon="8.50065"><time>2026-05-02T08:01:12Z</time></trkpt>
    <trkpt lat="47.30180" lon="8.50150"><time>2026-05-02T08:02:10Z</time></trkpt>
    <trkpt lat="47.30260" lon="8.50330"><time>2026-05-02T08:03:20Z</time></trkpt>
    <trkpt lat="47.30262" lon="8.50335"><time>2026-05-02T08:03:30Z</time></trkpt>
    <trkpt lat="47.30300" lon="8.50600"><time>2026-05-02T08:05:00Z</time></trkpt>
  </trkseg></trk>
</gpx>
"""
// snippet.end

// snippet.parser
struct Fix {
    var position: Coordinate
    var time: Date
}

enum TrackError: Error {
    case syntax(String, line: Int)
    case badPoint(line: Int)
}

/// Collects <trkpt> elements: lat and lon from the attributes, the time from
/// the text of the child <time>.
final class TrackReader: NSObject, XMLParserDelegate {
    private(set) var fixes: [Fix] = []
    private(set) var failure: TrackError?
    private var position: Coordinate?
    private var text = ""
    private let dates = ISO8601DateFormatter()

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        text = ""
        guard name == "trkpt" else { return }
        if let lat = attributes["lat"].flatMap(Double.init), let lon = attributes["lon"].flatMap(Double.init),
           (-90...90).contains(lat), (-180...180).contains(lon) {
            position = Coordinate(lat, lon)
        } else {
            stop(parser, .badPoint(line: parser.lineNumber))
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
                qualifiedName: String?) {
        guard name == "time", let current = position else { return }
        guard let time = dates.date(from: text) else { return stop(parser, .badPoint(line: parser.lineNumber)) }
        fixes.append(Fix(position: current, time: time))
        position = nil
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        if failure == nil { failure = .syntax("\(parseError)", line: parser.lineNumber) }
    }

    private func stop(_ parser: XMLParser, _ error: TrackError) {
        failure = error
        parser.abortParsing()
    }
}

func readTrack(_ document: String) throws(TrackError) -> [Fix] {
    let parser = XMLParser(data: Data(document.utf8))
    let reader = TrackReader()
    parser.delegate = reader
    _ = parser.parse()
    if let failure = reader.failure { throw failure }
    return reader.fixes
}
// snippet.end

// snippet.filter
/// Keeps the first fix and every fix at least `minimum` metres from the
/// last fix it kept, as CLLocationManager.distanceFilter does with updates.
func distanceFiltered(_ fixes: [Fix], minimum: Double) -> [Fix] {
    var kept: [Fix] = []
    for fix in fixes {
        if let last = kept.last, haversine(last.position, fix.position) < minimum { continue }
        kept.append(fix)
    }
    return kept
}
// snippet.end

// snippet.run
let fixes = try readTrack(gpx)
let kept = distanceFiltered(fixes, minimum: 10)
print("fixes: \(fixes.count), kept by the 10 m filter: \(kept.count)")
var total = 0.0
for (from, to) in zip(kept, kept.dropFirst()) {
    let metres = haversine(from.position, to.position)
    let seconds = to.time.timeIntervalSince(from.time)
    total += metres
    print(String(format: "  %4.0f m in %3.0f s  %5.2f m/s  %4.1f km/h",
                 metres, seconds, metres / seconds, metres / seconds * 3.6))
}
if let first = kept.first, let last = kept.last, last.time > first.time {
    let elapsed = last.time.timeIntervalSince(first.time)
    print(String(format: "total %.0f m in %.0f s, average %.2f m/s (%.1f km/h)",
                 total, elapsed, total / elapsed, total / elapsed * 3.6))
}
let unfiltered = zip(fixes, fixes.dropFirst()).reduce(0.0) { $0 + haversine($1.0.position, $1.1.position) }
print(String(format: "without the filter: %.0f m", unfiltered))
// snippet.end

// snippet.errors
/// A track of one point, one element per line: the point is on line 3.
func oneLineEach(_ point: String) -> String {
    "<gpx><trk>\n<trkseg>\n\(point)\n</trkseg>\n</trk></gpx>"
}
let broken = [
    #"<trkpt lat="47.3" lon="8.5"><time>2026-05-02T08:00:00Z</time>"#,               // no </trkpt>
    #"<trkpt lat="97.3" lon="8.5"><time>2026-05-02T08:00:00Z</time></trkpt>"#,
    #"<trkpt lat="47.3" lon="8.5"><time>yesterday</time></trkpt>"#,
].map(oneLineEach)
for document in broken {
    do {
        _ = try readTrack(document)
    } catch .syntax(_, let line) {
        print("syntax error, line \(line)")
    } catch .badPoint(let line) {
        print("bad point, line \(line)")
    }
}
// snippet.end
