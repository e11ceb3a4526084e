import Foundation
import PrimerTestSupport
import Testing

/// Self-check questions through the built `primer`: a question's stated answer is proved by
/// running (or compiling) its code, and a wrong one fails the build at the choice, writing nothing.
@Suite(.serialized) struct QuestionsEndToEndTests {
    /// A one-chapter course whose chapter is `body` after its front matter (three lines).
    func course(_ body: String) throws -> URL {
        let folder = TestSupport.scratch("primer-questions")
        let content = folder.appendingPathComponent("Content")
        try TestSupport.write("""
            title: { en: Questions }
            source_locale: en
            locales: [en]
            parts:
              - title: { en: Part }
                chapters: [checks]
            """, to: content.appendingPathComponent("course.yml"))
        try TestSupport.write("---\ntitle: Checks\n---\n" + body, to: content.appendingPathComponent("en/checks.md"))
        return folder
    }

    func build(_ folder: URL) throws -> (status: Int32, output: String) {
        try TestSupport.run(["build", "--no-editions", "--templates", TestSupport.templates], in: folder)
    }

    /// A `{run}` question (its code prints `72`) whose choice `checked` is marked correct.
    static func sorted(checked: String) -> String {
        """
        Sorting.

        > [!QUESTION] What does this print? {#q-sorted}
        >
        > ```swift {run}
        > let scores = [72, 95, 88]
        > print(scores.sorted().first!)
        > ```
        >
        > - [\(checked == "72" ? "x" : " ")] `72`
        > - [\(checked == "95" ? "x" : " ")] `95`
        >
        >   The largest element.

        """
    }

    @Test func aRunQuestionWhoseAnswerIsNotTheOutputFailsAtTheChoice() throws {
        let folder = try course(Self.sorted(checked: "95"))
        let result = try build(folder)
        let path = "Content/en/checks.md"  // as the command line says it, from the course's folder
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains(path + ":14:9: error: the correct choice of question q-sorted says `95`, but the code prints `72`"),
                "\(result.output)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("site").path))
    }

    @Test func anEditedAnswerIsCheckedAgainstTheCachedRun() throws {
        let folder = try course(Self.sorted(checked: "72"))
        let first = try build(folder)
        #expect(first.status == 0, "\(first.output)")
        try TestSupport.write("---\ntitle: Checks\n---\n" + Self.sorted(checked: "95"), to: folder.appendingPathComponent("Content/en/checks.md"))
        let edited = try build(folder)
        #expect(edited.status == 1, "\(edited.output)")
        // The code is the same: its run is taken from the cache, not compiled again.
        #expect(edited.output.contains("0 ran, 1 cached") && !edited.output.contains("building inline snippets"), "\(edited.output)")
        #expect(edited.output.contains("Content/en/checks.md:14:9: error: the correct choice of question q-sorted says `95`"), "\(edited.output)")
        // The site of the good build is left as it was.
        #expect(TestSupport.read(folder.appendingPathComponent("site/en/checks.html")).contains("<fieldset class=\"question-choices\">"))
    }

    /// A `{fails}` question about a constant changed (and, with `missing`, a name never declared):
    /// its code's lines end on line 11 (12 with `missing`), `choices` follow two lines later.
    static func constant(missing: Bool, choices: String) -> String {
        """
        Constants.

        > [!QUESTION] Why does this not compile? {#q-let}
        >
        > ```swift {fails}
        > let count = 1
        > count += 1\(missing ? "\n> print(missing)" : "")
        > ```
        >

        """ + choices.split(separator: "\n").map { "> " + $0 }.joined(separator: "\n") + "\n"
    }

    @Test func aFailsQuestionWhoseAnswerIsNoErrorOfTheCodeFails() throws {
        let folder = try course(Self.constant(missing: false, choices: "- [x] `cannot assign to value: 'count' is a 'let' constant`\n- [ ] It compiles."))
        let result = try build(folder)
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("Content/en/checks.md:13:9: error: the correct choice of question q-let says `cannot assign to value: 'count' is a 'let' constant`, "
            + "but that is not an error the code gives; the compiler says: [PRM084]\n"
            + "    error: left side of mutating operator isn't mutable: 'count' is a 'let' constant\n"), "\(result.output)")
    }

    @Test func aFailsQuestionWhoseWrongChoiceIsAnActualErrorFails() throws {
        let folder = try course(Self.constant(missing: true, choices: """
            - [x] `left side of mutating operator isn't mutable: 'count' is a 'let' constant`
            - [ ] `cannot find 'missing' in scope`
            - [ ] It compiles.
            """))
        let result = try build(folder)
        let path = "Content/en/checks.md"  // as the command line says it, from the course's folder
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains(path + ":15:9: error: a wrong choice of question q-let says `cannot find 'missing' in scope`, which is an error the code gives"),
                "\(result.output)")
        #expect(!result.output.contains(":14:9: error"), "\(result.output)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("site").path))
    }

    @Test func goodQuestionsBuildAndAskWithRadiosAndCheckboxes() throws {
        let folder = try course(Self.sorted(checked: "72") + "\n" + Self.constant(missing: false, choices: """
            - [x] `left side of mutating operator isn't mutable: 'count' is a 'let' constant`
            - [ ] `cannot find 'count' in scope`
            """) + """

            > [!QUESTION] Which are value types? {#q-kinds}
            >
            > - [x] `struct`
            > - [ ] `class`
            > - [x] `enum`

            """)
        let result = try build(folder)
        #expect(result.status == 0, "\(result.output)")
        let html = TestSupport.read(folder.appendingPathComponent("site/en/checks.html"))
        #expect(html.contains("<fieldset class=\"question-choices\">"), "\(html)")
        #expect(html.contains("<label><input type=\"radio\" name=\"q-sorted\" value=\"a\">"))
        #expect(html.contains("<label><input type=\"radio\" name=\"q-let\" value=\"a\">"))
        #expect(html.contains("<label><input type=\"checkbox\" name=\"q-kinds\" value=\"c\">"))
        // The code is shown, not what it prints nor the compiler's errors: they are the answers.
        #expect(html.contains("class=\"question-check\"") && !html.contains("class=\"output") && !html.contains("compiler-errors"))
        let twin = TestSupport.read(folder.appendingPathComponent("site/en/checks.md"))
        #expect(twin.contains("- [ ] a. `72`\n- [ ] b. `95`\n"), "\(twin)")
    }
}
