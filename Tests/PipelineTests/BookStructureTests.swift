import CourseModel
import Foundation
import Pipeline
@testable import Loader
import PrimerTestSupport
import Testing

/// What books other than Primer's own course need: unnumbered chapters, appendices, no section
/// numbers, callout kinds of their own and callout titles.
@Suite struct BookStructureTests {
    /// A course in a temporary folder: `files` are paths under Content/ → text.
    func course(_ files: [String: String]) throws -> URL {
        let folder = TestSupport.scratch("primer-book")
        for (path, text) in files { try TestSupport.write(text, to: folder.appendingPathComponent("Content/" + path)) }
        return folder
    }

    func build(_ folder: URL) throws -> Build.Result {
        var options = Build.Options(content: folder.appendingPathComponent("Content").path, templates: folder.appendingPathComponent("Templates").path,
                                    output: folder.appendingPathComponent("site").path)
        options.product = .site(reuse: false)
        return try Build.run(options)
    }

    static let catalog = """
        { "sourceLanguage" : "en", "version" : "1.0", "strings" : {
          "callout_experiment" : { "localizations" : {
            "en" : { "stringUnit" : { "state" : "translated", "value" : "Experiment" } },
            "ru" : { "stringUnit" : { "state" : "translated", "value" : "Эксперимент" } } } } } }
        """

    static let book: [String: String] = [
        "course.yml": """
            title: { en: Book, ru: Книга }
            source_locale: en
            locales: [en, ru]
            callouts: [experiment]
            parts:
              - numbering: none
                chapters: [preface]
              - title: { en: Main, ru: Основное }
                chapters: [one, two]
              - title: { en: Appendices, ru: Приложения }
                numbering: appendix
                chapters: [glossary]
              - numbering: none
                chapters: [history]
            """,
        "Localizable.xcstrings": catalog,
        "en/preface.md": "---\ntitle: Preface\n---\n\nSee [](one.md), [](glossary.md), [](#lst-p) and [](history.md).\n\n## About {#about}\n\n```text {#lst-p title=\"p.txt\"}\nhi\n```\n",
        "en/one.md": """
            ---
            title: One
            ---

            ## Start

            See [](preface.md), [](#about), [](#lst-g) and [](#g-sec).

            > [!WARNING] Mind *the* gap
            > Body.

            > [!EXPERIMENT]
            > Try it.

            > [!EXPERIMENT] Change the *count*
            > Then run it again.
            """,
        "en/two.md": "---\ntitle: Two\n---\n\n## Second {#second}\n\n```text {#lst-two title=\"t.txt\"}\nx\n```\n",
        "en/glossary.md": "---\ntitle: Glossary\n---\n\n## Terms {#g-sec}\n\n```text {#lst-g title=\"g.txt\"}\nx\n```\n",
        "en/history.md": "---\ntitle: Revision history\n---\n\nFirst edition.\n",
        "ru/one.md": "---\ntitle: Один\n---\n\n## Начало\n\nСм. [](glossary.md) и [](#lst-g).\n\n> [!EXPERIMENT]\n> Попробуйте.\n",
    ]

    @Test func prefacesAppendicesAndTheirReferences() throws {
        let folder = try course(Self.book)
        let result = try build(folder)
        #expect(result.succeeded && result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
        func page(_ path: String) -> String { TestSupport.read(folder.appendingPathComponent("site/" + path)) }
        // An unnumbered chapter is referred to by its title; its listings have no chapter number.
        let preface = page("en/preface.html")
        #expect(preface.contains("<a href=\"one.html\" class=\"xref\">Chapter 1</a>"))
        #expect(preface.contains("<a href=\"glossary.html\" class=\"xref\">Appendix A</a>"))
        #expect(preface.contains("<a href=\"#lst-p\" class=\"xref\">Listing 1</a>"))
        #expect(preface.contains("<a href=\"history.html\" class=\"xref\">Revision history</a>"))
        #expect(preface.contains("<h2 id=\"about\">About <a class=\"anchor\""), "an unnumbered chapter's sections have no numbers")
        #expect(!preface.contains("class=\"chapter-label\""))
        let one = page("en/one.html")
        #expect(one.contains("<a href=\"preface.html\" class=\"xref\">Preface</a>"))
        #expect(one.contains("<a href=\"preface.html#about\" class=\"xref\">About</a>"))
        #expect(one.contains("<a href=\"glossary.html#lst-g\" class=\"xref\">Listing A.1</a>"))
        #expect(one.contains("<a href=\"glossary.html#g-sec\" class=\"xref\">Section A.1</a>"))
        #expect(one.contains("<span class=\"section-number\">1.1</span> Start"))
        // Chapters count on across parts; appendices have letters, in their language's words.
        #expect(page("en/two.html").contains("<p class=\"chapter-label\">Chapter 2</p>"))
        let glossary = page("en/glossary.html")
        #expect(glossary.contains("<p class=\"chapter-label\">Appendix A</p>") && glossary.contains("<span class=\"section-number\">A.1</span> Terms"))
        #expect(glossary.contains("<span class=\"caption-label\">Listing A.1</span>"))
        let russian = page("ru/one.html")
        #expect(russian.contains("<a href=\"glossary.html\" class=\"xref\">прил. A</a>") && russian.contains("листинг A.1"), "\(russian)")
        #expect(page("ru/glossary.html").contains("<p class=\"chapter-label\">Приложение A</p>"))
        // The table of contents: no heading for the preface's part, no "Part" label but the
        // numbered one's, letters for appendices, nothing for unnumbered chapters.
        #expect(one.contains("<ol class=\"toc-chapters\">\n<li><a href=\"preface.html\">Preface</a></li>"))
        #expect(one.contains("<p class=\"toc-part\"><span class=\"part-label\">Part 1</span> Main</p>"))
        #expect(one.contains("<p class=\"toc-part\">Appendices</p>"))
        #expect(one.contains("<li><a href=\"glossary.html\"><span class=\"chapter-number\">A</span> Glossary</a></li>"))
        #expect(one.contains("<li><a href=\"history.html\">Revision history</a></li>"))
        #expect(!one.contains("Part 2") && !one.contains("Part 3"))
        #expect(page("en/two.html").contains("<span class=\"pager-title\">Appendix A. Glossary</span>"))
        #expect(page("en/glossary.html").contains("<span class=\"pager-title\">Revision history</span>"))
        #expect(page("en/print.html").contains("<a href=\"#glossary--lst-g\" class=\"xref\">Listing A.1</a>"))
        #expect(ChapterLabel.letters(1) == "A" && ChapterLabel.letters(26) == "Z" && ChapterLabel.letters(27) == "AA")
    }

    @Test func calloutKindsOfTheCoursesOwnAndTitles() throws {
        let folder = try course(Self.book)
        let result = try build(folder)
        #expect(result.succeeded, "\(result.diagnostics.map(\.description))")
        let one = TestSupport.read(folder.appendingPathComponent("site/en/one.html"))
        // A title replaces the kind's word, which stays for screen readers.
        #expect(one.contains("<aside class=\"callout callout-warning\" role=\"note\">\n<p class=\"callout-title\"><span class=\"visually-hidden\">Warning: </span>Mind <em>the</em> gap</p>\n<p>Body.</p>"))
        #expect(one.contains("<aside class=\"callout callout-experiment callout-custom\" role=\"note\">\n<p class=\"callout-title\">Experiment</p>\n<p>Try it.</p>"))
        #expect(one.contains("<p class=\"callout-title\"><span class=\"visually-hidden\">Experiment: </span>Change the <em>count</em></p>"))
        #expect(TestSupport.read(folder.appendingPathComponent("site/ru/one.html")).contains("<p class=\"callout-title\">Эксперимент</p>"))

        // A kind without its label in a locale: one error naming the key.
        var noRussian = Self.book
        noRussian["Localizable.xcstrings"] = Self.catalog.replacingOccurrences(of: ",\n    \"ru\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Эксперимент\" } }", with: "")
        let missing = try build(try course(noRussian))
        #expect(missing.diagnostics.filter(\.isError).map(\.message) == ["the site's words in 'ru' lack 1 of 149 keys: callout_experiment"],
                "\(missing.diagnostics.map(\.description))")
        // A kind nobody declared is a plain quote with a warning that says how to declare it.
        var undeclared = Self.book
        undeclared["course.yml"] = Self.book["course.yml"]!.replacingOccurrences(of: "callouts: [experiment]\n", with: "")
        undeclared["Localizable.xcstrings"] = nil
        let warned = try build(try course(undeclared))
        let warning = try #require(warned.diagnostics.first { $0.message == "unknown callout [!EXPERIMENT]; it is shown as a plain quote" })
        #expect(warning.suggestion?.contains("declare a kind of your own in course.yml: callouts: [experiment]") == true, "\(warning)")
        // Declaring one of Primer's own, or a kind that is not a word, is an error.
        var bad = Self.book
        bad["course.yml"] = Self.book["course.yml"]!.replacingOccurrences(of: "callouts: [experiment]", with: "callouts: [experiment, note, two words]")
        let refused = try build(try course(bad))
        #expect(refused.diagnostics.filter(\.isError).map(\.message) == [
            "[!NOTE] is one of Primer's own callouts; declare only new kinds",
            "a callout kind is a word of ASCII letters, written as > [!WORD] in a chapter",
        ], "\(refused.diagnostics.map(\.description))")
    }

    @Test func aCourseWithoutSectionNumbersAndPartsThatNeedTitles() throws {
        var plain = Self.book
        plain["course.yml"] = Self.book["course.yml"]!.replacingOccurrences(of: "callouts: [experiment]", with: "callouts: [experiment]\nsection_numbers: false")
        let folder = try course(plain)
        let result = try build(folder)
        #expect(result.succeeded, "\(result.diagnostics.map(\.description))")
        let two = TestSupport.read(folder.appendingPathComponent("site/en/two.html"))
        #expect(!two.contains("section-number") && two.contains("<span class=\"caption-label\">Listing 2.1</span>"))
        #expect(two.contains("<p class=\"chapter-label\">Chapter 2</p>"))
        var untitled = Self.book
        untitled["course.yml"] = Self.book["course.yml"]!.replacingOccurrences(of: "  - title: { en: Main, ru: Основное }\n", with: "  - numbering: numbered\n")
        let refused = try build(try course(untitled))
        #expect(refused.diagnostics.filter(\.isError).map(\.message) == ["this part has no 'title'"], "\(refused.diagnostics.map(\.description))")
        var wrong = Self.book
        wrong["course.yml"] = Self.book["course.yml"]!.replacingOccurrences(of: "numbering: appendix", with: "numbering: letters")
        let misspelt = try build(try course(wrong))
        #expect(misspelt.diagnostics.filter(\.isError).map(\.message) == ["a part's 'numbering' is numbered, appendix or none"])
    }

    /// The first bytes of a PNG of this size: all the build reads.
    static func png(_ width: UInt32, _ height: UInt32) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        for value in [width, height] { bytes += [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }
        return Data(bytes + [8, 2, 0, 0, 0, 0, 0, 0, 0])
    }

    @Test func imagesWithRetinaAndDarkVersionsAndTheirSize() throws {
        var files = Self.book
        files["en/two.md"] = """
            ---
            title: Two
            ---

            ![Both themes](../images/chart.png)

            Inline ![icon](../images/icon.png), a drawing ![plan](../images/plan.svg) and a photo ![photo](../images/photo.png).
            """
        let folder = try course(files)
        let images = folder.appendingPathComponent("Content/images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        for (name, width, height) in [("chart.png", 300, 200), ("chart@2x.png", 600, 400), ("chart~dark.png", 300, 200),
                                      ("chart~dark@2x.png", 600, 400), ("icon@2x.png", 64, 48), ("icon~dark@2x.png", 64, 48), ("photo.png", 1000, 500)] {
            try Self.png(UInt32(width), UInt32(height)).write(to: images.appendingPathComponent(name))
        }
        try TestSupport.write("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 120.4 60\"><rect width=\"1\" height=\"1\"/></svg>",
                              to: images.appendingPathComponent("plan.svg"))
        let result = try build(folder)
        #expect(result.succeeded && result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
        let two = TestSupport.read(folder.appendingPathComponent("site/en/two.html"))
        #expect(two.contains("<picture><source srcset=\"../images/chart~dark.png, ../images/chart~dark@2x.png 2x\" media=\"(prefers-color-scheme: dark)\" data-theme-source><img src=\"../images/chart.png\" srcset=\"../images/chart.png, ../images/chart@2x.png 2x\" width=\"300\" height=\"200\" alt=\"Both themes\"></picture>"), "\(two)")
        // Only the @2x file: it is shown at half its pixel size.
        #expect(two.contains("<picture><source srcset=\"../images/icon~dark@2x.png 2x\" media=\"(prefers-color-scheme: dark)\" data-theme-source><img src=\"../images/icon@2x.png\" width=\"32\" height=\"24\" alt=\"icon\"></picture>"), "\(two)")
        #expect(two.contains("<img src=\"../images/plan.svg\" width=\"120\" height=\"60\" alt=\"plan\">"))
        #expect(two.contains("<img src=\"../images/photo.png\" width=\"1000\" height=\"500\" alt=\"photo\">"))
        for name in ["chart.png", "chart@2x.png", "chart~dark.png", "chart~dark@2x.png", "icon@2x.png", "plan.svg"] {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("site/images/" + name).path), "\(name)")
        }
        // A missing image is still an error, with the closest file suggested.
        files["en/two.md"]! += "\n\n![gone](../images/chrat.png)\n"
        let broken = try course(files)
        try FileManager.default.copyItem(at: images, to: broken.appendingPathComponent("Content/images"))
        let failed = try build(broken)
        #expect(failed.diagnostics.filter(\.isError).map(\.message) == ["image '../images/chrat.png' not found (looked for images/chrat.png in the content folder)"],
                "\(failed.diagnostics.map(\.description))")
    }

    @Test func imageSizesFromEachFormatsHeader() {
        func size(_ bytes: [UInt8], svg: Bool = false) -> ImageSize? { ImageSizes.size(of: bytes, svg: svg) }
        #expect(size(Array(Self.png(7, 9))) == ImageSize(width: 7, height: 9))
        #expect(size(Array("GIF89a".utf8) + [10, 0, 5, 0]) == ImageSize(width: 10, height: 5))
        // JPEG: an APP0 segment, then the frame: height 480, width 640.
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 0, 0, 0xFF, 0xC0, 0, 17, 8, 0x01, 0xE0, 0x02, 0x80, 3]
        #expect(size(jpeg) == ImageSize(width: 640, height: 480))
        let webp: [UInt8] = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8X".utf8) + [10, 0, 0, 0, 0, 0, 0, 0, 199, 0, 0, 99, 0, 0]
        #expect(size(webp) == ImageSize(width: 200, height: 100))
        #expect(size(Array("<svg width=\"100px\" height='50'>".utf8), svg: true) == ImageSize(width: 100, height: 50))
        #expect(size(Array("<svg width=\"100%\" viewBox=\"0,0,30,20\">".utf8), svg: true) == ImageSize(width: 30, height: 20))
        #expect(size(Array("not an image".utf8)) == nil && size(Array("<svg>".utf8), svg: true) == nil)
    }
}

/// What a process remembers between builds (the preview's): pages rendered again only when their
/// model or their templates changed, highlighted code, sliced samples, scanned names.
@Suite struct RememberedRenderingTests {
    @Test func aRememberedPageFollowsItsTemplateAndItsModel() throws {
        let folder = try TestSupport.copyFixture("basic")
        func build() throws -> String {
            var options = Build.Options(content: folder.appendingPathComponent("Content").path, templates: TestSupport.templates,
                                        output: folder.appendingPathComponent("site").path)
            options.product = .site(reuse: false)
            let result = try Build.run(options)
            #expect(result.succeeded, "\(result.diagnostics.map(\.description))")
            return TestSupport.read(folder.appendingPathComponent("site/en/api-index.html"))
        }
        let first = try build()
        #expect(try build() == first)
        // A template of the course's own: the page follows it.
        let template = TestSupport.read(TestSupport.root.appendingPathComponent("Templates/api-index.mustache"))
        try TestSupport.write("<p class=\"own-index\">own</p>\n" + template, to: folder.appendingPathComponent("Content/templates/api-index.mustache"))
        let changed = try build()
        #expect(changed.contains("<p class=\"own-index\">own</p>") && changed != first)
        // New code in a chapter: the index follows it.
        let intro = folder.appendingPathComponent("Content/en/intro.md")
        try TestSupport.write(TestSupport.read(intro) + "\nUse `UUID()` here.\n", to: intro)
        #expect(try build().contains(">UUID<") || (try build()).contains("UUID"))
    }
}
