// geocode-stub — a geocoder client (place name to coordinate, coordinate to
// place name) run against a stub geocoding service that this program starts
// on 127.0.0.1 and stops at the end. The service's places are invented.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking     // URLSession on Linux
#endif
import GeoMath
import StubServer

// snippet.service
struct Place: Codable, Sendable {
    var name: String
    var latitude: Double
    var longitude: Double
}

let gazetteer = [
    Place(name: "Harbour Gate", latitude: 47.3000, longitude: 8.5000),
    Place(name: "Old Mill", latitude: 47.3120, longitude: 8.5210),
    Place(name: "Signal Hill", latitude: 47.2870, longitude: 8.4790),
]

/// GET /geocode?q=NAME and GET /reverse?lat=…&lon=… (the nearest place within 500 m).
func answer(_ request: Request) -> Response {
    let items = URLComponents(string: request.target)?.queryItems ?? []
    func value(_ name: String) -> String? { items.first { $0.name == name }?.value }
    let found: Place?
    switch request.path {
    case "/geocode":
        guard let query = value("q") else { return .json(400, #"{"message":"q is missing"}"#) }
        found = gazetteer.first { $0.name.caseInsensitiveCompare(query) == .orderedSame }
    case "/reverse":
        guard let lat = value("lat").flatMap(Double.init), let lon = value("lon").flatMap(Double.init) else {
            return .json(400, #"{"message":"lat and lon must be numbers"}"#)
        }
        let here = Coordinate(lat, lon)
        found = gazetteer
            .map { (place: $0, metres: haversine(here, Coordinate($0.latitude, $0.longitude))) }
            .filter { $0.metres <= 500 }
            .min { $0.metres < $1.metres }?.place
    default:
        return .json(404, #"{"message":"no such endpoint"}"#)
    }
    guard let found, let body = try? JSONEncoder().encode(found) else {
        return .json(404, #"{"message":"no match"}"#)
    }
    return .json(200, String(decoding: body, as: UTF8.self))
}
// snippet.end

// snippet.client
enum GeocodeError: Error {
    case notFound
    case status(Int)
    case transport(URLError)
    case decoding
}

struct Geocoder {
    let base: URL
    let session: URLSession

    func coordinate(of name: String) async throws(GeocodeError) -> Coordinate {
        let place = try await fetch("geocode", [URLQueryItem(name: "q", value: name)])
        return Coordinate(place.latitude, place.longitude)
    }

    func name(at point: Coordinate) async throws(GeocodeError) -> String {
        try await fetch("reverse", [URLQueryItem(name: "lat", value: "\(point.latitude)"),
                                    URLQueryItem(name: "lon", value: "\(point.longitude)")]).name
    }

    private func fetch(_ path: String, _ query: [URLQueryItem]) async throws(GeocodeError) -> Place {
        var parts = URLComponents(url: base.appending(path: path), resolvingAgainstBaseURL: false)
        parts?.queryItems = query
        guard let url = parts?.url else { throw .status(0) }
        let data: Data, response: URLResponse
        do {
            (data, response) = try await session.data(from: url)
        } catch let error as URLError {
            throw .transport(error)
        } catch {
            throw .transport(URLError(.unknown))
        }
        switch (response as? HTTPURLResponse)?.statusCode ?? 0 {
        case 200:
            guard let place = try? JSONDecoder().decode(Place.self, from: data) else { throw .decoding }
            return place
        case 404: throw .notFound
        case let status: throw .status(status)
        }
    }
}
// snippet.end

// snippet.run
let server = try StubServer { request in answer(request) }
defer { server.stop() }
let geocoder = Geocoder(base: server.baseURL, session: URLSession(configuration: .ephemeral))

var found: [String: Coordinate] = [:]
for name in ["Harbour Gate", "old mill", "Lost Lagoon"] {
    do {
        let point = try await geocoder.coordinate(of: name)
        found[name] = point
        print("\(name): \(point.latitude), \(point.longitude)")
    } catch {
        print("\(name): \(error)")
    }
}
if let a = found["Harbour Gate"], let b = found["old mill"] {
    print(String(format: "Harbour Gate to Old Mill: %.0f m", haversine(a, b)))
}
for point in [Coordinate(47.3110, 8.5200), Coordinate(47.2000, 8.4000)] {
    do {
        print("\(point.latitude), \(point.longitude):", try await geocoder.name(at: point))
    } catch {
        print("\(point.latitude), \(point.longitude): \(error)")
    }
}
// snippet.end
