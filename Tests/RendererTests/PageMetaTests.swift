import CourseModel
import Foundation
import PrimerTestSupport
@testable import Renderer
import Testing

/// The pages' description, Open Graph locale and JSON-LD.
@Suite struct PageMetaTests {
    func page(_ markdown: String, summary: String? = nil) -> ChapterPage {
        var page = resolveCourse([("memory", [en: markdown])], locales: [en]).0.pages[en]![0]
        page.summary = summary
        return page
    }

    @Test func theSummaryDescribesAChapterElseItsFirstParagraph() {
        let text = "# Memory\n\n```swift\nlet x = 1\n```\n\nARC *replaces* `retain`\nand [release](https://example.org).\n\nMore.\n"
        #expect(PageDescription.of(summary: "What ARC does.", document: page(text).document) == "What ARC does.")
        #expect(PageDescription.of(summary: nil, document: page(text).document) == "ARC replaces retain and release.")
        #expect(PageDescription.of(summary: "", document: page("# Only a heading\n").document) == "")
    }

    @Test func aLongDescriptionIsCutAtAWordNear200Characters() {
        let words = Array(repeating: "memory", count: 60).joined(separator: " ")  // 419 characters
        let cut = PageDescription.cut(words)
        #expect(cut.count <= 200 && cut.count > 180 && cut.hasSuffix("y…") && !cut.contains("  "))
        #expect(PageDescription.cut("Short, \n with  spaces.") == "Short, with spaces.")
        // A language written without spaces is cut at the limit.
        let chinese = PageDescription.cut(String(repeating: "内存管理", count: 80))
        #expect(chinese.count == 200 && chinese.hasSuffix("…"))
        // No punctuation is left before the ellipsis.
        #expect(PageDescription.cut(String(repeating: "a", count: 150) + ", " + String(repeating: "b", count: 100)) == String(repeating: "a", count: 150) + "…")
    }

    @Test func openGraphLocalesComeFromTheTagsLikelyTerritory() {
        let cases = ["en": "en_US", "ru": "ru_RU", "zh-Hans": "zh_CN", "zh-Hant": "zh_TW", "pt": "pt_BR", "ja": "ja_JP", "ko": "ko_KR",
                     "de": "de_DE", "fr": "fr_FR", "es": "es_ES", "en-GB": "en_GB", "pt-PT": "pt_PT"]
        for (tag, expected) in cases { #expect(LocaleTag(tag)!.openGraphLocale == expected, "\(tag)") }
    }

    @Test func jsonLDCannotCloseItsScript() throws {
        let text = JSONLD.text(["name": "</script><!-- & -->", "@type": "Course"])
        #expect(!text.contains("</") && !text.contains("<!--") && !text.contains("&"))
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(parsed?["name"] as? String == "</script><!-- & -->")
    }

    func context(baseURL: String?, cards: Bool) -> LocaleContext {
        var (course, _) = resolveCourse([("intro", [en: "# Intro\n\nFirst words.\n"]), ("memory", [en: "# Memory\n\nARC.\n"])], locales: [en, ru])
        course.config.baseURL = baseURL
        course.config.title = [en: "Swift </script> course"]
        course.config.description = [en: "For people who read Objective-C."]
        course.config.authors = ["Ada Lovelace"]
        if cards { course.cards = [en] }
        return LocaleContext(course: course, locale: en, library: TemplateLibrary())
    }

    func json(_ value: [String: Any]) throws -> [String: Any] {
        let text = JSONLD.text(value)
        #expect(!text.contains("</"))
        return try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func theHomePageIsACourseWithItsChaptersAsParts() throws {
        let course = try json(context(baseURL: "https://example.org/c/", cards: true).courseJSONLD())
        #expect(course["@context"] as? String == "https://schema.org" && course["@type"] as? String == "Course")
        #expect(course["name"] as? String == "Swift </script> course" && course["inLanguage"] as? String == "en")
        #expect(course["url"] as? String == "https://example.org/c/en/index.html")
        #expect(course["image"] as? String == "https://example.org/c/en/cards/index.png")
        #expect(course["provider"] == nil && course["publisher"] == nil, "never invented")
        #expect((course["author"] as? [[String: String]]) == [["@type": "Person", "name": "Ada Lovelace"]])
        let parts = try #require(course["hasPart"] as? [[String: Any]])
        #expect(parts.map { $0["@type"] as? String } == ["LearningResource", "LearningResource"])
        #expect(parts.map { $0["url"] as? String } == ["https://example.org/c/en/intro.html", "https://example.org/c/en/memory.html"])
        #expect(parts.map { $0["position"] as? Int } == [1, 2])
    }

    @Test func aChapterIsALearningResourceWithBreadcrumbs() throws {
        let locale = context(baseURL: nil, cards: false)
        var page = locale.pages[1]
        page.updated = "2026-11-20"
        let graph = try #require(try json(locale.chapterJSONLD(index: 1, page: page, description: "ARC.")) ["@graph"] as? [[String: Any]])
        let resource = graph[0], crumbs = graph[1]
        #expect(resource["@type"] as? String == "LearningResource" && resource["learningResourceType"] as? String == "chapter")
        #expect(resource["name"] as? String == "memory" && resource["position"] as? Int == 2 && resource["dateModified"] as? String == "2026-11-20")
        #expect(resource["url"] as? String == "memory.html" && resource["image"] == nil, "relative without base_url; no card")
        #expect((resource["isPartOf"] as? [String: Any])?["@type"] as? String == "Course")
        #expect(crumbs["@type"] as? String == "BreadcrumbList")
        let items = try #require(crumbs["itemListElement"] as? [[String: Any]])
        #expect(items.map { $0["item"] as? String } == ["index.html", "intro.html", "memory.html"], "home, the part at its first chapter, the chapter")
        #expect(items.map { $0["position"] as? Int } == [1, 2, 3])
    }

    @Test func theMetaHasAnImageOnlyWithCardsAndABaseURL() {
        let with = context(baseURL: "https://example.org/c/", cards: true)
            .meta(page: "memory.html", title: "Memory", type: "article", description: "", card: "memory", jsonLD: nil)
        #expect(with.url == "https://example.org/c/en/memory.html" && with.image == "https://example.org/c/en/cards/memory.png")
        #expect(with.child(named: "twitter_card") as? String == "summary_large_image" && with.description == "Memory")
        #expect(with.locale == "en_US" && with.alternateLocales.map(\.locale) == ["ru_RU"])
        let without = context(baseURL: nil, cards: false)
            .meta(page: "memory.html", title: "Memory", type: "article", description: "ARC.", card: "memory", jsonLD: nil)
        #expect(without.url == nil && without.image == nil && without.child(named: "twitter_card") as? String == "summary")
    }
}
