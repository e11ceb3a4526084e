import CourseModel
import Editions
import Foundation
import Pipeline
import PrimerTestSupport
import Synchronization
import Testing
import ZIPFoundation

/// The EPUB edition: every locale of the real course and of the fixtures passes epubcheck with
/// nothing to say, the same input gives the same bytes, and the books hold what the site does.
@Suite(.serialized) struct EPUBTests {
    struct Built: Sendable {
        var inputs: [EditionInput]
        var diagnostics: [Diagnostic]
    }

    /// The edition inputs of a course copied into a temporary folder that stays between runs
    /// (the samples' build folder and Primer's caches beside the content are kept, so only the
    /// first run builds and runs the samples).
    static func inputs(of source: URL, name: String) -> Built? {
        let fileManager = FileManager.default
        let folder = fileManager.temporaryDirectory.appendingPathComponent("primer-epub-tests/\(name)")
        let content = folder.appendingPathComponent("Content")
        let keptBuild = folder.appendingPathComponent("samples-build")
        let samplesBuild = content.appendingPathComponent("Samples/.build")
        try? fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
        if fileManager.fileExists(atPath: samplesBuild.path) {
            try? fileManager.removeItem(at: keptBuild)
            try? fileManager.moveItem(at: samplesBuild, to: keptBuild)
        }
        try? fileManager.removeItem(at: content)
        for item in (try? fileManager.subpathsOfDirectory(atPath: source.path))?.sorted() ?? []
        where !item.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
            var isDirectory: ObjCBool = false
            _ = fileManager.fileExists(atPath: source.appendingPathComponent(item).path, isDirectory: &isDirectory)
            let target = content.appendingPathComponent(item)
            if isDirectory.boolValue { try? fileManager.createDirectory(at: target, withIntermediateDirectories: true) }
            else {
                try? fileManager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try? fileManager.copyItem(at: source.appendingPathComponent(item), to: target)
            }
        }
        if fileManager.fileExists(atPath: keptBuild.path), fileManager.fileExists(atPath: content.appendingPathComponent("Samples").path) {
            try? fileManager.moveItem(at: keptBuild, to: samplesBuild)
        }
        return inputs(content: content, output: folder.appendingPathComponent("site"))
    }

    static func inputs(content: URL, output: URL) -> Built? {
        guard let result = try? Build.editionInputs(Build.Options(content: content.path, templates: TestSupport.templates, output: output.path)),
              let inputs = result.0 else { return nil }
        return Built(inputs: inputs, diagnostics: result.1)
    }

    static let course = inputs(of: TestSupport.root.appendingPathComponent("Content"), name: "course")
    static let basic = inputs(of: TestSupport.fixtures.appendingPathComponent("basic"), name: "basic")

    /// A PNG of 4 × 4 pixels, saved only as `@2x`.
    static let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGMwTpsJRwzEcQDrIxMhwmPP/AAAAABJRU5ErkJggg==")!

    /// A book with what the real course lacks: parts, a preface and an appendix, raw HTML (one
    /// piece well-formed, one not), footnotes, a task list, an image that exists only as `@2x`,
    /// a custom callout title, an external link, and missing translations.
    static let book: Built? = {
        let folder = TestSupport.scratch("primer-epub-book")
        let files: [String: String] = [
            "course.yml": """
                title: { en: "A Book & Its <Parts>", ru: Книга }
                source_locale: en
                locales: [en, ru]
                raw_html: true
                base_url: https://example.org/book
                parts:
                  - numbering: none
                    chapters: [preface]
                  - title: { en: Main, ru: Основное }
                    chapters: [one, two]
                  - title: { en: Appendices, ru: Приложения }
                    numbering: appendix
                    chapters: [glossary]
                """,
            "en/preface.md": "---\ntitle: Preface\n---\n\nSee [](one.md), [](glossary.md#g-sec) and [the web](https://example.org/a?b=1&c=2).\n\n## About {#about}\n\nText.[^a]\n\n[^a]: A note that points back.\n",
            "en/one.md": """
                ---
                title: One
                ---

                ## Start

                See [](preface.md#about), [](#lst-g) and [](two.md#second). Press <br> here.

                > [!WARNING] Mind *the* gap
                > Body with <kbd>Ctrl</kbd> and <span class="x">a &nbsp; b</span>.

                <div class="box"><p>Well-formed &amp; kept.</p></div>

                <div class="bad"><p>Not closed</div>

                - [x] Done item
                - [ ] Open item

                ![Dots](../images/dots.png){#fig-dots}

                | A | B |
                | :-: | -: |
                | 1 | 2 |

                ## Exercises {.exercises}

                1. Do it.[^b]

                   > [!SOLUTION]
                   > Done.

                [^b]: Exercise note.
                """,
            "en/two.md": "---\ntitle: Two\n---\n\n## Second {#second}\n\nMore in [the data](data.txt#top) and [](one.md).\n",
            "en/data.txt": "data\n",
            "en/glossary.md": "---\ntitle: Glossary\n---\n\n## Terms {#g-sec}\n\n```text {#lst-g title=\"g.txt\"}\nx & y < z\n```\n",
            "ru/one.md": "---\ntitle: Один\n---\n\n## Начало\n\nСм. [](glossary.md) и [](#lst-g).\n",
        ]
        for (path, text) in files { try? TestSupport.write(text, to: folder.appendingPathComponent("Content/" + path)) }
        try? FileManager.default.createDirectory(at: folder.appendingPathComponent("Content/images"), withIntermediateDirectories: true)
        try? png.write(to: folder.appendingPathComponent("Content/images/dots@2x.png"))
        return inputs(content: folder.appendingPathComponent("Content"), output: folder.appendingPathComponent("site"))
    }()

    /// The files of an EPUB, by path, in the zip's order.
    static func unzip(_ bytes: [UInt8]) throws -> [(path: String, data: Data)] {
        let archive = try Archive(data: Data(bytes), accessMode: .read)
        var files: [(path: String, data: Data)] = []
        for entry in archive {
            var data = Data()
            _ = try archive.extract(entry, skipCRC32: false) { data.append($0) }
            files.append((entry.path, data))
        }
        return files
    }

    static func text(_ files: [(path: String, data: Data)], _ path: String) -> String {
        files.first { $0.path == path }.map { String(decoding: $0.data, as: UTF8.self) } ?? ""
    }

    struct CheckResult: Sendable {
        var status: Int32
        var counts: [String: Int]
        var messages: [String]
    }

    /// Runs epubcheck over every file, several at once (it is a slow Java program).
    static func epubcheck(_ files: [URL]) -> [CheckResult] {
        let results = Mutex<[Int: CheckResult]>([:])
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let file = files[index]
            let report = file.deletingPathExtension().appendingPathExtension("json")
            let process = Process()
            // Debian installs epubcheck as the jar itself (run through binfmt_misc where it is set up).
            let isJar = FileManager.default.contents(atPath: epubcheckPath).map { $0.prefix(2) == Data("PK".utf8) } ?? false
            process.executableURL = URL(fileURLWithPath: isJar ? "/usr/bin/java" : epubcheckPath)
            process.arguments = (isJar ? ["-jar", epubcheckPath] : []) + [file.path, "--json", report.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            var result = CheckResult(status: -1, counts: [:], messages: [])
            do {
                try process.run()
                process.waitUntilExit()
                result.status = process.terminationStatus
                let json = try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any] ?? [:]
                let checker = json["checker"] as? [String: Any] ?? [:]
                for key in ["nFatal", "nError", "nWarning"] { result.counts[key] = (checker[key] as? NSNumber)?.intValue ?? -1 }
                for message in json["messages"] as? [[String: Any]] ?? [] {
                    let severity = message["severity"] as? String ?? ""
                    guard ["FATAL", "ERROR", "WARNING"].contains(severity) else { continue }
                    let places = (message["locations"] as? [[String: Any]] ?? []).map { "\($0["path"] ?? ""):\($0["line"] ?? "")" }
                    result.messages.append("\(severity) \(message["ID"] ?? "") \(message["message"] ?? "") at \(places.joined(separator: ", "))")
                }
            } catch {
                result.messages.append("epubcheck could not run: \(error)")
            }
            results.withLock { $0[index] = result }
        }
        return results.withLock { results in files.indices.map { results[$0]! } }
    }

    static let epubcheckPath = "/usr/bin/epubcheck"

    @Test func everyLocaleOfEveryCoursePassesEPUBCheck() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.epubcheckPath) else {
            Issue.record("epubcheck is missing at \(Self.epubcheckPath): `make editions-deps` installs it")
            return
        }
        let courses: [(String, Built?)] = [("course", Self.course), ("basic", Self.basic), ("book", Self.book)]
        // Kept after the run (and replaced by the next), to open the books in a reader.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("primer-epub-tests/books")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var files: [URL] = []
        for (name, built) in courses {
            let built = try #require(built, "the \(name) course did not build")
            #expect(built.inputs.count >= 2)
            for input in built.inputs {
                let (bytes, diagnostics) = EPUBWriter.epub(input)
                if name != "book" { #expect(diagnostics.isEmpty, "\(name) \(input.locale.rawValue): \(diagnostics.map(\.description))") }
                // The course has a term base: its books end with the subject index, which epubcheck reads too.
                if name == "course" { #expect(bytes.count > 0 && String(decoding: bytes, as: UTF8.self).contains("EPUB/index.xhtml"), "\(input.locale)") }
                let file = folder.appendingPathComponent("\(name)-\(input.locale.rawValue).epub")
                try Data(bytes).write(to: file)
                print("EPUB \(file.lastPathComponent): \(bytes.count) bytes")
                files.append(file)
            }
        }
        let results = Self.epubcheck(files)
        for (file, result) in zip(files, results) {
            #expect(result.status == 0 && result.counts == ["nFatal": 0, "nError": 0, "nWarning": 0] && result.messages.isEmpty,
                    "\(file.lastPathComponent): \(result.counts) \(result.messages.joined(separator: "\n"))")
        }
    }

    @Test func theSameInputGivesTheSameBytes() throws {
        let built = try #require(Self.basic)
        for input in built.inputs {
            let first = EPUBWriter.epub(input).bytes
            #expect(first == EPUBWriter.epub(input).bytes)
            // `mimetype` first, stored, without an extra field.
            #expect(Array(first[0..<4]) == [0x50, 0x4B, 0x03, 0x04])
            #expect(first[8] == 0 && first[9] == 0, "stored")
            #expect(first[28] == 0 && first[29] == 0, "no extra field")
            #expect(String(decoding: first[30..<58], as: UTF8.self) == "mimetypeapplication/epub+zip")
        }
        // The identifier is the course's and the locale's, not random.
        let package = { (input: EditionInput) in Self.text(try Self.unzip(EPUBWriter.epub(input).bytes), "EPUB/package.opf") }
        let identifiers = try built.inputs.map { input in
            try package(input).components(separatedBy: "<dc:identifier id=\"book-id\">urn:uuid:").dropFirst().first.map { String($0.prefix(36)) } ?? ""
        }
        #expect(Set(identifiers).count == built.inputs.count && identifiers.allSatisfy { $0.count == 36 })
    }

    @Test func theBooksHoldTheCoursesTextReferencesAndSolutions() throws {
        let built = try #require(Self.course)
        let books = try Dictionary(uniqueKeysWithValues: built.inputs.map { ($0.locale.rawValue, try Self.unzip(EPUBWriter.epub($0).bytes)) })
        let russian = try #require(books["ru"]), chinese = try #require(books["zh-Hans"]), english = try #require(books["en"])
        #expect(russian.first?.path == "mimetype")

        // Each book in its language, the known sentences in it.
        let memoryRU = Self.text(russian, "EPUB/text/memory.xhtml")
        #expect(memoryRU.contains("xml:lang=\"ru\" lang=\"ru\""))
        #expect(memoryRU.contains("Циклы сильных ссылок и слабые ссылки"))
        #expect(memoryRU.contains("<p class=\"chapter-label\">Глава 2</p>"))
        let memoryZH = Self.text(chinese, "EPUB/text/memory.xhtml")
        #expect(memoryZH.contains("xml:lang=\"zh-Hans\" lang=\"zh-Hans\""))
        #expect(memoryZH.contains("循环引用与弱引用"))
        #expect(Self.text(chinese, "EPUB/package.opf").contains("<dc:language>zh-Hans</dc:language>"))

        // A reference to another chapter goes to its document, to an id that exists there.
        let lifecycle = Self.text(russian, "EPUB/text/app-lifecycle.xhtml")
        #expect(lifecycle.contains("href=\"errors.xhtml#typed-throws\" class=\"xref\""))
        #expect(Self.text(russian, "EPUB/text/errors.xhtml").contains("id=\"typed-throws\""))
        #expect(!lifecycle.contains(".html"), "no link to the site's pages is left")

        // The exercise stays; its solution is at the end of the chapter, the two linked both ways.
        for memory in [memoryRU, Self.text(english, "EPUB/text/memory.xhtml")] {
            let link = try #require(memory.range(of: "<p class=\"solution-link\"><a href=\"#"))
            let solutionID = String(memory[link.upperBound...].prefix { $0 != "\"" })
            let exerciseStart = try #require(memory[..<link.lowerBound].range(of: "<li class=\"exercise\" id=\"", options: .backwards))
            let exerciseID = String(memory[exerciseStart.upperBound...].prefix { $0 != "\"" })
            let solutions = try #require(memory.range(of: "<section class=\"solutions\""))
            let solution = try #require(memory.range(of: "<section class=\"solution\" id=\"\(solutionID)\">\n<h3><a href=\"#\(exerciseID)\">"))
            #expect(solutions.lowerBound > link.lowerBound && solution.lowerBound > solutions.lowerBound)
            let summary = try #require(memory.range(of: "class=\"summary\""))
            #expect(summary.lowerBound < solutions.lowerBound, "the solutions come after the chapter's last section")
            #expect(!memory.contains("<details"))
        }
        #expect(memoryRU.contains("<h2>Решения</h2>") && memoryRU.contains("Решение: упражнение 2.1</a></h3>"))

        // Drawn figures and images are in the book, with their media types.
        let package = Self.text(russian, "EPUB/package.opf")
        #expect(package.contains("href=\"media/drawn/") && package.contains("media-type=\"image/svg+xml\""))
        #expect(package.contains("href=\"media/drawn/figures/value-vs-reference.ru/value-vs-reference.svg\""), "chapter 1's figure, drawn per locale")
        #expect(package.contains("properties=\"cover-image\"") && package.contains("properties=\"nav\""))
        #expect(russian.contains { $0.path.hasPrefix("EPUB/media/drawn/") })
        let nav = Self.text(russian, "EPUB/nav.xhtml")
        #expect(nav.contains("<a href=\"text/memory.xhtml\">Глава 2. ") && nav.contains("href=\"text/memory.xhtml#retain-cycles\""))
        #expect(nav.contains("epub:type=\"landmarks\"") && nav.contains("epub:type=\"bodymatter\""))
        #expect(!memoryRU.contains("samples.html"), "no base URL: the site's pages are not linked")
        #expect(memoryRU.contains("<p class=\"run-it\">Запустите сами: <code>swift run deinit-trace</code></p>"), "no path of the machine that built the book")
        #expect(memoryRU.contains("<span class=\"hl-k\">"), "listings are highlighted")
    }

    @Test func fallbackChaptersPartsRawHTMLAndFootnotes() throws {
        let basic = try #require(Self.basic)
        let ru = try Self.unzip(EPUBWriter.epub(try #require(basic.inputs.first { $0.locale == LocaleTag("ru")! })).bytes)
        // `details` has no Russian text: its document is in English, its label too.
        let details = Self.text(ru, "EPUB/text/details.xhtml")
        #expect(details.contains("xml:lang=\"en\" lang=\"en\""))
        #expect(Self.text(ru, "EPUB/text/intro.xhtml").contains("xml:lang=\"ru\" lang=\"ru\""))
        #expect(Self.text(ru, "EPUB/nav.xhtml").contains("<span xml:lang=\"en\" lang=\"en\">"))
        // An image of the course's own is in the book with its media type.
        #expect(Self.text(ru, "EPUB/package.opf").contains("href=\"media/images/pic.svg\" media-type=\"image/svg+xml\""))

        let built = try #require(Self.book)
        #expect(built.diagnostics.filter(\.isError).isEmpty, "\(built.diagnostics.map(\.description))")
        let en = try #require(built.inputs.first { $0.locale == LocaleTag("en")! })
        let (bytes, diagnostics) = EPUBWriter.epub(en)
        let files = try Self.unzip(bytes)
        let one = Self.text(files, "EPUB/text/one.xhtml")
        // Raw HTML comes made well-formed by the parse stage (RawHTMLSanitizer): <br> closed, the
        // <p> that </div> ends closed there, as HTML has it; nothing to leave out, nothing to say.
        #expect(one.contains("<div class=\"box\"><p>Well-formed &amp; kept.</p></div>"))
        #expect(one.contains("<kbd>Ctrl</kbd>"))
        #expect(one.contains("<div class=\"bad\"><p>Not closed</p></div>") && one.contains("Press <br/> here."), "\(one)")
        #expect(diagnostics.filter { $0.code == .edition }.isEmpty, "\(diagnostics.map(\.description))")
        #expect(built.diagnostics.filter { $0.code == .rawHTML }.isEmpty, "\(built.diagnostics.map(\.description))")
        // Footnotes as EPUB 3 notes, tasks, the @2x image, a custom callout title.
        #expect(one.contains("<a epub:type=\"noteref\" href=\"#fn-1\" id=\"fnref-1\">1</a>"))
        #expect(one.contains("<aside class=\"footnote\" epub:type=\"footnote\" id=\"fn-1\">"))
        #expect(one.contains("aria-label=\"Done\"") && one.contains("aria-label=\"Not done\""))
        #expect(one.contains("<img src=\"../media/images/dots@2x.png\" width=\"2\" height=\"2\" alt=\"Dots\"/>"))
        #expect(Self.text(files, "EPUB/package.opf").contains("href=\"media/images/dots@2x.png\" media-type=\"image/png\""))
        #expect(one.contains("<p class=\"callout-title\">Mind <em>the</em> gap</p>"))
        #expect(one.contains("href=\"preface.xhtml#about\"") && one.contains("href=\"glossary.xhtml#lst-g\"") && one.contains("href=\"two.xhtml#second\""))
        // A file of the course is on the site (with a base URL); a chapter is in the book.
        #expect(Self.text(files, "EPUB/text/two.xhtml").contains("<a href=\"https://example.org/book/en/data.txt#top\">the data</a> and <a href=\"one.xhtml\" class=\"xref\">Chapter 1</a>"))
        #expect(Self.text(files, "EPUB/text/glossary.xhtml").contains("<p class=\"chapter-label\">Appendix A</p>"))
        #expect(!Self.text(files, "EPUB/text/preface.xhtml").contains("chapter-label"))
        // Parts in the table of contents; the title escaped everywhere.
        let nav = Self.text(files, "EPUB/nav.xhtml")
        #expect(nav.contains("<li><span>Part 1. Main</span>") && nav.contains("<li><span>Appendices</span>"))
        #expect(nav.contains("<nav epub:type=\"toc\" id=\"toc\">\n<h1>Contents</h1>\n<ol>\n<li><a href=\"text/preface.xhtml\">Preface</a>"),
                "a part without a title is no level of its own")
        #expect(Self.text(files, "EPUB/package.opf").contains("<dc:title>A Book &amp; Its &lt;Parts&gt;</dc:title>"))
        #expect(Self.text(files, "EPUB/cover.xhtml").contains("Made by Primer"))
    }
}
