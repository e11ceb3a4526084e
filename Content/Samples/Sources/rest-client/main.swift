// rest-client — a JSON client for a small trails API, run against a stub
// server that this program starts on 127.0.0.1 and stops at the end. GET,
// POST, PUT and DELETE with JSON bodies; status codes turned into typed errors.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking     // URLSession on Linux
#endif
import StubServer

// snippet.model
struct Trail: Codable, Equatable, Sendable {
    var id: Int?
    var name: String
    var lengthKm: Double
}

struct Problem: Codable, Sendable {     // the body of every error response
    var message: String
}

enum APIError: Error {
    case transport(URLError)
    case status(Int, message: String)
    case decoding(String)
}
// snippet.end

// snippet.client
struct TrailsClient {
    let base: URL
    let session: URLSession

    func list() async throws(APIError) -> [Trail] {
        try await send("GET", "trails", as: [Trail].self)
    }
    func create(_ trail: Trail) async throws(APIError) -> Trail {
        try await send("POST", "trails", body: trail, as: Trail.self)
    }
    func update(_ trail: Trail) async throws(APIError) -> Trail {
        try await send("PUT", "trails/\(trail.id ?? 0)", body: trail, as: Trail.self)
    }
    func delete(id: Int, reason: String) async throws(APIError) {
        _ = try await send("DELETE", "trails/\(id)", body: ["reason": reason], as: Empty.self)
    }

    /// The body of a request or response that has none.
    struct Empty: Codable {}

    private func send<Body: Encodable, Result: Decodable>(
        _ method: String, _ path: String, body: Body? = nil as Empty?, as type: Result.Type
    ) async throws(APIError) -> Result {
        var request = URLRequest(url: base.appending(path: path))
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys    // the same bytes on every run
            request.httpBody = try? encoder.encode(body)
        }
        let data: Data, response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch let error as URLError {
            throw .transport(error)
        } catch {
            throw .transport(URLError(.unknown))
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        print("  \(method) /\(path) -> \(status)")
        guard (200..<300).contains(status) else {
            let problem = try? JSONDecoder().decode(Problem.self, from: data)
            throw .status(status, message: problem?.message ?? "")
        }
        if status == 204, let empty = Empty() as? Result { return empty }
        do {
            return try JSONDecoder().decode(Result.self, from: data)
        } catch {
            throw .decoding("\(error)")
        }
    }
}
// snippet.end

// snippet.server
/// The server's data: an actor, because the stub serves each connection in a task.
actor TrailStore {
    private var trails = [1: Trail(id: 1, name: "Lake Loop", lengthKm: 5.2),
                          2: Trail(id: 2, name: "Ridge Path", lengthKm: 11.8)]
    private var nextID = 3
    private(set) var log: [String] = []

    func handle(_ request: Request) -> Response {
        let body = String(decoding: request.body, as: UTF8.self)
        log.append("\(request.method) \(request.target)" + (body.isEmpty ? "" : " \(body)"))
        let parts = request.path.split(separator: "/")
        let id = parts.count == 2 ? Int(parts[1]) : nil
        switch (request.method, id) {
        case ("GET", nil):
            return json(200, trails.keys.sorted().map { trails[$0]! })
        case ("POST", nil):
            guard var trail = try? JSONDecoder().decode(Trail.self, from: request.body),
                  trail.lengthKm > 0 else {
                return .json(422, #"{"message":"a trail needs a name and a positive length"}"#)
            }
            trail.id = nextID
            nextID += 1
            trails[trail.id!] = trail
            var response = json(201, trail)
            response.headers.append(("Location", "/trails/\(trail.id!)"))
            return response
        case ("PUT", let id?) where trails[id] != nil:
            guard var trail = try? JSONDecoder().decode(Trail.self, from: request.body) else {
                return .json(400, #"{"message":"the body is not a trail"}"#)
            }
            trail.id = id
            trails[id] = trail
            return json(200, trail)
        case ("DELETE", let id?) where trails[id] != nil:
            trails[id] = nil
            return Response(status: 204)
        default:
            return .json(404, #"{"message":"no such trail"}"#)
        }
    }

    private func json(_ status: Int, _ value: some Encodable) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return Response(status: status, headers: [("Content-Type", "application/json")],
                        body: (try? encoder.encode(value)) ?? Data())
    }
}
// snippet.end

// snippet.run
let store = TrailStore()
let server = try StubServer { request in await store.handle(request) }
let client = TrailsClient(base: server.baseURL, session: URLSession(configuration: .ephemeral))

func names(_ trails: [Trail]) -> String { trails.map(\.name).joined(separator: ", ") }

do {
    print("list: \(names(try await client.list()))")
    var added = try await client.create(Trail(name: "Pine Steps", lengthKm: 3.4))
    print("created: id \(added.id ?? 0), \(added.name)")
    added.lengthKm = 3.9
    let changed = try await client.update(added)
    print("updated: \(changed.name), \(changed.lengthKm) km")
    try await client.delete(id: 2, reason: "closed for repairs")
    print("list: \(names(try await client.list()))")
} catch {
    print("unexpected: \(error)")
}

for attempt in [Trail(id: 9, name: "Nowhere", lengthKm: 1), Trail(name: "Zero", lengthKm: 0)] {
    do {
        _ = attempt.id == nil ? try await client.create(attempt) : try await client.update(attempt)
    } catch .status(let code, let message) {
        print("error \(code): \(message)")
    } catch {
        print("other error: \(error)")
    }
}

server.stop()
print("server saw:")
for line in await store.log { print("  \(line)") }
// snippet.end
