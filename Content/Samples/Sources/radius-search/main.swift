// radius-search — places within a radius of a point, found in two steps: an
// indexed latitude/longitude range query in SQLite (the bounding box), then
// the exact haversine distance for the rows the box kept. Then the same
// search across the 180th meridian and near the North Pole, and a figure of
// the first search (labels in the language named by PRIMER_LOCALE).
import Foundation
import GeoMath

struct Place {
    var name: String
    var position: Coordinate
}

// Invented places: a fixed pseudo-random scatter around a centre.
struct Scatter {
    var state: UInt64
    mutating func next() -> Double {                     // in 0..<1
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / Double(1 << 53)
    }
}

let center = Coordinate(47.3, 8.5)
let radius = 8_000.0
var scatter = Scatter(state: 17)
let places = (1...150).map { number in
    Place(name: String(format: "P%03d", number),
          position: Coordinate(center.latitude + (scatter.next() - 0.5) * 0.26,
                               center.longitude + (scatter.next() - 0.5) * 0.38))
}

// snippet.schema
let db = try Database()
try db.run("CREATE TABLE place (name TEXT PRIMARY KEY, latitude REAL NOT NULL, longitude REAL NOT NULL)")
try db.run("CREATE INDEX place_position ON place (latitude, longitude)")
for place in places {
    try db.run("INSERT INTO place VALUES (?1, ?2, ?3)",
               [.text(place.name), .real(place.position.latitude), .real(place.position.longitude)])
}
// snippet.end

// snippet.query
/// The SQL for a box: one BETWEEN for the latitudes, one per longitude range.
func boxQuery(_ box: BoundingBox) -> (sql: String, parameters: [Parameter]) {
    let longitudes = box.longitudes.indices
        .map { "longitude BETWEEN ?\($0 * 2 + 3) AND ?\($0 * 2 + 4)" }
        .joined(separator: " OR ")
    let sql = "SELECT name, latitude, longitude FROM place "
        + "WHERE latitude BETWEEN ?1 AND ?2 AND (\(longitudes))"
    let bounds = [box.latitudes] + box.longitudes
    return (sql, bounds.flatMap { [.real($0.lowerBound), .real($0.upperBound)] })
}

/// The box from SQLite first, then the exact distance; nearest first.
func search(_ db: Database, around center: Coordinate, within radius: Double)
    throws(SQLiteError) -> (kept: Int, found: [(name: String, metres: Double)]) {
    let (sql, parameters) = boxQuery(BoundingBox(around: center, radius: radius))
    let rows = try db.rows(sql, parameters) { row in
        (name: row.text(0), metres: haversine(center, Coordinate(row.real(1), row.real(2))))
    }
    let found = rows.filter { $0.metres <= radius }
    return (rows.count, found.sorted { $0.metres < $1.metres })
}
// snippet.end

// snippet.run
let box = BoundingBox(around: center, radius: radius)
print(String(format: "box: latitude %.4f…%.4f, longitude %.4f…%.4f",
             box.latitudes.lowerBound, box.latitudes.upperBound,
             box.longitudes[0].lowerBound, box.longitudes[0].upperBound))
let plan = try db.rows("EXPLAIN QUERY PLAN " + boxQuery(box).sql, boxQuery(box).parameters) { $0.text(3) }
print("plan:", plan.joined(separator: "; "))
let result = try search(db, around: center, within: radius)
print("rows: \(places.count), kept by the box: \(result.kept), within \(Int(radius)) m: \(result.found.count)")
for (name, metres) in result.found.prefix(3) {
    print("  \(name) \(Int(metres.rounded())) m")
}
// snippet.end

// snippet.edges
// Across the 180th meridian (Fiji lies on it) and near the North Pole.
try db.run("DELETE FROM place")
let edges = [("E1", -17.00, 179.99), ("E2", -17.03, 179.94), ("W1", -16.99, -179.97),
             ("W2", -17.04, -179.99), ("far", -17.00, -179.70),
             ("N1", 89.97, 30.0), ("N2", 89.97, -150.0), ("N3", 89.85, 30.0)]
for (name, latitude, longitude) in edges {
    try db.run("INSERT INTO place VALUES (?1, ?2, ?3)", [.text(name), .real(latitude), .real(longitude)])
}
for center in [Coordinate(-17.0, 179.98), Coordinate(89.95, 30.0)] {
    let box = BoundingBox(around: center, radius: 10_000)
    let ranges = box.longitudes.map { String(format: "%.4f…%.4f", $0.lowerBound, $0.upperBound) }
    let result = try search(db, around: center, within: 10_000)
    print("around \(center.latitude), \(center.longitude): longitudes \(ranges.joined(separator: " and "))")
    print("  kept \(result.kept), found", result.found.map { "\($0.name) \(Int($0.metres.rounded())) m" })
}
// Without the two special cases: one range past 180, and a NaN near the pole.
let naive = try db.rows("SELECT name FROM place WHERE latitude BETWEEN -17.09 AND -16.91 "
                        + "AND longitude BETWEEN 179.886 AND 180.074") { $0.text(0) }
print("one range 179.886…180.074 keeps", naive)
let angle = 10_000 / earthRadius
print("half-width at 89.95°:", asin(sin(angle) / cos(89.95 * .pi / 180)))
// snippet.end

// The figure of the first search.
let environment = ProcessInfo.processInfo.environment
let folder = URL(fileURLWithPath: environment["PRIMER_FIGURES"] ?? ".", isDirectory: true)
let svg = RadiusFigure(center: center, radius: radius, box: box, points: places.map(\.position),
                       words: .forLocale(environment["PRIMER_LOCALE"] ?? "en")).svg()
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
try svg.write(to: folder.appendingPathComponent("radius-search.svg"), atomically: true, encoding: .utf8)
print("radius-search.svg written")
