// json-envelope — decodes the trail feed's JSON envelope twice: with Codable
// (types, CodingKeys, a nested container, an ISO 8601 date strategy) and with
// JSONSerialization (a tree of Any, cast step by step). Both build the same
// TrailReport values.
import Foundation
import TrailFeed

/// The envelope: metadata, records and a link to the next page (null on the last).
struct Envelope: Decodable {
    struct Feed: Decodable { var park: String; var generated: Date; var count: Int }
    var feed: Feed
    var reports: [TrailReport]
    var next: URL?
}

extension TrailReport: Decodable {
    // The JSON names on the right; keys not listed here ("ranger", "reason") are ignored.
    enum CodingKeys: String, CodingKey { case id, trail = "trail_name", status, length, checked }
    enum LengthKeys: String, CodingKey { case value, unit }

    public init(from decoder: any Decoder) throws {
        let record = try decoder.container(keyedBy: CodingKeys.self)
        let length = try record.nestedContainer(keyedBy: LengthKeys.self, forKey: .length)
        let unit = try length.decode(String.self, forKey: .unit)
        guard let km = kilometres(try length.decode(Double.self, forKey: .value), unit: unit) else {
            throw DecodingError.dataCorruptedError(forKey: .unit, in: length, debugDescription: "unknown unit \"\(unit)\"")
        }
        self.init(id: try record.decode(String.self, forKey: .id),
                  trail: try record.decode(String.self, forKey: .trail),
                  status: try record.decode(Status.self, forKey: .status),
                  lengthKm: km,
                  checked: try record.decode(Date.self, forKey: .checked))
    }
}

let data = Data(trailFeedJSON.utf8)

// 1. Codable: the shape is declared once, in types.
let decoder = JSONDecoder()
decoder.dateDecodingStrategy = .iso8601
do {
    let envelope = try decoder.decode(Envelope.self, from: data)
    print("Codable: \(envelope.feed.park), \(envelope.feed.count) reports, generated \(envelope.feed.generated.formatted(.iso8601)), next: \(envelope.next?.absoluteString ?? "none")")
    envelope.reports.forEach { print($0.line) }
} catch {
    print("Codable failed: \(error)")
}

// 2. JSONSerialization: a tree of dictionaries, arrays, NSNumber and NSNull.
do {
    let object = try JSONSerialization.jsonObject(with: data)
    guard let top = object as? [String: Any], let records = top["reports"] as? [[String: Any]] else {
        throw CocoaError(.coderReadCorrupt)
    }
    print("\nJSONSerialization: top-level keys \(top.keys.sorted()); next is NSNull: \(top["next"] is NSNull)")
    var reports: [TrailReport] = []
    for record in records {
        guard let id = record["id"] as? String, let trail = record["trail_name"] as? String,
              let status = (record["status"] as? String).flatMap(TrailReport.Status.init(rawValue:)),
              let length = record["length"] as? [String: Any],
              let value = length["value"] as? Double, let unit = length["unit"] as? String,
              let km = kilometres(value, unit: unit),
              let checked = (record["checked"] as? String).flatMap(feedDate) else {
            print("record skipped: \(record["id"] ?? "no id")")
            continue
        }
        reports.append(TrailReport(id: id, trail: trail, status: status, lengthKm: km, checked: checked))
    }
    reports.forEach { print($0.line) }
    let extra = records.flatMap { $0.keys }.filter { !["id", "trail_name", "status", "length", "checked"].contains($0) }
    print("keys the model does not use: \(extra.sorted())")
    // The same number answers more than one cast.
    let count = (top["feed"] as? [String: Any])?["count"]
    print("count as Int: \(count as? Int as Any), as Double: \(count as? Double as Any), as Bool: \(count as? Bool as Any)")
} catch {
    print("JSONSerialization failed: \(error)")
}
