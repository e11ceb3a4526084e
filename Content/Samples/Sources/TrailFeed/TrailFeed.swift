// TrailFeed — the invented feed that chapter 15's samples read: trail-condition
// reports from a park's rangers, as XML (an Atom-like feed) and as a JSON
// envelope. The data is fixed, so every run prints the same thing.
import Foundation

/// One trail-condition report, the model that every parser in the chapter builds.
public struct TrailReport: Sendable, Equatable {
    public enum Status: String, Sendable, Decodable { case open, caution, closed }

    public var id: String
    public var trail: String
    public var status: Status
    public var lengthKm: Double
    public var checked: Date

    public init(id: String, trail: String, status: Status, lengthKm: Double, checked: Date) {
        self.id = id
        self.trail = trail
        self.status = status
        self.lengthKm = lengthKm
        self.checked = checked
    }

    /// One line per report, the same for every parser, so that outputs can be compared.
    public var line: String {
        let km = lengthKm.formatted(.number.precision(.fractionLength(1)))
        let date = checked.formatted(.iso8601)
        return "\(id)  \(trail.padding(toLength: 15, withPad: " ", startingAt: 0)) \(status.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) \(km) km  \(date)"
    }
}

/// The feed as XML: three entries, one with an entity in its text.
public let trailFeedXML = """
<?xml version="1.0" encoding="UTF-8"?>
<feed park="Cedar Ridge">
  <title>Trail conditions</title>
  <entry id="cr-101">
    <trail>North Loop</trail>
    <status>open</status>
    <length unit="km">7.5</length>
    <checked>2026-03-01T16:30:00Z</checked>
  </entry>
  <entry id="cr-102">
    <trail>Falls &amp; Gorge</trail>
    <status>closed</status>
    <length unit="mi">2.6</length>
    <checked>2026-03-02T07:15:00Z</checked>
  </entry>
  <entry id="cr-103">
    <trail>Pine Steps</trail>
    <status>caution</status>
    <length unit="km">3.1</length>
    <checked>2026-03-02T09:40:00Z</checked>
  </entry>
</feed>
"""

/// Converts a length in the feed's units to kilometres; nil for a unit the feed does not use.
public func kilometres(_ value: Double, unit: String) -> Double? {
    switch unit {
    case "km": value
    case "mi": value * 1.609344
    default: nil
    }
}

/// Parses the feed's dates: ISO 8601 in UTC, as the feed writes them.
public func feedDate(_ text: String) -> Date? {
    try? Date(text, strategy: .iso8601)
}

/// The same reports as a JSON envelope: metadata, the records, and a paging link.
/// Keys are in snake_case, lengths are nested objects, and some records carry
/// keys that the app does not model.
public let trailFeedJSON = """
{
  "feed": { "park": "Cedar Ridge", "generated": "2026-03-02T10:00:00Z", "count": 3 },
  "reports": [
    { "id": "cr-101", "trail_name": "North Loop", "status": "open",
      "length": { "value": 7.5, "unit": "km" }, "checked": "2026-03-01T16:30:00Z", "ranger": "I. Marsh" },
    { "id": "cr-102", "trail_name": "Falls & Gorge", "status": "closed",
      "length": { "value": 2.6, "unit": "mi" }, "checked": "2026-03-02T07:15:00Z", "reason": "rockfall" },
    { "id": "cr-103", "trail_name": "Pine Steps", "status": "caution",
      "length": { "value": 3.1, "unit": "km" }, "checked": "2026-03-02T09:40:00Z" }
  ],
  "next": null
}
"""
