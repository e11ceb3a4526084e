import CourseModel
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Pipeline
import PrimerTestSupport
import Testing

/// Each locale's Atom feed of new and revised chapters (`feed.xml`), from their `updated` dates.
@Suite(.serialized) struct ChangesFeedTests {
    func build(_ folder: URL) throws -> Build.Result { try ReaderTests().build(folder) }

    /// The fixture course with dated chapters (intro in October, details in November).
    func datedCourse(config: (String) -> String = { $0 }) throws -> URL {
        let folder = try TestSupport.copyFixture("basic")
        let content = folder.appendingPathComponent("Content")
        for (file, date) in [("en/intro.md", "2026-10-01"), ("en/details.md", "2026-11-20"), ("ru/intro.md", "2026-10-05")] {
            let url = content.appendingPathComponent(file)
            try TestSupport.write(TestSupport.read(url).replacingOccurrences(of: "---\ntitle:", with: "---\nupdated: \(date)\ntitle:"), to: url)
        }
        let course = content.appendingPathComponent("course.yml")
        try TestSupport.write(config(TestSupport.read(course)), to: course)
        return folder
    }

    /// The feed's elements, as (path of element names, text) in document order.
    final class Reader: NSObject, XMLParserDelegate {
        var path: [String] = [], text = "", found: [(String, String)] = [], attributes: [(String, [String: String])] = []
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]) {
            path.append(name); text = ""
            self.attributes.append((path.joined(separator: "/"), attributes))
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            found.append((path.joined(separator: "/"), text.trimmingCharacters(in: .whitespacesAndNewlines)))
            path.removeLast(); text = ""
        }
        func values(_ path: String) -> [String] { found.filter { $0.0 == path }.map(\.1) }
        func attribute(_ path: String, _ name: String) -> [String] { attributes.filter { $0.0 == path }.compactMap { $0.1[name] } }
    }

    func read(_ url: URL) throws -> Reader {
        let parser = try #require(XMLParser(contentsOf: url))
        let reader = Reader()
        parser.delegate = reader
        #expect(parser.parse(), "\(url.lastPathComponent) is well-formed XML: \(String(describing: parser.parserError))")
        return reader
    }

    /// Entries newest first, each with the chapter's label, title, summary and part; the feed
    /// named in every page's head and linked from the home page; absolute ids under `base_url`.
    @Test func aLocalesFeedListsItsDatedChaptersNewestFirst() throws {
        let folder = try datedCourse { $0 + "authors: [Ada Lovelace, Charles Babbage]\n" }
        let result = try build(folder)
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics)")
        let site = folder.appendingPathComponent("site")
        let en = try read(site.appendingPathComponent("en/feed.xml"))
        #expect(en.values("feed/title") == ["Fixture Course: new and revised chapters"])
        #expect(en.values("feed/updated") == ["2026-11-20T00:00:00Z"])
        #expect(en.values("feed/id") == ["https://example.org/course/en/feed.xml"])
        #expect(en.values("feed/author/name") == ["Ada Lovelace", "Charles Babbage"])
        #expect(en.values("feed/entry/title") == ["Chapter 2. Details", "Chapter 1. Introduction"])
        #expect(en.values("feed/entry/updated") == ["2026-11-20T00:00:00Z", "2026-10-01T00:00:00Z"])
        #expect(en.values("feed/entry/id") == ["https://example.org/course/en/details.html", "https://example.org/course/en/intro.html"])
        #expect(en.attribute("feed/entry/link", "href") == ["https://example.org/course/en/details.html", "https://example.org/course/en/intro.html"])
        #expect(en.values("feed/entry/summary") == ["Where it all starts."])
        #expect(en.attribute("feed/entry/category", "term") == ["Basics", "Basics"])
        // The Russian feed reads the Russian chapters' dates: the untranslated one keeps the source's.
        let ru = try read(site.appendingPathComponent("ru/feed.xml"))
        #expect(ru.values("feed/title") == ["Учебный курс: новые и обновлённые главы"])
        #expect(ru.values("feed/entry/updated") == ["2026-11-20T00:00:00Z", "2026-10-05T00:00:00Z"])
        #expect(ru.values("feed/entry/title").last == "Глава 1. Введение")

        let page = TestSupport.read(site.appendingPathComponent("en/intro.html"))
        #expect(page.contains("<link rel=\"alternate\" type=\"application/atom+xml\" title=\"New and revised chapters (Atom feed)\" href=\"../en/feed.xml\">"))
        let home = TestSupport.read(site.appendingPathComponent("zh-Hans/index.html"))
        #expect(home.contains("<a href=\"../zh-Hans/feed.xml\" type=\"application/atom+xml\">新增与更新的章节（Atom 订阅源）</a>"))
    }

    /// Without `base_url` the links are relative to the feed and the ids are name-based UUIDs
    /// that stay the same when a chapter is revised; the course's title is the author.
    @Test func withoutABaseURLIdsStayWhenAChapterIsRevised() throws {
        let folder = try datedCourse { $0.replacingOccurrences(of: "base_url: https://example.org/course/\n", with: "") }
        #expect(!(try build(folder)).diagnostics.hasErrors)
        let feed = folder.appendingPathComponent("site/en/feed.xml")
        let before = try read(feed)
        #expect(before.attribute("feed/entry/link", "href") == ["details.html", "intro.html"])
        #expect(before.attribute("feed/link", "href") == ["feed.xml", "index.html"])
        #expect(before.values("feed/author/name") == ["Fixture Course"])
        #expect(before.values("feed/entry/id").allSatisfy { $0.hasPrefix("urn:uuid:") && $0.count == 45 })

        let intro = folder.appendingPathComponent("Content/en/intro.md")
        try TestSupport.write(TestSupport.read(intro).replacingOccurrences(of: "2026-10-01", with: "2026-12-01"), to: intro)
        #expect(!(try build(folder)).diagnostics.hasErrors)
        let after = try read(feed)
        #expect(after.values("feed/entry/title") == ["Chapter 1. Introduction", "Chapter 2. Details"])
        #expect(Set(after.values("feed/entry/id")) == Set(before.values("feed/entry/id")))
        #expect(after.values("feed/updated") == ["2026-12-01T00:00:00Z"])
    }

    /// A locale none of whose chapters is dated has no feed, and its pages name none.
    @Test func undatedChaptersMakeNoFeed() throws {
        let folder = try TestSupport.copyFixture("basic")
        #expect(!(try build(folder)).diagnostics.hasErrors)
        let site = folder.appendingPathComponent("site")
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("en/feed.xml").path))
        #expect(!TestSupport.read(site.appendingPathComponent("en/index.html")).contains("feed.xml"))
    }
}
