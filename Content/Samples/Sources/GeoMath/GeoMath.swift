// GeoMath — the shared maths of the location samples: a coordinate, the
// great-circle distance by two formulas on a sphere, and the latitude and
// longitude ranges of a box around a circle on that sphere.
import Foundation

/// A point on the Earth in degrees: latitude north positive, longitude east positive.
public struct Coordinate: Sendable, Hashable {
    public var latitude: Double
    public var longitude: Double

    public init(_ latitude: Double, _ longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// The radius of the sphere that models the Earth, in metres (the mean radius, rounded).
public let earthRadius = 6_371_000.0

func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
func degrees(_ radians: Double) -> Double { radians * 180 / .pi }

// snippet.haversine
/// The great-circle distance in metres, by the haversine formula.
public func haversine(_ a: Coordinate, _ b: Coordinate) -> Double {
    let lat1 = radians(a.latitude), lat2 = radians(b.latitude)
    let dLat = lat2 - lat1
    let dLon = radians(b.longitude - a.longitude)
    let h = sin(dLat / 2) * sin(dLat / 2)
        + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
    return 2 * earthRadius * asin(min(1, h.squareRoot()))
}
// snippet.end

// snippet.cosines
/// The same distance by the spherical law of cosines.
public func lawOfCosines(_ a: Coordinate, _ b: Coordinate) -> Double {
    let lat1 = radians(a.latitude), lat2 = radians(b.latitude)
    let dLon = radians(b.longitude - a.longitude)
    let c = sin(lat1) * sin(lat2) + cos(lat1) * cos(lat2) * cos(dLon)
    return earthRadius * acos(c)          // acos is NaN when rounding makes c > 1
}
// snippet.end

// snippet.box
/// The smallest latitude/longitude box that contains every point within
/// `radius` metres of `center`. Longitudes are one range, two ranges when the
/// box crosses the 180th meridian, or all longitudes when the circle reaches a pole.
public struct BoundingBox: Sendable, Equatable {
    public var latitudes: ClosedRange<Double>
    public var longitudes: [ClosedRange<Double>]

    public init(around center: Coordinate, radius: Double) {
        let angle = radius / earthRadius                      // the radius as an angle, in radians
        let south = center.latitude - degrees(angle)
        let north = center.latitude + degrees(angle)
        if south <= -90 || north >= 90 {                      // a pole is inside the circle
            latitudes = max(south, -90)...min(north, 90)
            longitudes = [-180...180]
            return
        }
        latitudes = south...north
        // The widest part of the circle, in longitude, at this latitude.
        let halfWidth = degrees(asin(sin(angle) / cos(radians(center.latitude))))
        let west = center.longitude - halfWidth
        let east = center.longitude + halfWidth
        if west < -180 {
            longitudes = [(west + 360)...180, -180...east]
        } else if east > 180 {
            longitudes = [west...180, -180...(east - 360)]
        } else {
            longitudes = [west...east]
        }
    }

    public func contains(_ point: Coordinate) -> Bool {
        latitudes.contains(point.latitude) && longitudes.contains { $0.contains(point.longitude) }
    }
}
// snippet.end
