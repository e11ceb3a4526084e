import Blocks
import CourseModel
@testable import Editions
import Markdown
import PrimerTestSupport
import Renderer
import Resolver
import Testing

/// Self-check questions (`> [!QUESTION]`): read, checked, their code made to prove the answer,
/// and written to the site, the EPUB, the PDF and the Markdown twin.
@Suite struct QuestionsTests {
    let sorted = """
        > [!QUESTION] What does this print? {#q-sorted}
        >
        > ```swift {run}
        > let scores = [72, 95, 88]
        > print(scores.sorted().first!)
        > ```
        >
        > - [x] `72`
        >
        >   `sorted()` sorts in ascending order.
        > - [ ] `95`
        >
        >   That is the largest element.
        > - [ ] `Optional(72)`

        """

    let strings = UIStrings(locale: en, entries: [
        "ref_question": "question %1$@.%2$@", "ref_question_start": "Question %1$@.%2$@", "question_check": "Check answer",
        "question_correct": "Correct.", "question_wrong": "Not quite: the right answer is %@.",
        "question_wrong_multiple": "Not quite: the right answers are %@.", "question_choose": "Choose an answer first.",
        "question_choice_right": "Right answer.", "question_choice_wrong": "Wrong answer.", "question_show_answer": "Show answer",
        "question_answer": "Answer: %@.", "question_answers": "Answers: %@.",
        "edition_answers_appendix": "Answers to the questions", "edition_answer_of": "Answer to %@", "edition_page_ref": "%1$@ on page %2$@",
    ])

    func question(_ document: Document) -> CustomBlock? {
        var found: CustomBlock?
        document.blocks.walk { block, _ in if case .custom(let c) = block, c.kind == "question", found == nil { found = c } }
        return found
    }

    func snippet(_ block: CustomBlock) -> Snippet? {
        var found: Snippet?
        block.blocks[0].walk { inner, _ in if case .snippet(_, let s) = inner { found = s } }
        return found
    }

    @Test func aRunQuestionExpectsItsCorrectChoiceAndShowsNoOutput() throws {
        let (document, diagnostics) = ChapterParser.parse(sorted, path: "en/c.md")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let block = try #require(question(document))
        #expect(block.id == "q-sorted" && block.target == .question && block.runs == [[.text("What does this print?")]])
        let choices = Questions.choices(of: block)
        #expect(choices.map(\.correct) == [true, false, false])
        #expect(choices.map(\.code) == ["72", "95", "Optional(72)"])
        #expect(choices.map(\.explanation.count) == [1, 1, 0])
        let proved = try #require(snippet(block))
        #expect(proved.expected == "72\n" && proved.expectedLine == 8 && !proved.showsOutput)
        #expect(proved.question == QuestionProof(id: "q-sorted", answer: Position(line: 8, column: 9), mustNotSay: []))
    }

    @Test func aFailsQuestionsWrongChoicesAreWhatTheCompilerMustNotSay() throws {
        let (document, diagnostics) = ChapterParser.parse("""
            > [!QUESTION] Why does this not compile? {#q-let}
            >
            > ```swift {fails}
            > let count = 1
            > count += 1
            > ```
            >
            > - [ ] `cannot find 'count' in scope`
            > - [x] `left side of mutating operator isn't mutable: 'count' is a 'let' constant`
            > - [ ] It compiles.

            """, path: "en/c.md")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let proved = try #require(question(document).flatMap(snippet))
        #expect(proved.expected == "error: left side of mutating operator isn't mutable: 'count' is a 'let' constant")
        #expect(proved.question?.answer == Position(line: 9, column: 9))
        #expect(proved.question?.mustNotSay == [QuestionChoiceLine(text: "error: cannot find 'count' in scope", position: Position(line: 8, column: 9))])
    }

    @Test func proseChoicesThatQuoteTheSameNameAreStillDifferentChoices() {
        let markdown = """
            > [!QUESTION] Where does a rebuilt index belong? {#q-index}
            >
            > - [x] In `Library/Application Support`, marked with `isExcludedFromBackup`.
            > - [ ] In `Library/Application Support`, with no mark.
            > - [ ] In `Library/Application Support`, marked with `isExcludedFromBackup`.

            """
        let (_, diagnostics) = ChapterParser.parse(markdown, path: "en/c.md")
        // Only the third, which says word for word what the right one says, is the same choice.
        #expect(diagnostics.map { "\($0.location?.line ?? 0):\($0.code?.rawValue ?? "")" } == ["5:PRM083"], "\(diagnostics)")
    }

    @Test func aMultiLineOutputIsATextBlock() throws {
        let markdown = """
            > [!QUESTION] What does this print?
            >
            > ```swift {run}
            > print(1); print(2)
            > ```
            >
            > - [x]
            >   ```text
            >   1
            >   2
            >   ```
            > - [ ] `1 2`

            """
        let (document, diagnostics) = ChapterParser.parse(markdown, path: "en/c.md")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let proved = try #require(question(document).flatMap(snippet))
        #expect(proved.expected == "1\n2\n" && proved.question?.id == "")
        // The twin writes the block under its letter.
        let (course, _) = resolveCourse([("memory", [en: markdown])], locales: [en])
        var writer = MarkdownRenderer(strings: strings, chapterIDs: ["memory"])
        let twin = writer.render(try #require(course.pages[en]?.first))
        #expect(twin.contains("- [ ] a.\n  ```text\n  1\n  2\n  ```\n- [ ] b. `1 2`\n"), "\(twin)")
    }

    /// Each malformed question: where the error is, and what it says.
    @Test(arguments: [
        ("> [!QUESTION] Which? {#q-a}\n>\n> Just prose.\n", "en/c.md:1:3: error: question q-a has no choices"),
        ("> [!QUESTION] Which?\n>\n> - [ ] One\n> - [ ] Two\n", "en/c.md:1:3: error: this question has no correct choice"),
        ("> [!QUESTION] Which? {#q-c}\n>\n> ```swift {run}\n> print(1)\n> ```\n>\n> - [x] `1`\n> - [x] `2`\n",
         "en/c.md:8:9: error: question q-c asks about a {run} block, so exactly one choice is correct, not 2"),
        ("> [!QUESTION] Which? {#q-d}\n>\n> ```swift {run}\n> print(1)\n> ```\n>\n> - [ ] `2`\n> - [x] One\n",
         "en/c.md:8:9: error: the correct choice of question q-d has no code, so the build cannot check it against its {run} block"),
        ("> [!QUESTION] Which? {#q-e}\n>\n> - [x] `1`\n> - [ ] `1`\n",
         "en/c.md:4:9: error: a wrong choice of question q-e is the same as its correct choice"),
        ("> [!QUESTION] Which? {#q-f}\n>\n> - [x] Yes\n> - [ ] Yes\n",
         "en/c.md:4:9: error: a wrong choice of question q-f is the same as its correct choice"),
        ("> [!QUESTION] Which? {#q-g}\n>\n> ```swift {run}\n> print(1)\n> ```\n>\n> ```output\n> 1\n> ```\n>\n> - [x] `1`\n",
         "en/c.md:7:1: error: the {run} block of question q-g is followed by an output block; the correct choice is its answer"),
        ("> [!QUESTION] Which? {#q-h}\n>\n> ```swift {run}\n> print(1)\n> ```\n>\n> ```swift {run}\n> print(2)\n> ```\n>\n> - [x] `1`\n",
         "en/c.md:7:3: error: question q-h has more than one checked code block"),
        ("> [!QUESTION] Which? {#q-i}\n>\n> ```swift {run group=\"a\"}\n> print(1)\n> ```\n>\n> - [x] `1`\n",
         "en/c.md:3:3: error: the code of question q-i is part of a group, so what it prints is not its own"),
    ])
    func aMalformedQuestionIsAnErrorAtItsPlace(markdown: String, expected: String) throws {
        let (document, diagnostics) = ChapterParser.parse(markdown, path: "en/c.md")
        #expect(diagnostics.map(\.code) == [.question], "\(diagnostics)")
        let first = try #require(diagnostics.first)
        #expect(first.description.hasPrefix(expected), "\(first.description)")
        #expect(first.suggestion?.isEmpty == false)
        // Nothing is proved from a malformed question.
        #expect(question(document).flatMap(snippet)?.question == nil)
    }

    @Test func theSiteAsksWithNativeInputsAndAnswersWithoutScript() throws {
        let (course, diagnostics) = resolveCourse([("memory", [en: "Text.\n\n" + sorted + "\n" + multiple])], locales: [en])
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let page = try #require(course.pages[en]?.first)
        let html = HTMLRenderer.render(page.document, strings: strings, rawHTML: false)
        #expect(html.contains("<div class=\"question\" id=\"q-sorted\" data-question=\"q-sorted\" data-correct=\"Correct.\""
            + " data-wrong=\"Not quite: the right answer is a.\" data-choose=\"Choose an answer first.\">\n"
            + "<p class=\"question-label\">Question 1.1</p>\n<p class=\"question-prompt\">What does this print?</p>\n"), "\(html)")
        #expect(html.contains("<fieldset class=\"question-choices\">\n<legend class=\"visually-hidden\">What does this print?</legend>\n"))
        #expect(html.contains("<li class=\"choice\" data-choice=\"a\" data-correct><label><input type=\"radio\" name=\"q-sorted\" value=\"a\"> "
            + "<span class=\"choice-letter\">a.</span> <code>72</code></label>\n"
            + "<div class=\"choice-explanation\" hidden>\n<p class=\"choice-verdict\"><span aria-hidden=\"true\">✓ </span>Right answer.</p>\n"
            + "<p><code>sorted()</code> sorts in ascending order.</p>\n</div>\n</li>\n"), "\(html)")
        #expect(html.contains("<button type=\"button\" class=\"question-check\" hidden>Check answer</button>"))
        #expect(html.contains("<p class=\"question-verdict\" role=\"status\"></p>\n<details class=\"question-answer\">\n<summary>Show answer</summary>\n"
            + "<p class=\"question-key\">Answer: a.</p>\n"))
        // The code is shown, its output (the answer) is not.
        #expect(html.contains("print(scores") && !html.contains("class=\"output"))
        // Two right choices: checkboxes, numbered on.
        #expect(html.contains("<p class=\"question-label\">Question 1.2</p>"))
        #expect(html.contains("<input type=\"checkbox\" name=\"q-kinds\" value=\"a\">"))
        #expect(html.contains("data-wrong=\"Not quite: the right answers are a, c.\""))
    }

    let multiple = """
        > [!QUESTION] Which are value types? {#q-kinds}
        >
        > - [x] `struct`
        > - [ ] `class`
        > - [x] `enum`
        >
        >   Enumerations are copied too.

        """

    @Test func booksMoveTheAnswersAndTheTwinQuotesThem() throws {
        let (course, diagnostics) = resolveCourse([("memory", [en: sorted + "\n" + multiple])], locales: [en])
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let page = try #require(course.pages[en]?.first)
        let config = CourseConfig(title: [en: "Book"], sourceLocale: en, locales: [en], baseURL: nil, rawHTML: false, parts: [], path: "course.yml")
        let input = EditionInput(course: ResolvedCourse(config: config, locales: [en], pages: [en: [page]], strings: [en: strings]),
                                 locale: en, files: [:], drawn: [:])
        let epub = EPUBChapterRenderer.render(page, input: input, chapterFiles: ["memory": "memory.xhtml"])
        // No section at the chapter's end: the answers go to the book's "Answers to the questions".
        #expect(epub.endSections.isEmpty)
        #expect(!epub.xhtml.contains("class=\"answer\""), "\(epub.xhtml)")
        #expect(epub.xhtml.contains("<ol class=\"choices\" type=\"a\">\n<li><code>72</code></li>\n<li><code>95</code></li>\n"), "\(epub.xhtml)")
        #expect(epub.xhtml.contains("<p class=\"answer-link\"><a href=\"answers.end.xhtml#answer-q-sorted\">Show answer</a></p>"), "\(epub.xhtml)")
        let answers = try #require(epub.bookEnd["question"])
        #expect(answers.map(\.id) == ["answer-q-sorted", "answer-q-kinds"])
        #expect(answers.map(\.origin) == ["q-sorted", "q-kinds"])
        #expect(answers.first?.heading == "Answer to question 1.1")
        #expect(answers.first?.reference == "Question 1.1")
        #expect(answers.first?.xhtml.hasPrefix("<p class=\"question-key\">Answer: a.</p>\n") == true, "\(answers)")
        #expect(answers.first?.xhtml.contains("<dt>a. <code>72</code></dt>\n<dd>\n<p><code>sorted()</code> sorts in ascending order.</p>\n</dd>") == true, "\(answers)")
        #expect(!epub.xhtml.contains("<input"))
        let typst = TypstWriter.book(input).main
        #expect(typst.contains("[Answers to the questions] <primer-answers>"), "\(typst)")
        #expect(typst.contains("#enum(numbering: \"a.\",\n"), "\(typst)")
        #expect(typst.contains("[Answer to question 1\\.1] <ch-memory--q-sorted--answer>\n"), "\(typst)")

        var markdown = MarkdownRenderer(strings: strings, chapterIDs: ["memory"])
        let twin = markdown.render(page)
        #expect(twin.contains("**Question 1.1: What does this print?** {#q-sorted}\n"), "\(twin)")
        #expect(twin.contains("- [ ] a. `72`\n- [ ] b. `95`\n- [ ] c. `Optional(72)`\n"), "\(twin)")
        #expect(twin.contains("> Answer: a.\n>\n> **a.** `sorted()` sorts in ascending order.\n"), "\(twin)")
        #expect(twin.contains("> Answers: a, c.\n"), "\(twin)")
    }
}
