import CourseModel
import Foundation
@testable import Pipeline
import PrimerTestSupport
@testable import Samples
import Testing

/// Snippets of one `group` are one program (the way a book's listings build on each other):
/// compiled and run together, their output blocks joined; `hidden` ones are checked and not
/// shown, `output="none"` checks an output without showing it; a failure is reported at the part
/// it belongs to.
@Suite(.serialized) struct SnippetGroupTests {
    let listings = VerifiedListingsTests()

    @Test func aGroupIsOneProgramAndEachPartShowsItsOwnOutput() async throws {
        let folder = try listings.course("""
            ```swift {run group="greeting"}
            let name = "Ada"
            print("Hello, \\(name)")
            ```

            ```output
            Hello, Ada
            ```

            Some text between.

            ```swift {run group="greeting" output="none"}
            // snippet.hide
            let checked = name.count
            // snippet.show
            print(checked)
            ```

            ```output
            3
            ```

            ```swift {run hidden group="greeting"}
            print(name.uppercased())
            ```

            ```output
            ADA
            ```

            ```swift {compile hidden}
            struct NeverShown { let secret = 41 }
            ```
            """)
        let result = try await listings.build(folder)
        #expect(listings.errors(result).isEmpty, "\(listings.errors(result))")
        let page = TestSupport.read(folder.appendingPathComponent("site/en/checks.html"))
        #expect(page.contains("Hello, Ada"))
        #expect(page.contains("checked"), "the second part's shown code is on the page")
        #expect(!page.contains("name.count"), "hidden lines are not shown")
        #expect(!page.contains(">3<") && !page.contains("\n3\n"), "output=\"none\" is checked, not shown")
        #expect(!page.contains("uppercased") && !page.contains("ADA"), "a hidden part shows neither code nor output")
        #expect(!page.contains("NeverShown"))
        #expect(result.listings.run == 3 && result.listings.compiled == 1, "\(result.listings.summary)")
    }

    @Test func aGroupsWrongOutputIsReportedInThePartsBlock() async throws {
        let folder = try listings.course("""
            ```swift {run group="counting"}
            var total = 0
            for n in 1...3 { total += n }
            print(total)
            ```

            ```output
            6
            ```

            ```swift {run group="counting"}
            total *= 2
            print(total)
            ```

            ```output
            13
            ```
            """)
        let errors = listings.errors(try await listings.build(folder))
        let path = listings.chapterPath(folder)
        #expect(errors.count == 1, "\(errors)")
        // The line that differs, "13", is line 20 of the file (3 lines of front matter).
        #expect(errors.first?.hasPrefix(path + ":20:1: error: the snippets of group 'counting' printed something else") == true, "\(errors)")
        #expect(errors.first?.contains("+12") == true, "\(errors)")
    }

    @Test func aCompileErrorInALaterPartIsReportedAtItsLine() async throws {
        let folder = try listings.course("""
            ```swift {compile group="shapes"}
            struct Square { var side: Double }
            ```

            ```swift {compile group="shapes" from="book/shapes.md:40"}
            let s = Square(side: 2)
            let a: Int = s.side
            ```
            """)
        let errors = listings.errors(try await listings.build(folder))
        let path = listings.chapterPath(folder)
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.hasPrefix(path + ":10:16: error: this {compile} snippet does not compile (from book/shapes.md:40): cannot convert value of type 'Double'") == true,
                "\(errors)")
    }

    @Test func aFailingGroupMatchesTheErrorsOfItsParts() async throws {
        let folder = try listings.course("""
            ```swift {fails group="constant"}
            let limit = 10
            ```

            ```swift {fails group="constant"}
            limit = 20
            ```

            ```error
            error: cannot assign to value: 'limit' is a 'let' constant
            ```

            ```swift {fails group="wrong"}
            let other = 1
            ```

            ```swift {fails group="wrong"}
            other = 2
            ```

            ```error
            error: cannot find 'nothing' in scope
            ```
            """)
        let errors = listings.errors(try await listings.build(folder))
        let path = listings.chapterPath(folder)
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.hasPrefix(path + ":25:1: error: this {fails} snippet fails, but not with 'error: cannot find 'nothing' in scope'") == true,
                "\(errors)")
    }

    @Test func partsOfOneGroupMustAgreeOnTheirMode() {
        func use(_ mode: Snippet.Mode, line: Int) -> SamplesStage.SnippetUse {
            var snippet = Snippet(mode: mode, code: "let x\(line) = 1\n", expected: nil, position: Position(line: line, column: 1), expectedLine: 0)
            snippet.group = "g"
            return SamplesStage.SnippetUse(snippet: snippet, path: "ch.md", locale: LocaleTag("en")!)
        }
        let (uses, diagnostics) = SnippetGroups.fold([use(.run, line: 1), use(.compile, line: 5), use(.run, line: 9)])
        #expect(uses.count == 1)
        #expect(uses[0].snippet.code == "let x1 = 1\nlet x9 = 1\n")
        #expect(uses[0].location(codeLine: 2, column: 5) == SourceLocation(path: "ch.md", line: 10, column: 5))
        #expect(diagnostics.map(\.description).first?.hasPrefix("ch.md:5:1: error: this {compile} block is in group 'g', whose first block (line 1) is {run}") == true,
                "\(diagnostics)")
    }

    @Test func anErrorQuoteMatchesWithOrWithoutTheDiagnosticGroup() async throws {
        #expect(SamplesStage.withoutDiagnosticGroup("error: no matching types [#OpaqueTypeInference]") == "error: no matching types")
        #expect(SamplesStage.withoutDiagnosticGroup("error: subscript [#1] uses a[#x y]") == "error: subscript [#1] uses a[#x y]")
        let folder = try listings.course("""
            ```swift {fails}
            protocol Shape {}
            struct A: Shape {}
            struct B: Shape {}
            func pick(_ flag: Bool) -> some Shape {
                if flag { return A() }
                return B()
            }
            ```

            ```error
            error: function declares an opaque return type 'some Shape', but the return statements in its body do not have matching underlying types
            ```
            """)
        let errors = listings.errors(try await listings.build(folder))
        #expect(errors.isEmpty, "\(errors)")
    }

    @Test func spacesAtALinesEndDoNotCountAndHashingCanBeDeterministic() async throws {
        let folder = try listings.course("""
            ```swift {run}
            for word in ["a", "b"] { print(word, terminator: " ") }
            print()
            ```

            ```output
            a b
            ```

            ```swift {run}
            let legs = ["spider": 8, "ant": 6, "cat": 4]
            for (animal, count) in legs { print(animal, count) }
            print(Set(["x", "y", "z", "w"]))
            ```

            ```output
            cat 4
            ant 6
            spider 8
            ["x", "z", "w", "y"]
            ```
            """)
        let config = folder.appendingPathComponent("Content/course.yml")
        try TestSupport.write(TestSupport.read(config) + "\ndeterministic_hashing: true\n", to: config)
        for round in ["first build", "again"] {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(".primer-cache"))
            let errors = listings.errors(try await listings.build(folder))
            #expect(errors.isEmpty, "\(round): \(errors)")
        }
    }

    @Test func anAtMainProgramAndRoundingCompileAsOnAMac() async throws {
        #expect(SnippetCompiler.declaresMain("struct A {}\n@main\nstruct App { static func main() {} }"))
        #expect(!SnippetCompiler.declaresMain("@mainActorish\nlet x = 1") && !SnippetCompiler.declaresMain("// @main"))
        let folder = try listings.course("""
            ```swift {run}
            @main
            struct Greeter {
                static func main() {
                    print("Hello from main")
                }
            }
            ```

            ```output
            Hello from main
            ```

            ```swift {run}
            let half = Double(CommandLine.arguments.count) + 1.5
            print(half.rounded(), half.rounded(.down), half.rounded(.up))
            ```

            ```output
            3.0 2.0 3.0
            ```

            ```swift {fails}
            @main
            struct Twice {
                static func main() {}
            }
            ```

            ```error
            error: 'main' attribute cannot be used in a module that contains top-level code
            ```
            """)
        let errors = listings.errors(try await listings.build(folder))
        #expect(errors.isEmpty, "\(errors)")
    }
}
