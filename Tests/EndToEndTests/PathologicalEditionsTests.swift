import CourseModel
import Editions
import Foundation
import Pipeline
import PrimerTestSupport
import Testing

/// The inputs cmark-gfm's own test of pathological cases uses (written anew from its list),
/// and a few of Primer's own (a chain of footnotes, nesting just under the parse stage's limit),
/// made into book editions: nothing crashes, the writers' time grows with the input, the Typst
/// markup keeps its paragraphs short and its nesting shallow (Typst lays a paragraph out in time
/// that grows with its length times its pieces, and stops at 128 levels of markup), and a limit
/// reached is a warning at its line.
@Suite(.serialized) struct PathologicalEditionsTests {
    struct Case: Sendable {
        var name: String
        /// The chapter's text for a size; `scale` is what makes that size four times bigger.
        var text: @Sendable (Int) -> String
        var size: Int
        var scale: Int = 4
    }

    static func repeated(_ unit: String, _ count: Int) -> String { String(repeating: unit, count: count) }

    /// `unit` repeated in paragraphs of 1,000: the parse stage refuses a block of more than
    /// 5,000 `[` (`BracketLimitTests`), which cmark-gfm would read in quadratic time.
    static func paragraphs(_ unit: String, _ count: Int) -> String {
        stride(from: 0, to: count, by: 1_000).map { repeated(unit, min(1_000, count - $0)) }.joined(separator: "\n\n")
    }

    /// Sizes that give a few thousand to a few tens of thousands of characters, so quadratic
    /// work would show between a size and four times it, and the whole test stays short in debug builds.
    static let cases: [Case] = [
        Case(name: "emphasis closers without openers", text: { repeated("a_ ", $0) }, size: 4_000),
        Case(name: "emphasis openers without closers", text: { repeated("_a ", $0) }, size: 4_000),
        Case(name: "link closers without openers", text: { repeated("a]", $0) }, size: 6_000),
        Case(name: "link openers without closers", text: { paragraphs("[a", $0) }, size: 6_000),
        Case(name: "mismatched openers and closers", text: { repeated("*a_ ", $0) }, size: 3_000),
        Case(name: "openers and closers multiple of 3", text: { "a**b" + repeated("c* ", $0) }, size: 4_000),
        Case(name: "link openers and emphasis closers", text: { paragraphs("[ a_", $0) }, size: 3_000),
        Case(name: "[ (]( repeated", text: { paragraphs("[ (](", $0) }, size: 2_500),
        Case(name: "![[]() repeated", text: { paragraphs("![[]()", $0) }, size: 2_000),
        Case(name: "nested brackets", text: { repeated("[", $0) + "a" + repeated("]", $0) }, size: 1_200),
        Case(name: "U+0000", text: { repeated("abc\u{0}de\u{0} ", $0) }, size: 1_500),
        Case(name: "backticks", text: { n in (1..<n).map { "e" + repeated("`", $0) }.joined() }, size: 90, scale: 2),
        Case(name: "unclosed links A", text: { paragraphs("[a](<b", $0) }, size: 2_000),
        Case(name: "unclosed links B", text: { paragraphs("[a](b", $0) }, size: 2_500),
        Case(name: "unclosed <!--", text: { "</" + repeated("<!--", $0) }, size: 3_000),
        Case(name: "tables", text: { repeated("aaa\rbbb\n-\u{0B}\n", $0) }, size: 600),
        Case(name: "many references", text: { n in (0..<n).map { "[x\($0)]: /url\n\n[x0]\n\n" }.joined() }, size: 500),
        Case(name: "footnote chain", text: { n in "x[^0]\n\n" + (0..<n).map { "[^\($0)]: y[^\($0 + 1)]\n\n" }.joined() }, size: 300),
        Case(name: "many footnotes", text: { n in (0..<n).map { "a[^\($0)] " }.joined() + "\n\n" + (0..<n).map { "[^\($0)]: b\n\n" }.joined() },
             size: 400),
    ]

    /// A one-locale course with these chapters (`id` → Markdown body) in a new folder; returns the folder.
    static func course(_ chapters: [(id: String, text: String)], editions: String = "[epub, pdf]") throws -> URL {
        let folder = TestSupport.scratch("primer-pathological")
        let content = folder.appendingPathComponent("Content")
        try TestSupport.write("""
            title: { en: Pathological }
            source_locale: en
            locales: [en]
            editions: \(editions)
            parts:
              - title: { en: Cases }
                chapters: [\(chapters.map(\.id).joined(separator: ", "))]

            """, to: content.appendingPathComponent("course.yml"))
        for chapter in chapters {
            try TestSupport.write("---\ntitle: \(chapter.id)\n---\n\n" + chapter.text + "\n",
                                  to: content.appendingPathComponent("en/\(chapter.id).md"))
        }
        return folder
    }

    static func input(_ text: String) throws -> EditionInput {
        let folder = try course([("case", text)])
        let options = Build.Options(content: folder.appendingPathComponent("Content").path, templates: TestSupport.templates,
                                    output: folder.appendingPathComponent("site").path)
        let (inputs, diagnostics) = try Build.editionInputs(options)
        guard let input = inputs?.first else { throw Failure(message: "no edition input: \(diagnostics)") }
        return input
    }

    struct Failure: Error { var message: String }

    struct Written {
        var seconds: Double
        var book: TypstBook
    }

    /// Both writers on one input; the time is the better of two runs.
    static func write(_ input: EditionInput) -> Written {
        var best = Double.infinity
        var book = TypstBook(main: "", files: [:])
        for _ in 0..<2 {
            let start = Date()
            _ = EPUBWriter.epub(input)
            book = TypstWriter.book(input)
            best = min(best, Date().timeIntervalSince(start))
        }
        return Written(seconds: best, book: book)
    }

    /// How deep Typst's markup nests in content blocks (`[…]` outside strings and escapes: a
    /// parenthesis is only text in markup), and the most pieces (escaped characters and `#`
    /// calls) one paragraph has.
    static func shape(_ markup: Substring) -> (nesting: Int, pieces: Int) {
        var depth = 0, deepest = 0, pieces = 0, most = 0, newlines = 0
        var inString = false, escaped = false
        for byte in markup.utf8 {
            if byte == UInt8(ascii: "\n") { newlines += 1; if newlines == 2 { pieces = 0 } } else { newlines = 0 }
            if escaped { escaped = false; continue }
            if inString {
                if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\\"): escaped = true; pieces += 1
            case UInt8(ascii: "#"): pieces += 1
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["): depth += 1; deepest = max(deepest, depth)
            case UInt8(ascii: "]"): depth -= 1
            default: break
            }
            most = max(most, pieces)
        }
        return (deepest, most)
    }

    @Test(arguments: cases.map(\.name))
    func writersStayLinearAndTheMarkupShallow(_ name: String) throws {
        let item = Self.cases.first { $0.name == name }!
        let small = Self.write(try Self.input(item.text(item.size)))
        let large = Self.write(try Self.input(item.text(item.size * item.scale)))
        // Four times the input in at most eight times the time (sixteen would be quadratic); a
        // floor keeps a few milliseconds of noise from counting.
        let ratio = large.seconds / max(small.seconds, 0.05)
        #expect(ratio < 8, "\(name): \(small.seconds) s, then \(large.seconds) s for four times the input")
        let chapter = large.book.main[large.book.main.range(of: "<ch-case>")!.upperBound...]
        let shape = Self.shape(chapter)
        #expect(shape.nesting < 64, "\(name): markup nested \(shape.nesting) deep")
        #expect(shape.pieces <= 2 * TypstLimits.paragraphCharacters, "\(name): a paragraph of \(shape.pieces) pieces")
    }
}

extension PathologicalEditionsTests {
    /// One build with both editions of a course that reaches every limit (a chain of 2,000
    /// footnotes, a paragraph past 100,000 characters, emphasis and quotes nested past what
    /// Typst's show rules allow, a table past its rows, a listing with a line of 6,000
    /// characters, a word of 40,000 accented letters): the PDF is made, and each limit is a
    /// warning at its line.
    @Test func everyLimitIsAWarningAtItsLineAndThePDFIsMade() throws {
        if let missing = TypstTests.missingTools { Issue.record(Comment(rawValue: missing)); return }
        let chain = "x[^0]\n\n" + (0..<2_000).map { "[^\($0)]: y[^\($0 + 1)]\n\n" }.joined()
        let folder = try Self.course([
            ("chain", chain),
            ("long", Self.repeated("a_ ", 40_000)),
            ("emphasis", Self.repeated("*a **a ", 45) + "b" + Self.repeated(" a** a*", 45)),
            ("quotes", "Before.\n\n" + Self.repeated("> ", 60) + "a"),
            ("table", "| a | b |\n| - | - |\n" + Self.repeated("| x | y |\n", 5_100)),
            ("code", "```swift\n" + Self.repeated("a+", 3_000) + "\n```\n\n```\n" + Self.repeated("é", 35_000) + "\n```"),
            // One line of 80,000 bytes with no place to break: Typst's PDF writer panicked on a
            // run of glyphs past 65,535 bytes that cut a character in two.
            ("accents", Self.repeated("é", 40_000)),
        ])
        var options = Build.Options(content: folder.appendingPathComponent("Content").path, templates: TestSupport.templates,
                                    output: folder.appendingPathComponent("site").path)
        options.product = .site(search: false, reuse: false)
        options.editions = true
        let start = Date()
        let result = try Build.run(options)
        let seconds = Date().timeIntervalSince(start)
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics)")
        #expect(!result.diagnostics.contains { $0.code == .typesetting }, "\(result.diagnostics)")
        let limits = result.diagnostics.filter { $0.code == .editionLimit }.map { "\($0.location?.description ?? "?"): \($0.message)" }
        #expect(limits.count == 4, "\(limits)")
        #expect(limits.contains { $0.contains("en/long.md:5:1: a paragraph") }, "\(limits)")
        #expect(limits.contains { $0.contains("en/emphasis.md:5:1: quotes, lists") }, "\(limits)")
        #expect(limits.contains { $0.contains("en/quotes.md:7:") && $0.contains("quotes, lists") }, "\(limits)")
        #expect(limits.contains { $0.contains("en/table.md:") && $0.contains("rows is cut after 5000") }, "\(limits)")
        let downloads = folder.appendingPathComponent("site/en/downloads")
        let pdf = downloads.appendingPathComponent("pathological-en.pdf").path
        #expect(FileManager.default.fileExists(atPath: downloads.appendingPathComponent("pathological-en.epub").path))
        // Every footnote of the chain is in the PDF, the last one showing its dangling reference.
        let text = TypstTests.shell(["pdftotext", pdf, "-"]).output
        #expect(text.contains("1999y2000") && text.contains("y[^2000]"))
        // Linear work is a few seconds here even in a debug build; the quadratic work it replaced took minutes.
        #expect(seconds < 120, "\(seconds) s")
    }
}
