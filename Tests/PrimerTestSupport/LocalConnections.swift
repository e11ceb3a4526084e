import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a Server-Sent Events stream on a thread of its own (so no Swift concurrency thread blocks).
public func readEvents(port: Int, until needle: String, timeout: Double, afterConnect: @escaping @Sendable () throws -> Void) async throws -> String {
    try await withCheckedThrowingContinuation { continuation in
        Thread {
            do { continuation.resume(returning: try readEventsBlocking(port: port, until: needle, timeout: timeout, afterConnect: afterConnect)) }
            catch { continuation.resume(throwing: error) }
        }.start()
    }
}

/// A TCP connection to 127.0.0.1:`port`, or nil.
public func connectLocally(port: Int) -> Int32? {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
    guard connected == 0 else { close(fd); return nil }
    return fd
}

/// Reads a Server-Sent Events stream over a plain socket until `until` appears (or time runs out).
public func readEventsBlocking(port: Int, until needle: String, timeout: Double, afterConnect: @Sendable () throws -> Void) throws -> String {
    guard let fd = connectLocally(port: port) else { return "" }
    defer { close(fd) }
    let request = "GET /__primer/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
    _ = request.withCString { send(fd, $0, strlen($0), 0) }
    var received = ""
    var buffer = [UInt8](repeating: 0, count: 4096)
    let deadline = Date().addingTimeInterval(timeout)
    var triggered = false
    while Date() < deadline {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        if poll(&descriptor, 1, 50) > 0 {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            received += String(decoding: buffer[0..<n], as: UTF8.self)
        }
        if !triggered && received.contains(": connected") { triggered = true; try afterConnect() }
        if triggered && received.contains(needle) { break }
    }
    return received
}

/// One GET on a connection of its own, read to the end. (The test client keeps one connection,
/// which its 20-second read timeout fails when a loaded machine makes the test wait longer
/// than that for a rebuild between two requests.)
public func fetch(port: Int, path: String, timeout: Double = 60) throws -> String {
    guard let fd = connectLocally(port: port) else { return "" }
    defer { close(fd) }
    let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    _ = request.withCString { send(fd, $0, strlen($0), 0) }
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 50) > 0 else { continue }
        let n = recv(fd, &buffer, buffer.count, 0)
        if n <= 0 { break }
        received += buffer[0..<n]
    }
    return String(decoding: received, as: UTF8.self)
}
