/// An animation's timing curve: a cubic Bézier from (0, 0) to (1, 1) with two
/// control points, as Core Animation and UIKit describe theirs. `progress(at:)`
/// answers "how far along is the value when this fraction of the time has passed?".
public struct TimingCurve: Sendable {
    public let name: String
    public let x1, y1, x2, y2: Double

    public init(_ name: String, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        (self.name, self.x1, self.y1, self.x2, self.y2) = (name, x1, y1, x2, y2)
    }

    // The curve's own control points (this course's choice, not read from Apple's SDK).
    public static let linear = TimingCurve("linear", 0, 0, 1, 1)
    public static let easeIn = TimingCurve("easeIn", 0.42, 0, 1, 1)
    public static let easeOut = TimingCurve("easeOut", 0, 0, 0.58, 1)
    public static let easeInOut = TimingCurve("easeInOut", 0.42, 0, 0.58, 1)
    public static let all = [linear, easeIn, easeOut, easeInOut]

    /// One coordinate of the Bézier at parameter s, for control values p1 and p2.
    static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let r = 1 - s
        return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s
    }

    /// Solves x(s) = time by bisection (x grows with s), then returns y(s).
    public func progress(at time: Double) -> Double {
        let time = min(max(time, 0), 1)
        var (low, high) = (0.0, 1.0)
        for _ in 0..<40 {
            let middle = (low + high) / 2
            if Self.bezier(middle, x1, x2) < time { low = middle } else { high = middle }
        }
        return Self.bezier((low + high) / 2, y1, y2)
    }
}
