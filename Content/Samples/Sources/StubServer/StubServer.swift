// StubServer — a tiny HTTP/1.1 server for the web-services samples. It listens
// on 127.0.0.1 on a port the system chooses (bind to port 0, read the port
// back), reads one request per connection, asks an async handler for the
// response, writes it and closes the connection. It is a test double, not a
// production server: no TLS, no keep-alive, no chunked requests.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A request as the server read it. Header names are lower-cased.
public struct Request: Sendable {
    public var method: String
    public var target: String                 // path and query, as sent
    public var headers: [String: String]
    public var body: Data

    public var path: String { String(target.prefix { $0 != "?" }) }
}

/// A response to write back. `Content-Length` and `Connection` are added.
public struct Response: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: Data
    /// Bytes written per `write` call; a small value sends the body in pieces.
    public var chunkSize: Int

    public init(status: Int, headers: [(name: String, value: String)] = [], body: Data = Data(),
                chunkSize: Int = 65_536) {
        self.status = status
        self.headers = headers
        self.body = body
        self.chunkSize = chunkSize
    }

    /// A response whose body is `json`, a JSON document given as text.
    public static func json(_ status: Int, _ json: String) -> Response {
        Response(status: status, headers: [("Content-Type", "application/json")], body: Data(json.utf8))
    }
}

public enum StubServerError: Error {
    case socket(String, errno: Int32)
}

/// The server. `start` returns once it listens; `stop` closes the socket.
public final class StubServer: Sendable {
    public let port: UInt16
    private let listener: Int32

    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    // snippet.listen
    public init(handler: @escaping @Sendable (Request) async -> Response) throws(StubServerError) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw .socket("socket", errno: errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0                                  // let the system choose
        address.sin_addr.s_addr = inet_addr("127.0.0.1")      // loopback only
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && listen(fd, 16) == 0
                    && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else {
            let code = errno
            close(fd)
            throw .socket("bind", errno: code)
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        // Accepting blocks, so it runs on a thread of its own; each connection
        // is then served by a task, which may await the handler.
        let thread = Thread {
            while true {
                let connection = accept(fd, nil, nil)
                if connection < 0 { return }                  // the socket was shut down
                Task { await StubServer.serve(connection, handler) }
            }
        }
        thread.start()
    }

    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }
    // snippet.end

    private static func serve(_ connection: Int32,
                              _ handler: @Sendable (Request) async -> Response) async {
        defer { close(connection) }
        guard let request = readRequest(connection) else { return }
        let response = await handler(request)
        var head = "HTTP/1.1 \(response.status) \(reason(response.status))\r\n"
        for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
        writeAll(Data(head.utf8), to: connection)
        var offset = 0
        while offset < response.body.count {
            let end = min(offset + response.chunkSize, response.body.count)
            writeAll(response.body[offset..<end], to: connection)
            offset = end
        }
    }

    private static func writeAll(_ data: Data, to connection: Int32) {
        data.withUnsafeBytes { buffer in
            var sent = 0
            while sent < buffer.count {
                let count = write(connection, buffer.baseAddress! + sent, buffer.count - sent)
                if count <= 0 { return }
                sent += count
            }
        }
    }

    /// Reads the head up to the blank line, then as many body bytes as
    /// `Content-Length` says.
    private static func readRequest(_ connection: Int32) -> Request? {
        var bytes = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let separator = Data("\r\n\r\n".utf8)
        var headEnd: Range<Data.Index>?
        while headEnd == nil {
            let count = read(connection, &buffer, buffer.count)
            if count <= 0 { return nil }
            bytes.append(contentsOf: buffer[0..<count])
            headEnd = bytes.range(of: separator)
        }
        let lines = String(decoding: bytes[..<headEnd!.lowerBound], as: UTF8.self)
            .components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        guard requestLine.count == 3 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                .trimmingCharacters(in: .whitespaces)
        }
        if headers["expect"]?.lowercased() == "100-continue" {
            writeAll(Data("HTTP/1.1 100 Continue\r\n\r\n".utf8), to: connection)
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        var body = Data(bytes[headEnd!.upperBound...])
        while body.count < length {
            let count = read(connection, &buffer, min(buffer.count, length - body.count))
            if count <= 0 { return nil }
            body.append(contentsOf: buffer[0..<count])
        }
        return Request(method: String(requestLine[0]), target: String(requestLine[1]),
                       headers: headers, body: body)
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 409: "Conflict"
        case 422: "Unprocessable Content"
        default: "Status \(status)"
        }
    }
}
