import CourseModel
@testable import Editions
import Foundation
@testable import Loader
import PrimerTestSupport
import Testing

/// The course's text cannot become Typst code (escaping goes by Unicode scalar), and the Typst
/// child has limits: memory, time, and it dies with Primer.
@Suite(.serialized) struct TypstSafetyTests {
    /// Every ASCII punctuation character.
    static let punctuation = (0x21...0x7E).compactMap(Unicode.Scalar.init).filter { !$0.properties.isAlphabetic && !("0"..."9").contains($0) }

    /// Scalars that join the character before or after them into one grapheme cluster: combining
    /// and enclosing marks, variation selectors, joiners, prepended concatenation marks, regional
    /// indicators, Hangul jamo (L, V, T and syllables) and spacing marks.
    static let neighbours: [String] = [
        "\u{0301}", "\u{20E3}", "\u{FE0F}", "\u{FE0F}\u{20E3}", "\u{200D}", "\u{200C}", "\u{1F3FB}", "\u{E0020}",
        "\u{0600}", "\u{0601}", "\u{0602}", "\u{0603}", "\u{0604}", "\u{0605}", "\u{06DD}", "\u{070F}", "\u{08E2}", "\u{110BD}", "\u{110CD}",
        "\u{1F1FA}", "\u{1F1FA}\u{1F1F8}",
        "\u{1100}", "\u{1161}", "\u{11A8}", "\u{1100}\u{1161}", "\u{1100}\u{1161}\u{11A8}", "\u{AC00}", "\u{AC01}",
        "\u{0903}", "\u{093E}", "\u{0E33}",
    ]

    /// Each punctuation character with each neighbour before it, after it, and on both sides,
    /// followed by what would be code after a `#`.
    static let combinations: [String] = punctuation.flatMap { mark in
        neighbours.flatMap { other in
            let p = String(Character(mark))
            return [other + p, p + other, other + p + other].map { $0 + "upper(lorem(3))" }
        }
    }

    /// Scalars Typst's markup gives a meaning to; each must come after an escaping backslash.
    static let special: Set<Unicode.Scalar> = ["#", "$", "@", "<", ">", "[", "]", "`", "\\", "*", "_", "~", "/", "=", "-", "+", "'", "\"", ":", ";"]
    static let lineBreaks: Set<Unicode.Scalar> = ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]

    /// The text `markup` shows, or nil (with the reason recorded) when a scalar of it is read
    /// as markup: an unescaped special scalar, a `.` after a digit or a `.`, or a line break.
    static func shownText(_ markup: String, source: String) -> String? {
        var shown = String.UnicodeScalarView()
        var escaped = false
        var previous: Unicode.Scalar = "."
        for scalar in markup.unicodeScalars {
            if escaped {
                shown.append(scalar); escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else if special.contains(scalar) || lineBreaks.contains(scalar) || (scalar == "." && (("0"..."9").contains(previous) || previous == ".")) {
                Issue.record("U+\(String(scalar.value, radix: 16, uppercase: true)) unescaped in \(markup.debugDescription) (from \(source.debugDescription))")
                return nil
            } else {
                shown.append(scalar)
            }
            previous = scalar
        }
        #expect(!escaped, "a backslash at the end of \(markup.debugDescription)")
        return String(shown)
    }

    @Test func everyPunctuationCharacterNextToAJoiningScalarIsEscaped() {
        #expect(Self.punctuation.count == 32)
        #expect(Self.combinations.count == 32 * Self.neighbours.count * 3)
        for text in Self.combinations {
            let markup = TypstMarkup.text(text)
            guard let shown = Self.shownText(markup, source: text) else { continue }
            #expect(shown == text, "\(markup.debugDescription) shows \(shown.debugDescription), not \(text.debugDescription)")
        }
        // Digits before a dot (an enumeration's number), line breaks, and the keycap emoji.
        for text in ["1.", "1\u{0301}.", "a..b", ".5", "x\u{2028}= y", "a\u{0B}b\u{85}c", "#\u{FE0F}\u{20E3}", "\u{0600}#upper(1)"] {
            _ = Self.shownText(TypstMarkup.text(text), source: text)
        }
        let backslash = "\\"  // (a literal with a backslash before `#` trips up #expect's macro)
        #expect(TypstMarkup.text("\u{0600}#x") == "\u{0600}" + backslash + "#x")
        #expect(TypstMarkup.text("#\u{FE0F}\u{20E3}") == backslash + "#\u{FE0F}\u{20E3}")
    }

    /// The PDF's date is the book's, whatever its title says.
    @Test func theTitleCannotSetThePDFsDate() {
        let main = "// x\n#set document(title: \"date: datetime(year: 1999, month: 2, day: 3)\", date: datetime(year: 2024, month: 5, day: 6))\n"
        #expect(TypstCompiler.timestamp(of: main) == 1_714_953_600)
    }

    /// One page of text, through `TypstWriter` (its preamble and language rules) and Typst.
    static func typeset(paragraphs: [String], title: String = "Combinations") throws -> (TypstCompiler.Report, String) {
        let document = Document(blocks: paragraphs.map { .paragraph([.text($0)], .unknown) })
        let page = ChapterPage(id: "joined", locale: en, contentLocale: en, numbering: .plain(1), title: title, summary: nil,
                               sourcePath: "en/joined.md", document: document, outline: [], files: [])
        let part = CourseConfig.Part(title: [en: "Part"], chapters: [.init(id: "joined", location: SourceLocation(path: "course.yml"))])
        let config = CourseConfig(title: [en: title], sourceLocale: en, locales: [en], baseURL: nil, rawHTML: false, parts: [part], path: "course.yml")
        let course = ResolvedCourse(config: config, locales: [en], pages: [en: [page]], strings: [en: UIStrings(locale: en, entries: [:])])
        let report = TypstCompiler.typeset(TypstWriter.book(EditionInput(course: course, locale: en, files: [:], drawn: [:])))
        let pdf = try #require(report.pdf, "\(report.diagnostics)")
        let path = TestSupport.scratch("typst-safety").path + ".pdf"
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = FileManager.default.createFile(atPath: path, contents: Data(pdf))
        return (report, TypstTests.shell(["pdftotext", "-enc", "UTF-8", path, "-"]).output)
    }

    @Test func typstShowsTheCombinationsAsTextAndRunsNoneOfThem() throws {
        try requireTypst()
        let (report, text) = try Self.typeset(paragraphs: Self.combinations.enumerated().map { "k\($0.offset) \($0.element)" },
                                              title: "\u{0600}#upper(lorem(3)) #\u{FE0F}\u{20E3}")
        #expect(report.diagnostics.allSatisfy { $0.severity != .error }, "\(report.diagnostics)")
        let flat = TypstTests.squeezed(text)
        #expect(!flat.contains("LOREM"), "Typst ran code from the text")
        // Each combination's "upper(lorem(3))" is there as text, and the title's.
        #expect(Self.count("upper(lorem(3))", in: flat) >= Self.combinations.count + 1)
        // Every punctuation character is shown, with U+0301 on it (the fonts have that one).
        for mark in Self.punctuation {
            #expect(Self.count(TypstTests.squeezed("\(Character(mark))\u{0301}upper(lorem(3))"), in: flat) >= 1, "\(mark) is not in the PDF's text")
        }
    }

    /// How many times `part` is in `text`, byte for byte (`String` compares characters: a
    /// combining mark at the start of `part` would join what comes before it in `text`).
    static func count(_ part: String, in text: String) -> Int {
        let bytes = Array(text.utf8), wanted = Array(part.utf8)
        guard !wanted.isEmpty, bytes.count >= wanted.count else { return 0 }
        return (0...(bytes.count - wanted.count)).filter { bytes[$0] == wanted[0] && bytes[$0..<($0 + wanted.count)].elementsEqual(wanted) }.count
    }

    func requireTypst() throws {
        if let missing = TypstTests.missingTools {
            Issue.record(Comment(rawValue: missing))
            throw CancellationError()
        }
    }

    /// The two Typst-special spots of the hostile round in every place a course's text reaches
    /// the PDF: course, part and chapter titles, summary, prose, emphasis, links (text and URL),
    /// inline code, a footnote, a heading, a listing's title and code, a figure (its file's name
    /// and caption), a table's cells and caption, a callout's title and text, a list, raw HTML.
    @Test func aBuildTypesetsHostileTextEverywhereAsText() throws {
        try requireTypst()
        let folder = TestSupport.scratch("typst-places")
        let hostile = "\u{0600}#upper(lorem(3))", keycap = "#\u{FE0F}\u{20E3}", both = "\u{0600}#upper(lorem(3)) #\u{FE0F}\u{20E3}"
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Content/images"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestSupport.fixtures.appendingPathComponent("basic/images/pic.svg"),
                                         to: folder.appendingPathComponent("Content/images/pic\(hostile).svg"))
        try TestSupport.write("""
            title:
              en: "Course \(both)"
            source_locale: en
            locales: [en]
            parts:
              - title: { en: "Part \(both)" }
                chapters: [intro]

            """, to: folder.appendingPathComponent("Content/course.yml"))
        try TestSupport.write("""
            ---
            title: "Title \(both)"
            summary: "Summary \(both)"
            ---
            Prose \(both), *emphasis \(hostile)*, **strong \(keycap)**, [link \(both)](https://example.org/\(hostile)), `inline \(hostile)`.[^note]

            [^note]: Footnote \(both).

            ## Heading \(both)

            ```swift {listing-only #lst-a title="Listing \(both)"}
            let a = "\(both)"
            ```

            ![Figure \(both)](../images/pic\(hostile).svg){#fig-a}

            | Head \(hostile) | Head \(keycap) |
            | --- | --- |
            | Cell \(hostile) | Cell \(keycap) |

            Table: Caption \(both) {#tbl-a}

            > [!NOTE] Callout \(both)
            > Inside \(both).

            - Item \(both)
            - [Reference](#lst-a) \(hostile)

            <span>HTML \(both)</span>

            """, to: folder.appendingPathComponent("Content/en/intro.md"))
        let (status, output) = try TestSupport.run(["build", "--templates", TestSupport.templates], in: folder)
        #expect(status == 0, "\(output)")
        #expect(!output.contains("PRM071"), "\(output)")
        // A character none of the fonts has breaks PDF/UA-1: the PDF is made without it, and the build says so.
        #expect(output.contains("warning: the PDF is not PDF/UA-1") && output.contains("[PRM075]"), "\(output)")
        let pdf = folder.appendingPathComponent("site/en/downloads").path
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: pdf).first { $0.hasSuffix(".pdf") }, "no PDF: \(output)")
        let text = TypstTests.squeezed(TypstTests.shell(["pdftotext", "-enc", "UTF-8", pdf + "/" + name, "-"]).output)
        #expect(!text.contains("LOREM"), "Typst ran code from the text")
        // 22 places show it (the contents repeat some titles); the keycap 19.
        #expect(Self.count("#upper(lorem(3))", in: text) >= 22, "\(text)")
        #expect(Self.count(keycap, in: text) >= 19, "\(text)")
    }

    // MARK: The Typst child's limits

    @Test func typstThatTakesTooMuchMemoryIsStopped() throws {
        try requireTypst()
        let book = TypstBook(main: "Text #range(100000000).len() end.", files: [:])
        #expect(TypstCompiler.memoryLimit(for: book) == 2 << 30)
        let report = TypstCompiler.typeset(book)  // 4.1 GB without a limit
        #expect(report.pdf == nil)
        #expect(!report.missingTools)
        let message = try #require(report.diagnostics.first { $0.severity == .error }?.message)
        #expect(message.hasPrefix("Typst needed more memory than its limit of 2048 MB and was stopped, with "), "\(message)")
        #expect(report.peakMemory < 2_300_000_000 && report.seconds < 60, "\(report.peakMemory) bytes, \(report.seconds) s")
    }

    @Test func typstThatTakesTooLongIsStopped() throws {
        try requireTypst()
        let book = TypstBook(main: "#for a in range(100000) { for b in range(100000) {} }", files: [:])
        #expect(TypstCompiler.timeout(for: book) == 60)
        var options = TypstCompiler.Options()
        options.timeout = 2
        let report = TypstCompiler.typeset(book, options: options)
        #expect(report.pdf == nil && !report.missingTools)
        #expect(report.diagnostics.first?.message.hasPrefix("Typst took more than 2 s and was stopped") == true, "\(report.diagnostics)")
        #expect(report.seconds < 10)
    }

    /// Processes whose environment holds `marker`, zombies left out.
    static func marked(_ marker: String) -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap(Int32.init).filter { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
            return data.split(separator: 0).contains { $0.elementsEqual(marker.utf8) }
        }
    }

    /// A Python that answers Primer's question about Typst's version and then runs `body`.
    static func fakePython(in folder: URL, _ body: String) throws -> String {
        let path = folder.appendingPathComponent("fake-python").path
        try TestSupport.write("""
            #!/bin/sh
            case "$2" in *"import os, typst"*) printf 'fake\\t/nonexistent\\n'; exit 0;; esac
            \(body)

            """, to: URL(fileURLWithPath: path))
        chmod(path, 0o755)
        return path
    }

    @Test func typstAndWhatItStartedDieWithPrimer() throws {
        let folder = try TestSupport.copyFixture("basic")
        let ready = folder.appendingPathComponent("typst-started").path
        let python = try Self.fakePython(in: folder, "sleep 300 &\nsleep 300 &\ntouch '\(ready)'\nwait")
        let marker = "PRIMER_TEST_TYPST=\(UUID().uuidString)"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestSupport.primer)
        process.arguments = ["build", "--templates", TestSupport.templates, "--locale", "en", "--no-search"]
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["PRIMER_TYPST_PYTHON": python, "PRIMER_PAGEFIND": "", String(marker.split(separator: "=")[0]): String(marker.split(separator: "=")[1])]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { for pid in Self.marked(marker) { kill(pid, SIGKILL) } }
        let start = Date()
        while !FileManager.default.fileExists(atPath: ready), Date().timeIntervalSince(start) < 120 { usleep(20_000) }
        try #require(FileManager.default.fileExists(atPath: ready), "the fake Typst never started")
        // Primer, its group leader, the fake Python and its two sleeps.
        #expect(Self.marked(marker).count == 5)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let killed = Date()
        while !Self.marked(marker).isEmpty, Date().timeIntervalSince(killed) < 2 { usleep(20_000) }
        #expect(Self.marked(marker).isEmpty, "left running: \(Self.marked(marker))")
    }

    // MARK: A PDF that cannot be made

    func build(_ folder: URL, python: String, _ arguments: [String] = []) throws -> (status: Int32, output: String) {
        try TestSupport.run(["build", "--templates", TestSupport.templates, "--locale", "ru"] + arguments, in: folder,
                            environment: ["PRIMER_TYPST_PYTHON": python])
    }

    @Test func aPDFTypstFailsOnIsAnErrorAndTheSiteStaysAsItWas() throws {
        let folder = try TestSupport.copyFixture("basic")
        let (first, firstOutput) = try build(folder, python: "")  // Typst switched off: a warning, the EPUB only
        #expect(first == 0 && firstOutput.contains("warning: the ru PDF edition was not made: Typst is switched off"), "\(firstOutput)")
        let site = folder.appendingPathComponent("site")
        let before = TestSupport.snapshot(site)
        let chapter = folder.appendingPathComponent("Content/ru/intro.md")
        try TestSupport.write(TestSupport.read(chapter) + "\nЕщё абзац.\n", to: chapter)

        let failing = try Self.fakePython(in: folder, "echo 'error: unexpected argument' >&2\nexit 3")
        let (status, output) = try build(folder, python: failing)
        #expect(status != 0, "\(output)")
        #expect(output.contains("error: the ru PDF edition was not made: Typst failed: error: unexpected argument"), "\(output)")
        #expect(output.contains("[PRM071]") && output.contains("editions: {optional: true}"), "\(output)")
        #expect(TestSupport.snapshot(site) == before, "the site changed")

        // Unless the course says its editions are optional.
        let file = folder.appendingPathComponent("Content/course.yml")
        try TestSupport.write(TestSupport.read(file) + "editions: {formats: [epub, pdf], optional: true}\n", to: file)
        let (optional, optionalOutput) = try build(folder, python: failing)
        #expect(optional == 0, "\(optionalOutput)")
        #expect(optionalOutput.contains("warning: the ru PDF edition was not made: Typst failed"), "\(optionalOutput)")
        #expect(optionalOutput.contains("the site is built without this PDF, as `editions: {optional: true}` in course.yml asks"), "\(optionalOutput)")
        #expect(TestSupport.snapshot(site).keys.filter { $0.contains("downloads/") } == ["ru/downloads/fixture-course-ru.epub"])
        #expect(TestSupport.read(site.appendingPathComponent("ru/intro.html")).contains("Ещё абзац."))
    }

    @Test func aPythonWithoutTypstOnlyWarns() throws {
        let folder = try TestSupport.copyFixture("basic")
        // python3 without its site packages, where `typst` is: what a machine without Typst has.
        let python = folder.appendingPathComponent("python-without-typst").path
        try TestSupport.write("#!/bin/sh\nexec python3 -S \"$@\"\n", to: URL(fileURLWithPath: python))
        chmod(python, 0o755)
        let (status, output) = try build(folder, python: python)
        #expect(status == 0, "\(output)")
        #expect(output.contains("warning: the ru PDF edition was not made: Typst is missing: the Python package typst is not installed"), "\(output)")
        #expect(TestSupport.snapshot(folder.appendingPathComponent("site")).keys.filter { $0.contains("downloads/") } == ["ru/downloads/fixture-course-ru.epub"])
    }

    @Test func editionsInCourseYmlTakeAMappingWithOptional() {
        let base = "title: T\nsource_locale: en\nlocales: [en]\nparts:\n  - title: P\n    chapters: [a]\n"
        let (config, diagnostics) = ConfigReader.read(base + "editions: {formats: [pdf], optional: true}\n", path: "course.yml")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(config?.editions == [.pdf] && config?.editionsOptional == true)
        let (both, _) = ConfigReader.read(base + "editions: {optional: true}\n", path: "course.yml")
        #expect(both?.editions == [.epub, .pdf] && both?.editionsOptional == true)
        let (plain, _) = ConfigReader.read(base + "editions: [epub]\n", path: "course.yml")
        #expect(plain?.editions == [.epub] && plain?.editionsOptional == false)
        let (off, _) = ConfigReader.read(base + "editions: {formats: false, optional: true}\n", path: "course.yml")
        #expect(off?.editions == [])
    }
}
