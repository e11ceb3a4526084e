// haversine — the great-circle distance by the haversine formula and by the
// spherical law of cosines, in Double, for points from 0 m to about 6,400 km
// apart; then the sphere against the WGS 84 ellipsoid (Vincenty's formula).
import Foundation
import GeoMath

func metres(_ value: Double) -> String {
    value.isNaN ? "NaN" : String(format: "%.6f", value)
}

// snippet.compare
let start = Coordinate(47.3, 8.5)                     // an invented point
print("east of start    haversine (m)      law of cosines (m)")
for step in [0.0, 0.000_001, 0.000_01, 0.000_1, 0.001, 0.01, 1, 10, 90] {
    let end = Coordinate(start.latitude, start.longitude + step)
    let label = step == 0 ? "same point" : "\(step)°"
    print(label.padding(toLength: 16, withPad: " ", startingAt: 0),
          metres(haversine(start, end)).padding(toLength: 18, withPad: " ", startingAt: 0),
          metres(lawOfCosines(start, end)))
}
// snippet.end

// snippet.same
// The same point, twice, at whole-degree latitudes: how often is the law of
// cosines not zero, and is it ever NaN?
var notZero = 0, nan = 0
for latitude in -89...89 {
    let point = Coordinate(Double(latitude), 8.5)
    let distance = lawOfCosines(point, point)
    if distance.isNaN { nan += 1 } else if distance != 0 { notZero += 1 }
}
print("179 latitudes: \(notZero) not zero, \(nan) NaN; haversine:",
      (-89...89).allSatisfy { haversine(Coordinate(Double($0), 8.5), Coordinate(Double($0), 8.5)) == 0 }
          ? "all zero" : "not all zero")
// snippet.end

// snippet.vincenty
/// The distance in metres on the WGS 84 ellipsoid by Vincenty's inverse
/// formula; nil when the iteration does not converge (nearly antipodal points).
func vincenty(_ p: Coordinate, _ q: Coordinate) -> Double? {
    let a = 6_378_137.0, f = 1 / 298.257_223_563, b = a * (1 - f)
    let l = (q.longitude - p.longitude) * .pi / 180
    let u1 = atan((1 - f) * tan(p.latitude * .pi / 180))
    let u2 = atan((1 - f) * tan(q.latitude * .pi / 180))
    var lambda = l
    for _ in 0..<200 {
        let sinSigma = hypot(cos(u2) * sin(lambda),
                             cos(u1) * sin(u2) - sin(u1) * cos(u2) * cos(lambda))
        if sinSigma == 0 { return 0 }                     // the same point
        let cosSigma = sin(u1) * sin(u2) + cos(u1) * cos(u2) * cos(lambda)
        let sigma = atan2(sinSigma, cosSigma)
        let sinAlpha = cos(u1) * cos(u2) * sin(lambda) / sinSigma
        let cos2Alpha = 1 - sinAlpha * sinAlpha
        let cos2M = cos2Alpha == 0 ? 0 : cosSigma - 2 * sin(u1) * sin(u2) / cos2Alpha
        let c = f / 16 * cos2Alpha * (4 + f * (4 - 3 * cos2Alpha))
        let previous = lambda
        lambda = l + (1 - c) * f * sinAlpha
            * (sigma + c * sinSigma * (cos2M + c * cosSigma * (2 * cos2M * cos2M - 1)))
        if abs(lambda - previous) < 1e-12 {
            let uu = cos2Alpha * (a * a - b * b) / (b * b)
            let bigA = 1 + uu / 16_384 * (4_096 + uu * (-768 + uu * (320 - 175 * uu)))
            let bigB = uu / 1_024 * (256 + uu * (-128 + uu * (74 - 47 * uu)))
            let deltaSigma = bigB * sinSigma * (cos2M + bigB / 4 * (cosSigma * (2 * cos2M * cos2M - 1)
                - bigB / 6 * cos2M * (4 * sinSigma * sinSigma - 3) * (4 * cos2M * cos2M - 3)))
            return b * bigA * (sigma - deltaSigma)
        }
    }
    return nil
}
// snippet.end

// snippet.ellipsoid
print("one degree         sphere (m)   WGS 84 (m)")
let degreesApart = [("north at 0°", Coordinate(0, 0), Coordinate(1, 0)),
                    ("north at 89°", Coordinate(89, 0), Coordinate(90, 0)),
                    ("east at 0°", Coordinate(0, 0), Coordinate(0, 1)),
                    ("east at 60°", Coordinate(60, 0), Coordinate(60, 1))]
for (label, p, q) in degreesApart {
    let onEllipsoid = vincenty(p, q).map { String(format: "%.1f", $0) } ?? "no result"
    print(label.padding(toLength: 14, withPad: " ", startingAt: 0),
          String(format: "%14.1f", haversine(p, q)), onEllipsoid.leftPadded(12))
}
print("nearly antipodal:", vincenty(Coordinate(0, 0), Coordinate(0.5, 179.7)).map { "\($0)" } ?? "no result")
// snippet.end

extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
