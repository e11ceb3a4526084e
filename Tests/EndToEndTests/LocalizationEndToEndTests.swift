import CourseModel
import Foundation
import Pipeline
import PrimerTestSupport
import Testing

/// The fixture course in three locales with a stale translation, a missing chapter, a missing
/// string and a string that needs review, seen through `primer status` and the built pages.
@Suite(.serialized) struct LocalizationEndToEndTests {
    func edit(_ url: URL, _ change: (String) -> String) throws {
        try TestSupport.write(change(TestSupport.read(url)), to: url)
    }

    @Test func statusAndPagesShowWhatTranslatorsNeed() throws {
        let folder = try TestSupport.copyFixture("basic")
        let content = folder.appendingPathComponent("Content")
        // ru/intro is translated from the current source; zh-Hans/intro is not marked (stale).
        let (marked, _) = TranslationStatus.markTranslated(content: content.path, templates: TestSupport.templates, locale: "ru", chapter: nil)
        #expect(marked == [content.appendingPathComponent("ru/intro.md").path])
        // The course's own catalog, over Primer's built-in words: zh-Hans's "nav_next" is new
        // (not translated yet); ru's "nav_previous" needs review.
        try TestSupport.write("""
            {
              "sourceLanguage" : "en",
              "strings" : {
                "nav_next" : { "localizations" : { "zh-Hans" : { "stringUnit" : { "state" : "new", "value" : "" } } } },
                "nav_previous" : { "localizations" : { "ru" : { "stringUnit" : { "state" : "needs_review", "value" : "Назад" } } } }
              },
              "version" : "1.0"
            }
            """, to: content.appendingPathComponent("Localizable.xcstrings"))
        let (rows, diagnostics) = TranslationStatus.compute(content: content.path, templates: TestSupport.templates)
        #expect(!diagnostics.hasErrors)
        let ruRow = try #require(rows.first { $0.locale == ru })
        let zhRow = try #require(rows.first { $0.locale == zh })
        #expect((ruRow.chapters.done, ruRow.chapters.stale, ruRow.chapters.missing, ruRow.chapters.total) == (1, 0, 1, 2))
        #expect((zhRow.chapters.done, zhRow.chapters.stale, zhRow.chapters.missing) == (0, 1, 1))
        #expect(ruRow.missingChapters == ["details"] && zhRow.staleChapters == ["intro"])
        #expect(ruRow.reviewStrings == ["nav_previous"] && ruRow.strings.missing == 0)
        #expect(zhRow.missingStrings == ["nav_next"] && zhRow.strings.stale == 0)

        // The CLI: a table with percentages; --strict fails while anything is missing or stale.
        let status = try TestSupport.run(["status", "--templates", TestSupport.templates], in: folder)
        #expect(status.status == 0)
        let lines = status.output.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        #expect(lines.first == "locale chapters translated stale missing sections stale strings translated needs review missing sample outputs stale")
        #expect(lines.contains { $0.hasPrefix("ru 2 1 (50%) 0 (0%) 1 (50%)") })
        #expect(lines.contains { $0.hasPrefix("zh-Hans 2 0 (0%) 1 (50%) 1 (50%)") })
        #expect(try TestSupport.run(["status", "--strict", "--templates", TestSupport.templates], in: folder).status == 1)

        // Pages: the stale banner in Chinese only; the missing word falls back to English.
        let result = try Build.run(.init(content: content.path, templates: TestSupport.templates, output: folder.appendingPathComponent("site").path))
        #expect(result.succeeded, "\(result.diagnostics)")
        let ruIntro = TestSupport.read(folder.appendingPathComponent("site/ru/intro.html"))
        let zhIntro = TestSupport.read(folder.appendingPathComponent("site/zh-Hans/intro.html"))
        #expect(!ruIntro.contains("stale-banner"))
        #expect(zhIntro.contains("<p class=\"stale-banner\" role=\"note\">本章原文在翻译之后已有改动，部分内容可能已过时。</p>"))
        #expect(zhIntro.contains("<span class=\"pager-direction\">Next</span>"))
        #expect(ruIntro.contains("<span class=\"pager-direction\">Далее</span>"))
        let ruDetails = TestSupport.read(folder.appendingPathComponent("site/ru/details.html"))
        #expect(ruDetails.contains("fallback-banner"))
        // Counted words take CLDR's plural forms; alternates and sitemaps list every translation.
        #expect(TestSupport.read(folder.appendingPathComponent("site/ru/index.html")).contains("<p class=\"part-count\">2 главы</p>"))
        #expect(ruIntro.contains("<link rel=\"alternate\" hreflang=\"zh-Hans\" href=\"https://example.org/course/zh-Hans/intro.html\">"))
        let sitemap = TestSupport.read(folder.appendingPathComponent("site/sitemap-ru.xml"))
        #expect(sitemap.contains("<loc>https://example.org/course/ru/intro.html</loc>"))
        #expect(sitemap.contains("<xhtml:link rel=\"alternate\" hreflang=\"en\" href=\"https://example.org/course/en/intro.html\"/>"))
        #expect(TestSupport.read(folder.appendingPathComponent("site/sitemap.xml")).contains("<loc>https://example.org/course/sitemap-zh-Hans.xml</loc>"))

        // Editing the English text before the first heading makes the Russian translation's
        // opening stale: a note above the chapter, not the whole-chapter banner.
        try edit(content.appendingPathComponent("en/intro.md")) { $0.replacingOccurrences(of: "Welcome.", with: "Welcome back.") }
        let after = TranslationStatus.compute(content: content.path, templates: TestSupport.templates).0.first { $0.locale == ru }
        #expect(after?.staleChapters == ["intro"])
        #expect(after?.staleSections["intro"]?.sections.map(\.key) == ["0"])
        _ = try Build.run(.init(content: content.path, templates: TestSupport.templates, output: folder.appendingPathComponent("site").path))
        let ruAfter = TestSupport.read(folder.appendingPathComponent("site/ru/intro.html"))
        #expect(ruAfter.contains("<p class=\"stale-banner\" role=\"note\">Заголовок или вступление оригинала изменились после перевода.</p>"))
        #expect(!ruAfter.contains("stale-section"))

        // primer strings formats one entry with CLDR's plural category.
        let strings = try TestSupport.run(["strings", "--locale", "ru", "--key", "part_chapter_count", "--count", "21"], in: folder)
        #expect(strings.output == "21 глава    [ru plural category: one]\n")
    }
}
