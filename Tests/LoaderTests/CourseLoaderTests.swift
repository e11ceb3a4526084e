import CourseModel
import Foundation
@testable import Loader
import PrimerTestSupport
import Testing

/// Reading a course's chapter files: front matter, the file's encoding, and the table of
/// contents against the files that are there.
@Suite struct CourseLoaderTests {
    func parse(_ text: String) -> (ChapterSource?, [Diagnostic]) {
        CourseLoader.parseChapter(text, path: "en/c.md", id: "c", locale: en)
    }

    @Test func frontMatterGivesTheTitleSummaryDateAndWhereTheBodyStarts() throws {
        let (chapter, diagnostics) = parse("---\ntitle: Intro\nsummary: A start\nupdated: 2025-03-01\n---\nBody text\n")
        #expect(diagnostics.isEmpty)
        let source = try #require(chapter)
        #expect(source.title == "Intro" && source.summary == "A start" && source.updated == "2025-03-01")
        #expect(source.body == "Body text\n")
        #expect(source.bodyLine == 6)
        #expect(source.id == "c" && source.locale == en && source.path == "en/c.md")
    }

    @Test(arguments: [
        ("", "the chapter file is empty", 1),
        ("# Title\n\nText\n", "the chapter has no front matter", 1),
        ("---\ntitle: T\nText\n", "the front matter is not closed", 1),
        ("---\nsummary: S\n---\nText\n", "the front matter has no 'title'", 1),
        ("---\ntitle: T\nupdated: 2025-13-01\n---\n", "'updated' must be a date written YYYY-MM-DD", 3),
        ("---\ntitle: T\ntranslated_from: abc\n---\n", "'translated_from' must be the 16-digit fingerprint primer status writes", 3),
    ])
    func aChapterWithBrokenFrontMatterIsRefusedWithItsReason(text: String, message: String, line: Int) {
        let (chapter, diagnostics) = parse(text)
        #expect(chapter == nil)
        #expect(diagnostics.map(\.message) == [message])
        #expect(diagnostics.first?.isError == true && diagnostics.first?.location?.line == line)
    }

    @Test func anUnknownKeyIsAWarningWithTheClosestKey() throws {
        let (chapter, diagnostics) = parse("---\ntitle: T\ntitel: X\n---\nText\n")
        #expect(try #require(chapter).title == "T")
        #expect(diagnostics.map(\.description) == ["en/c.md:3:1: warning: unknown front matter key 'titel' is ignored [PRM004]\n    did you mean 'title'?"])
    }

    @Test func aFileThatIsNotUTF8IsAnErrorAtItsFirstBadByte() throws {
        let file = TestSupport.scratch("primer-loader").appendingPathComponent("en/c.md")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(Array("---\ntitle: T\n---\nab".utf8) + [0xFF] + Array("c\n".utf8)).write(to: file)
        let (chapter, diagnostics) = CourseLoader.readChapter(path: file.path, id: "c", locale: en)
        #expect(chapter == nil)
        #expect(diagnostics.map(\.description) == ["\(file.path):4:3: error: the file is not valid UTF-8 (byte 0xFF) [PRM001]\n    save the file as UTF-8"])
    }

    /// A chapter of the table of contents without its file is an error in the source locale
    /// (with the likely misspelt file), and silently falls back in a translation.
    @Test func aMissingChapterFileIsAnErrorThatNamesTheLikelyFile() throws {
        let content = TestSupport.scratch("primer-loader").appendingPathComponent("Content")
        try TestSupport.write("title:\n  en: T\nsource_locale: en\nlocales: [en, ru]\nparts:\n  - title: { en: P }\n    chapters: [intro, details]\n",
                              to: content.appendingPathComponent("course.yml"))
        try TestSupport.write("---\ntitle: Intro\n---\nText\n", to: content.appendingPathComponent("en/intro.md"))
        try TestSupport.write("---\ntitle: Details\n---\nText\n", to: content.appendingPathComponent("en/detials.md"))
        try TestSupport.write("---\ntitle: Введение\n---\nТекст\n", to: content.appendingPathComponent("ru/intro.md"))
        let (sources, diagnostics) = CourseLoader.load(.init(contentPath: content.path, templatesPath: TestSupport.templates))
        let chapters = try #require(sources).chapters
        #expect(chapters["intro"]?[en]?.title == "Intro" && chapters["intro"]?[ru]?.title == "Введение")
        #expect(chapters["details"] == nil)
        let enFolder = content.appendingPathComponent("en").path
        #expect(diagnostics.filter { $0.code == .chapterFile }.map { "\($0.severity): \($0.message) | \($0.suggestion ?? "")" } == [
            "warning: chapter 'detials' is not in the table of contents, so it is not built | add 'detials' to a part's chapters in \(content.path)/course.yml, or remove the file",
            "error: chapter 'details' is in the table of contents but \(enFolder)/details.md does not exist | did you mean 'detials' (\(enFolder)/detials.md)?",
        ])
    }
}
