import CourseModel
import Foundation
import Hummingbird
import HummingbirdTesting
import Pipeline
import Preview
import PrimerTestSupport
import Renderer
@testable import Resolver
import Testing

@Suite struct AuthorMessagesTests {
    @Test func aChapterWithoutASummaryShowsNone() throws {
        let folder = try TestSupport.copyFixture("basic")
        var options = Build.Options(content: folder.appendingPathComponent("Content").path, templates: TestSupport.templates,
                                    output: folder.appendingPathComponent("site").path)
        options.product = .site(reuse: false)
        let result = try Build.run(options)
        #expect(result.succeeded)
        for page in ["en/details.html", "en/index.html", "en/print.html", "ru/details.html"] {
            let html = TestSupport.read(folder.appendingPathComponent("site/" + page))
            #expect(!html.contains(">nil<") && !html.contains("Optional("), "\(page)")
        }
        #expect(TestSupport.read(folder.appendingPathComponent("site/en/intro.html")).contains("<p class=\"chapter-summary\">Where it all starts.</p>"))
    }

    @Test(arguments: [("truncated", Array(#"{ "sourceLanguage" : "en", "strings" : { "nav_home" : { "localizations" : { "en" : { "stringUnit"#.utf8)),
                      ("not UTF-8", [0xFF, 0xFE, 0x7B])])
    func anUnreadableStringCatalogIsOneError(_ name: String, _ bytes: [UInt8]) throws {
        let folder = try TestSupport.copyFixture("basic")
        let catalog = folder.appendingPathComponent("Content/Localizable.xcstrings")
        try Data(bytes).write(to: catalog)
        var options = Build.Options(content: folder.appendingPathComponent("Content").path, templates: TestSupport.templates,
                                    output: folder.appendingPathComponent("site").path)
        options.product = .site(reuse: false)
        let errors = try Build.run(options).diagnostics.filter(\.isError)
        #expect(errors.count == 1, "\(name): \(errors.map(\.description))")
        #expect(errors.first?.location?.path == catalog.path && (errors.first?.location?.line ?? 0) > 0, "\(name)")
    }

    @Test func theCommandLineSaysWhatIsWrong() throws {
        let folder = try TestSupport.copyFixture("basic")
        let unknown = try TestSupport.run(["strings", "--locale", "ru", "--key", "nav_hom"], in: folder)
        #expect(unknown.status == 1 && unknown.output.contains("primer: error: no key \"nav_hom\" in Content/Localizable.xcstrings. Did you mean \"nav_home\"?"),
                "\(unknown.output)")
        let port = try TestSupport.run(["serve", "--port", "99999"], in: folder)
        #expect(port.status == 2 && port.output.contains("--port must be from 0 to 65535"), "\(port.output)")
        // A port that is taken.
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        #expect(listen(fd, 1) == 0)
        let taken = Int(UInt16(bigEndian: address.sin_port))
        let busy = try TestSupport.run(["serve", "--port", String(taken), "--templates", TestSupport.templates], in: folder)
        #expect(busy.status == 1 && busy.output.contains("primer: error: cannot serve on 127.0.0.1:\(taken): port \(taken) is in use"), "\(busy.output)")
        let host = try TestSupport.run(["serve", "--port", "0", "--host", "999.1.1.1", "--templates", TestSupport.templates], in: folder)
        #expect(host.status == 1 && host.output.contains("primer: error: cannot serve on 999.1.1.1:0: '999.1.1.1' is not a host name or address"), "\(host.output)")
    }

    @Test func aFolderWithoutTheSlashIsRedirected() async throws {
        let store = SiteStore()
        store.update(["en/index.html": Array("<html><body>en</body></html>".utf8), "404.html": Array("<html><body>missing</body></html>".utf8)])
        let app = Application(responder: PreviewResponder(store: store, broadcaster: Broadcaster()),
                              configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.router) { client in
            try await client.execute(uri: "/en", method: .get) { response in
                #expect(response.status == .movedPermanently && response.headers[.location] == "/en/")
            }
            try await client.execute(uri: "/en?x=1", method: .get) { response in
                #expect(response.headers[.location] == "/en/?x=1")
            }
            try await client.execute(uri: "/en/", method: .get) { response in
                #expect(response.status == .ok && String(buffer: response.body).contains("en"))
            }
        }
    }
}
