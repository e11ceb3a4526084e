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
        #expect(server.session.renderedInLastBuild.count == 12)

        let watcher = try server.watch()
        defer { watcher.stop() }
        try await server.application().test(.live) { client in
            let port = try #require(client.port)
            // Edit one paragraph of the English "details": its page and its two fallbacks change, nothing else.
            let details = content.appendingPathComponent("en/details.md")
            // Saved in one rename: a starved watcher must not build from the file half written.
            let events = try await readEvents(port: port, until: "event: reload", timeout: 120) {
                try Data(TestSupport.read(details).replacingOccurrences(of: "Nothing.", with: "Nothing at all.").utf8).write(to: details, options: .atomic)
            }
            // The one-page print versions hold the chapter too, and so do the Markdown twin and llms-full.txt.
            #expect(events.contains(["en", "ru", "zh-Hans"].map { "data: \($0)/details.html\ndata: \($0)/details.md\ndata: \($0)/llms-full.txt\ndata: \($0)/print.html" }
                .joined(separator: "\n")), "\(events)")
            #expect(server.session.parsedInLastBuild == [details.path])
            #expect(server.session.renderedInLastBuild == ["en/details.html", "en/details.md", "ru/details.html", "ru/details.md", "zh-Hans/details.html", "zh-Hans/details.md"])
            #expect(try fetch(port: port, path: "/ru/details.html").contains("Nothing at all."))

            // A broken reference: the overlay, the server stays up; fixing it clears the overlay.
            let failing = try await readEvents(port: port, until: "event: failure", timeout: 120) {
                try TestSupport.write(TestSupport.read(details) + "\nSee [](#nowhere).\n", to: details)
            }
            #expect(failing.contains("event: failure\ndata: \(details.path):"))
            let overlay = try fetch(port: port, path: "/en/details.html")
            #expect(overlay.contains("no section, listing, figure, table or exercise has the id &#39;nowhere&#39;")
                    || overlay.contains("has the id 'nowhere'"))
            let fixed = try await readEvents(port: port, until: "event: reload", timeout: 120) {
                try TestSupport.write(TestSupport.read(details).replacingOccurrences(of: "\nSee [](#nowhere).\n", with: ""), to: details)
            }
            #expect(fixed.contains("event: reload"))
            #expect(!(try fetch(port: port, path: "/en/details.html")).contains("primer-overlay\" role"))

            // A template change re-renders every page. The file appears in one rename, as an
            // editor's atomic save makes it: a loaded machine must not see it half written.
            let layout = content.appendingPathComponent("templates/layout.mustache")
            _ = try await readEvents(port: port, until: "event: reload", timeout: 120) {
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
