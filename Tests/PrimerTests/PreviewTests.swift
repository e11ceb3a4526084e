import CourseModel
import Foundation
import Hummingbird
import HummingbirdTesting
import Pipeline
@testable import Preview
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Reads a Server-Sent Events stream on a thread of its own (so no Swift concurrency thread blocks).
func readEvents(port: Int, until needle: String, timeout: Double, afterConnect: @escaping @Sendable () throws -> Void) async throws -> String {
    try await withCheckedThrowingContinuation { continuation in
        Thread {
            do { continuation.resume(returning: try readEventsBlocking(port: port, until: needle, timeout: timeout, afterConnect: afterConnect)) }
            catch { continuation.resume(throwing: error) }
        }.start()
    }
}

/// A TCP connection to 127.0.0.1:`port`, or nil.
func connectLocally(port: Int) -> Int32? {
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
func readEventsBlocking(port: Int, until needle: String, timeout: Double, afterConnect: @Sendable () throws -> Void) throws -> String {
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
func fetch(port: Int, path: String, timeout: Double = 60) throws -> String {
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

@Suite struct PreviewResponderTests {
    func store() -> SiteStore {
        let store = SiteStore()
        store.update([
            "index.html": Array("<html><body>home</body></html>".utf8), "en/a.html": Array("<html><body>A</body></html>".utf8),
            "404.html": Array("<html><body>missing</body></html>".utf8), "assets/style.css": Array("body{}".utf8),
            "assets/app.js": Array("1".utf8), "data.json": Array("{}".utf8), "img.svg": Array("<svg/>".utf8), "x.png": [0x89],
            "font.woff2": [1], "app.wasm": [0], "sitemap.xml": Array("<x/>".utf8),
        ])
        return store
    }

    func app(_ store: SiteStore) -> some ApplicationProtocol {
        Application(responder: PreviewResponder(store: store, broadcaster: Broadcaster()),
                    configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    }

    @Test func mimeTypesETagsHeadAndNotFound() async throws {
        let store = store()
        try await app(store).test(.router) { client in
            let types = ["/en/a.html": "text/html; charset=utf-8", "/assets/style.css": "text/css; charset=utf-8",
                         "/assets/app.js": "text/javascript; charset=utf-8", "/data.json": "application/json", "/img.svg": "image/svg+xml",
                         "/x.png": "image/png", "/font.woff2": "font/woff2", "/app.wasm": "application/wasm", "/sitemap.xml": "application/xml"]
            for (path, type) in types {
                try await client.execute(uri: path, method: .get) { response in
                    #expect(response.status == .ok, "\(path)")
                    #expect(response.headers[.contentType] == type, "\(path)")
                }
            }
            let etag = try await client.execute(uri: "/assets/style.css", method: .get) { $0.headers[.eTag] }
            try await client.execute(uri: "/assets/style.css", method: .get, headers: [.ifNoneMatch: try #require(etag)]) { response in
                #expect(response.status == .notModified)
                #expect(response.body.readableBytes == 0)
            }
            try await client.execute(uri: "/assets/style.css", method: .head) { response in
                #expect(response.status == .ok && response.headers[.contentLength] == "6" && response.body.readableBytes == 0)
            }
            try await client.execute(uri: "/", method: .get) { response in
                #expect(String(buffer: response.body).contains("home"))
            }
            try await client.execute(uri: "/en/missing.html", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(String(buffer: response.body).contains("missing"))
            }
        }
    }

    @Test(arguments: ["/../etc/passwd", "/en/../../etc/passwd", "/%2e%2e/etc/passwd", "/%2E%2E%2Fetc%2Fpasswd", "/en/..%2f..%2fetc/passwd",
                      "/en\\..\\..\\etc\\passwd", "/%5c..%5cetc", "//etc/passwd", "/en/./a.html", "/%00"])
    func pathsLeavingTheSiteAreRefused(_ path: String) async throws {
        #expect(PreviewResponder.sitePath(path) == nil)
        guard !path.contains("\\") else { return }  // HTTP clients refuse to send a backslash; the function refuses it above
        try await app(store()).test(.router) { client in
            try await client.execute(uri: path, method: .get) { response in
                #expect(response.status == .badRequest || response.status == .notFound, "\(path): \(response.status)")
                #expect(!String(buffer: response.body).contains("root:"))
            }
        }
    }

    @Test func htmlGetsTheLiveReloadScriptAndTheOverlayWhileABuildFails() async throws {
        let store = store()
        try await app(store).test(.router) { client in
            let okTag = try await client.execute(uri: "/en/a.html", method: .get) { response -> String? in
                let body = String(buffer: response.body)
                #expect(body.contains("new EventSource(\"/__primer/events\")") && body.contains("</script>\n</body>"))
                #expect(!body.contains("primer-overlay\" role"))
                return response.headers[.eTag]
            }
            store.fail([.error(.unknownReference, "no section has the id 'x'", at: SourceLocation(path: "Content/en/a.md", line: 3, column: 5))])
            try await client.execute(uri: "/en/a.html", method: .get, headers: [.ifNoneMatch: okTag ?? ""]) { response in
                #expect(response.status == .ok)  // not 304: the page now carries the overlay
                #expect(String(buffer: response.body).contains("Content/en/a.md:3:5: error: no section has the id &#39;x&#39;") ||
                        String(buffer: response.body).contains("Content/en/a.md:3:5: error: no section has the id 'x'"))
            }
            store.update(["en/a.html": Array("<html><body>A2</body></html>".utf8)])
            try await client.execute(uri: "/en/a.html", method: .get) { response in
                let body = String(buffer: response.body)
                #expect(body.contains("A2") && !body.contains("primer-overlay\" role"))
            }
            try await client.execute(uri: "/x.png", method: .get) { response in
                #expect(response.status == .notFound)  // gone from the new site
            }
        }
    }
}

@Suite(.serialized) struct WatcherTests {
    final class Batches: @unchecked Sendable {
        let lock = NSLock()
        var batches: [[String]] = []
        func add(_ batch: [String]) { lock.lock(); batches.append(batch); lock.unlock() }
        var all: [[String]] { lock.lock(); defer { lock.unlock() }; return batches }
        func wait(for count: Int, timeout: Double = 3) -> [[String]] {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline && all.count < count { Thread.sleep(forTimeInterval: 0.01) }
            Thread.sleep(forTimeInterval: 0.4)  // anything more would show up now
            return all
        }
    }

    func folder() throws -> URL {
        let url = TestSupport.scratch("primer-watch")
        try FileManager.default.createDirectory(at: url.appendingPathComponent("en"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: url.appendingPathComponent("ru"), withIntermediateDirectories: true)
        try Data("a".utf8).write(to: url.appendingPathComponent("en/a.md"))
        return url
    }

    @Test func editorSavePatternsAndBursts() throws {
        let root = try folder()
        let batches = Batches()
        // A quiet time well above the burst's gaps: the other suites (samples building and running) load the machine.
        let watcher = Watcher(roots: [root.path], quiet: 0.25) { batches.add($0) }
        try watcher.start()
        defer { watcher.stop() }
        let file = root.appendingPathComponent("en/a.md")

        // A burst of saves within 100 ms: one rebuild.
        for n in 0..<5 { try Data("v\(n)".utf8).write(to: file); Thread.sleep(forTimeInterval: 0.01) }
        #expect(batches.wait(for: 1) == [[file.path]])

        // Vim: a swap file, a probe file, then write-to-temp-and-rename over the original.
        try Data("swap".utf8).write(to: root.appendingPathComponent("en/.a.md.swp"))
        try Data("x".utf8).write(to: root.appendingPathComponent("en/4913"))
        try Data("new".utf8).write(to: root.appendingPathComponent("en/a.md.tmp"))
        _ = rename(root.appendingPathComponent("en/a.md.tmp").path, file.path)
        #expect(batches.wait(for: 2).last == [file.path])

        // Delete and recreate.
        try FileManager.default.removeItem(at: file)
        Thread.sleep(forTimeInterval: 0.02)
        try Data("again".utf8).write(to: file)
        #expect(batches.wait(for: 3).last == [file.path])

        // A file moved between folders: both places change.
        let moved = root.appendingPathComponent("ru/a.md")
        try FileManager.default.moveItem(at: file, to: moved)
        #expect(batches.wait(for: 4).last == [file.path, moved.path])

        // A new folder with a file in it is watched from then on.
        let newFolder = root.appendingPathComponent("zh-Hans")
        try FileManager.default.createDirectory(at: newFolder, withIntermediateDirectories: true)
        Thread.sleep(forTimeInterval: 0.1)
        try Data("zh".utf8).write(to: newFolder.appendingPathComponent("b.md"))
        let last = batches.wait(for: 6).flatMap { $0 }
        #expect(last.contains(newFolder.appendingPathComponent("b.md").path))
    }

    /// A short quiet time keeps a save's rebuild quick; a file that is gone holds its batch
    /// longer, so an editor that deletes and then writes gives one rebuild of the new file.
    @Test func aMissingFileHoldsItsBatchUntilItIsBack() throws {
        let root = try folder()
        let batches = Batches()
        let watcher = Watcher(roots: [root.path], quiet: 0.02, missingFileQuiet: 2) { batch in
            batches.add(batch.map { $0 + (FileManager.default.fileExists(atPath: $0) ? "" : " (gone)") })
        }
        try watcher.start()
        defer { watcher.stop() }
        let file = root.appendingPathComponent("en/a.md")
        try FileManager.default.removeItem(at: file)
        Thread.sleep(forTimeInterval: 0.4)
        try Data("back".utf8).write(to: file)
        #expect(batches.wait(for: 1) == [[file.path]])
        // A file that stays gone is reported once the longer wait is over.
        try FileManager.default.removeItem(at: file)
        #expect(batches.wait(for: 2, timeout: 8).last == [file.path + " (gone)"])
    }
}

@Suite(.serialized) struct PreviewEndToEndTests {
    @Test func editsRebuildOnlyWhatTheyAffectAndReloadTheBrowser() async throws {
        let folder = try TestSupport.copyFixture("basic")
        let content = folder.appendingPathComponent("Content")
        // A symlink out of the course is an error at the link, and nothing from it is served.
        let link = content.appendingPathComponent("images/outside.txt")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/etc/hostname")
        let intro = content.appendingPathComponent("en/intro.md")
        let introText = TestSupport.read(intro)
        try TestSupport.write(introText + "\n[outside](../images/outside.txt)\n", to: intro)
        let logs = Batches()
        let server = PreviewServer(options: .init(content: content.path, templates: TestSupport.templates, port: 0)) { logs.add($0) }
        #expect(server.rebuild() == nil)
        #expect(server.store.file("images/outside.txt") == nil)
        #expect(logs.all.contains { $0.contains("\(link.path): error: the symbolic link points to '/etc/hostname'") })
        try FileManager.default.removeItem(at: link)
        try TestSupport.write(introText, to: intro)
        #expect(server.rebuild() != nil)
        #expect(server.store.file("en/intro.html") != nil)
        #expect(server.session.renderedInLastBuild.count == 6)

        let watcher = try server.watch()
        defer { watcher.stop() }
        try await server.application().test(.live) { client in
            let port = try #require(client.port)
            // Edit one paragraph of the English "details": its page and its two fallbacks change, nothing else.
            let details = content.appendingPathComponent("en/details.md")
            let events = try await readEvents(port: port, until: "event: reload", timeout: 30) {
                try TestSupport.write(TestSupport.read(details).replacingOccurrences(of: "Nothing.", with: "Nothing at all."), to: details)
            }
            // The one-page print versions hold the chapter too.
            #expect(events.contains("event: reload\ndata: en/details.html\ndata: en/print.html\ndata: ru/details.html\ndata: ru/print.html\ndata: zh-Hans/details.html\ndata: zh-Hans/print.html"))
            #expect(server.session.parsedInLastBuild == [details.path])
            #expect(server.session.renderedInLastBuild == ["en/details.html", "ru/details.html", "zh-Hans/details.html"])
            #expect(try fetch(port: port, path: "/ru/details.html").contains("Nothing at all."))

            // A broken reference: the overlay, the server stays up; fixing it clears the overlay.
            let failing = try await readEvents(port: port, until: "event: failure", timeout: 30) {
                try TestSupport.write(TestSupport.read(details) + "\nSee [](#nowhere).\n", to: details)
            }
            #expect(failing.contains("event: failure\ndata: \(details.path):"))
            let overlay = try fetch(port: port, path: "/en/details.html")
            #expect(overlay.contains("no section, listing, figure, table or exercise has the id &#39;nowhere&#39;")
                    || overlay.contains("has the id 'nowhere'"))
            let fixed = try await readEvents(port: port, until: "event: reload", timeout: 30) {
                try TestSupport.write(TestSupport.read(details).replacingOccurrences(of: "\nSee [](#nowhere).\n", with: ""), to: details)
            }
            #expect(fixed.contains("event: reload"))
            #expect(!(try fetch(port: port, path: "/en/details.html")).contains("primer-overlay\" role"))

            // A template change re-renders every page. The file appears in one rename, as an
            // editor's atomic save makes it: a loaded machine must not see it half written.
            let layout = content.appendingPathComponent("templates/layout.mustache")
            _ = try await readEvents(port: port, until: "event: reload", timeout: 30) {
                try FileManager.default.createDirectory(at: layout.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(TestSupport.read(URL(fileURLWithPath: TestSupport.templates + "/layout.mustache"))
                    .replacingOccurrences(of: "<body ", with: "<body class=\"v2\" ").utf8).write(to: layout, options: .atomic)
            }
            // Every chapter page has the new layout, and no chapter was parsed again (on a loaded
            // machine the watcher may add an empty rebuild after the one that rendered them).
            let pages = ["en", "ru", "zh-Hans"].flatMap { locale in ["intro", "details"].map { "\(locale)/\($0).html" } }
            for page in pages {
                let html = server.store.file(page).map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
                #expect(html.contains("<body class=\"v2\" "), "\(page)")
            }
            #expect(server.session.parsedInLastBuild.isEmpty)
            server.broadcaster.finishAll()  // open event streams would keep the server from stopping
        }
    }

    @Test(.enabled(if: Process.canRun(["python3", "-m", "pagefind", "--version"])))
    func thePreviewIndexesItsPagesForSearchInTheBackground() async throws {
        let folder = try TestSupport.copyFixture("basic")
        let content = folder.appendingPathComponent("Content")
        let logs = Batches()
        let server = PreviewServer(options: .init(content: content.path, templates: TestSupport.templates, port: 0)) { logs.add($0) }
        #expect(server.rebuild() != nil)
        // The reload does not wait for the index; the index arrives a moment later.
        var waited = 0
        while server.store.file("pagefind/pagefind.js") == nil && waited < 1200 {  // up to 60 s on a loaded machine
            try await Task.sleep(for: .milliseconds(50)); waited += 1
        }
        #expect(server.store.file("pagefind/pagefind.js") != nil, "\(logs.all)")
        #expect(server.store.file("pagefind/pagefind-entry.json").map { String(decoding: $0.bytes, as: UTF8.self).contains("\"zh-hans\"") } == true)
        #expect(logs.all.contains { $0.hasPrefix("primer: search index updated") })
        // A rebuild replaces the pages but keeps serving the index until the new one is made.
        let intro = content.appendingPathComponent("en/intro.md")
        try TestSupport.write(TestSupport.read(intro) + "\nMore.\n", to: intro)
        #expect(server.rebuild() != nil)
        #expect(server.store.file("pagefind/pagefind.js") != nil)
    }

    final class Batches: @unchecked Sendable {
        let lock = NSLock()
        var items: [String] = []
        func add(_ item: String) { lock.lock(); items.append(item); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return items }
    }
}
