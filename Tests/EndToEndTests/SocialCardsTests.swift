import CourseModel
import Foundation
import Pipeline
import PrimerTestSupport
import Testing

/// Link previews: every page's description, Open Graph and Twitter tags, and the card PNGs Typst
/// draws per chapter and locale when the course has a `base_url`.
@Suite struct SocialCardsTests {
    func build(_ folder: URL) throws -> Build.Result {
        var options = Build.Options(content: folder.appendingPathComponent("Content").path, templates: TestSupport.templates,
                                    output: folder.appendingPathComponent("site").path)
        options.product = .site(search: false)
        return try Build.run(options)
    }

    /// The `content` of each `<meta property|name="…">` of a page, by its name (the last one of a repeated name).
    func meta(_ html: String) -> [String: String] {
        var found: [String: String] = [:]
        for tag in html.components(separatedBy: "<meta ").dropFirst() {
            let tag = String(tag.prefix { $0 != ">" })
            func value(_ name: String) -> String? {
                tag.components(separatedBy: " \(name)=\"").dropFirst().first.map { String($0.prefix { $0 != "\"" }) }
                    ?? (tag.hasPrefix("\(name)=\"") ? String(tag.dropFirst(name.count + 2).prefix { $0 != "\"" }) : nil)
            }
            if let key = value("property") ?? value("name"), let content = value("content") { found[key] = content }
        }
        return found
    }

    /// The width and height in a PNG's IHDR chunk.
    func pngSize(_ data: Data) -> (Int, Int)? {
        let bytes = [UInt8](data)
        guard bytes.count > 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], bytes[12..<16] == Array("IHDR".utf8)[...] else { return nil }
        func number(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }

    static let pages = ["index", "intro", "details"]

    @Test func withABaseURLEveryPageHasTheOpenGraphPropertiesAndEachChapterACard() throws {
        let folder = try TestSupport.copyFixture("basic")
        let result = try build(folder)
        #expect(!result.diagnostics.contains { $0.isError }, "\(result.diagnostics)")
        let site = folder.appendingPathComponent("site")
        var checked = 0
        for (path, data) in TestSupport.snapshot(site) where path.hasSuffix(".html") && path != "404.html" {
            let tags = meta(String(decoding: data, as: UTF8.self))
            for property in ["og:title", "og:type", "og:image", "og:url", "og:description", "og:site_name", "og:locale", "description",
                             "twitter:card", "twitter:title", "twitter:description", "twitter:image", "og:image:alt"] {
                #expect(!(tags[property] ?? "").isEmpty, "\(path): no \(property)")
            }
            #expect(tags["og:url"]?.hasPrefix("https://example.org/course/") == true, "\(path): og:url not absolute")
            #expect(tags["og:image"]?.hasPrefix("https://example.org/course/") == true, "\(path): og:image not absolute")
            #expect(tags["og:image:width"] == "1200" && tags["og:image:height"] == "630" && tags["twitter:card"] == "summary_large_image")
            checked += 1
        }
        #expect(checked >= 15, "every locale's pages and the language chooser")
        let intro = meta(TestSupport.read(site.appendingPathComponent("ru/intro.html")))
        #expect(intro["og:type"] == "article" && intro["og:locale"] == "ru_RU" && intro["og:url"] == "https://example.org/course/ru/intro.html")
        #expect(intro["og:image"] == "https://example.org/course/ru/cards/intro.png")
        #expect(meta(TestSupport.read(site.appendingPathComponent("zh-Hans/index.html")))["og:type"] == "website")
        for locale in ["en", "ru", "zh-Hans"] {
            for page in Self.pages {
                let data = try Data(contentsOf: site.appendingPathComponent("\(locale)/cards/\(page).png"))
                #expect(pngSize(data).map { [$0.0, $0.1] } == [1200, 630], "\(locale)/cards/\(page).png")
            }
        }
        // A second full build draws nothing: every card comes from the cache, byte for byte.
        let before = TestSupport.snapshot(site).filter { $0.key.contains("/cards/") }
        try FileManager.default.removeItem(at: site)
        let again = try build(folder)
        #expect(again.timings.contains { $0.stage == "social cards (kept)" }, "\(again.timings.map(\.stage))")
        #expect(TestSupport.snapshot(site).filter { $0.key.contains("/cards/") } == before)
        #expect(before.count == 9)
        // An edit of a chapter's text is incremental: its pages are rendered again, with their
        // cards' og:image, and the cards are kept.
        let details = folder.appendingPathComponent("Content/en/details.md")
        try TestSupport.write(TestSupport.read(details).replacingOccurrences(of: "Nothing.", with: "Nothing yet."), to: details)
        let edited = try build(folder)
        #expect(edited.incremental?.contains("ru/details.html") == true, "\(String(describing: edited.incremental))")
        let ruDetails = TestSupport.read(site.appendingPathComponent("ru/details.html"))
        #expect(ruDetails.contains("Nothing yet.") && meta(ruDetails)["og:image"] == "https://example.org/course/ru/cards/details.png")
        #expect(TestSupport.snapshot(site).filter { $0.key.contains("/cards/") } == before)
    }

    @Test func withoutTypstThereIsAWarningAndNoCardNorOgImage() throws {
        let folder = try TestSupport.copyFixture("basic")
        let (status, output) = try TestSupport.run(["build", "--templates", TestSupport.templates, "--no-editions"], in: folder,
                                                   environment: ["PRIMER_TYPST_PYTHON": "/nonexistent/python3"])
        #expect(status == 0, "\(output)")
        #expect(output.contains("warning: the social cards were not drawn: Typst could not be run") && output.contains("[PRM071]"), "\(output)")
        let site = folder.appendingPathComponent("site")
        #expect(!TestSupport.snapshot(site).keys.contains { $0.contains("/cards/") })
        let tags = meta(TestSupport.read(site.appendingPathComponent("en/intro.html")))
        #expect(tags["og:image"] == nil && tags["twitter:card"] == "summary" && tags["og:url"] == "https://example.org/course/en/intro.html")
    }

    @Test func withoutABaseURLThereIsNoCardNorAbsoluteURL() throws {
        let folder = try TestSupport.copyFixture("basic")
        let config = folder.appendingPathComponent("Content/course.yml")
        try TestSupport.write(TestSupport.read(config).replacingOccurrences(of: "base_url: https://example.org/course/\n", with: ""), to: config)
        _ = try build(folder)
        let site = folder.appendingPathComponent("site")
        for (path, data) in TestSupport.snapshot(site) where path.hasSuffix(".html") && path != "404.html" {
            let tags = meta(String(decoding: data, as: UTF8.self))
            #expect(tags["og:url"] == nil && tags["og:image"] == nil && tags["twitter:image"] == nil, "\(path)")
            #expect(tags["twitter:card"] == "summary" && !(tags["description"] ?? "").isEmpty && !(tags["og:title"] ?? "").isEmpty, "\(path)")
        }
        #expect(!TestSupport.snapshot(site).keys.contains { $0.contains("/cards/") })
    }
}
