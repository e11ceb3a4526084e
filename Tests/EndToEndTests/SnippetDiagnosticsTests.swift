import CourseModel
import Foundation
@testable import Pipeline
import PrimerTestSupport
import Testing

/// What the compiler says about a snippet reaches the author: a warning passes but is said at the
/// chapter's line (the reader who copies it would see it), and errors the compiler finds after
/// type checking (definite initialization, ownership) count as errors.
@Suite(.serialized) struct SnippetDiagnosticsTests {
    let listings = VerifiedListingsTests()

    @Test func warningsAreReportedAtTheChaptersLineEvenFromTheCache() async throws {
        let folder = try listings.course("""
            Some text.

            ```swift {run}
            func show() {
                var count = 1
                print(count)
            }
            show()
            ```

            ```output
            1
            ```

            ```swift {compile}
            func twice(_ x: Int) -> Int {
                var doubled = x * 2
                return doubled
            }
            ```

            ```swift {compile}
            struct Clean { let x = 1 }
            ```
            """)
        let path = listings.chapterPath(folder)
        for round in ["first build", "from the cache"] {
            let result = try await listings.build(folder)
            #expect(listings.errors(result).isEmpty, "\(round): \(listings.errors(result))")
            let warnings = result.diagnostics.filter { $0.code == .snippetWarning }.map(\.description)
            #expect(warnings.count == 2, "\(round): \(warnings)")
            #expect(warnings.contains { $0.hasPrefix(path + ":8:9: warning: this {run} snippet compiles with a warning: variable 'count' was never mutated") },
                    "\(round): \(warnings)")
            // A declaration-only snippet is checked with the others, then alone for its warning's true column.
            #expect(warnings.contains { $0.hasPrefix(path + ":20:9: warning: this {compile} snippet compiles with a warning: variable 'doubled' was never mutated") },
                    "\(round): \(warnings)")
        }
    }

    @Test func aSamplesWarningIsReportedAtItsFile() throws {
        let folder = try TestSupport.copyFixture("samples")
        let samples = folder.appendingPathComponent("Content/Samples")
        let hello = samples.appendingPathComponent("Sources/hello/main.swift")
        let lines = TestSupport.read(hello).split(separator: "\n", omittingEmptySubsequences: false).count
        try TestSupport.write(TestSupport.read(hello) + "func unused() {\n    var never = 1\n    _ = never\n}\n", to: hello)
        var options = Build.Options(content: folder.appendingPathComponent("Content").path, templates: TestSupport.templates,
                                    output: folder.appendingPathComponent("site").path)
        options.product = .site(reuse: false)
        let result = try Build.run(options)
        let warnings = result.diagnostics.filter { $0.severity == .warning && $0.code == .samplesBuild }.map(\.description)
        #expect(warnings.count == 1, "\(warnings)")
        #expect(warnings.first?.hasPrefix("\(samples.path)/Sources/hello/main.swift:\(lines + 1):9: warning: variable 'never' was never mutated") == true,
                "\(warnings)")
    }

    @Test func errorsFoundAfterTypeCheckingCount() async throws {
        let folder = try listings.course("""
            ```swift {fails}
            class Base { init() {} }
            class Sub: Base {
                let x: Int
                override init() {
                    super.init()
                    x = 1
                }
            }
            ```

            ```error
            error: property 'self.x' not initialized at super.init call
            ```

            ```swift {fails}
            struct Token: ~Copyable {}
            func use(_ t: consuming Token) {}
            func twice() {
                let t = Token()
                use(t)
                use(t)
            }
            ```

            ```error
            error: 't' consumed more than once
            ```

            ```swift {compile}
            struct Point {
                let x: Int, y: Int
                init(x: Int) { self.x = x }
            }
            ```
            """)
        let result = try await listings.build(folder)
        let reported = listings.errors(result)
        #expect(reported.count == 1, "\(reported)")
        #expect(reported.first?.hasPrefix(listings.chapterPath(folder) + ":36:") == true
                && reported.first?.contains("this {compile} snippet does not compile: return from initializer without initializing all stored properties") == true,
                "\(reported)")
    }
}
