import CourseModel
import Foundation
@testable import Samples
import Testing

/// `// Prints` comments read the way The Swift Programming Language writes them, matched in order
/// against what a snippet printed; the failures' tally and JSON report.
@Suite struct PrintsCommentsTests {
    func lines(_ code: String) -> [[String]] { PrintsComments.parse(code).map(\.lines) }

    @Test func quotedCommentsOnTheirOwnLineOrAfterCode() {
        let comments = PrintsComments.parse("""
            let cat = "🐱"
            print(cat)
            // Prints "🐱".
                print(x)  // Prints "hello, world", because name is indeed equal to "world".
            print(1)    //Prints 42
            """)
        #expect(comments == [PrintsComment(line: 3, column: 1, lines: ["🐱"]),
                             PrintsComment(line: 4, column: 15, lines: ["hello, world"]),
                             PrintsComment(line: 5, column: 13, lines: ["42"])])
    }

    @Test func escapesInsideTheQuotesAndQuotesThatDoNotCloseThem() {
        #expect(lines(#"// Prints "a \"quoted\" word""#) == [[#"a "quoted" word"#]])
        #expect(lines(#"// Prints "back\\slash""#) == [[#"back\slash"#]])
        #expect(lines(#"// Prints "one\ntwo""#) == [["one", "two"]])
        // A raw string's text: the quote after "\ " is printed, the one before "." closes.
        #expect(lines(#"// Prints "\(x) \ " \u{2603}"."#) == [[#"\(x) \ " \u{2603}"#]])
        #expect(lines(#"// Prints "["strawberries", "grapes"]"."#) == [[#"["strawberries", "grapes"]"#]])
        #expect(lines(#"// Prints "["a": 1, "b": 2]""#) == [[#"["a": 1, "b": 2]"#]])
        #expect(lines(#"// Prints "unclosed"#) == [["unclosed"]])
        #expect(lines(#"// Prints "Write an interpolated string in Swift using \(multiplier).""#)
                == [[#"Write an interpolated string in Swift using \(multiplier)."#]])
    }

    @Test func continuationLinesAfterACount() {
        let code = """
            print(badStart + end)
            // Prints two lines:
            // one
            // twothree

            print(goodStart + end)
            // Prints three lines:
            // one
            // two
            // three
            // This comment is not output.
            """
        let comments = PrintsComments.parse(code)
        #expect(comments.map(\.lines) == [["one", "twothree"], ["one", "two", "three"]])
        #expect(comments.map(\.line) == [2, 7])
    }

    @Test func notInStringsNorOtherComments() {
        #expect(lines(#"let s = "// Prints \"no\"""#).isEmpty)
        #expect(lines("""
            let text = \"\"\"
            // Prints "inside a multi-line string"
            \"\"\"
            // Printsfoo
            // prints "lower case is prose"
            // Prints
            """).isEmpty)
    }

    @Test func commentsAreAnOrderedSubsequenceOfTheOutput() {
        let code = """
            // Prints "b"
            // Prints "d"
            // Prints two lines:
            // e
            // f
            """
        let comments = PrintsComments.parse(code)
        #expect(PrintsComments.mismatches(comments, output: "a\nb\nc\nd\ne\nf\n").isEmpty)
        #expect(PrintsComments.mismatches(comments, output: "a\nb  \nc\nd\ne\nf").isEmpty, "trailing spaces and the last newline do not count")
        // Out of order: "d" is found, then "b" is not after it.
        let swapped = PrintsComments.parse("// Prints \"d\"\n// Prints \"b\"\n")
        let mismatch = PrintsComments.mismatches(swapped, output: "b\nd\nx\n")
        #expect(mismatch == [PrintsComments.Mismatch(comment: swapped[1], printed: ["x"], outputLine: 3)])
        // The lines of one comment follow one another.
        #expect(PrintsComments.mismatches(comments, output: "b\nd\ne\nx\nf\n").map(\.comment.line) == [3])
        // A wrong comment stands for the line at its place; the next one is looked for after it.
        let three = PrintsComments.parse("// Prints \"1\"\n// Prints \"two\"\n// Prints \"3\"\n")
        #expect(PrintsComments.mismatches(three, output: "1\n2\n3\n") == [PrintsComments.Mismatch(comment: three[1], printed: ["2"], outputLine: 2)])
        #expect(PrintsComments.mismatches(three, output: "1\n") == [PrintsComments.Mismatch(comment: three[1], printed: [], outputLine: 2),
                                                                   PrintsComments.Mismatch(comment: three[2], printed: [], outputLine: 2)])
    }

    func use(_ code: String, path: String = "Content/en/x.md", group: String? = nil, origin: String? = nil) -> SamplesStage.SnippetUse {
        var snippet = Snippet(mode: .run, code: code, expected: nil, position: Position(line: 10, column: 3), expectedLine: 0)
        snippet.origin = origin
        snippet.group = group
        return SamplesStage.SnippetUse(snippet: snippet, path: path, locale: LocaleTag("en")!)
    }

    func outcome(_ output: String) -> SampleOutcome {
        SampleOutcome(id: SampleRunID(name: "s", locale: nil), status: .exited(0), output: output, errorTail: "", seconds: 0, cached: true)
    }

    @Test func aMismatchIsAnErrorAtTheCommentsChapterPlaceOnlyWhenAskedFor() throws {
        let snippet = use("print(\"Hello\")  // Prints \"Hello\"\nprint(1)  // Prints \"2\".\n", origin: "Book.docc/A.md:7")
        var options = SamplesStage.Options(cacheDirectory: "/nonexistent", locales: [])
        var report = SamplesStage.Report()
        SamplesStage.verify(outcome("Hello\n1\n"), snippet: snippet, options: options, report: &report)
        #expect(report.diagnostics.isEmpty && report.failures.isEmpty)
        options.checkPrints = true
        SamplesStage.verify(outcome("Hello\n1\n"), snippet: snippet, options: options, report: &report)
        #expect(report.diagnostics.map(\.description) == [
            "Content/en/x.md:12:13: error: this // Prints comment says the snippet prints \"2\", but at that place (line 2 of its output) it printed \"1\"; "
                + "the listing comes from Book.docc/A.md:7 [PRM077]\n    if the program is right, write // Prints \"1\"; if the comment is, fix the code",
        ])
        let failure = try #require(report.failures.first)
        #expect(failure.kind == .prints && failure.origin == "Book.docc/A.md:7" && failure.expected == "2" && failure.actual == "1")
        #expect(failure.diff == "--- the // Prints comment\n+++ what the snippet printed there\n@@ -1,1 +1,1 @@\n-2\n+1\n")
    }

    @Test func theTallyCountsEachSnippetOnceByItsFirstFailure() {
        var tally = TestTally()
        tally.count([], otherErrors: false)
        tally.count([.output, .prints], otherErrors: true)
        tally.count([.crash], otherErrors: true)
        tally.count([.failsCompiles], otherErrors: true)
        tally.count([], otherErrors: true)
        tally.failedToCompile += 1
        #expect(tally.summary({ var l = ListingTally(); l.appleOnly = 4; return l }())
                == "tests: 1 passed, 1 failed to compile, 2 printed something else, 1 crashed at run time, 1 did not fail as their error blocks say, 4 Apple-only (not run on Linux)")
        #expect(TestTally().summary({ var l = ListingTally(); l.appleOnly = 0; return l }())
                == "tests: 0 passed, 0 failed to compile, 0 printed something else, 0 crashed at run time, 0 Apple-only (not run on Linux)")
    }

    @Test func theReportIsSortedByPlaceWithItsKeysInOneOrder() throws {
        let a = use("x", path: "Content/en/b.md"), b = use("y", path: "Content/en/a.md", group: "g", origin: "Book.docc/A.md:3")
        let later = SnippetFailure(.output, .error(.sampleOutput, "this snippet printed something else than its output block:\n--- diff", at: SourceLocation(path: "Content/en/b.md", line: 4, column: 1)),
                                   use: a, origin: nil, expected: "1\n", actual: "2\n", diff: "-1\n+2\n")
        let earlier = SnippetFailure(.prints, .error(.printsComment, "says \"\u{1}\"", at: SourceLocation(path: "Content/en/a.md", line: 9, column: 5)),
                                     use: b, origin: "Book.docc/A.md:3", expected: "q\"uote", actual: nil)
        var tally = TestTally()
        tally.passed = 3
        let json = SnippetReport.json([later, earlier], tests: tally, listings: { var l = ListingTally(); l.appleOnly = 2; return l }())
        #expect(json == """
            {
              "tests": {"passed": 3, "failed_to_compile": 0, "printed_something_else": 0, "crashed": 0, "failed_otherwise": 0, "apple_only": 2, "several_modules": 0},
              "failures": [
                {"chapter": "Content/en/a.md", "line": 9, "from": "Book.docc/A.md:3", "group": "g", "kind": "prints", "message": "says \\"\\u0001\\"", "expected": "q\\"uote", "actual": null, "diff": null},
                {"chapter": "Content/en/b.md", "line": 4, "from": null, "group": null, "kind": "output", "message": "this snippet printed something else than its output block", "expected": "1\\n", "actual": "2\\n", "diff": "-1\\n+2\\n"}
              ]
            }

            """)
        #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) is [String: Any])
        #expect(SnippetReport.json([], tests: TestTally(), listings: { var l = ListingTally(); l.appleOnly = 0; return l }()).hasSuffix("\"failures\": []\n}\n"))
    }
}
