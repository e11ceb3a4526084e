import CourseModel
import Foundation
import Pipeline
import PrimerTestSupport
import Testing

@Suite(.serialized) struct EndToEndTests {
    func build(_ folder: URL, locale: String? = nil, write: Bool = true, cache: Bool = true) throws -> Build.Result {
        var options = Build.Options(content: folder.appendingPathComponent("Content").path, templates: TestSupport.templates,
                                    output: folder.appendingPathComponent("site").path, locale: locale)
        options.product = write ? .site(reuse: cache) : .check
        return try Build.run(options)
    }

    @Test func buildsTheFixtureCourse() throws {
        let folder = try TestSupport.copyFixture("basic")
        let result = try build(folder)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let site = folder.appendingPathComponent("site")
        let files = Set(TestSupport.snapshot(site).keys)
        #expect(files == ["index.html", "404.html", "assets/style.css", "assets/primer.js", "assets/favicon.svg", "images/pic.svg",
                          "robots.txt", ".nojekyll", ".primer-site", "en/print.html", "ru/print.html", "zh-Hans/print.html",
                          "en/index.html", "en/intro.html", "en/details.html",
                          "ru/index.html", "ru/intro.html", "ru/details.html",
                          "zh-Hans/index.html", "zh-Hans/intro.html", "zh-Hans/details.html",
                          "sitemap.xml", "sitemap-en.xml", "sitemap-ru.xml", "sitemap-zh-Hans.xml",
                          "en/api-index.html", "ru/api-index.html", "zh-Hans/api-index.html",
                          "llms.txt", "en/llms.txt", "ru/llms.txt", "zh-Hans/llms.txt", "en/llms-full.txt", "ru/llms-full.txt", "zh-Hans/llms-full.txt",
                          "en/intro.md", "en/details.md", "ru/intro.md", "ru/details.md", "zh-Hans/intro.md", "zh-Hans/details.md",
                          // The course has a base_url: each page's social card.
                          "en/cards/index.png", "en/cards/intro.png", "en/cards/details.png",
                          "ru/cards/index.png", "ru/cards/intro.png", "ru/cards/details.png",
                          "zh-Hans/cards/index.png", "zh-Hans/cards/intro.png", "zh-Hans/cards/details.png"])
        let enIntro = TestSupport.read(site.appendingPathComponent("en/intro.html"))
        #expect(enIntro.contains("<html lang=\"en\" dir=\"ltr\">"))
        // The preview's live-reload script is never part of a built site.
        #expect(!enIntro.contains("__primer") && !enIntro.contains("primer preview"))
        #expect(enIntro.contains("<a href=\"details.html\" class=\"xref\">Chapter 2</a>"))
        #expect(enIntro.contains("<a href=\"#lst-hello\" class=\"xref\">Listing 1.1</a>"))
        #expect(enIntro.contains("<a href=\"#fig-pic\" class=\"xref\">Figure 1.1</a>"))
        #expect(enIntro.contains("<a href=\"#tbl-words\" class=\"xref\">Table 1.1</a>"))
        #expect(enIntro.contains("<a href=\"details.html#deep\" class=\"xref\">Section 2.1</a>"))
        #expect(enIntro.contains("<img src=\"../images/pic.svg\" width=\"40\" height=\"20\" alt=\"A small picture\">"))
        #expect(enIntro.contains("<p class=\"callout-title\">Tip</p>"))
        #expect(enIntro.contains("<p class=\"exercise-label\">Exercise 1.1</p>"))
        #expect(enIntro.contains("<summary>Solution</summary>"))
        #expect(enIntro.contains("<section class=\"summary\">"))
        // Navigation: TOC with the current chapter, next link, language switcher, alternates, canonical.
        #expect(enIntro.contains("<a href=\"intro.html\" aria-current=\"page\"><span class=\"chapter-number\">1</span> Introduction</a>"))
        #expect(enIntro.contains("<a class=\"pager-next\" rel=\"next\" href=\"details.html\">"))
        #expect(!enIntro.contains("pager-prev"))
        #expect(enIntro.contains("<a href=\"../ru/intro.html\" hreflang=\"ru\" lang=\"ru\">Русский</a>"))
        #expect(enIntro.contains("<link rel=\"alternate\" hreflang=\"zh-Hans\" href=\"https://example.org/course/zh-Hans/intro.html\">"))
        #expect(enIntro.contains("<link rel=\"canonical\" href=\"https://example.org/course/en/intro.html\">"))
        #expect(enIntro.contains("<a href=\"#start\"><span class=\"section-number\">1.1</span> Getting started</a>"))

        let ruIntro = TestSupport.read(site.appendingPathComponent("ru/intro.html"))
        #expect(ruIntro.contains("<html lang=\"ru\" dir=\"ltr\">"))
        // Mid-sentence, and after "См.", Russian references are lower case; labels and captions are not.
        #expect(ruIntro.contains(">гл. 2</a>") && ruIntro.contains(">листинг 1.1</a>") && ruIntro.contains(">рис. 1.1</a>"))
        #expect(ruIntro.contains(">табл. 1.1</a>") && ruIntro.contains(">Упражнение 1.1</p>") && ruIntro.contains("<summary>Решение</summary>"))
        #expect(ruIntro.contains("<span class=\"caption-label\">Листинг 1.1</span>") && ruIntro.contains("<span class=\"caption-label\">Рисунок 1.1</span>"))
        #expect(!ruIntro.contains("fallback-banner"))
        let zhIntro = TestSupport.read(site.appendingPathComponent("zh-Hans/intro.html"))
        #expect(zhIntro.contains(">代码清单 1-1</a>") && zhIntro.contains(">图 1-1</a>") && zhIntro.contains(">第 2 章</a>"))

        // The Russian "details" chapter is missing: English text under a Russian banner.
        let ruDetails = TestSupport.read(site.appendingPathComponent("ru/details.html"))
        #expect(ruDetails.contains("<p class=\"fallback-banner\" role=\"note\">Эта глава ещё не переведена. Вы читаете оригинал (English).</p>"))
        #expect(ruDetails.contains("<article class=\"chapter\" lang=\"en\" data-chapter=\"details\" data-pagefind-body>"))
        #expect(ruDetails.contains("<a href=\"intro.html#start\" class=\"xref\">Section 1.1</a>"))
        #expect(ruDetails.contains("<a class=\"pager-prev\" rel=\"prev\" href=\"intro.html\">"))
        #expect(ruDetails.contains("a &lt;b&gt;raw html&lt;/b&gt;") || ruDetails.contains("&lt;b&gt;raw html&lt;/b&gt;"))

        let home = TestSupport.read(site.appendingPathComponent("zh-Hans/index.html"))
        #expect(home.contains("<h1>测试课程</h1>") && home.contains("第 1 部分"))
        let root = TestSupport.read(site.appendingPathComponent("index.html"))
        #expect(root.contains("<a href=\"ru/index.html\"><span class=\"choice-title\">Учебный курс</span>"))
        // Every link in the site is relative (no leading slash), so it works from any subpath.
        for (path, data) in TestSupport.snapshot(site) where path.hasSuffix(".html") && path != "404.html" {
            let text = String(decoding: data, as: UTF8.self)
            #expect(!text.contains("href=\"/") && !text.contains("src=\"/"), "\(path) has a root-relative link")
        }
    }

    @Test func anyBCP47LocaleWorksWithItsWordsOrBuiltInOnes() throws {
        let folder = try TestSupport.copyFixture("basic")
        let config = folder.appendingPathComponent("Content/course.yml")
        try TestSupport.write(TestSupport.read(config).replacingOccurrences(of: "[en, ru, zh-Hans]", with: "[en, ru, zh-Hans, de-CH, sr-Latn]"), to: config)
        let intro = folder.appendingPathComponent("Content/de-CH/intro.md")
        try TestSupport.write("---\ntitle: Einführung\n---\nSiehe [](#start) und [](details.md).\n\n## Start {#start}\n", to: intro)
        // The English fallback of "details" points at #lst-hello, which this translation lacks;
        // Primer has German words built in, but no Serbian ones: one error lists every key.
        let missing = try build(folder)
        let errors = missing.diagnostics.filter(\.isError)
        #expect(errors.count == 2, "\(errors)")
        #expect(errors.contains { $0.message == "the id 'lst-hello' exists in \(folder.path)/Content/en/intro.md but not in its translation \(intro.path)" })
        let words = try #require(errors.first { $0.message.hasPrefix("the site's words in 'sr-Latn' lack 147 of 148 keys: api_index_docs, api_index_intro") })
        #expect(words.location?.path == config.path && words.suggestion?.contains("de, en, es, fr, ja, ko, pt, ru, zh-Hans") == true)
        try TestSupport.write(TestSupport.read(intro) + "\n```swift {compile #lst-hello title=\"Hallo.swift\"}\nprint(1)\n```\n", to: intro)
        // The course gives Serbian words of its own (here: the English ones, marked).
        let builtIn = try JSONSerialization.jsonObject(with: Data(contentsOf: TestSupport.root.appendingPathComponent("Templates/Localizable.xcstrings"))) as! [String: Any]
        var serbian: [String: Any] = [:]
        for (key, entry) in builtIn["strings"] as! [String: [String: Any]] where key != "language_name" {
            // Plural keys take the Russian forms (Serbian needs one, few and other too).
            let localizations = entry["localizations"] as! [String: Any]
            var english = (localizations[localizations["en"].flatMap { ($0 as! [String: Any])["variations"] } == nil ? "en" : "ru"]) as! [String: Any]
            if var unit = english["stringUnit"] as? [String: String] { unit["value"] = "sr:" + unit["value"]!; english["stringUnit"] = unit }
            serbian[key] = ["localizations": ["sr-Latn": english]]
        }
        try JSONSerialization.data(withJSONObject: ["sourceLanguage": "en", "version": "1.0", "strings": serbian], options: [.sortedKeys])
            .write(to: folder.appendingPathComponent("Content/Localizable.xcstrings"))
        let result = try build(folder)
        #expect(result.succeeded && result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
        let page = TestSupport.read(folder.appendingPathComponent("site/de-CH/intro.html"))
        #expect(page.contains("<html lang=\"de-CH\" dir=\"ltr\">"))
        // de-CH → de: Primer's German words.
        #expect(page.contains("<a href=\"details.html\" class=\"xref\">Kapitel 2</a>"), "\(page)")
        #expect(page.contains("<a href=\"#start\" class=\"xref\">Abschnitt 1.1</a>"))
        #expect(page.contains("lang=\"de-CH\" aria-current=\"page\">Deutsch</a>"))
        let serbianPage = TestSupport.read(folder.appendingPathComponent("site/sr-Latn/details.html"))
        #expect(serbianPage.contains("class=\"fallback-banner\""))
        #expect(serbianPage.contains("sr:Previous") || serbianPage.contains("sr:"), "\(serbianPage)")
        #expect(serbianPage.contains("lang=\"sr-Latn\" aria-current=\"page\">Srpski (latinica)</a>"))
    }

    @Test func oneLocaleAndCheckMode() throws {
        let folder = try TestSupport.copyFixture("basic")
        let checked = try build(folder, write: false)
        #expect(checked.succeeded && checked.pages == 6)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("site").path))
        let result = try build(folder, locale: "ru")
        #expect(result.succeeded && result.pages == 2)
        let files = TestSupport.snapshot(folder.appendingPathComponent("site")).keys
        #expect(files.contains("ru/intro.html") && !files.contains("en/intro.html"))
        #expect(throws: Build.UsageError.self) { try build(folder, locale: "fr") }
    }

    @Test func aRebuildWithNothingChangedIsSkippedAndAnyChangeRebuilds() throws {
        let folder = try TestSupport.copyFixture("basic")
        try TestSupport.write("---\ntitle: Stray\n---\n", to: folder.appendingPathComponent("Content/en/stray.md"))
        let first = try build(folder)
        #expect(!first.upToDate && first.diagnostics.count == 1)
        let again = try build(folder)
        #expect(again.upToDate && again.pages == 6)
        #expect(again.diagnostics == first.diagnostics)  // warnings are shown again
        // A page removed by hand: the site no longer matches, so it is rebuilt.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("site/ru/intro.html"))
        let repaired = try build(folder)
        #expect(!repaired.upToDate && repaired.written?.written == 1)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("site/ru/intro.html").path))
        // A template change rebuilds every page.
        let layout = folder.appendingPathComponent("Content/templates/home.mustache")
        try TestSupport.write(TestSupport.read(URL(fileURLWithPath: TestSupport.templates + "/home.mustache")) + "<!-- v2 -->\n", to: layout)
        let retemplated = try build(folder)
        #expect(!retemplated.upToDate && retemplated.written?.written == 3)
    }

    @Test func unchangedFilesAreNotRewritten() throws {
        let folder = try TestSupport.copyFixture("basic")
        _ = try build(folder, cache: false)
        let again = try build(folder, cache: false)
        #expect(again.written?.written == 0 && again.written?.swapped == false)
        try TestSupport.write("---\ntitle: Details\n---\nChanged [](intro.md).\n\n## Deep {#deep}\n", to: folder.appendingPathComponent("Content/en/details.md"))
        let changed = try build(folder)
        // en/details and its ru and zh-Hans fallbacks changed, with their Markdown twins, and the three
        // one-page print versions and llms-full.txt files; nothing else.
        #expect(changed.written?.written == 12)
    }

    /// Each bad input: a clear `path:line:col` diagnostic, failure, and the previous site untouched.
    @Test(arguments: BadInput.all)
    func badInputIsReportedAndLeavesTheSiteAlone(_ bad: BadInput) throws {
        let folder = try TestSupport.copyFixture("basic")
        #expect(try build(folder).succeeded)
        let site = folder.appendingPathComponent("site")
        let before = TestSupport.snapshot(site)
        try bad.apply(folder.appendingPathComponent("Content"))
        let result = try build(folder)
        let text = result.diagnostics.map(\.description).joined(separator: "\n")
        #expect(text.contains(bad.expected), "got:\n\(text)")
        if bad.isError {
            #expect(!result.succeeded)
            #expect(TestSupport.snapshot(site) == before)
        } else {
            #expect(result.succeeded, "\(text)")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !["Content", "site", ".primer-cache"].contains($0) }
        #expect(leftovers.isEmpty)
    }

    @Test func aTenMegabyteChapterBuilds() throws {
        let folder = try TestSupport.copyFixture("basic")
        let paragraph = "A paragraph with *emphasis*, `code` and a [link](https://example.org). " + String(repeating: "word ", count: 40) + "\n\n"
        var text = "---\ntitle: Details\n---\n## Deep {#deep}\n\n"
        var n = 0
        while text.utf8.count < 10_000_000 {
            text += "## Section \(n)\n\n" + String(repeating: paragraph, count: 20)
            n += 1
        }
        try TestSupport.write(text, to: folder.appendingPathComponent("Content/en/details.md"))
        let result = try build(folder, locale: "en")
        #expect(result.succeeded, "\(result.diagnostics)")
        let page = TestSupport.read(folder.appendingPathComponent("site/en/details.html"))
        #expect(page.utf8.count > 10_000_000)
        #expect(page.contains("id=\"section-\(n - 1)\""))
    }
}

struct BadInput: CustomTestStringConvertible, Sendable {
    var name: String
    var file: String
    var contents: Data
    var expected: String
    var isError = true

    var testDescription: String { name }

    func apply(_ content: URL) throws {
        let url = content.appendingPathComponent(file)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: url)
    }

    static func text(_ name: String, _ file: String, _ text: String, _ expected: String, error: Bool = true) -> BadInput {
        BadInput(name: name, file: file, contents: Data(text.utf8), expected: expected, isError: error)
    }

    static let course = try! String(contentsOf: TestSupport.fixtures.appendingPathComponent("basic/course.yml"), encoding: .utf8)
    static let catalog = try! String(contentsOf: TestSupport.root.appendingPathComponent("Templates/Localizable.xcstrings"), encoding: .utf8)
    static func catalogLine(_ text: String) -> Int {
        catalog.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(text) }! + 1
    }

    static let all: [BadInput] = [
        .text("malformed front matter", "en/details.md", "---\ntitle: [unclosed\n---\nText\n",
              "/en/details.md:3:1: error: malformed YAML"),
        .text("front matter without title", "en/details.md", "---\nsummary: x\n---\nText\n",
              "/en/details.md:1:1: error: the front matter has no 'title'"),
        .text("no front matter", "en/details.md", "# Details\n\nText\n",
              "/en/details.md:1:1: error: the chapter has no front matter"),
        .text("unclosed front matter", "en/details.md", "---\ntitle: x\n\nText\n",
              "/en/details.md:1:1: error: the front matter is not closed"),
        .text("chapter in the table of contents with no file", "course.yml",
              course.replacingOccurrences(of: "[intro, details]", with: "[intro, details, detials-two]"),
              "/course.yml:10:32: error: chapter 'detials-two' is in the table of contents but"),
        .text("chapter named like a page Primer makes", "course.yml",
              course.replacingOccurrences(of: "[intro, details]", with: "[intro, details, Samples]"),
              "/course.yml:10:32: error: chapter id 'Samples' is the name of a page Primer makes: the sample gallery"),
        .text("file not in the table of contents", "en/extra.md", "---\ntitle: Extra\n---\nText\n",
              "/en/extra.md: warning: chapter 'extra' is not in the table of contents, so it is not built", error: false),
        .text("unknown id", "en/details.md", "---\ntitle: Details\n---\nSee [](#lst-helo).\n",
              "/en/details.md:4:5: error: no section, listing, figure, table or exercise has the id 'lst-helo' [PRM023]\n    did you mean '#lst-hello'?"),
        .text("duplicate id", "en/details.md", "---\ntitle: Details\n---\n## Again {#start}\n",
              "/en/details.md:4:1: error: duplicate id 'start' [PRM022]\n"),
        .text("broken chapter reference", "en/details.md", "---\ntitle: Details\n---\nSee [](intro.md#strat).\n",
              "/en/details.md:4:5: error: chapter 'intro' has no id 'strat' [PRM023]\n    did you mean 'intro.md#start'?"),
        .text("unknown locale", "course.yml", course.replacingOccurrences(of: "[en, ru, zh-Hans]", with: "[en, ru, zh-Hans, qq-Bad-x]")
                .replacingOccurrences(of: "qq-Bad-x", with: "xz"),
              "/course.yml:6:28: error: unknown locale 'xz'"),
        .text("malformed locale tag", "course.yml", course.replacingOccurrences(of: "[en, ru, zh-Hans]", with: "[en, ru, zh_Hans]"),
              "/course.yml:6:19: error: 'zh_Hans' is not a BCP 47 language tag"),
        BadInput(name: "invalid UTF-8", file: "en/details.md", contents: Data("---\ntitle: D\n---\nab".utf8) + Data([0xC3, 0x28]) + Data("\n".utf8),
                 expected: "/en/details.md:4:3: error: the file is not valid UTF-8 (byte 0xC3)"),
        .text("empty file", "en/details.md", "", "/en/details.md:1:1: error: the chapter file is empty"),
        .text("deeply nested quotes", "en/details.md", "---\ntitle: D\n---\n" + String(repeating: "> ", count: 3000) + "deep\n",
              "/en/details.md:4:", ),
        .text("deeply nested lists", "en/details.md", "---\ntitle: D\n---\n" + (0..<300).map { String(repeating: "  ", count: $0) + "- item" }.joined(separator: "\n") + "\n",
              "error: lists, quotes or emphasis nest more than 100 levels deep"),
        .text("missing image", "en/details.md", "---\ntitle: D\n---\n![x](../images/nope.svg)\n",
              "/en/details.md:4:1: error: image '../images/nope.svg' not found"),
        .text("malformed course.yml", "course.yml", "title: [x\n", "/course.yml:2:1: error: malformed YAML"),
        .text("template syntax error", "templates/home.mustache", "{{#toc}}\n{{/parts}}\n", "/templates/home.mustache:2:"),
        .text("malformed string catalog", "Localizable.xcstrings", catalog.replacingOccurrences(of: "\"sourceLanguage\" : \"en\",", with: "\"sourceLanguage\" : \"en\""),
              "/Localizable.xcstrings:3:3: error: malformed JSON: expected ',' or '}' after a value"),
        .text("unknown locale in the string catalog", "Localizable.xcstrings", catalog.replacingOccurrences(of: "\"zh-Hans\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"小心\"", with: "\"zh_Hans\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"小心\""),
              "/Localizable.xcstrings:\(catalogLine("\"value\" : \"小心\"") - 3):9: error: 'zh_Hans' is not a BCP 47 language tag"),
        .text("mismatched format specifiers", "Localizable.xcstrings", catalog.replacingOccurrences(of: "Вы читаете оригинал (%@).", with: "Вы читаете оригинал (%d)."),
              "/Localizable.xcstrings:\(catalogLine("Вы читаете оригинал (%@).") - 3):9: error: the ru text of \"fallback_banner\" does not match the source's format specifiers: argument 1 is %d here but %@ in the source"),
        .text("missing plural form", "Localizable.xcstrings", catalog.replacingOccurrences(of: "\"few\" : {\n                \"stringUnit\" : {\n                  \"state\" : \"translated\",\n                  \"value\" : \"%lld главы\"\n                }\n              },\n", with: ""),
              "error: the ru plural forms of \"part_chapter_count\" lack few, which CLDR requires for ru"),
        .text("unterminated string in a .strings file", "ru.lproj/Localizable.strings", "\"nav_next\" = \"Далее\";\n\"nav_previous\" = \"Назад;\n",
              "/ru.lproj/Localizable.strings:2:18: error: unterminated string"),
        BadInput(name: "UTF-16 .strings without BOM", file: "ru.lproj/Localizable.strings",
                 contents: Data("\"nav_next\" = \"Далее\";".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }),
                 expected: "/ru.lproj/Localizable.strings:1:1: error: the file looks like UTF-16 without a byte order mark"),
        .text("string missing everywhere", "templates/home.mustache", "{{t.no_such_key}}\n",
              "/templates/home.mustache:1:3: error: string 'no_such_key' is not in the string catalog"),
    ]
}

@Suite struct CommandLineTests {
    @Test func exitCodesAreZeroOneAndTwo() throws {
        #expect(FileManager.default.isExecutableFile(atPath: TestSupport.primer), "build the package first (swift build)")
        let folder = try TestSupport.copyFixture("basic")
        let templates = ["--templates", TestSupport.templates]
        let ok = try TestSupport.run(["build"] + templates, in: folder)
        #expect(ok.status == 0, "\(ok.output)")
        #expect(ok.output.contains("primer: built 6 pages into site/"))
        let usage = try TestSupport.run(["build", "--no-such-flag"], in: folder)
        #expect(usage.status == 2)
        let locale = try TestSupport.run(["check", "--locale", "fr"] + templates, in: folder)
        #expect(locale.status == 2)
        #expect(locale.output.contains("unknown locale 'fr'"))
        try TestSupport.write("---\ntitle: D\n---\n[](#nowhere)\n", to: folder.appendingPathComponent("Content/en/details.md"))
        let broken = try TestSupport.run(["check"] + templates, in: folder)
        #expect(broken.status == 1)
        #expect(broken.output.contains("Content/en/details.md:4:1: error: no section, listing, figure, table or exercise has the id 'nowhere'"))
        #expect(broken.output.contains("primer: 2 errors, 0 warnings; check failed"))
    }
}
