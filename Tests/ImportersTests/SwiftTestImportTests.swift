import CourseModel
import Foundation
import Importers
import PrimerTestSupport
import Testing

/// `primer import docc` on a catalog whose listings carry `swifttest` comments
/// (Fixtures/import-swifttest/Book.docc and More.docc): every kind of line, tests joined across listings, a
/// block in two tests, a block with no listing, a listing that differs from its test, an
/// Apple-only test, a test importing another test's module and a listing with `// Prints`
/// comments and no test. A listing whose code is
/// its test's but for comments and spacing keeps its own text.
@Suite struct SwiftTestImportTests {
    static let catalog = TestSupport.fixtures.appendingPathComponent("import-swifttest/Book.docc").path
    static let more = TestSupport.fixtures.appendingPathComponent("import-swifttest/More.docc").path

    @Test func testsBecomeSnippetGroups() throws {
        let result = DocCImporter.convert(catalog: Self.catalog)
        #expect(result.succeeded, "\(result.diagnostics)")
        #expect(result.text("Content/en/basics.md") == Self.basics)
    }

    /// Both ways of naming two tests, the older `.. testcode::` line, a block with no name, an
    /// empty output line (`<<-`), a hidden line inside shown code, a listing in a list item and
    /// an `@objc` test with no listing (left out).
    @Test func moreNamesAndLines() throws {
        let result = DocCImporter.convert(catalog: Self.more)
        #expect(result.text("Content/en/loops.md") == #"""
        ---
        title: "Loops"
        summary: "Counting."
        ---

        Counting.

        - A list item with a listing:

          ```swift {run group="loops-sum" output="none" from="More.docc/Loops.md:17"}
          var total = 0
          // snippet.hide
          var seen: [Int] = []
          // snippet.show
          for number in 1...3 {
              total += number
          // snippet.hide
             seen.append(number)
          // snippet.show
          }
          // snippet.hide
          print(total)
          print()
          print(seen)
          // snippet.show
          ```

          ```output
          6

          [1, 2, 3]
          ```

          ```swift {run hidden group="loops-sum-again" from="More.docc/Loops.md:17"}
          var total = 0
          var seen: [Int] = []
          for number in 1...3 {
             total += number
             seen.append(number)
          }
          print(total)
          print()
          print(seen)
          ```

          ```output
          6

          [1, 2, 3]
          ```

        ```swift {listing-only hidden apple-only group="loops-objc" from="More.docc/Loops.md:36"}
        import Foundation
        @objc class Counter: NSObject {}
        ```

        ```swift {compile hidden group="loops-line-43" from="More.docc/Loops.md:43"}
        let alone = 1
        ```

        """#)
        #expect(result.swiftTests?.summary == "swifttest: 3 tests in 2 blocks converted (2 run, 1 compile, 0 fails), 1 Apple-only, 1 warnings")
        #expect(result.swiftTests?.uncheckedHiddenParts == 1)
        #expect(result.text("Content/course.yml")?.contains("check_prints") == false)
    }

    @Test func theSummaryCountsTestsBlocksAndWarnings() throws {
        let result = DocCImporter.convert(catalog: Self.catalog)
        let tally = try #require(result.swiftTests)
        #expect(tally.summary == "swifttest: 4 tests in 5 blocks converted (2 run, 1 compile, 1 fails), 1 Apple-only, 1 needing another test's module, 4 warnings")
        #expect(tally.uncheckedHiddenParts == 2)
        #expect(tally.printsListings == 1)
        #expect(result.text("Content/course.yml")?.contains("check_prints: true\n") == true)
        #expect(result.text("Content/course.yml")?.contains("deterministic_hashing: true\n") == true)
    }

    @Test func warningsSayWhereAndWhat() throws {
        let result = DocCImporter.convert(catalog: Self.catalog)
        let found = result.diagnostics.filter { $0.code == .importTest }.sorted { ($0.location?.line ?? 0) < ($1.location?.line ?? 0) }
        let warnings = found.map { diagnostic in
            "\(diagnostic.location.map { "\(($0.path as NSString).lastPathComponent):\($0.line)" } ?? ""): \(diagnostic.message)"
        }
        #expect(warnings == Self.warnings)
    }

    static let basics = #"""
        ---
        title: "Basics"
        summary: "Values, and what a program prints."
        ---

        Values, and what a program prints.

        ## Constants

        ```swift {run group="basics-constants" output="none" from="Book.docc/Basics.md:18"}
        let greeting  =  "Hello"  // Not "Hello // world".
        // greeting can't change.

        // snippet.hide
        let count = greeting.count
        // snippet.show
        print(greeting)
        // Prints "Hello"
        // snippet.hide
        print(count)
        // snippet.show
        ```

        ```output
        Hello
        5
        ```

        The test goes on under the next listing, which a second test shares:

        ```swift {run group="basics-constants" output="none" from="Book.docc/Basics.md:41"}
        func twice(_ value: Int) -> Int {

            return value * 2
        }
        // snippet.hide
        print(twice(21))
        // snippet.show
        ```

        ```output
        42
        ```

        ```swift {run hidden group="basics-functions" from="Book.docc/Basics.md:41"}
        func twice(_ value: Int) -> Int {

            return value * 2
        }
        print(twice(21))
        ```

        ```output
        42
        ```

        A test can go on where the book shows nothing:

        ```swift {run hidden group="basics-functions" from="Book.docc/Basics.md:56"}
        let four = twice(2)
        print("four is \(four)")
        ```

        ```output
        four is 4
        ```

        ## Errors

        ```swift {fails group="basics-let-is-constant" from="Book.docc/Basics.md:74"}
        let limit = 10
        limit = 20
        limit += 1
        ```

        ```error
        error: cannot assign to value: 'limit' is a 'let' constant
        error: left side of mutating operator isn't mutable: 'limit' is a 'let' constant
        ```

        An index out of range stops the program:

        ```swift {compile group="basics-out-of-range" from="Book.docc/Basics.md:96"}
        let numbers = [1, 2, 3]
        let fourth = numbers[4]
        ```

        ## Apple platforms

        ```swift {listing-only apple-only group="basics-apple" from="Book.docc/Basics.md:114"}
        import UIKit
        class Controller: UIViewController {}
        ```

        ```swift {listing-only hidden apple-only group="basics-apple" from="Book.docc/Basics.md:123"}
        let controller = Controller()
        ```

        A test can import a module another test builds; Primer compiles each test alone:

        ```swift {listing-only hidden several-modules group="basics-two-modules" from="Book.docc/Basics.md:133"}
        import basics_Module1
        let shared = sharedValue
        ```

        ## Untested listings

        ```swift {run from="Book.docc/Basics.md:141"}
        print(1 + 2)
        // Prints "3"
        ```

        ```swift
        let untested = true
        ```

        <!-- A remark for the book's authors. -->

        """#

    static let warnings = [
        "Basics.md:25: this line of a swifttest block has no prefix the importer knows ('** a line with no known prefix'); it is left out of the test",
        "Basics.md:90: the listing differs from its swifttest: the listing has 'let fourth = numbers[3]', the test 'let fourth = numbers[4]'; the snippet has the test's code",
        "Basics.md:99: this line of a swifttest block is what the old REPL printed ('// r0 : Int = 4'); it is left out of the test",
        "Basics.md:134: test 'twoModules' imports basics_Module1, which neither Swift on Linux nor the course has (the book's own test runner built it from another test); Primer compiles each test alone, so its listing is shown and not checked",
    ]
}
