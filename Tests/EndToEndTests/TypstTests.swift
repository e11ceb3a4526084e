import CourseModel
import Editions
import Foundation
import Pipeline
import PrimerTestSupport
import Testing

/// The PDF edition: Typst markup from the resolved model, and the real course typeset in three
/// languages and read back with poppler.
@Suite(.serialized) struct TypstTests {
    static let install = "`make editions-deps` installs them (Typst's Python package, the Noto fonts, poppler-utils)"

    /// Whether Typst and poppler's tools are there; a message for the test to fail with otherwise.
    static let missingTools: String? = {
        var missing: [String] = []
        for tool in ["pdftotext", "pdffonts", "pdftoppm", "pdfinfo"] where shell(["which", tool]).status != 0 { missing.append(tool) }
        if shell(["python3", "-c", "import typst"]).status != 0 { missing.append("python3 -c 'import typst'") }
        return missing.isEmpty ? nil : "missing: \(missing.joined(separator: ", ")); \(install)"
    }()

    /// The real course's edition inputs (the samples' outcomes cached under .build).
    static let inputs: [EditionInput]? = {
        let root = TestSupport.root
        let options = Build.Options(content: root.appendingPathComponent("Content").path, templates: TestSupport.templates,
                                    output: root.appendingPathComponent(".build/typst-editions/site").path)
        guard let (inputs, _) = try? Build.editionInputs(options) else { return nil }
        return inputs
    }()

    struct Typeset: Sendable {
        var locale: LocaleTag
        var book: TypstBook
        var report: TypstCompiler.Report
        var path: String
    }

    /// en, ru and zh-Hans typeset in parallel, each PDF written to artifacts/editions/.
    static let typeset: [Typeset]? = {
        guard missingTools == nil, let inputs = inputs else { return nil }
        let folder = TestSupport.root.appendingPathComponent("artifacts/editions")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let wanted = [en, ru, zh]
        let chosen = wanted.compactMap { locale in inputs.first { $0.locale == locale } }
        return parallelMap(chosen) { input in
            let book = TypstWriter.book(input)
            let report = TypstCompiler.typeset(book)
            let path = folder.appendingPathComponent("\(input.locale.rawValue).pdf").path
            if let pdf = report.pdf { _ = FileManager.default.createFile(atPath: path, contents: Data(pdf)) }
            try? Data(book.main.utf8).write(to: folder.appendingPathComponent("\(input.locale.rawValue).typ"))
            return Typeset(locale: input.locale, book: book, report: report, path: path)
        }
    }()

    static func shell(_ command: [String]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return (127, "") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Text without line breaks, spaces or the hyphens a line break left.
    static func squeezed(_ text: String) -> String {
        String(text.replacingOccurrences(of: "-\n", with: "").unicodeScalars.filter {
            !CharacterSet.whitespacesAndNewlines.contains($0) && $0 != "\u{AD}" && $0 != "\u{200B}" && $0 != "\u{C}"
        }.map(Character.init))
    }

    func requireTools() throws {
        if let missing = Self.missingTools {
            Issue.record(Comment(rawValue: missing))
            throw CancellationError()
        }
    }

    func result(_ locale: LocaleTag) throws -> Typeset {
        try requireTools()
        let all = try #require(Self.typeset, "the real course could not be built")
        let found = try #require(all.first { $0.locale == locale })
        #expect(found.report.diagnostics.filter { $0.severity == .error }.isEmpty, "\(found.report.diagnostics)")
        _ = try #require(found.report.pdf, "\(found.report.diagnostics)")
        return found
    }

    @Test(arguments: [en, ru, zh]) func theCourseIsTypesetWithEveryReferenceResolved(_ locale: LocaleTag) throws {
        let typeset = try result(locale)
        let input = try #require(Self.inputs?.first { $0.locale == locale })
        let info = Self.shell(["pdfinfo", typeset.path]).output
        let pages = Int(info.split(separator: "\n").first { $0.hasPrefix("Pages:") }?.split(separator: " ").last ?? "") ?? 0
        #expect(pages > 60, "\(pages) pages")
        let size = (try? FileManager.default.attributesOfItem(atPath: typeset.path)[.size] as? Int) ?? 0
        print("PDF \(locale): \(pages) pages, \(size / 1024) KB, typeset in \(String(format: "%.1f", typeset.report.seconds)) s")

        let text = Self.shell(["pdftotext", "-enc", "UTF-8", typeset.path, "-"]).output
        // "??" (an unresolved reference) only where the course itself has it (Swift's `??`).
        #expect(text.components(separatedBy: "??").count <= typeset.book.main.components(separatedBy: "??").count)
        #expect(typeset.report.warnings.isEmpty, "Typst warned: \(typeset.report.warnings)")

        // Every "… on page N": the words of edition_page_ref next to the page are next to a number.
        let strings = input.strings
        let pattern = UIStrings.format(strings["edition_page_ref"], ["\u{E001}", "\u{E002}"])
        let pieces = pattern.split(separator: "\u{E002}", omittingEmptySubsequences: false)
        let before = Self.squeezed(String(pieces[0].split(separator: "\u{E001}").last ?? ""))
        let after = Self.squeezed(String(pieces.count > 1 ? pieces[1].split(separator: "\u{E001}").first ?? "" : ""))
        let flat = Self.squeezed(text)
        let pageSide = after.count > before.count ? after : before
        let expression = after.count > before.count
            ? try Regex("([0-9]*)" + NSRegularExpression.escapedPattern(for: pageSide))
            : try Regex(NSRegularExpression.escapedPattern(for: pageSide) + "([0-9]*)")
        let matches = flat.matches(of: expression)
        var references = 0
        for page in input.pages {
            page.document.blocks.walkInlineRuns { inlines, _ in
                inlines.walk { if case .link(let link) = $0, link.reference != nil { references += 1 } }
            }
        }
        #expect(references > 20)
        #expect(matches.count >= references, "\(matches.count) page references in the text, \(references) in the course")
        // The words without a number after them are the code's own ("print(\"… on page \\(n)\")"):
        // no more than the book's source has besides its page references.
        let unresolved = matches.filter { ($0.output[1].substring ?? "").isEmpty }
        let source = Self.squeezed(typeset.book.main)
        // The subject index's page numbers (`[#context counter(page)…]`, no words) are not references.
        let pageNumbers = source.components(separatedBy: "#contextcounter(page)").count - source.components(separatedBy: "[#contextcounter(page)").count
        let inCode = source.components(separatedBy: pageSide).count - 1 - pageNumbers
        #expect(unresolved.count <= inCode, "\(unresolved.count) page references without a number")

        // Every font embedded, and only the Noto fonts.
        let fonts = Self.shell(["pdffonts", typeset.path]).output.split(separator: "\n").dropFirst(2)
        #expect(!fonts.isEmpty)
        for line in fonts {
            let columns = line.split(separator: " ")
            #expect(columns.first?.contains("Noto") == true, "not a Noto font: \(line)")
            #expect(line.contains(" yes yes "), "not embedded: \(line)")
        }

        // Pictures to look at: the first page of chapter 1, and a page with a listing.
        let pageTexts = text.split(separator: "\u{C}", omittingEmptySubsequences: false).map { Self.squeezed(String($0)) }
        let first = try #require(input.pages.first)
        let title = Self.squeezed(first.title)
        // The chapter's first page has no running head: its text starts with the label and the title.
        let head = Self.squeezed(input.strings(of: first).chapterLabel(first.numbering.label) ?? "") + title
        let opening = pageTexts.indices.first { pageTexts[$0].hasPrefix(head) }
        let listingLabel = Self.squeezed(Numbering([first.number, 1], chapter: first.numbering.label).label(input.strings(of: first)["ref_listing_start"]))
        let listing = pageTexts.indices.first { pageTexts[$0].contains(listingLabel) }
        #expect(opening != nil && listing != nil)
        let folder = TestSupport.root.appendingPathComponent("artifacts/editions").path
        for (name, index) in [("chapter-1", opening), ("listing", listing)] {
            guard let index else { continue }
            let page = String(index + 1)
            _ = Self.shell(["pdftoppm", "-png", "-r", "60", "-f", page, "-l", page, "-singlefile", typeset.path,
                            "\(folder)/\(locale.rawValue)-\(name)"])
            #expect(FileManager.default.fileExists(atPath: "\(folder)/\(locale.rawValue)-\(name).png"))
        }
    }

    @Test func theRussianAndChineseTextIsInTheTextLayer() throws {
        let russian = try result(ru), chinese = try result(zh)
        let ruText = Self.squeezed(Self.shell(["pdftotext", "-enc", "UTF-8", russian.path, "-"]).output)
        let zhText = Self.squeezed(Self.shell(["pdftotext", "-enc", "UTF-8", chinese.path, "-"]).output)
        let ruSentence = "Swift сохранил ту же модель — подсчёт ссылок, — но считает теперь компилятор."
        let zhSentence = "Swift 沿用了同样的模型——引用计数，只是计数的工作交给了编译器。"
        #expect(ruText.contains(Self.squeezed(ruSentence)))
        #expect(zhText.contains(Self.squeezed(zhSentence)))
        #expect(ruText.contains(Self.squeezed("Решения")))
    }

    @Test func theSamePDFTwice() throws {
        let typeset = try result(en)
        let again = TypstCompiler.typeset(typeset.book)
        #expect(again.pdf == typeset.report.pdf, "two runs gave different bytes")
    }

    /// A chapter made by hand: text full of Typst's special characters, a listing and a reference to it in Russian.
    @Test func markupEscapesTextAndWritesARussianReference() throws {
        let inputs = try #require(Self.inputs)
        let russianStrings = try #require(inputs.first { $0.locale == ru }?.strings)
        let tricky = "= #a *b* _c_ $d$ @e <f> [g] \\h `i` ~j /k // l -- m --- n ... o 'p' \"q\" 1. r: https://x.y/z; + s - t"
        var listing = CodeBlock(language: "swift", code: "let s = \"\\(x) ]\"\n", attributes: Attributes(id: "lst-a", values: ["title": "Заголовок [1]"]), position: .unknown)
        listing.id = "lst-a"
        listing.number = Numbering([1, 1], chapter: .number(1))
        var link = Link(destination: "#lst-a", title: "", content: [], position: .unknown)
        link.reference = ResolvedReference(href: "#lst-a", label: "листинг 1.1")
        let document = Document(blocks: [
            .paragraph([.text(tricky)], .unknown),
            .code(listing),
            .paragraph([.text("См. "), .link(link), .text(".")], .unknown),
        ])
        let page = ChapterPage(id: "глава", locale: ru, contentLocale: ru, numbering: .plain(1), title: "Проба #1", summary: nil,
                               sourcePath: "ru/глава.md", document: document, outline: [], files: [])
        let part = CourseConfig.Part(title: [ru: "Часть"], chapters: [.init(id: "глава", location: SourceLocation(path: "course.yml"))])
        let config = CourseConfig(title: [ru: "Книга"], sourceLocale: ru, locales: [ru], baseURL: nil, rawHTML: false, parts: [part], path: "course.yml")
        let course = ResolvedCourse(config: config, locales: [ru], pages: [ru: [page]], strings: [ru: russianStrings])
        let book = TypstWriter.book(EditionInput(course: course, locale: ru, files: [:], drawn: [:]))
        let name = TypstMarkup.label(chapter: "глава", anchor: "lst-a")
        #expect(name.allSatisfy { $0.isASCII })
        #expect(book.main.contains("#link(<\(name)>)[листинг 1\\.1];"), "\(book.main)")
        #expect(book.main.contains(" на с.\u{A0}#context counter(page).at(<\(name)>).first();"))
        #expect(book.main.contains("#metadata(\"listing\") <\(name)>"))
        #expect(book.main.contains("lang: \"ru\""))
        #expect(book.main.contains(TypstMarkup.text(tricky)))

        try requireTools()
        let report = TypstCompiler.typeset(book)
        let pdf = try #require(report.pdf, "\(report.diagnostics)")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("primer-typst-unit-\(UUID().uuidString).pdf").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = FileManager.default.createFile(atPath: path, contents: Data(pdf))
        let text = Self.squeezed(Self.shell(["pdftotext", "-enc", "UTF-8", path, "-"]).output)
        #expect(text.contains(Self.squeezed(tricky)), "\(text)")
        #expect(text.contains(Self.squeezed("листинг 1.1 на с. 1")), "\(text)")
        #expect(text.contains(Self.squeezed("Листинг 1.1 Заголовок [1]")))
        #expect(text.contains(Self.squeezed("let s = \"\\(x) ]\"")))
    }

    @Test func aMissingFontIsReportedAsPRM071() {
        var options = TypstCompiler.Options()
        options.fontFolders = ["/nonexistent"]
        let report = TypstCompiler.typeset(TypstBook(main: "x", files: [:]), options: options)
        #expect(report.pdf == nil)
        #expect(report.diagnostics.first?.code == .typesetting)
        #expect(report.diagnostics.first?.message.contains("font") == true)
    }
}
