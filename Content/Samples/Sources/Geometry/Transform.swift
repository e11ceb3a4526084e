// Geometry — the small value types of the geometry chapter.
//
// Foundation on Linux has CGPoint, CGSize and CGRect but no CGAffineTransform,
// so `Transform` is written here with the same six numbers and the same
// conventions: a point is a row vector, x' = a·x + c·y + tx, y' = b·x + d·y + ty.
import Foundation

public struct Transform: Equatable, Sendable {
    public var a, b, c, d, tx, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public init(translationX x: Double, y: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    public init(scaleX x: Double, y: Double) {
        self.init(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// A rotation by `degrees`; in a y-down system such as UIKit's, positive turns clockwise.
    public init(rotationDegrees degrees: Double) {
        let radians = degrees * .pi / 180
        self.init(a: cos(radians), b: sin(radians), c: -sin(radians), d: cos(radians), tx: 0, ty: 0)
    }

    /// `self` first, then `other`: the matrix product self × other.
    public func concatenating(_ other: Transform) -> Transform {
        Transform(a: a * other.a + b * other.c,
                  b: a * other.b + b * other.d,
                  c: c * other.a + d * other.c,
                  d: c * other.b + d * other.d,
                  tx: tx * other.a + ty * other.c + other.tx,
                  ty: tx * other.b + ty * other.d + other.ty)
    }

    /// The inverse, or nil when the transform squashes the plane to a line.
    public func inverted() -> Transform? {
        let determinant = a * d - b * c
        guard abs(determinant) > 1e-12 else { return nil }
        return Transform(a: d / determinant, b: -b / determinant,
                         c: -c / determinant, d: a / determinant,
                         tx: (c * ty - d * tx) / determinant,
                         ty: (b * tx - a * ty) / determinant)
    }
}

extension CGPoint {
    public func applying(_ t: Transform) -> CGPoint {
        let (x, y) = (Double(self.x), Double(self.y))
        return CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGRect {
    /// The four corners, clockwise from the origin corner.
    public var corners: [CGPoint] {
        [CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY),
         CGPoint(x: maxX, y: maxY), CGPoint(x: minX, y: maxY)]
    }

    /// The smallest upright rectangle that holds the transformed corners.
    public func boundingBox(_ t: Transform) -> CGRect {
        let points = corners.map { $0.applying(t) }
        let xs = points.map(\.x), ys = points.map(\.y)
        let (minX, minY) = (xs.min() ?? 0, ys.min() ?? 0)
        return CGRect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }
}

/// A number rounded to two decimals, without a trailing ".0" and never "-0".
public func fmt(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    if rounded == 0 { return "0" }
    if rounded == rounded.rounded() { return String(Int(rounded)) }
    return String(rounded)
}

public func fmt(_ value: CGFloat) -> String { fmt(Double(value)) }
public func fmt(_ p: CGPoint) -> String { "(\(fmt(p.x)), \(fmt(p.y)))" }
public func fmt(_ r: CGRect) -> String {
    "(x \(fmt(r.minX)), y \(fmt(r.minY)), w \(fmt(r.width)), h \(fmt(r.height)))"
}
