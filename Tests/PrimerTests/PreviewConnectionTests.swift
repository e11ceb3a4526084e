import Foundation
import Hummingbird
import HummingbirdTesting
@testable import Preview
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Connections that never finish their request header cannot take the preview's files: they are
/// closed after `idleTimeout`, and past `connectionLimit` new ones wait for a free place instead
/// of failing the server.
@Suite struct PreviewConnectionTests {
    func server(idleTimeout: Double, connectionLimit: Int? = nil) -> PreviewServer {
        var options = PreviewServer.Options(port: 0)
        options.idleTimeout = idleTimeout
        options.connectionLimit = connectionLimit
        let server = PreviewServer(options: options) { _ in }
        server.store.update(["index.html": Array("<html><body>home</body></html>".utf8)])
        return server
    }

    /// Runs the preview's own application (HummingbirdTesting's would drop the connection limit)
    /// on a free port while `body` runs with that port.
    func serving(_ server: PreviewServer, _ body: @escaping @Sendable (Int) async throws -> Void) async throws {
        let (ports, found) = AsyncStream.makeStream(of: Int.self)
        let app = server.application { found.yield($0) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.run() }
            var next = ports.makeAsyncIterator()
            let port = try #require(await next.next())
            defer { group.cancelAll() }
            try await body(port)
        }
    }

    /// Runs `body` on a thread of its own: the server answers on Swift's concurrency threads,
    /// which a test that waits on a socket must not hold.
    func blocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    /// `count` connections that each send half a request header.
    func halfOpen(_ count: Int, port: Int) -> [Int32] {
        (0..<count).compactMap { _ in
            guard let fd = connectLocally(port: port) else { return nil }
            _ = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slo".withCString { send(fd, $0, strlen($0), 0) }
            return fd
        }
    }

    /// How many of `sockets` the server closes (end of file or reset) within `timeout` seconds.
    func closedByServer(_ sockets: [Int32], within timeout: Double) -> Int {
        var waiting = sockets.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        var closed = 0
        var buffer = [UInt8](repeating: 0, count: 1024)
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        while closed < sockets.count && ContinuousClock.now < deadline {
            guard poll(&waiting, nfds_t(waiting.count), 50) > 0 else { continue }
            for index in waiting.indices where waiting[index].fd >= 0 && waiting[index].revents != 0 {
                if recv(waiting[index].fd, &buffer, buffer.count, Int32(MSG_DONTWAIT)) <= 0 {
                    closed += 1
                    waiting[index].fd = -1
                }
            }
        }
        return closed
    }

    @Test func fourHundredHalfSentHeadersNeitherStopThePreviewNorStayOpen() async throws {
        let server = server(idleTimeout: 2)
        #expect(PreviewServer.connectionLimit > 400, "open-file limit \(PreviewServer.fileLimit)")
        try await serving(server) { port in
            let stalled = try await blocking { halfOpen(400, port: port) }
            defer { stalled.forEach { close($0) } }
            #expect(stalled.count == 400)
            let start = ContinuousClock.now
            let page = try await blocking { try fetch(port: port, path: "/", timeout: 10) }
            #expect(page.hasPrefix("HTTP/1.1 200") && page.contains("home"), "\(page.prefix(200))")
            #expect(ContinuousClock.now - start < .seconds(2))
            // Every one of them is closed once its time is up.
            #expect(try await blocking { closedByServer(stalled, within: 8) } == 400)
        }
    }

    @Test func pastTheLimitARequestWaitsForAPlaceInsteadOfFailing() async throws {
        let server = server(idleTimeout: 1, connectionLimit: 8)
        try await serving(server) { port in
            let stalled = try await blocking { halfOpen(8, port: port) }
            defer { stalled.forEach { close($0) } }
            // Accepted connections are counted as the server takes them: give it a moment.
            try await Task.sleep(for: .milliseconds(200))
            let start = ContinuousClock.now
            let page = try await blocking { try fetch(port: port, path: "/", timeout: 10) }
            let waited = ContinuousClock.now - start
            #expect(page.contains("home"), "\(page.prefix(200))")
            // It was served when the stalled ones were closed, not before.
            #expect(waited > .milliseconds(500) && waited < .seconds(5), "\(waited)")
        }
    }
}
