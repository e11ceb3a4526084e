import Blocks
import CourseModel
@testable import Editions
import Markdown
import Markup
@testable import Resolver
import Renderer
import Testing

/// A kind of block added through the seam, in this one place: a self-check question written
/// `> [!QUIZ] Title {#id}`, numbered with the exercises, with its own HTML, XHTML and Typst.
private struct QuizKind: BlockKind {
    let name = "quiz"
    let markers = ["QUIZ"]
    let target: TargetKind? = .exercise
    let words = ["ref_exercise_start", "quiz_answer"]

    func html(_ block: CustomBlock, into out: inout String, writer: inout some HTMLFamilyWriter) {
        out += "<aside class=\"quiz\"\(writer.dialect.idAttribute(block.id))>\n"
        if let number = block.number {
            out += "<p class=\"quiz-label\">\(escapeHTML(number.label(writer.strings["ref_exercise_start"])))</p>\n"
        }
        if let title = block.runs.first { out += "<p class=\"quiz-title\">"; writer.render(title, into: &out); out += "</p>\n" }
        for inner in block.blocks { writer.withLoose { $0.render(inner, into: &out) } }
        out += "<hr\(writer.dialect.voidEnd)\n</aside>\n"
    }

    func typst(_ block: CustomBlock, into out: inout String, writer: inout some TypstFamilyWriter) {
        let head = block.number.map { writer.text($0.label(writer.strings["ref_exercise_start"])) } ?? ""
        out += "#metadata(\"quiz\") \(writer.label(block.id))"
        out += writer.typst(block.blocks.flatMap { $0 }, open: "#primer-boxed(luma(244), luma(70), [\(head)])[\n", close: "]\n\n", weight: 2)
    }
}

/// A kind found by its own pass rather than a marker, in this one place too: the list under a
/// `{.key-points}` heading, boxed.
private struct KeyPointsKind: BlockKind {
    let name = "key-points"
    let markers: [String] = []
    let target: TargetKind? = nil
    let words: [String] = []

    func recognise(_ blocks: [Block], parser: inout some BlockParser) -> [Block] {
        var output: [Block] = []
        for block in blocks {
            if case .list = block, case .heading(let heading)? = output.last, heading.attributes.classes.contains(name) {
                output.append(.custom(CustomBlock(kind: name, target: nil, blocks: [[block]], runs: [], attributes: Attributes(), position: .unknown)))
            } else {
                output.append(block)
            }
        }
        return output
    }

    func html(_ block: CustomBlock, into out: inout String, writer: inout some HTMLFamilyWriter) {
        out += "<div class=\"key-points\">\n"
        for inner in block.blocks { writer.render(inner, into: &out) }
        out += "</div>\n"
    }

    func typst(_ block: CustomBlock, into out: inout String, writer: inout some TypstFamilyWriter) {
        out += writer.typst(block.blocks.flatMap { $0 }, open: "#primer-boxed(luma(244), luma(70), [])[\n", close: "]\n\n", weight: 2)
    }
}

@Suite struct BlocksTests {
    let en = LocaleTag("en")!
    let kinds = BlockKinds([QuizKind()])
    let text = "## Check\n\n1. A plain exercise.\n\n> [!QUIZ] What is *ARC*? {#q-arc}\n> Automatic reference counting.[^1]\n\n[^1]: A note.\n"

    func numbered(_ markdown: String) -> Document {
        let (parsed, diagnostics) = ChapterParser.parse(markdown, path: "memory.md", kinds: kinds)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        var numberer = Numberer(chapterID: "memory", numbering: .plain(2), path: "memory.md")
        return numberer.number(parsed)
    }

    @Test func aKindIsRecognisedAndNumberedFromItsDeclaration() throws {
        let document = numbered(text)
        let quiz = try #require(document.blocks.compactMap { block -> CustomBlock? in
            if case .custom(let custom) = block { return custom } else { return nil }
        }.first)
        #expect(quiz.kind == "quiz" && quiz.target == .exercise)
        #expect(quiz.id == "q-arc")
        #expect(quiz.number == Numbering([2, 1], chapter: .number(2)))
        #expect(quiz.runs == [[.text("What is "), .emphasis([.text("ARC")]), .text("?")]])
        // Its content went through the walkers: the footnote reference inside it is found.
        var references: [String] = []
        document.blocks.walkInlineRuns { run, _ in run.walk { if case .footnoteReference(let label) = $0 { references.append(label) } } }
        #expect(references == ["1"])
    }

    @Test func aKindMayBeFoundByItsOwnPass() {
        let kinds = BlockKinds([KeyPointsKind()])
        let (document, diagnostics) = ChapterParser.parse("## Key points {.key-points}\n\n- One.\n- Two.\n\nText.\n\n- Not one.\n", path: "memory.md", kinds: kinds)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        guard case .custom(let points) = document.blocks[1], case .list(let list) = points.blocks.first?.first else {
            Issue.record("not found: \(document.blocks)"); return
        }
        #expect(points.kind == "key-points" && list.items.count == 2)
        let html = HTMLRenderer.render(document, strings: UIStrings(locale: en, entries: [:]), rawHTML: false, kinds: kinds)
        #expect(html.contains("<div class=\"key-points\">\n<ul>\n<li>One.</li>\n<li>Two.</li>\n</ul>\n</div>\n"), "\(html)")
    }

    @Test func withoutItsKindTheMarkerIsAnUnknownCallout() {
        let (document, diagnostics) = ChapterParser.parse("> [!QUIZ] What?\n> Yes.\n", path: "memory.md")
        #expect(diagnostics.map(\.code) == [.unknownCallout])
        guard case .quote = document.blocks.first else { Issue.record("not a quote: \(document.blocks)"); return }
    }

    @Test func itsHTMLComesFromItsKindOverTheSharedCore() {
        let strings = UIStrings(locale: en, entries: ["ref_exercise_start": "Exercise %1$@.%2$@"])
        let html = HTMLRenderer.render(numbered(text), strings: strings, rawHTML: false, kinds: kinds)
        #expect(html.contains("<aside class=\"quiz\" id=\"q-arc\">\n<p class=\"quiz-label\">Exercise 2.1</p>\n"
            + "<p class=\"quiz-title\">What is <em>ARC</em>?</p>\n<p>Automatic reference counting."
            + "<sup class=\"footnote-ref\"><a href=\"#fn-1\" id=\"fnref-1\">1</a></sup></p>\n<hr>\n</aside>\n"))
        #expect(html.contains("<section class=\"footnotes\">\n<ol>\n<li id=\"fn-1\">\n<p>A note.</p>\n"))
        // A build that does not know the kind still shows what the block holds.
        let plain = HTMLRenderer.render(numbered(text), strings: strings, rawHTML: false)
        #expect(!plain.contains("quiz") && plain.contains("<p>Automatic reference counting."))
    }

    /// The EPUB's XHTML from the same `html` (its dialect), the PDF's markup from its `typst`.
    @Test func itsXHTMLAndTypstComeFromItsKindToo() {
        let strings = UIStrings(locale: en, entries: ["ref_exercise_start": "Exercise %1$@.%2$@"])
        let page = ChapterPage(id: "memory", locale: en, contentLocale: en, numbering: .plain(2), title: "Memory", summary: nil,
                               sourcePath: "en/memory.md", document: numbered(text), outline: [], files: [])
        let config = CourseConfig(title: [en: "Book"], sourceLocale: en, locales: [en], baseURL: nil, rawHTML: false, parts: [], path: "course.yml")
        var input = EditionInput(course: ResolvedCourse(config: config, locales: [en], pages: [en: [page]], strings: [en: strings]),
                                 locale: en, files: [:], drawn: [:])
        input.kinds = kinds
        let xhtml = EPUBChapterRenderer.render(page, input: input, chapterFiles: [:]).xhtml
        #expect(xhtml.contains("<aside class=\"quiz\" id=\"q-arc\">\n<p class=\"quiz-label\">Exercise 2.1</p>\n"
            + "<p class=\"quiz-title\">What is <em>ARC</em>?</p>\n<p>Automatic reference counting."
            + "<sup class=\"footnote-ref\"><a epub:type=\"noteref\" href=\"#fn-1\" id=\"fnref-1\">1</a></sup></p>\n<hr/>\n</aside>\n"), "\(xhtml)")
        let typst = TypstWriter.book(input).main
        #expect(typst.contains("#metadata(\"quiz\") <ch-memory--q-arc>#primer-boxed(luma(244), luma(70), [Exercise 2\\.1])[\n"
            + "Automatic reference counting.#footnote[A note.] <ch-memory--fn-1>\n\n]\n\n"), "\(typst)")
    }
}

@Suite struct FootnoteLedgerTests {
    @Test func numbersInOrderOfFirstReferenceWithUniqueAnchors() {
        var ledger = FootnoteLedger()
        ledger.define("a.b", blocks: [.paragraph([.text("one")], .unknown)])
        ledger.define("a-b", blocks: [.paragraph([.text("two")], .unknown)])
        let first = ledger.reference("a.b"), second = ledger.reference("a-b"), again = ledger.reference("a.b")
        #expect(first.number == 1 && first.anchor == "a-b" && first.id == "fnref-a-b")
        #expect(second.number == 2 && second.anchor == "a-b-2" && second.id == "fnref-a-b-2")
        #expect(again.number == 1 && again.id == "fnref-a-b-2")
        #expect(ledger.altText([.text("x"), .footnoteReference("c")]) == "x3")
        let note = ledger.nextNote()
        #expect(note?.label == "a.b" && note?.number == 1)
        #expect(note.map { ledger.referenceIDs($0) } == ["fnref-a-b", "fnref-a-b-2"])
        #expect(ledger.nextNote()?.anchor == "a-b-2")
        let third = ledger.nextNote()
        #expect(third?.label == "c" && third?.blocks == [] && third.map { ledger.referenceIDs($0) } == [])
        #expect(ledger.nextNote() == nil)
    }

    @Test func anItemAddedWhileWritingComesAfterTheOthers() {
        var queue = MovedToEnd<Int>()
        queue.append(1); queue.append(2)
        var written: [Int] = []
        while let item = queue.next() {
            written.append(item)
            if item == 1 { queue.append(3) }
        }
        #expect(written == [1, 2, 3])
    }
}
