import CourseModel
import Foundation
import Hummingbird
import HummingbirdTesting
import Pipeline
import Preview
import Renderer
@testable import Resolver
import Testing

/// Markdown edge cases from the GFM spec and probes, and the messages an author reads.
@Suite struct MarkdownFidelityTests {
    func render(_ markdown: String) -> (html: String, diagnostics: [Diagnostic]) {
        let (course, diagnostics) = resolveCourse([("c", [en: markdown])], locales: [en])
        let html = HTMLRenderer.render(course.pages[en]![0].document, strings: UIStrings(locale: en, entries: [
            "heading_anchor": "Link", "footnote_back": "Back", "ref_figure": "Figure %1$@.%2$@",
        ]), rawHTML: false)
        return (html, diagnostics)
    }

    func ids(_ html: String) -> [String] {
        var result: [String] = []
        var rest = Substring(html)
        while let range = rest.range(of: " id=\"") {
            let after = rest[range.upperBound...]
            let end = after.firstIndex(of: "\"")!
            result.append(String(after[..<end]))
            rest = after[end...]
        }
        return result
    }

    @Test func aFootnoteReferencedTwiceGetsTwoBackReferencesAndEveryIdIsUnique() {
        let (html, _) = render("One[^n] and two[^n], and [^m].\n\n[^n]: The note.\n[^m]: Another.\n")
        // cmark-gfm numbers footnote labels in order of first reference.
        #expect(html.contains("<a href=\"#fn-1\" id=\"fnref-1\">1</a>") && html.contains("<a href=\"#fn-1\" id=\"fnref-1-2\">1</a>"), "\(html)")
        #expect(html.contains("<a href=\"#fnref-1\" class=\"footnote-backref\" aria-label=\"Back\">↩</a> <a href=\"#fnref-1-2\" class=\"footnote-backref\" aria-label=\"Back\">↩<sup>2</sup></a>"))
        let all = ids(html)
        #expect(Set(all).count == all.count, "\(all)")
        #expect(all.contains("fn-2") && all.contains("fnref-2"))
    }

    /// Every id Primer's templates give an element is one a heading may not take.
    @Test func theTemplatesIdsAreReserved() throws {
        let folder = TestSupport.root.appendingPathComponent("Templates")
        var ids = Set<String>()
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".mustache") {
            let text = TestSupport.read(folder.appendingPathComponent(name))
            for match in text.matches(of: /\bid="([^"{]+)"/) { ids.insert(String(match.1)) }
        }
        #expect(!ids.isEmpty && ids.isSubset(of: Numberer.reservedIDs), "\(ids.subtracting(Numberer.reservedIDs))")
    }

    @Test func headingIdsStayClearOfThePagesOwn() {
        let (html, diagnostics) = render("## Main\n\n## Toc\n\n## Search input\n\n## fn-x\n\nA note[^x].\n\n[^x]: X.\n")
        #expect(ids(html).prefix(4) == ["main-1", "toc-1", "search-input-1", "h-fn-x"], "\(ids(html))")
        #expect(!diagnostics.hasErrors)
        let (_, explicit) = render("## Main {#main}\n\n## Notes {#fnref-1}\n")
        let errors = explicit.filter(\.isError).map(\.description)
        #expect(errors == ["en/c.md:1:1: error: the id 'main' is taken by the page itself (the site's templates use it) [PRM022]\n    choose another id, e.g. 'c-main'",
                           "en/c.md:3:1: error: the id 'fnref-1' is taken by the page itself (footnotes use fn- and fnref- ids) [PRM022]\n    choose another id, e.g. 'c-fnref-1'"],
                "\(errors)")
    }

    /// 10,000 headings with one text: every id unique, numbered in order (in linear time: the
    /// closing note of the issue has the figures; it was 33–50 s, quadratic).
    @Test func manyHeadingsWithOneTextGetUniqueIds() {
        let markdown = String(repeating: "#### Same\n\n", count: 10_000)
        let start = ContinuousClock.now
        let (html, _) = render(markdown)
        let all = ids(html)
        #expect(all.count == 10_000 && Set(all).count == 10_000)
        #expect(all.prefix(3) == ["same", "same-1", "same-2"] && all.last == "same-9999")
        #expect(ContinuousClock.now - start < .seconds(20))
    }

    @Test func altTextKeepsInlineHTMLAndFootnotesReferencedThereAreKept() {
        let (html, _) = render("![a <b>bold</b> move](x.png) and ![n[^alt]](y.png)\n\n[^alt]: Only in alt text.\n")
        #expect(html.contains("alt=\"a &lt;b&gt;bold&lt;/b&gt; move\""), "\(html)")
        #expect(html.contains("alt=\"n1\""), "\(html)")
        #expect(html.contains("<li id=\"fn-1\">\n<p>Only in alt text.</p>\n</li>"), "\(html)")
        #expect(!html.contains("#fnref-1"))
    }

    @Test func aTabInAFencesInfoStringEndsTheLanguage() {
        let (html, _) = render("```swift\tlinenos\nlet a = 1\n```\n\n```ruby\t{title=\"x\"}\nputs 1\n```\n")
        #expect(html.contains("<code class=\"language-swift\">") && html.contains("<code class=\"language-ruby\">"), "\(html)")
    }
}

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
