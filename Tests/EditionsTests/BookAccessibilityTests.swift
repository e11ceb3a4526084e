import CourseModel
@testable import Editions
import Foundation
import PrimerTestSupport
import Testing

/// The EPUB's accessibility metadata (EPUB Accessibility 1.1), found in the book it describes;
/// its page list, taken from the PDF's pages; images without alt text; the language of a
/// fallback chapter in both books. Small courses in memory with Primer's own words.
@Suite struct BookAccessibilityTests {
    /// The edition input of `locale` for chapters of Markdown (the images they show exist).
    static func input(_ chapters: [(String, [LocaleTag: String])], _ locale: LocaleTag = en, locales: [LocaleTag] = [en]) -> EditionInput {
        var (course, _) = resolveCourse(chapters, locales: locales, files: ["images/dots.png"])
        for locale in locales { course.strings[locale] = TypstTypographyTests.words(locale) }
        return EditionInput(course: course, locale: locale, files: ["images/dots.png": Array("png".utf8)], drawn: [:])
    }

    static func file(_ input: EditionInput, _ path: String) -> String {
        Book(input).files.first { $0.path == "EPUB/" + path }.map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
    }

    /// The values of the package document's `<meta property="…">`s named `property`.
    static func values(_ package: String, _ property: String) -> [String] {
        package.components(separatedBy: "<meta property=\"\(property)\">").dropFirst().map { String($0.prefix { $0 != "<" }) }
    }

    static let withImages = "# Memory\n\n## Cycles {#cycles}\n\n![Two objects holding each other](../images/dots.png){#fig-cycle}\n\n"
        + "Text with ![a dot](../images/dots.png) in it.\n\n```swift {#lst-a title=\"main.swift\"}\nprint(1)\n```\n"

    @Test func aBookWithDescribedPicturesIsTextualAndVisualWithAlternativeText() {
        let package = Self.file(Self.input([("memory", [en: Self.withImages])]), "package.opf")
        #expect(Self.values(package, "schema:accessMode") == ["textual", "visual"])
        #expect(Self.values(package, "schema:accessModeSufficient") == ["textual", "textual,visual"])
        #expect(Self.values(package, "schema:accessibilityFeature")
                == ["alternativeText", "structuralNavigation", "tableOfContents", "readingOrder", "displayTransformability"])
        #expect(Self.values(package, "schema:accessibilityHazard") == ["none"])
        #expect(Self.values(package, "dcterms:conformsTo") == ["EPUB Accessibility 1.1 - WCAG 2.1 Level AA"])
        #expect(Self.values(package, "schema:accessibilitySummary") == [
            "The text reflows to any font size and can be read aloud; the table of contents and the headings of chapters "
            + "and sections lead through it. Every picture has a text description."])
        // Without the PDF's pages, no page features and no page list.
        #expect(!package.contains("pageBreakMarkers") && !package.contains("dc:source"))
        #expect(!Self.file(Self.input([("memory", [en: Self.withImages])]), "nav.xhtml").contains("page-list"))
    }

    @Test func aBookWithoutPicturesIsTextualOnlyAndSaysSoInItsLanguage() {
        let package = Self.file(Self.input([("memory", [ru: "# Память\n\nТекст.\n"])], ru, locales: [ru]), "package.opf")
        #expect(Self.values(package, "schema:accessMode") == ["textual"])
        #expect(Self.values(package, "schema:accessModeSufficient") == ["textual"])
        #expect(!Self.values(package, "schema:accessibilityFeature").contains("alternativeText"))
        #expect(Self.values(package, "schema:accessibilitySummary").first?.hasPrefix("Текст перестраивается под любой размер шрифта") == true)
        #expect(!package.contains("У каждого рисунка"))
    }

    @Test func aPictureWithoutAltTextLeavesTheBookVisualAndClaimsNoConformance() {
        let package = Self.file(Self.input([("memory", [en: "# Memory\n\n![](../images/dots.png)\n"])]), "package.opf")
        #expect(Self.values(package, "schema:accessModeSufficient") == ["textual,visual"])
        #expect(!Self.values(package, "schema:accessibilityFeature").contains("alternativeText"))
        #expect(Self.values(package, "dcterms:conformsTo").isEmpty)
    }

    @Test func anAnimatedPictureMakesTheHazardsUnknown() {
        let still = EPUBResource(path: "media/a.svg", bytes: Array("<svg><rect/></svg>".utf8), mediaType: "image/svg+xml")
        let moving = EPUBResource(path: "media/b.svg", bytes: Array("<svg><rect><animate attributeName=\"x\"/></rect></svg>".utf8), mediaType: "image/svg+xml")
        #expect(EPUBAccessibility(pages: [], resources: [still], hasIndex: false, hasPageList: false).hazards == ["none"])
        #expect(EPUBAccessibility(pages: [], resources: [still, moving], hasIndex: false, hasPageList: false).hazards == ["unknown"])
    }

    /// The PDF's pages as Typst would report them: the chapter on page 9 ("1"), its section and
    /// figure on page 10 ("2"), the listing on page 11 ("3"), and a label the EPUB does not have.
    static let pageMap = TypstPageMap(entries: [
        .init(label: "ch-memory", page: 9, number: "1"),
        .init(label: "ch-memory--cycles", page: 10, number: "2"),
        .init(label: "ch-memory--fig-cycle", page: 10, number: "2"),
        .init(label: "ch-gone--x", page: 11, number: "3"),
        .init(label: "ch-memory--lst-a", page: 11, number: "3"),
    ])

    @Test func thePageListMarksTheFirstElementKnownOnEachPageOfThePDF() {
        var input = Self.input([("memory", [en: Self.withImages])])
        input.pageMap = Self.pageMap
        input.pageSource = "course-en.pdf"
        let package = Self.file(input, "package.opf"), nav = Self.file(input, "nav.xhtml"), chapter = Self.file(input, "text/memory.xhtml")
        #expect(nav.contains("""
            <nav epub:type="page-list" id="page-list" hidden="hidden">
            <ol>
            <li><a href="text/memory.xhtml#page-1">1</a></li>
            <li><a href="text/memory.xhtml#page-2">2</a></li>
            <li><a href="text/memory.xhtml#page-3">3</a></li>
            </ol>
            </nav>
            """), "\(nav)")
        let marker = { (n: String) in "<span epub:type=\"pagebreak\" role=\"doc-pagebreak\" id=\"page-\(n)\" aria-label=\"\(n)\"></span>\n" }
        #expect(chapter.contains(marker("1") + "<header class=\"chapter-header\">"), "\(chapter)")
        #expect(chapter.contains(marker("2") + "<h2 id=\"cycles\""), "\(chapter)")
        #expect(chapter.components(separatedBy: "epub:type=\"pagebreak\"").count == 4, "one marker a page")
        let listing = chapter.range(of: "id=\"lst-a\""), three = chapter.range(of: marker("3"))
        #expect(listing != nil && three != nil && three!.upperBound <= listing!.lowerBound, "\(chapter)")
        #expect(Self.values(package, "schema:accessibilityFeature").suffix(2) == ["pageBreakMarkers", "pageNavigation"])
        #expect(package.contains("<dc:source id=\"page-source\">course-en.pdf</dc:source>\n<meta property=\"source-of\" refines=\"#page-source\">pagination</meta>"))
        #expect(Self.values(package, "schema:accessibilitySummary").first?.hasSuffix("Page markers and a page list give the page numbers of the PDF edition.") == true)
    }

    @Test func theBookAsksTypstForItsPageMapAndReadsTheAnswer() throws {
        let main = TypstWriter.book(Self.input([("memory", [en: Self.withImages])])).main
        #expect(main.hasSuffix(TypstPageMap.markup))
        let map = try #require(TypstPageMap(json: Array(#"[["ch-memory", 9, "1"], ["ch-memory--cycles", 10, "2"]]"#.utf8)))
        #expect(map.entries == Array(Self.pageMap.entries.prefix(2)))
        #expect(TypstPageMap(json: map.json) == map)
        #expect(TypstPageMap(json: Array("{}".utf8)) == nil)
    }

    @Test func anImageWithoutAltTextIsAWarningAtItsPlace() {
        let (_, diagnostics) = resolveCourse([("memory", [en: "# Memory\n\nText.\n\n![](../images/dots.png)\n\nAn ![](../images/dots.png) inline.\n"])],
                                             locales: [en], files: ["images/dots.png"])
        let alt = diagnostics.filter { $0.code == .altText }
        #expect(alt.count == 2 && alt.allSatisfy { $0.severity == .warning }, "\(diagnostics)")
        #expect(alt.first?.location == SourceLocation(path: "en/memory.md", line: 5, column: 1), "\(alt)")
        #expect(alt.last?.location?.line == 7, "\(alt)")
        #expect(alt.first?.suggestion == "describe it: `![what the picture shows](../images/dots.png)`")
    }

    @Test func aFallbackChapterIsMarkedWithItsLanguageInBothBooks() {
        let input = Self.input([("memory", [en: "# Memory\n\nOnly in English.\n"])], ru, locales: [en, ru])
        #expect(Self.file(input, "text/memory.xhtml").contains("xml:lang=\"en\" lang=\"en\""))
        let main = TypstWriter.book(input).main
        let chapter = main.range(of: "#heading(level: 1")
        let rules = main.range(of: "#[\n" + TypstWriter.languageRules(en))
        #expect(rules != nil && chapter != nil && rules!.upperBound <= chapter!.lowerBound, "\(main)")
        #expect(main.contains("#set text(font: primer-serif, size: 10pt, lang: \"ru\""))
        // Code is marked in its chapter's language (Typst would mark it English, and the PDF with it).
        #expect(main.contains("#show raw: set text(lang: \"ru\", region: none)\n") && main.contains("#show raw: set text(lang: \"en\", region: none)\n"), "\(main)")
        // A chapter without a region leaves none of the book's: English in a Chinese book is en, not en-CN.
        let chinese = TypstWriter.book(Self.input([("memory", [en: "# Memory\n\nOnly in English.\n"])], zh, locales: [en, zh])).main
        #expect(chinese.contains("#[\n#set text(lang: \"en\", region: none, hyphenate: true)\n"), "\(chinese)")
    }
}
