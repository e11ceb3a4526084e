// svg-shapes — draws the geometry chapter's figures as SVG, labelled in the
// language named by PRIMER_LOCALE (en, ru or zh-Hans; English when unset).
//
// The shapes are computed with the chapter's own types: the frame in the first
// figure is the bounding box that Transform gives, and the curves in the second
// are TimingCurve.progress(at:). Files go into the folder named by PRIMER_FIGURES
// (the current folder when unset). Both drawings are 340 points wide, for a
// phone, and carry colours for a light and a dark page.
import Foundation
import Geometry

struct Words {
    var frameTitle, superview, frame, bounds, center, rotation: String
    var curvesTitle, time, progress: String

    static func forLocale(_ locale: String) -> Words {
        switch locale {
        case "ru":
            Words(frameTitle: "frame, bounds и center повёрнутого представления",
                  superview: "система координат суперпредставления", frame: "frame — охватывающий прямоугольник",
                  bounds: "bounds — собственный размер,", center: "center", rotation: "поворот на 30°",
                  curvesTitle: "Кривые анимации", time: "доля времени", progress: "доля изменения")
        case "zh-Hans":
            Words(frameTitle: "旋转后视图的 frame、bounds 与 center",
                  superview: "父视图的坐标系", frame: "frame：外接矩形",
                  bounds: "bounds：视图自身的尺寸为", center: "center", rotation: "旋转 30°",
                  curvesTitle: "动画的时间曲线", time: "已过时间比例", progress: "变化完成比例")
        default:
            Words(frameTitle: "frame, bounds and center of a rotated view",
                  superview: "the superview's coordinate system", frame: "frame: the bounding box",
                  bounds: "bounds: the view's own size,", center: "center", rotation: "rotated by 30°",
                  curvesTitle: "Animation timing curves", time: "fraction of the time", progress: "fraction of the change")
        }
    }
}

enum Colour {
    static let background = ("#ffffff", "#1e2126")
    static let ink = ("#1d1f23", "#e6e8eb")
    static let muted = ("#555b66", "#a8afba")
    static let rule = ("#d9dce1", "#353a42")
    static let series = [("#2b6cb0", "#63b3ed"), ("#c05621", "#f6ad55"),
                         ("#2f855a", "#68d391"), ("#805ad5", "#b794f4")]
}

let style = """
  <style>
    @media (prefers-color-scheme: dark) {
      .bg { fill: \(Colour.background.1); }
      .ink { fill: \(Colour.ink.1); }
      .muted { fill: \(Colour.muted.1); }
      .rule { stroke: \(Colour.rule.1); }
      .axis { stroke: \(Colour.muted.1); }
\(Colour.series.indices.map { "      .s\($0) { stroke: \(Colour.series[$0].1); }\n      .f\($0) { fill: \(Colour.series[$0].1); }" }.joined(separator: "\n"))
    }
  </style>
"""

func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;")
        .replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;")
}

func text(_ string: String, x: Double, y: Double, size: Double = 13, muted: Bool = false,
          anchor: String = "start", bold: Bool = false, series: Int? = nil) -> String {
    let (kind, colour) = if let series { ("f\(series)", Colour.series[series].0) }
        else if muted { ("muted", Colour.muted.0) } else { ("ink", Colour.ink.0) }
    let weight = bold ? " font-weight=\"bold\"" : ""
    return "  <text class=\"\(kind)\" x=\"\(fmt(x))\" y=\"\(fmt(y))\" font-size=\"\(fmt(size))\"\(weight)"
        + " text-anchor=\"\(anchor)\" fill=\"\(colour)\">\(escaped(string))</text>"
}

func svgStart(_ width: Int, _ height: Int, title: String) -> [String] {
    ["<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\""
        + " viewBox=\"0 0 \(width) \(height)\" font-family=\"sans-serif\" role=\"img\">",
     "  <title>\(escaped(title))</title>", style,
     "  <rect class=\"bg\" x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" fill=\"\(Colour.background.0)\"/>"]
}

func write(_ lines: [String], to name: String) throws {
    let folder = ProcessInfo.processInfo.environment["PRIMER_FIGURES"] ?? "."
    let file = URL(fileURLWithPath: folder).appendingPathComponent(name)
    try ((lines + ["</svg>"]).joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
}

let words = Words.forLocale(ProcessInfo.processInfo.environment["PRIMER_LOCALE"] ?? "en")

// MARK: - Figure 1: frame, bounds and center

let bounds = CGRect(x: 0, y: 0, width: 160, height: 90)
let center = CGPoint(x: 170, y: 165)
let toSuperview = Transform(translationX: -bounds.midX, y: -bounds.midY)
    .concatenating(Transform(rotationDegrees: 30))
    .concatenating(Transform(translationX: center.x, y: center.y))
let corners = bounds.corners.map { $0.applying(toSuperview) }
let frame = bounds.boundingBox(toSuperview)

var one = svgStart(340, 320, title: words.frameTitle)
// The superview's axes, from its origin in the top-left corner.
one.append("  <line class=\"axis\" x1=\"20\" y1=\"40\" x2=\"320\" y2=\"40\" stroke=\"\(Colour.muted.0)\" stroke-width=\"1.5\"/>")
one.append("  <line class=\"axis\" x1=\"20\" y1=\"40\" x2=\"20\" y2=\"300\" stroke=\"\(Colour.muted.0)\" stroke-width=\"1.5\"/>")
one.append(text("x", x: 318, y: 34, muted: true, anchor: "end"))
one.append(text("y", x: 28, y: 298, muted: true))
one.append(text("(0, 0)", x: 24, y: 34, size: 12, muted: true))
one.append(text(words.superview, x: 320, y: 18, size: 12, muted: true, anchor: "end"))
// The frame: dashed, upright; the bounds: the turned rectangle.
one.append("  <rect class=\"s1\" x=\"\(fmt(frame.minX))\" y=\"\(fmt(frame.minY))\" width=\"\(fmt(frame.width))\""
    + " height=\"\(fmt(frame.height))\" fill=\"none\" stroke=\"\(Colour.series[1].0)\" stroke-width=\"2\" stroke-dasharray=\"6 4\"/>")
let polygon = corners.map { "\(fmt($0.x)),\(fmt($0.y))" }.joined(separator: " ")
one.append("  <polygon class=\"s0 f0\" points=\"\(polygon)\" fill=\"\(Colour.series[0].0)\" fill-opacity=\"0.15\""
    + " stroke=\"\(Colour.series[0].0)\" stroke-width=\"2\" style=\"fill-opacity: 0.15\"/>")
one.append("  <circle class=\"f2\" cx=\"\(fmt(center.x))\" cy=\"\(fmt(center.y))\" r=\"4\" fill=\"\(Colour.series[2].0)\"/>")
one.append(text(words.center, x: center.x + 8, y: center.y + 4, bold: true, series: 2))
one.append(text("(\(fmt(center.x)), \(fmt(center.y)))", x: center.x + 8, y: center.y + 20, size: 12, series: 2))
one.append(text(words.frame, x: frame.minX, y: frame.minY - 6, series: 1))
one.append(text("(\(fmt(frame.minX)), \(fmt(frame.minY))) \(fmt(frame.width)) × \(fmt(frame.height))",
                x: frame.minX, y: frame.maxY + 16, size: 12, series: 1))
one.append(text("\(words.bounds) \(fmt(bounds.width)) × \(fmt(bounds.height))", x: 170, y: 312, anchor: "middle", series: 0))
one.append(text(words.rotation, x: center.x - 12, y: center.y - 22, size: 12, muted: true, anchor: "middle"))
try write(one, to: "frame-bounds.svg")

// MARK: - Figure 2: timing curves

let (left, top, side) = (50.0, 30.0, 240.0)
var two = svgStart(340, 360, title: words.curvesTitle)
for step in 0...4 {
    let offset = side * Double(step) / 4
    two.append("  <line class=\"rule\" x1=\"\(fmt(left))\" y1=\"\(fmt(top + offset))\" x2=\"\(fmt(left + side))\""
        + " y2=\"\(fmt(top + offset))\" stroke=\"\(Colour.rule.0)\"/>")
    two.append("  <line class=\"rule\" x1=\"\(fmt(left + offset))\" y1=\"\(fmt(top))\" x2=\"\(fmt(left + offset))\""
        + " y2=\"\(fmt(top + side))\" stroke=\"\(Colour.rule.0)\"/>")
    two.append(text(fmt(Double(step) / 4), x: left + offset, y: top + side + 16, size: 12, muted: true, anchor: "middle"))
    two.append(text(fmt(Double(step) / 4), x: left - 6, y: top + side - offset + 4, size: 12, muted: true, anchor: "end"))
}
two.append(text(words.time, x: left + side / 2, y: top + side + 34, size: 12, muted: true, anchor: "middle"))
two.append("  <text class=\"muted\" x=\"14\" y=\"\(fmt(top + side / 2))\" font-size=\"12\" text-anchor=\"middle\""
    + " fill=\"\(Colour.muted.0)\" transform=\"rotate(-90 14 \(fmt(top + side / 2)))\">\(escaped(words.progress))</text>")
for (index, curve) in TimingCurve.all.enumerated() {
    let points = (0...48).map { step -> String in
        let time = Double(step) / 48
        return "\(fmt(left + side * time)),\(fmt(top + side * (1 - curve.progress(at: time))))"
    }
    two.append("  <polyline class=\"s\(index)\" points=\"\(points.joined(separator: " "))\" fill=\"none\""
        + " stroke=\"\(Colour.series[index].0)\" stroke-width=\"2.5\"/>")
    let (column, row) = (Double(index % 2), Double(index / 2))
    let x = left + column * 130, y = top + side + 60 + row * 22
    two.append("  <line class=\"s\(index)\" x1=\"\(fmt(x))\" y1=\"\(fmt(y - 4))\" x2=\"\(fmt(x + 22))\" y2=\"\(fmt(y - 4))\""
        + " stroke=\"\(Colour.series[index].0)\" stroke-width=\"2.5\"/>")
    two.append(text(curve.name, x: x + 28, y: y, series: index))
}
try write(two, to: "timing-curves.svg")

print("frame-bounds.svg: bounds \(fmt(bounds)), center \(fmt(center)), rotated 30°")
print("  frame \(fmt(frame))")
print("timing-curves.svg: \(TimingCurve.all.map(\.name).joined(separator: ", "))")
