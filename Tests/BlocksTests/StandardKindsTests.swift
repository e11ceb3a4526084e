import Blocks
import CourseModel
@testable import Editions
import Markdown
import PrimerTestSupport
import Renderer
import Resolver
import Testing

/// Primer's own kinds through the seam: a course's own callout, and exercises with solutions.
@Suite struct StandardKindsTests {
    let kinds = BlockKinds.standard(courseCallouts: ["EXPERIMENT"])
    let strings = UIStrings(locale: en, entries: ["callout_experiment": "Experiment", "callout_note": "Note"])

    func page(_ document: Document, id: String = "memory") -> ChapterPage {
        ChapterPage(id: id, locale: en, contentLocale: en, numbering: .plain(1), title: "Memory", summary: nil,
                    sourcePath: "en/\(id).md", document: document, outline: [], files: [])
    }

    func edition(_ pages: [ChapterPage], strings: UIStrings) -> EditionInput {
        let config = CourseConfig(title: [en: "Book"], sourceLocale: en, locales: [en], baseURL: nil, rawHTML: false, parts: [], path: "course.yml")
        return EditionInput(course: ResolvedCourse(config: config, locales: [en], pages: [en: pages], strings: [en: strings]),
                            locale: en, files: [:], drawn: [:])
    }

    @Test func aCoursesOwnCalloutGoesThroughTheSeamToEveryFormat() throws {
        let (document, diagnostics) = ChapterParser.parse("> [!EXPERIMENT] Try it\n> Change the *value*.\n", path: "memory.md", kinds: kinds)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        guard case .custom(let callout) = try #require(document.blocks.first) else { Issue.record("\(document.blocks)"); return }
        #expect(callout.kind == "callout" && callout.marker == "EXPERIMENT" && callout.target == nil)
        #expect(callout.runs == [[.text("Try it")]])
        #expect(kinds.words.contains("callout_experiment") && !BlockKinds.standard.words.contains("callout_experiment"))

        let html = HTMLRenderer.render(document, strings: strings, rawHTML: false)
        #expect(html == "<aside class=\"callout callout-experiment callout-custom\" role=\"note\">\n<p class=\"callout-title\">"
            + "<span class=\"visually-hidden\">Experiment: </span>Try it</p>\n<p>Change the <em>value</em>.</p>\n</aside>\n")
        let input = edition([page(document)], strings: strings)
        let xhtml = EPUBChapterRenderer.render(page(document), input: input, chapterFiles: [:]).xhtml
        #expect(xhtml.contains("<div class=\"callout callout-experiment callout-custom\" role=\"note\">\n<p class=\"callout-title\">Try it</p>\n"
            + "<p>Change the <em>value</em>.</p>\n</div>\n"), "\(xhtml)")
        let typst = TypstWriter.book(input).main
        #expect(typst.contains("#primer-boxed(luma(244), luma(70), [Try it])[\nChange the #emph[value];\\.\n\n]\n\n"), "\(typst)")
    }

    @Test func withoutTheCoursesDeclarationItsMarkerIsUnknown() {
        let (document, diagnostics) = ChapterParser.parse("> [!EXPERIMENT]\n> Try.\n", path: "memory.md")
        guard case .quote = document.blocks.first else { Issue.record("not a quote: \(document.blocks)"); return }
        #expect(diagnostics.map(\.code) == [.unknownCallout])
        #expect(diagnostics.first?.suggestion == "known callouts: [!NOTE], [!TIP], [!IMPORTANT], [!WARNING], [!CAUTION], [!QUESTION]; "
            + "declare a kind of your own in course.yml: callouts: [experiment]")
        // The course's kinds are part of what a parse is keyed on.
        let input = ParseInput(path: "memory.md", body: "> [!EXPERIMENT]\n", bodyLine: 1, quotes: nil, kinds: .standard, rawHTML: false)
        var declared = input
        declared.kinds = kinds
        #expect(input != declared && declared == ParseInput(path: "memory.md", body: "> [!EXPERIMENT]\n", bodyLine: 1, quotes: nil,
                                                              kinds: .standard(courseCallouts: ["EXPERIMENT"]), rawHTML: false))
        // A solution outside an exercise stays a plain quote, without a warning.
        let (solution, quiet) = ChapterParser.parse("> [!SOLUTION]\n> Answer.\n", path: "memory.md")
        #expect(quiet.isEmpty)
        guard case .quote = solution.blocks.first else { Issue.record("not a quote: \(solution.blocks)"); return }
    }

    let exercises = "## Exercises {.exercises}\n\n1. First. {#ex-first}\n\n   > [!SOLUTION]\n   > Answer.\n\n2. Second.\n"

    @Test func exercisesAreNumberedAndLinkable() throws {
        let (course, diagnostics) = resolveCourse([("memory", [en: exercises]), ("other", [en: "See [](memory.md#ex-first) and [](memory.md#exercise-1-2).\n"])],
                                                  locales: [en])
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let memory = try #require(course.pages[en]?.first { $0.id == "memory" })
        var numbered: [CustomBlock] = []
        memory.document.blocks.walk { block, _ in if case .custom(let c) = block, c.kind == "exercise" { numbered.append(c) } }
        #expect(numbered.map(\.id) == ["ex-first", "exercise-1-2"])
        #expect(numbered.map { $0.number?.parts } == [[1, 1], [1, 2]])
        #expect(numbered.map(\.blocks.count) == [2, 1])
        let other = try #require(course.pages[en]?.first { $0.id == "other" })
        #expect(labels(other) == ["Exercise 1.1 -> memory.html#ex-first", "Exercise 1.2 -> memory.html#exercise-1-2"])

        let words = UIStrings(locale: en, entries: ["ref_exercise": "Exercise %1$@.%2$@", "ref_exercise_start": "Exercise %1$@.%2$@",
                                                    "exercise_solution": "Solution", "edition_solutions": "Solutions",
                                                    "edition_solution_of": "Solution to %@", "edition_page_ref": "%1$@ on page %2$@"])
        let html = HTMLRenderer.render(memory.document, strings: words, rawHTML: false)
        #expect(html.contains("<ol class=\"exercises\">\n<li class=\"exercise\" id=\"ex-first\">\n<p class=\"exercise-label\">Exercise 1.1</p>\n"
            + "<p>First.</p>\n<details class=\"solution\">\n<summary>Solution</summary>\n<p>Answer.</p>\n</details>\n</li>\n"
            + "<li class=\"exercise\" id=\"exercise-1-2\">\n<p class=\"exercise-label\">Exercise 1.2</p>\n<p>Second.</p>\n</li>\n</ol>\n"), "\(html)")
        // The book moves the solution: to the chapter's end in the EPUB, to the appendix in the PDF.
        let input = edition([memory], strings: words)
        let document = EPUBChapterRenderer.render(memory, input: input, chapterFiles: [:])
        #expect(document.endSections == [BookSection(id: "solutions", title: "Solutions")])
        #expect(document.xhtml.contains("<p class=\"solution-link\"><a href=\"#solution-ex-first\">Solution</a></p>\n</li>\n"))
        #expect(document.xhtml.contains("<section class=\"solutions\" id=\"solutions\">\n<h2>Solutions</h2>\n<section class=\"solution\" id=\"solution-ex-first\">\n"
            + "<h3><a href=\"#ex-first\">Solution to Exercise 1.1</a></h3>\n<p>Answer.</p>\n</section>\n</section>\n"), "\(document.xhtml)")
        let typst = TypstWriter.book(input).main
        #expect(typst.contains("[Solutions] <primer-solutions>"))
        #expect(typst.contains("[Solution to Exercise 1\\.1] <ch-memory--ex-first--solution>\n"), "\(typst)")
    }
}

/// Each cross-reference on a page as "label -> href", in reading order.
private func labels(_ page: ChapterPage) -> [String] {
    var result: [String] = []
    page.document.blocks.walkInlineRuns { run, _ in
        run.walk { if case .link(let link) = $0, let reference = link.reference { result.append(reference.label + " -> " + reference.href) } }
    }
    return result
}
