// json-errors — breaks the trail feed's JSON one fault at a time and prints
// what JSONDecoder reports for each: the DecodingError case, the coding path
// and the description. The last fault is broken syntax, seen by both
// JSONDecoder and JSONSerialization.
import Foundation

struct Envelope: Decodable {
    struct Feed: Decodable { var park: String; var generated: Date }
    struct Report: Decodable {
        enum Status: String, Decodable { case open, caution, closed }
        struct Length: Decodable { var value: Double; var unit: String }
        enum CodingKeys: String, CodingKey { case id, trail = "trail_name", status, length }
        var id: String; var trail: String; var status: Status; var length: Length
    }
    var feed: Feed
    var reports: [Report]
}

let feed = #""feed": {"park": "Cedar Ridge", "generated": "2026-03-02T10:00:00Z"}"#
let good = #"{"id": "cr-101", "trail_name": "North Loop", "status": "open", "length": {"value": 7.5, "unit": "km"}}"#

/// Each fault: a name and the document that has it (the second record is the broken one).
let faults: [(String, String)] = [
    ("number as a string", #"{"id": "cr-102", "trail_name": "Falls", "status": "closed", "length": {"value": "2.6", "unit": "mi"}}"#),
    ("key missing", #"{"id": "cr-102", "status": "closed", "length": {"value": 2.6, "unit": "mi"}}"#),
    ("null for a String", #"{"id": "cr-102", "trail_name": null, "status": "closed", "length": {"value": 2.6, "unit": "mi"}}"#),
    ("unknown enum value", #"{"id": "cr-102", "trail_name": "Falls", "status": "muddy", "length": {"value": 2.6, "unit": "mi"}}"#),
].map { ($0.0, "{\(feed), \"reports\": [\(good), \($0.1)]}") } + [
    ("date not ISO 8601", #"{"feed": {"park": "Cedar Ridge", "generated": "2 March 2026"}, "reports": []}"#),
    ("broken syntax", #"{"feed": {"park": "Cedar Ridge" "generated": "2026-03-02T10:00:00Z"}, "reports": []}"#),
]

/// The coding path as a reader would write it: reports[1].length.value
func path(_ keys: [any CodingKey]) -> String {
    let text = keys.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined().drop { $0 == "." }
    return text.isEmpty ? "(top level)" : String(text)
}

let decoder = JSONDecoder()
decoder.dateDecodingStrategy = .iso8601
for (name, json) in faults {
    print("— \(name)")
    do {
        _ = try decoder.decode(Envelope.self, from: Data(json.utf8))
        print("  decoded without error")
    } catch let error as DecodingError {
        switch error {
        case .typeMismatch(let type, let context):
            print("  typeMismatch(\(type)) at \(path(context.codingPath))\n  \(context.debugDescription)")
        case .valueNotFound(let type, let context):
            print("  valueNotFound(\(type)) at \(path(context.codingPath))\n  \(context.debugDescription)")
        case .keyNotFound(let key, let context):
            print("  keyNotFound(\"\(key.stringValue)\") at \(path(context.codingPath))\n  \(context.debugDescription)")
        case .dataCorrupted(let context):
            print("  dataCorrupted at \(path(context.codingPath))\n  \(context.debugDescription)")
            print("  underlying error: \(context.underlyingError.map { "\($0)" } ?? "none")")
        @unknown default:
            print("  \(error)")
        }
    } catch {
        print("  not a DecodingError: \(error)")
    }
}

// The syntax error again, through JSONSerialization: an NSError, no coding path.
do {
    _ = try JSONSerialization.jsonObject(with: Data(faults[faults.count - 1].1.utf8))
} catch let error as NSError {
    print("— JSONSerialization: \(error.domain) \(error.code): \(error.userInfo[NSDebugDescriptionErrorKey] ?? "")")
}
