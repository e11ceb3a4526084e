import CourseModel
import Foundation
import Hummingbird
import HummingbirdTesting
import Pipeline
@testable import Preview
import PrimerTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite struct PreviewResponderTests {
    func store() -> SiteStore {
        let store = SiteStore()
        store.update([
            "index.html": Array("<html><body>home</body></html>".utf8), "en/a.html": Array("<html><body>A</body></html>".utf8),
            "404.html": Array("<html><body>missing</body></html>".utf8), "assets/style.css": Array("body{}".utf8),
            "assets/app.js": Array("1".utf8), "data.json": Array("{}".utf8), "img.svg": Array("<svg/>".utf8), "x.png": [0x89],
            "font.woff2": [1], "app.wasm": [0], "sitemap.xml": Array("<x/>".utf8),
            "en/a.md": Array("# A\n".utf8), "llms.txt": Array("# T\n".utf8),
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
                         "/x.png": "image/png", "/font.woff2": "font/woff2", "/app.wasm": "application/wasm", "/sitemap.xml": "application/xml",
                         "/en/a.md": "text/markdown; charset=utf-8", "/llms.txt": "text/plain; charset=utf-8"]
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
