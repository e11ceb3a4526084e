import CourseModel
import Foundation
import Pipeline
import PrimerTestSupport
import Testing

/// The accessible books as `primer build` makes them: an image without alt text stops a build
/// with editions (and only warns without them); the EPUB's page list follows the PDF's pages
/// and passes epubcheck with its accessibility metadata; the PDF is tagged PDF/UA-1.
@Suite(.serialized) struct AccessibleEditionsTests {
    func build(_ folder: URL, editions: Bool) throws -> Build.Result {
        var options = Build.Options(content: folder.appendingPathComponent("Content").path, templates: TestSupport.templates,
                                    output: folder.appendingPathComponent("site").path)
        options.product = .site(reuse: false)
        options.editions = editions
        return try Build.run(options)
    }

    @Test func anImageWithoutAltTextIsAnErrorOnlyWhenABookIsMade() throws {
        let folder = try TestSupport.copyFixture("basic")
        let chapter = folder.appendingPathComponent("Content/en/intro.md")
        let text = TestSupport.read(chapter)
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).count + 1
        try TestSupport.write(text + "\n![](../images/pic.svg)\n", to: chapter)

        let books = try build(folder, editions: true)
        let error = try #require(books.diagnostics.first { $0.code == .altText }, "\(books.diagnostics)")
        #expect(error.severity == .error)
        #expect(error.location?.path.hasSuffix("/Content/en/intro.md") == true && error.location?.line == line && error.location?.column == 1, "\(error)")
        #expect(error.suggestion == "describe it: `![what the picture shows](../images/pic.svg)`")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("site/en/index.html").path))

        let site = try build(folder, editions: false)
        #expect(!site.diagnostics.hasErrors, "\(site.diagnostics)")
        #expect(site.diagnostics.filter { $0.code == .altText }.map(\.severity) == [.warning])
    }

    @Test func withoutTypstTheEPUBHasNoPageListAndClaimsNoPageFeatures() throws {
        let folder = try TestSupport.copyFixture("basic")
        let (status, output) = try TestSupport.run(["build", "--templates", TestSupport.templates, "--locale", "en"], in: folder,
                                                   environment: ["PRIMER_TYPST_PYTHON": "/nonexistent/python3"])
        #expect(status == 0, "\(output)")
        let files = try EPUBTests.unzip([UInt8](Data(contentsOf: folder.appendingPathComponent("site/en/downloads/fixture-course-en.epub"))))
        let package = EPUBTests.text(files, "EPUB/package.opf")
        #expect(package.contains("<meta property=\"schema:accessibilityFeature\">alternativeText</meta>"), "\(package)")
        #expect(!package.contains("pageBreakMarkers") && !package.contains("pageNavigation") && !package.contains("dc:source"))
        #expect(!EPUBTests.text(files, "EPUB/nav.xhtml").contains("page-list"))
        #expect(!EPUBTests.text(files, "EPUB/text/intro.xhtml").contains("pagebreak"))
    }

    static func run(_ arguments: [String]) -> (status: Int32, output: String) { TypstTests.shell(arguments) }

    @Test func theBooksAreAccessibleAndTheirPagesAgree() throws {
        let folder = try TestSupport.copyFixture("basic")
        let result = try build(folder, editions: true)
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics)")
        let downloads = folder.appendingPathComponent("site/en/downloads")
        let pdf = downloads.appendingPathComponent("fixture-course-en.pdf").path
        try #require(FileManager.default.fileExists(atPath: pdf), "Typst is needed: `make editions-deps`")

        // The EPUB: its metadata, a page list whose pages the PDF has, and epubcheck's approval.
        let epubs = ["en", "ru", "zh-Hans"].map { folder.appendingPathComponent("site/\($0)/downloads/fixture-course-\($0).epub") }
        let files = try EPUBTests.unzip([UInt8](Data(contentsOf: epubs[0])))
        let package = EPUBTests.text(files, "EPUB/package.opf"), nav = EPUBTests.text(files, "EPUB/nav.xhtml")
        #expect(package.contains("<meta property=\"schema:accessibilityFeature\">pageNavigation</meta>"), "\(package)")
        #expect(package.contains("<dc:source id=\"page-source\">fixture-course-en.pdf</dc:source>"))
        #expect(package.contains("<meta property=\"dcterms:conformsTo\">EPUB Accessibility 1.1 - WCAG 2.1 Level AA</meta>"))
        let pageList = try #require(nav.components(separatedBy: "epub:type=\"page-list\"").last)
        let numbers = pageList.components(separatedBy: "\">").dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }
        let info = Self.run(["pdfinfo", pdf])
        let pages = info.output.split(separator: "\n").first { $0.hasPrefix("Pages:") }.flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0
        #expect(!numbers.isEmpty && numbers == numbers.sorted() && numbers.allSatisfy { $0 >= 1 && $0 <= pages }, "\(numbers) of \(pages)")
        for result in EPUBTests.epubcheck(epubs) {
            #expect(result.status == 0 && result.messages.isEmpty, "\(result.messages)")
        }

        // The PDF: tagged, PDF/UA-1 in its XMP, titled, with figures in its structure tree.
        #expect(info.output.contains("Tagged:          yes"), "\(info.output)")
        let meta = Self.run(["pdfinfo", "-meta", pdf]).output
        #expect(meta.contains("<pdfuaid:part>1</pdfuaid:part>") || meta.contains("pdfuaid:part=\"1\""), "\(meta)")
        #expect(meta.contains("Fixture Course"), "\(meta)")
        let structure = Self.run(["pdfinfo", "-struct", pdf]).output
        #expect(structure.contains("Document") && structure.contains("Figure"), "\(structure.prefix(2000))")
        // The site checks' own structural check says the same of every locale's PDF. Only the English one is
        // asked for its /Lang: Typst declares the language most of a PDF's text is in, and the Russian and
        // Chinese books of this fixture are mostly its English fallback chapter (the real course's gate asks all).
        let script = "import sys; sys.path.insert(0, sys.argv[1]); from pathlib import Path; from sitecheck.editions import pdf_ua_problems; "
            + "problems = [(locale, pdf_ua_problems(Path(sys.argv[2]) / locale / 'downloads' / f'fixture-course-{locale}.pdf', "
            + "locale if locale == 'en' else None, expect_figures=True)) for locale in ('en', 'ru', 'zh-Hans')]; "
            + "print(problems); sys.exit(1 if any(found for _, found in problems) else 0)"
        let check = Self.run(["python3", "-c", script, TestSupport.root.appendingPathComponent("Scripts").path, folder.appendingPathComponent("site").path])
        #expect(check.status == 0, "\(check.output)")
    }
}
