import Blocks
import CourseModel
import Markdown
import Renderer
import Testing

/// Graded exercises as the parser reads them: a `{starter}`, a `{check}` and, in the solution, a
/// `{solution}` block make two hidden proofs; every malformed exercise is an error at its block.
@Suite struct GradedExercisesTests {
    let starter = "   ```swift {starter}\n   func double(_ n: Int) -> Int {\n       return 0\n   }\n   ```\n"
    let check = "   ```swift {check}\n   check(double(2) == 4, \"2 doubled is 4\")\n   ```\n"
    let solution = "   > [!SOLUTION]\n   > Multiply:\n   >\n   > ```swift {solution}\n   > func double(_ n: Int) -> Int { n * 2 }\n   > ```\n"

    /// An exercises section whose one exercise's first paragraph (line 3) is followed by `parts`, one blank line apart.
    func chapter(_ parts: [String], id: String? = "ex-double") -> String {
        "## Exercises {.exercises}\n\n1. Write `double(_:)`.\(id.map { " {#\($0)}" } ?? "")\n\n" + parts.joined(separator: "\n")
    }

    func parse(_ text: String) -> (Document, [Diagnostic]) { ChapterParser.parse(text, path: "en/basics.md") }

    func exercise(_ document: Document) -> CustomBlock? {
        var found: CustomBlock?
        document.blocks.walk { block, _ in if case .custom(let c) = block, c.kind == "exercise", found == nil { found = c } }
        return found
    }

    func proofs(_ document: Document) -> [Snippet] {
        var found: [Snippet] = []
        document.blocks.walk { block, _ in if case .snippet(_, let snippet) = block, snippet.proof != nil { found.append(snippet) } }
        return found
    }

    /// Each error as `line:column code`.
    func places(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.filter(\.isError).map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.code?.rawValue ?? "")" }
    }

    @Test func aGradedExerciseGetsTwoHiddenProofsAtItsStarterAndItsSolution() throws {
        let (document, diagnostics) = parse(chapter([starter, check, solution]))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let proofs = proofs(document)
        #expect(proofs.map { $0.proof?.role } == [.starter, .solution])
        let starterProof = try #require(proofs.first), solutionProof = try #require(proofs.last)
        #expect(starterProof.hidden && starterProof.mode == .run && starterProof.expected == "fail\n")
        #expect(solutionProof.hidden && solutionProof.expected == "pass\n")
        #expect(starterProof.position == Position(line: 5, column: 4))
        #expect(solutionProof.position == Position(line: 18, column: 6))
        #expect(starterProof.code.hasPrefix("func double(_ n: Int) -> Int {\n    return 0\n}\ncheck(double(2) == 4, \"2 doubled is 4\")\n"))
        #expect(starterProof.code.hasSuffix(ExerciseHarness.verdict))
        #expect(starterProof.proof?.pieces == [.init(firstLine: 1, lines: 3, position: Position(line: 5, column: 4)),
                                               .init(firstLine: 4, lines: 1, position: Position(line: 11, column: 4))])
        #expect(starterProof.proof?.exercise == "ex-double")
        #expect(solutionProof.proof?.answer(in: solutionProof.code) == "func double(_ n: Int) -> Int { n * 2 }\n")
        let exercise = try #require(self.exercise(document))
        let parts = try #require(Exercises.gradedParts(of: exercise))
        #expect(parts.starter.code.contains("return 0") && parts.check.code.contains("check(") && parts.solution?.code.contains("n * 2") == true)
    }

    @Test func aStarterWithoutACheckOrASolutionIsAnErrorAtTheStarter() {
        #expect(places(parse(chapter([starter, solution])).1) == ["5:4 PRM086"])
        let noSolution = parse(chapter([starter, check]))
        #expect(places(noSolution.1) == ["5:4 PRM086"])
        #expect(noSolution.1.first?.message == "exercise ex-double has {starter} and {check} but no {solution} block", "\(noSolution.1)")
        #expect(noSolution.1.first?.suggestion?.contains("> [!SOLUTION]") == true)
        #expect(proofs(noSolution.0).isEmpty)
    }

    @Test func aCheckOrASolutionWithoutAStarterIsAnError() {
        let (document, diagnostics) = parse(chapter([check, solution]))
        #expect(places(diagnostics) == ["5:4 PRM086"])
        #expect(diagnostics.first?.message == "exercise ex-double has {check} and {solution} but no {starter} block")
        #expect(proofs(document).isEmpty)
        #expect(places(parse(chapter([solution])).1) == ["8:6 PRM086", "8:6 PRM086"])
    }

    @Test func twoOfOnePartIsAnErrorAtTheSecond() {
        let (_, diagnostics) = parse(chapter([starter, starter, check, solution]))
        #expect(places(diagnostics) == ["11:4 PRM086"])
        #expect(diagnostics.first?.message == "exercise ex-double has a second {starter} block (the first is at line 5)")
    }

    @Test func aSolutionBlockOutsideTheSolutionQuoteIsAnError() {
        let inText = "   ```swift {solution}\n   func double(_ n: Int) -> Int { n * 2 }\n   ```\n"
        let (_, diagnostics) = parse(chapter([starter, check, inText, solution]))
        #expect(places(diagnostics) == ["15:4 PRM086"])
        #expect(diagnostics.first?.message.contains("belongs in the exercise's > [!SOLUTION] quote") == true)
        let outside = parse("# Basics\n\n```swift {solution}\nfunc double(_ n: Int) -> Int { n * 2 }\n```\n\n" + chapter([starter, check, solution]))
        #expect(places(outside.1) == ["3:1 PRM086"])
        #expect(outside.1.first?.message == "a {solution} block outside an exercise is not checked")
        let starterInSolution = "   > [!SOLUTION]\n   > ```swift {starter}\n   > func double(_ n: Int) -> Int { 0 }\n   > ```\n"
        #expect(places(parse(chapter([check, starterInSolution])).1).first == "10:6 PRM086")
    }

    @Test func aGradedExerciseNeedsAnID() {
        let (document, diagnostics) = parse(chapter([starter, check, solution], id: nil))
        #expect(places(diagnostics) == ["3:4 PRM086"])
        #expect(proofs(document).isEmpty)
    }

    @Test func theStarterAndTheCheckAreCaptionedListingsAndTheSiteLinksTheDownload() throws {
        let (document, _) = parse(chapter([starter, check, solution]))
        let strings = UIStrings(locale: LocaleTag("en")!, entries: [
            "exercise_starter": "Starter", "exercise_check": "Check", "exercise_solution": "Solution",
            "exercise_download": "Download the exercise (SwiftPM package)", "exercise_download_hint": "Unzip it and run %@.",
        ])
        var renderer = HTMLRenderer(strings: strings, rawHTML: false)
        let html = renderer.render(document)
        #expect(html.contains("<figure class=\"listing\" id=\"ex-double-starter\">\n<figcaption><span class=\"caption-text\">Starter</span></figcaption>"), "\(html)")
        #expect(html.contains("<figure class=\"listing\" id=\"ex-double-check\">\n<figcaption><span class=\"caption-text\">Check</span></figcaption>"))
        #expect(html.contains("<p class=\"exercise-download\"><a href=\"exercises/ex-double.zip\" download>Download the exercise (SwiftPM package)</a> · Unzip it and run <code>swift run check</code>.</p>"))
        #expect(html.contains("<details class=\"solution\">"))
    }

    @Test func theHarnessBakesTheLocalesWordsInAsEscapedSwiftLiterals() {
        #expect(ExerciseHarness.interpolated("Checks passed: %1$@ of %2$@.", ["a", "b"]) == "\"Checks passed: \\(a) of \\(b).\"")
        #expect(ExerciseHarness.interpolated("통과한 검사: %2$@개 중 %1$@개", ["a", "b"]) == "\"통과한 검사: \\(b)개 중 \\(a)개\"")
        #expect(ExerciseHarness.interpolated("\"%@\" \\ 100%% \\(x)\n", ["n"]) == "\"\\\"\\(n)\\\" \\\\ 100% \\\\(x)\\n\"")
        let main = ExerciseHarness.packageMain(check: "check(true, \"ok\")\n", words: .init(summary: "Пройдено проверок: %1$@ из %2$@."))
        #expect(main.contains("\ncheck(true, \"ok\")\n"))
        #expect(main.contains("print(\"Пройдено проверок: \\(PrimerChecks.passed) из \\(PrimerChecks.total).\")\nif PrimerChecks.passed < PrimerChecks.total { exit(1) }\n"))
        #expect(ExerciseHarness.manifest(name: "ex-double").hasPrefix("// swift-tools-version:5.9\n"))
    }
}
