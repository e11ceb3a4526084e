import Foundation
import Hummingbird
import HummingbirdTesting
@testable import Preview
import PrimerTestSupport
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

    /// `primer serve` on the basic course in a process of its own (so that no test of this
    /// process keeps it from answering), with the open-file limit of many desktops (1024, which
    /// it cannot raise) and `idleTimeout`; returns the process and its port.
    func serve(idleTimeout: Int) throws -> (Process, Int) {
        let folder = try TestSupport.copyFixture("basic")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
        process.arguments = ["--nofile=1024:1024", TestSupport.primer, "serve", "--port", "0", "--idle-timeout", "\(idleTimeout)", "--templates", TestSupport.templates]
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(["PRIMER_PAGEFIND": ""]) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        var said = ""
        let deadline = ContinuousClock.now + .seconds(300)
        while ContinuousClock.now < deadline, process.isRunning {
            let data = pipe.fileHandleForReading.availableData
            if data.isEmpty { break }
            said += String(decoding: data, as: UTF8.self)
            if let range = said.range(of: "serving the course at http://127.0.0.1:"),
               let port = Int(said[range.upperBound...].prefix(while: \.isNumber)) {
                // What it says from now on is read and dropped, so that it never waits on a full pipe.
                pipe.fileHandleForReading.readabilityHandler = { _ = $0.availableData }
                return (process, port)
            }
        }
        process.terminate()
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "primer serve did not start: \(said)"])
    }

    @Test func fourHundredHalfSentHeadersNeitherStopThePreviewNorStayOpen() async throws {
        // A timeout long enough that opening the 400 never outlasts it, even while the whole
        // suite loads two cores (more than 5 s was seen there).
        let (process, port) = try await blocking { try serve(idleTimeout: 20) }
        defer { process.terminate(); process.waitUntilExit() }
        let opening = ContinuousClock.now
        let stalled = try await blocking { halfOpen(400, port: port) }
        defer { stalled.forEach { close($0) } }
        #expect(stalled.count == 400)
        let asked = ContinuousClock.now
        let page = try await blocking { try fetch(port: port, path: "/en/details.html", timeout: 60) }
        #expect(page.hasPrefix("HTTP/1.1 200"), "\(page.prefix(200))")
        // Served while they are held, at the latest once they time out (0.03–0.05 s on a quiet
        // machine; on a loaded CI machine it has come only after their timeout, 21.5 s after
        // asking: a known weakness, see README). Either way the preview keeps serving.
        let answered = ContinuousClock.now
        print("400 stalled connections: opened in \(asked - opening), page answered \(answered - asked) after asking")
        // Every one of them is closed once its time is up.
        #expect(try await blocking { closedByServer(stalled, within: 30) } == 400)
        #expect(process.isRunning)
    }

    /// A GET sent while `stalled` are open: how long its answer took to start, and how long
    /// until the server closed the first of `stalled`.
    func answerAndFirstClose(port: Int, stalled: [Int32], timeout: Double) -> (answer: Duration?, firstClose: Duration?, page: String) {
        guard let fd = connectLocally(port: port) else { return (nil, nil, "") }
        defer { close(fd) }
        let start = ContinuousClock.now
        _ = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".withCString { send(fd, $0, strlen($0), 0) }
        var watched = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)] + stalled.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        var answer: Duration?, firstClose: Duration?
        var page: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while ContinuousClock.now - start < .milliseconds(Int(timeout * 1000)) && (answer == nil || firstClose == nil) {
            guard poll(&watched, nfds_t(watched.count), 50) > 0 else { continue }
            for index in watched.indices where watched[index].fd >= 0 && watched[index].revents != 0 {
                let count = recv(watched[index].fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                if index == 0 && count > 0 {
                    if answer == nil { answer = ContinuousClock.now - start }
                    page += buffer[0..<count]
                } else if count <= 0 {
                    if index > 0 && firstClose == nil { firstClose = ContinuousClock.now - start }
                    watched[index].fd = -1
                }
            }
        }
        return (answer, firstClose, String(decoding: page, as: UTF8.self))
    }

    @Test func pastTheLimitARequestWaitsForAPlaceInsteadOfFailing() async throws {
        let server = server(idleTimeout: 1, connectionLimit: 8)
        try await serving(server) { port in
            let stalled = try await blocking { halfOpen(8, port: port) }
            defer { stalled.forEach { close($0) } }
            // Accepted connections are counted as the server takes them: give it a moment.
            try await Task.sleep(for: .milliseconds(200))
            let (answer, firstClose, page) = try await blocking { answerAndFirstClose(port: port, stalled: stalled, timeout: 60) }
            #expect(page.contains("home"), "\(page.prefix(200))")
            // It was answered once a stalled connection was closed, not before.
            let order = (try #require(answer), try #require(firstClose))
            #expect(order.0 >= order.1, "answered after \(order.0), first closed after \(order.1)")
        }
    }
}
