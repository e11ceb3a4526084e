import CourseModel
import Markdown
import PrimerTestSupport
import Testing

@Suite struct ParserTests {
    /// cmark allocates from Primer's arena (CPlatform/arena.c), whose chunks a thread keeps and
    /// zeroes between parses and whose newest block grows in place. Trees of every size, one
    /// after another on this thread, each the same as when parsed first.
    @Test func parsesOneAfterAnotherReuseTheArenaAndGiveTheSameTrees() {
        let line = String(repeating: "word ", count: 40) + "\n"
        let texts = [
            "# Small\n\nOne *paragraph* with `code`.\n",
            "```swift\n" + String(repeating: "let value = 1 // a long listing line\n", count: 20_000) + "```\n",  // past a chunk
            "## Many\n\n" + (0..<2_000).map { "- item \($0) ~~gone~~ **kept**\n" }.joined(),
            String(repeating: line, count: 3_000) + "\n| a | b |\n| - | - |\n| 1 | 2 |\n",  // one paragraph's buffer grows and grows
            "Short [link](https://example.org) and www.example.org.\n",
        ]
        let first = texts.map { TestSupport.parse($0).0 }
        for round in 0..<3 {
            for (index, text) in texts.enumerated().shuffled() {
                #expect(TestSupport.parse(text).0 == first[index], "round \(round), text \(index)")
            }
        }
        guard case .code(let code) = first[1].blocks.first else { Issue.record("no listing: \(first[1].blocks.prefix(1))"); return }
        #expect(code.code.count == 20_000 * 37)
    }

    @Test func headingAttributesAreRead() throws {
        let (doc, diagnostics) = TestSupport.parse("## Retain cycles {#retain-cycles .extra}\n\n## Plain {-}\n")
        #expect(diagnostics.isEmpty)
        guard case .heading(let h) = doc.blocks[0], case .heading(let plain) = doc.blocks[1] else { Issue.record("no headings"); return }
        #expect(h.content == [.text("Retain cycles")])
        #expect(h.attributes.id == "retain-cycles")
        #expect(h.attributes.classes == ["extra"])
        #expect(plain.attributes.classes == ["unnumbered"])
    }

    @Test func attributesFollowAFullStopWithoutASpace() throws {
        let (doc, _) = TestSupport.parse("## 练习 {.exercises}\n\n1. 写一个函数。{#ex-a}\n2. 为什么？{#ex-b}\n3. call(f){#x}\n")
        guard let exercises = exercises(doc.blocks[1]) else { Issue.record("no exercises: \(doc.blocks)"); return }
        #expect(exercises.map(\.id) == ["ex-a", "ex-b", nil])
    }

    @Test func bracesThatAreNotAttributesStayText() {
        let (doc, _) = TestSupport.parse("## Sets {a, b}\n")
        guard case .heading(let h) = doc.blocks[0] else { Issue.record("no heading"); return }
        #expect(h.content.plainText == "Sets {a, b}")
        #expect(h.attributes.isEmpty)
    }

    @Test func codeFenceWithTitleIsAListing() {
        let (doc, _) = TestSupport.parse("```swift {#lst-a title=\"A B.swift\"}\nlet x = 1\n```\n\n```\nplain\n```\n")
        guard case .code(let listing) = doc.blocks[0], case .code(let plain) = doc.blocks[1] else { Issue.record("no code"); return }
        #expect(listing.language == "swift")
        #expect(listing.isListing && listing.title == "A B.swift" && listing.attributes.id == "lst-a")
        #expect(!plain.isListing)
    }

    @Test func malformedFenceAttributesWarn() {
        let (_, diagnostics) = TestSupport.parse("text\n\n```swift {#lst-a title=\"open}\nx\n```\n")
        #expect(diagnostics.map(\.description) == ["t.md:3:1: warning: cannot read the attributes in this code fence's info string [PRM018]\n    write them as {#lst-id title=\"File.swift\"}"])
    }

    @Test func imageAloneIsAFigure() {
        let (doc, _) = TestSupport.parse("![A cat](cat.png){#fig-cat}\n\nText ![inline](x.png) here.\n")
        guard case .figure(let figure) = doc.blocks[0] else { Issue.record("no figure"); return }
        #expect(figure.id == "fig-cat")
        #expect(figure.image.alt.plainText == "A cat")
        guard case .paragraph = doc.blocks[1] else { Issue.record("inline image became a figure"); return }
    }

    @Test func tableCaptionAfterOrBefore() {
        let after = TestSupport.parse("| a | b |\n|---|---|\n| 1 | 2 |\n\nTable: Numbers {#tbl-n}\n").0
        let before = TestSupport.parse("Table: Numbers\n\n| a | b |\n|---|---|\n| 1 | 2 |\n").0
        guard case .table(let t1) = after.blocks[0], case .table(let t2) = before.blocks[0] else { Issue.record("no table"); return }
        #expect(after.blocks.count == 1 && before.blocks.count == 1)
        #expect(t1.caption?.plainText == "Numbers" && t1.attributes.id == "tbl-n")
        #expect(t2.caption?.plainText == "Numbers" && t2.attributes.id == nil)
    }

    @Test func alertsBecomeCallouts() {
        let (doc, diagnostics) = TestSupport.parse("> [!WARNING]\n> Careful.\n\n> [!NOTES]\n> typo\n\n> plain\n")
        guard case .custom(let callout) = doc.blocks[0], callout.kind == "callout" else { Issue.record("no callout"); return }
        #expect(callout.marker == "WARNING" && callout.runs.isEmpty)
        #expect(callout.blocks.count == 1 && callout.blocks[0].count == 1)
        guard case .quote = doc.blocks[1], case .quote = doc.blocks[2] else { Issue.record("quotes changed"); return }
        #expect(diagnostics.count == 1)
        #expect(diagnostics[0].description.contains("t.md:4:3: warning: unknown callout [!NOTES]"))
        #expect(diagnostics[0].suggestion == "did you mean [!NOTE]?")
    }

    @Test func exercisesAreNumberedListItemsWithHiddenSolutions() {
        let markdown = """
        ## Exercises {.exercises}

        1. First. {#ex-first}

           > [!SOLUTION]
           > Answer.

        2. Second.

        ## Summary {.summary}

        1. Not an exercise.
        """
        let (doc, diagnostics) = TestSupport.parse(markdown)
        #expect(diagnostics.isEmpty)
        guard let exercises = exercises(doc.blocks[1]) else { Issue.record("no exercises"); return }
        #expect(exercises.count == 2)
        #expect(exercises[0].id == "ex-first")
        // An exercise's blocks: its text, then its solution when it has one.
        #expect(exercises[0].blocks.count == 2 && exercises[1].blocks.count == 1)
        guard case .list = doc.blocks[3] else { Issue.record("summary list was taken as exercises"); return }
    }

    /// The exercises of an exercise list (a custom block holding one custom block per exercise).
    func exercises(_ block: Block) -> [CustomBlock]? {
        guard case .custom(let list) = block, list.kind == "exercises" else { return nil }
        return list.blocks.flatMap { $0 }.compactMap { if case .custom(let exercise) = $0, exercise.kind == "exercise" { exercise } else { nil } }
    }

    @Test func linkPositionsPointIntoTheFile() {
        let (doc, _) = ChapterParser.parse("Some text\nand a [](#ref) here.\n", path: "c.md", lineOffset: 4)
        guard case .paragraph(let inlines, _) = doc.blocks[0] else { Issue.record("no paragraph"); return }
        let links = inlines.compactMap { inline -> Link? in if case .link(let l) = inline { return l } else { return nil } }
        #expect(links.first?.position == Position(line: 6, column: 7))
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let quotes = String(repeating: ">", count: 5000) + " deep\n"
        let lists = (0..<400).map { String(repeating: "  ", count: $0) + "- item" }.joined(separator: "\n")
        for text in [quotes, lists, String(repeating: "*", count: 3000) + "x" + String(repeating: "*", count: 3000)] {
            let (_, diagnostics) = TestSupport.parse(text)
            #expect(diagnostics.filter(\.isError).count <= 1)
            if let error = diagnostics.first(where: \.isError) {
                #expect(error.description.hasPrefix("t.md:"))
                #expect(error.message.contains("nest more than"))
            }
        }
        #expect(TestSupport.parse(quotes).1.hasErrors)
    }

    @Test func gfmExtensionsAreOn() {
        let (doc, _) = TestSupport.parse("~~gone~~ www.example.com\n\n- [x] done\n- [ ] open\n\nNote[^n].\n\n[^n]: Foot.\n")
        guard case .paragraph(let inlines, _) = doc.blocks[0] else { Issue.record("no paragraph"); return }
        #expect(inlines.contains(.strikethrough([.text("gone")])))
        #expect(inlines.contains { if case .link(let l) = $0 { return l.destination == "http://www.example.com" } else { return false } })
        guard case .list(let list) = doc.blocks[1] else { Issue.record("no list"); return }
        #expect(list.items.map(\.checked) == [true, false])
        #expect(doc.blocks.contains { if case .footnoteDefinition = $0 { return true } else { return false } })
    }
}
