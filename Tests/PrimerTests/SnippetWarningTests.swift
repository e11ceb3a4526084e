import CourseModel
import Foundation
@testable import Pipeline
import Testing

/// A snippet that compiles with a warning passes, but says so at the chapter's line: the reader
/// who copies it would see the warning, and the course promises code that builds cleanly.
@Suite(.serialized) struct SnippetWarningTests {
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
}
