import CourseModel
import Foundation
import Pipeline
import PrimerTestSupport
import Testing

/// The book editions as `primer build` makes them: one EPUB and one PDF per locale, linked from
/// the home pages with their sizes, switched off in course.yml or on the command line, and
/// cached by their inputs.
@Suite(.serialized) struct EditionsPipelineTests {
    func build(_ folder: URL, editions: Bool = true, output: String = "site") throws -> Build.Result {
        var options = Build.Options(content: folder.appendingPathComponent("Content").path, templates: TestSupport.templates,
                                    output: folder.appendingPathComponent(output).path)
        options.product = .site(reuse: false)
        options.editions = editions
        return try Build.run(options)
    }

    func setEditions(_ value: String, in folder: URL) throws {
        let file = folder.appendingPathComponent("Content/course.yml")
        try TestSupport.write(TestSupport.read(file) + "editions: \(value)\n", to: file)
    }

    func books(_ site: URL) -> [String] {
        TestSupport.snapshot(site).keys.filter { $0.hasSuffix(".epub") || $0.hasSuffix(".pdf") }.sorted()
    }

    @Test func everyLocaleGetsBothBooksLinkedFromItsHomePage() throws {
        let folder = try TestSupport.copyFixture("basic")
        let result = try build(folder)
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics)")
        let site = folder.appendingPathComponent("site")
        #expect(books(site) == ["en/downloads/fixture-course-en.epub", "en/downloads/fixture-course-en.pdf",
                                "ru/downloads/fixture-course-ru.epub", "ru/downloads/fixture-course-ru.pdf",
                                "zh-Hans/downloads/fixture-course-zh-Hans.epub", "zh-Hans/downloads/fixture-course-zh-Hans.pdf"])
        let epub = try Data(contentsOf: site.appendingPathComponent("ru/downloads/fixture-course-ru.epub"))
        #expect(epub.starts(with: Array("PK".utf8)))
        #expect(String(decoding: epub[30..<58], as: UTF8.self) == "mimetypeapplication/epub+zip")
        let pdf = try Data(contentsOf: site.appendingPathComponent("ru/downloads/fixture-course-ru.pdf"))
        #expect(pdf.starts(with: Array("%PDF".utf8)))
        let ruHome = TestSupport.read(site.appendingPathComponent("ru/index.html"))
        #expect(ruHome.contains("<h2 id=\"editions-heading\">Курс в виде книги</h2>"))
        #expect(ruHome.contains("<a href=\"downloads/fixture-course-ru.epub\" type=\"application/epub+zip\" download>Электронная книга EPUB ("))
        #expect(ruHome.contains("<a href=\"downloads/fixture-course-ru.pdf\" type=\"application/pdf\" download>PDF для чтения и печати ("))
        #expect(ruHome.contains(" КБ)</a>") || ruHome.contains(" МБ)</a>"))
        let zhHome = TestSupport.read(site.appendingPathComponent("zh-Hans/index.html"))
        #expect(zhHome.contains("EPUB 电子书（") && zhHome.contains("可阅读和打印的 PDF（"))
        // Pages other than the home page do not change.
        #expect(!TestSupport.read(site.appendingPathComponent("ru/intro.html")).contains("editions"))
        #expect(result.timings.contains { $0.stage == "editions" })
    }

    @Test func aCourseInPartsIsTypesetWithPartPages() throws {
        let folder = try TestSupport.copyFixture("basic")
        let file = folder.appendingPathComponent("Content/course.yml")
        try TestSupport.write(TestSupport.read(file).replacingOccurrences(of: "    chapters: [intro, details]", with: """
                chapters: [intro]
              - title: { en: Further, ru: Дальше, zh-Hans: 进阶 }
                chapters: [details]
            """), to: file)
        let result = try build(folder)
        #expect(!result.diagnostics.contains { $0.code == .typesetting }, "\(result.diagnostics)")
        #expect(books(folder.appendingPathComponent("site")).count == 6)
    }

    @Test func switchedOffInCourseYmlOrOnTheCommandLine() throws {
        let folder = try TestSupport.copyFixture("basic")
        _ = try build(folder, editions: false)
        let site = folder.appendingPathComponent("site")
        #expect(books(site).isEmpty)
        #expect(!TestSupport.read(site.appendingPathComponent("en/index.html")).contains("class=\"editions\""))

        try setEditions("false", in: folder)
        _ = try build(folder)
        #expect(books(site).isEmpty)

        let only = try TestSupport.copyFixture("basic")
        try setEditions("[epub]", in: only)
        let result = try build(only)
        #expect(books(only.appendingPathComponent("site")) == ["en/downloads/fixture-course-en.epub", "ru/downloads/fixture-course-ru.epub",
                                                               "zh-Hans/downloads/fixture-course-zh-Hans.epub"])
        #expect(result.typeset.isEmpty)
        let home = TestSupport.read(only.appendingPathComponent("site/en/index.html"))
        #expect(home.contains("fixture-course-en.epub") && !home.contains(".pdf"))
    }

    @Test func withoutTypstTheSiteHasTheEPUBAndAWarning() throws {
        let folder = try TestSupport.copyFixture("basic")
        let (status, output) = try TestSupport.run(["build", "--templates", TestSupport.templates, "--locale", "ru"], in: folder,
                                                   environment: ["PRIMER_TYPST_PYTHON": "/nonexistent/python3"])
        #expect(status == 0, "\(output)")
        #expect(output.contains("warning: the ru PDF edition was not made: Typst could not be run"), "\(output)")
        #expect(output.contains("[PRM071]"))
        let site = folder.appendingPathComponent("site")
        #expect(books(site) == ["ru/downloads/fixture-course-ru.epub"])
        let home = TestSupport.read(site.appendingPathComponent("ru/index.html"))
        #expect(home.contains("fixture-course-ru.epub") && !home.contains(".pdf"))
    }

    @Test func aMistypedFormatIsAnErrorAtItsPlace() throws {
        let folder = try TestSupport.copyFixture("basic")
        try setEditions("[epub, pfd]", in: folder)
        let result = try build(folder)
        let error = try #require(result.diagnostics.first { $0.isError })
        #expect(error.code == .settingValue)
        #expect(error.location?.line == 11 && error.location?.column == 18, "\(error)")
        #expect(error.suggestion == "did you mean 'pdf'?")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("site").path))
    }

    @Test func aBookIsTypesetAgainOnlyWhenItsInputsChanged() throws {
        let folder = try TestSupport.copyFixture("basic")
        let first = try build(folder)
        #expect(Set(first.typeset.map(\.rawValue)) == ["en", "ru", "zh-Hans"])
        let site = folder.appendingPathComponent("site")
        let before = TestSupport.snapshot(site)

        // Nothing changed: every PDF comes from the cache, byte for byte.
        let again = try build(folder)
        #expect(again.typeset.isEmpty)
        #expect(TestSupport.snapshot(site).filter { $0.key.hasSuffix(".pdf") } == before.filter { $0.key.hasSuffix(".pdf") })

        // A Russian chapter changed: only the Russian book is typeset again.
        let chapter = folder.appendingPathComponent("Content/ru/intro.md")
        try TestSupport.write(TestSupport.read(chapter) + "\nЕщё один абзац.\n", to: chapter)
        let edited = try build(folder)
        #expect(edited.typeset.map(\.rawValue) == ["ru"])
        let after = TestSupport.snapshot(site)
        #expect(after["en/downloads/fixture-course-en.pdf"] == before["en/downloads/fixture-course-en.pdf"])
        #expect(after["ru/downloads/fixture-course-ru.pdf"] != before["ru/downloads/fixture-course-ru.pdf"])
    }

    @Test func theSameCourseGivesTheSameBooks() throws {
        let folder = try TestSupport.copyFixture("basic")
        _ = try build(folder, output: "one/site")
        _ = try build(folder, output: "two/site")  // a cache of its own beside it: typeset again
        let one = TestSupport.snapshot(folder.appendingPathComponent("one/site")).filter { $0.key.hasSuffix(".epub") || $0.key.hasSuffix(".pdf") }
        let two = TestSupport.snapshot(folder.appendingPathComponent("two/site")).filter { $0.key.hasSuffix(".epub") || $0.key.hasSuffix(".pdf") }
        #expect(one.count == 6)
        #expect(one == two)
    }
}
