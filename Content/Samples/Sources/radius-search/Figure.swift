// The radius search drawn as SVG: the bounding box, the circle, and every
// place marked by what the two steps did with it. 320 units wide, for a phone;
// white background and fixed colours, as the other figures of the course.
import Foundation
import GeoMath

struct Words {
    var title: String, box: String, circle: String
    var kept: String, dropped: String, outside: String
    var colon = ": "                                   // before a count: full-width in Chinese

    static func forLocale(_ locale: String) -> Words {
        switch locale {
        case "ru":
            Words(title: "Поиск в радиусе 8 км", box: "ограничивающий прямоугольник",
                  circle: "окружность радиусом 8 км", kept: "в радиусе", dropped: "в прямоугольнике, но дальше 8 км",
                  outside: "вне прямоугольника")
        case "zh-Hans":
            Words(title: "8 公里半径内的搜索", box: "边界框", circle: "半径 8 公里的圆",
                  kept: "在半径内", dropped: "在边界框内但超过 8 公里", outside: "在边界框外",
                  colon: "：")
        default:
            Words(title: "Search within 8 km", box: "bounding box", circle: "circle of radius 8 km",
                  kept: "within the radius", dropped: "in the box, farther than 8 km",
                  outside: "outside the box")
        }
    }
}

enum Ink {
    static let text = "#222222"
    static let box = "#333333"
    static let kept = "#2b5797"
    static let dropped = "#b00020"
    static let outside = "#999999"
}

struct RadiusFigure {
    var center: Coordinate
    var radius: Double
    var box: BoundingBox
    var points: [Coordinate]
    var words: Words

    func n(_ value: Double) -> String { String(format: "%.1f", value) }
    func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }

    func svg() -> String {
        let width = 320.0, mapTop = 30.0, mapSize = 300.0
        let halfHeight = box.latitudes.upperBound - center.latitude
        let scale = mapSize / 2 / (halfHeight * 1.4)             // pixels per degree of latitude
        let shrink = cos(center.latitude * .pi / 180)           // a degree of longitude is shorter
        func x(_ point: Coordinate) -> Double { 160 + (point.longitude - center.longitude) * shrink * scale }
        func y(_ point: Coordinate) -> Double { mapTop + mapSize / 2 - (point.latitude - center.latitude) * scale }

        var lines = ["<title>\(escaped(words.title))</title>",
                     "<text x=\"10\" y=\"20\" font-size=\"14\" font-weight=\"bold\" fill=\"\(Ink.text)\">"
                     + "\(escaped(words.title))</text>"]
        let west = box.longitudes[0].lowerBound, east = box.longitudes[0].upperBound
        let corner = Coordinate(box.latitudes.upperBound, west)
        let far = Coordinate(box.latitudes.lowerBound, east)
        lines.append("<rect x=\"\(n(x(corner)))\" y=\"\(n(y(corner)))\" width=\"\(n(x(far) - x(corner)))\" "
            + "height=\"\(n(y(far) - y(corner)))\" fill=\"none\" stroke=\"\(Ink.box)\" stroke-width=\"1.5\" "
            + "stroke-dasharray=\"6,4\"/>")
        let circleRadius = radius / earthRadius * 180 / .pi * scale
        lines.append("<circle cx=\"\(n(x(center)))\" cy=\"\(n(y(center)))\" r=\"\(n(circleRadius))\" "
            + "fill=\"none\" stroke=\"\(Ink.kept)\" stroke-width=\"1.5\"/>")
        lines.append("<path d=\"M\(n(x(center) - 5)),\(n(y(center))) h10 M\(n(x(center))),\(n(y(center) - 5)) v10\" "
            + "stroke=\"\(Ink.text)\" stroke-width=\"1.5\"/>")
        var counts = [0, 0, 0]
        for point in points {
            let px = x(point), py = y(point)
            let kind = !box.contains(point) ? 2 : haversine(center, point) <= radius ? 0 : 1
            counts[kind] += 1
            guard (4...(width - 4)).contains(px), ((mapTop + 4)...(mapTop + mapSize - 4)).contains(py) else {
                continue                                        // beyond the edge of the map
            }
            lines.append(marker(kind, px, py))
        }
        // The legend names the two outlines as well as the markers: a label on
        // the map itself would cover the markers along the edge of the box.
        var row = mapTop + mapSize + 22
        lines.append("<path d=\"M8,\(n(row - 4)) h20\" stroke=\"\(Ink.box)\" stroke-width=\"1.5\" "
            + "stroke-dasharray=\"6,4\"/>")
        lines.append("<text x=\"32\" y=\"\(n(row))\" font-size=\"12\" fill=\"\(Ink.text)\">\(escaped(words.box))</text>")
        row += 20
        lines.append("<path d=\"M8,\(n(row - 4)) h20\" stroke=\"\(Ink.kept)\" stroke-width=\"1.5\"/>")
        lines.append("<text x=\"32\" y=\"\(n(row))\" font-size=\"12\" fill=\"\(Ink.text)\">\(escaped(words.circle))</text>")
        row += 20
        for (kind, label) in [words.kept, words.dropped, words.outside].enumerated() {
            lines.append(marker(kind, 18, row - 4))
            lines.append("<text x=\"32\" y=\"\(n(row))\" font-size=\"12\" fill=\"\(Ink.text)\">"
                + "\(escaped(label))\(words.colon)\(counts[kind])</text>")
            row += 20
        }
        let height = row
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" "
            + "viewBox=\"0 0 \(Int(width)) \(Int(height))\" font-family=\"sans-serif\">\n"
            + "  <rect x=\"0\" y=\"0\" width=\"\(Int(width))\" height=\"\(Int(height))\" fill=\"#ffffff\"/>\n"
            + lines.map { "  " + $0 + "\n" }.joined() + "</svg>\n"
    }

    /// A filled dot (kept), a hollow ring (dropped by the exact check) or a small grey dot (not read).
    func marker(_ kind: Int, _ px: Double, _ py: Double) -> String {
        switch kind {
        case 0: "<circle cx=\"\(n(px))\" cy=\"\(n(py))\" r=\"4\" fill=\"\(Ink.kept)\"/>"
        case 1: "<circle cx=\"\(n(px))\" cy=\"\(n(py))\" r=\"4\" fill=\"none\" stroke=\"\(Ink.dropped)\" stroke-width=\"2\"/>"
        default: "<circle cx=\"\(n(px))\" cy=\"\(n(py))\" r=\"2.5\" fill=\"\(Ink.outside)\"/>"
        }
    }
}
