import CourseModel
import PrimerTestSupport
import Renderer
import Testing

/// The pages' Markdown twins: what the page shows as text, numbers and checked outputs included.
@Suite struct MarkdownRendererTests {
    static let strings = UIStrings(locale: en, entries: [
        "ref_listing_start": "Listing %1$@.%2$@", "ref_table_start": "Table %1$@.%2$@", "ref_figure_start": "Figure %1$@.%2$@",
        "ref_exercise_start": "Exercise %1$@.%2$@", "callout_note": "Note", "exercise_solution": "Solution", "output_label": "Output",
        "output_exit_status": "exit status %@", "compiler_errors_label": "Does not compile; the compiler reports",
        "sample_run_yourself": "Run it yourself:",
    ])

    func markdown(_ chapters: [(String, String)], page: Int = 0, files: Set<String> = []) -> String {
        let (course, _) = resolveCourse(chapters.map { ($0.0, [en: $0.1]) }, locales: [en], files: files)
        var writer = MarkdownRenderer(strings: Self.strings, chapterIDs: Set(chapters.map(\.0)))
        return writer.render(course.pages[en]![page])
    }

    @Test func aListingKeepsItsLabelCaptionAndLanguageAndItsOutputFollowsFenced() {
        var listing = CodeBlock(language: "swift", code: "print(6 * 7)\n", attributes: Attributes(id: "lst-answer", values: ["title": "Answer.swift", "caption": "The answer"]),
                                position: .unknown)
        listing.id = "lst-answer"
        listing.number = Numbering([2, 3])
        let output = OutputBlock(text: "42\n", status: .exited(0), command: nil)
        var failed = OutputBlock(text: "3\n", status: .exited(1), command: nil)
        failed.kind = .program
        var writer = MarkdownRenderer(strings: Self.strings)
        let out = writer.render(Document(blocks: [.code(listing), .output(output), .output(failed)]))
        #expect(out.contains("**Listing 2.3** The answer (`Answer.swift`) {#lst-answer}\n\n```swift\nprint(6 * 7)\n```\n\n**Output**\n\n```text\n42\n```\n"), "\(out)")
        #expect(out.contains("**Output** exit status 1\n\n```text\n3\n```\n"), "\(out)")
    }

    @Test func aFailsBlockShowsTheCompilersErrorsFencedUnderThePagesWords() {
        let errors = OutputBlock(text: "error: cannot assign to value: 'x' is a 'let' constant\n", status: .exited(1), command: nil, kind: .compilerErrors)
        var writer = MarkdownRenderer(strings: Self.strings)
        let out = writer.render(Document(blocks: [.code(CodeBlock(language: "swift", code: "let x = 1\nx = 2\n", attributes: Attributes(), position: .unknown)),
                                                  .output(errors)]))
        #expect(out == "```swift\nlet x = 1\nx = 2\n```\n\n**Does not compile; the compiler reports**\n\n```text\nerror: cannot assign to value: 'x' is a 'let' constant\n```\n", "\(out)")
    }

    @Test func codeWithBackticksGetsALongerFence() {
        var writer = MarkdownRenderer(strings: Self.strings)
        let out = writer.render(Document(blocks: [.code(CodeBlock(language: "markdown", code: "```swift\nlet a = 1\n```\n", attributes: Attributes(), position: .unknown))]))
        #expect(out == "````markdown\n```swift\nlet a = 1\n```\n````\n", "\(out)")
    }

    @Test func headingsTablesCalloutsExercisesAndFootnotes() {
        let out = markdown([("c", """
        ## Values

        > [!NOTE]
        > Careful with *this*.

        | L | C | R |
        | :- | :-: | -: |
        | 1 | a\\|b | 3 |

        Table: Caption {#tbl-x}

        A claim[^x].

        [^x]: A source.

        ## Ex {.exercises}

        1. Do it.

           > [!SOLUTION]
           > Done.
        """)])
        #expect(out.hasPrefix("# 1 c\n\n## 1.1 Values {#values}\n\n> **Note:** Careful with *this*.\n\n"), "\(out)")
        #expect(out.contains("**Table 1.1** Caption {#tbl-x}\n\n| L | C | R |\n| :-- | :-: | --: |\n| 1 | a\\|b | 3 |\n"), "\(out)")
        #expect(out.contains("A claim[^1].\n"), "\(out)")
        #expect(out.contains("**Exercise 1.1** {#exercise-1-1}\n\nDo it.\n\n> **Solution:** Done.\n"), "\(out)")
        #expect(out.hasSuffix("[^1]: A source.\n"), "\(out)")
    }

    @Test func aFigureIsItsImageThenItsNumberedCaption() {
        let out = markdown([("c", "Text.\n\n![A diagram of *two* states](images/states.png){#fig-states}\n")], files: ["images/states.png"])
        #expect(out.contains("![A diagram of two states](images/states.png)\n\n**Figure 1.1** A diagram of *two* states {#fig-states}\n"), "\(out)")
    }

    @Test func crossReferencesReadAsThePageShowsThemAndLinkTheOtherTwin() {
        let chapters = [("first", "## Intro {#intro}\n\n```swift {#lst-one title=\"One.swift\"}\nlet one = 1\n```\n"),
                        ("second", "See [](#intro), [](#lst-one) and [the first](first.md).\n")]
        let out = markdown(chapters, page: 1)
        #expect(out.contains("See [Section 1.1](first.md#intro), [Listing 1.1](first.md#lst-one) and [the first](first.md)."), "\(out)")
    }

    @Test func textThatWouldBeMarkupIsEscaped() {
        let out = markdown([("c", "A `code` span, 2 \\* 3, snake_case, \\_under\\_ and a \\<tag\\>.\n")])
        #expect(out.contains("A `code` span, 2 \\* 3, snake_case, \\_under\\_ and a \\<tag>."), "\(out)")
    }
}
