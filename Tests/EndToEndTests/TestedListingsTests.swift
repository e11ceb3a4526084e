import CourseModel
import Foundation
import PrimerTestSupport
import Testing

/// A book's listings as tests: `// Prints` comments checked with `check_prints: true`, the tally
/// `primer check` ends with, and the JSON report `--report` writes for the book's maintainer.
@Suite(.serialized) struct TestedListingsTests {
    let templates = ["--templates", TestSupport.templates]

    @Test func rightPrintsCommentsPassAndAWrongOneFailsAtItsPlace() throws {
        let folder = try TestSupport.copyFixture("tested-listings")
        let good = try TestSupport.run(["check"] + templates, in: folder)
        #expect(good.status == 0, "\(good.output)")
        #expect(good.output.contains("primer: tests: 4 passed, 0 failed to compile, 0 printed something else, 0 crashed at run time, 1 Apple-only (not run on Linux)\n"),
                "\(good.output)")

        let built = try TestSupport.run(["build"] + templates, in: folder)
        #expect(built.status == 0 && built.output.contains("primer: tests: 4 passed, 0 failed to compile"), "\(built.output)")

        let chapter = folder.appendingPathComponent("Content/en/basics.md")
        let text = TestSupport.read(chapter)
        try TestSupport.write(text.replacingOccurrences(of: "print(lines.count)  // Prints \"7\".", with: "print(lines.count)  // Prints \"8\"."), to: chapter)
        let wrong = try TestSupport.run(["check"] + templates, in: folder)
        #expect(wrong.status == 1, "\(wrong.output)")
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("print(lines.count)") }! + 1
        #expect(wrong.output.contains("Content/en/basics.md:\(line):21: error: this // Prints comment says the snippet prints \"8\", "
                                      + "but at that place (line 3 of its output) it printed \"7\"; the listing comes from Book.docc/Strings.md:52 [PRM077]"),
                "\(wrong.output)")
        #expect(wrong.output.contains("if the program is right, write // Prints \"7\""), "\(wrong.output)")
        #expect(wrong.output.contains("primer: tests: 3 passed, 0 failed to compile, 1 printed something else, 0 crashed at run time, 1 Apple-only (not run on Linux)\n"),
                "\(wrong.output)")

        // Without check_prints the comments are the book's text, nothing more: the check passes,
        // and with no from= snippet left there is no tally.
        let config = folder.appendingPathComponent("Content/course.yml")
        try TestSupport.write(TestSupport.read(config).replacingOccurrences(of: "check_prints: true", with: "check_prints: false"), to: config)
        try TestSupport.write(TestSupport.read(chapter).replacingOccurrences(of: #" from="[^"]*""#, with: "", options: .regularExpression), to: chapter)
        let off = try TestSupport.run(["check"] + templates, in: folder)
        #expect(off.status == 0, "\(off.output)")
        #expect(!off.output.contains("primer: tests:"), "\(off.output)")
    }

    @Test func theReportHoldsEachFailingSnippetAtItsPlace() throws {
        let folder = try TestSupport.copyFixture("failing-listings")
        let result = try TestSupport.run(["check", "--report", "report.json"] + templates, in: folder)
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("primer: tests: 1 passed, 1 failed to compile, 2 printed something else, 1 crashed at run time, "
                                       + "2 did not fail as their error blocks say, 0 Apple-only (not run on Linux)\n"), "\(result.output)")
        let data = try Data(contentsOf: folder.appendingPathComponent("report.json"))
        let report = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let tests = try #require(report["tests"] as? [String: Int])
        #expect(tests == ["passed": 1, "failed_to_compile": 1, "printed_something_else": 2, "crashed": 1, "failed_otherwise": 2, "apple_only": 0, "several_modules": 0])
        let failures = try #require(report["failures"] as? [[String: Any]])
        let places = failures.map { "\($0["kind"] as? String ?? "?") \($0["chapter"] as? String ?? "?"):\($0["line"] as? Int ?? 0)" }
        #expect(places == ["compile Content/en/basics.md:11", "output Content/en/basics.md:19", "prints Content/en/basics.md:28",
                           "crash Content/en/basics.md:31", "fails-mismatch Content/en/basics.md:41", "fails-compiles Content/en/basics.md:45"])
        let byKind = Dictionary(failures.map { ($0["kind"] as? String ?? "", $0) }, uniquingKeysWith: { a, _ in a })
        #expect(byKind["compile"]?["from"] as? String == "Book.docc/Compile.md:10")
        #expect(byKind["prints"]?["from"] as? String == "Book.docc/Animals.md:30")
        #expect(byKind["prints"]?["group"] as? String == "animals")
        #expect(byKind["prints"]?["expected"] as? String == "cow")
        #expect(byKind["prints"]?["actual"] as? String == "dog")
        #expect(byKind["output"]?["expected"] as? String == "two\n" && byKind["output"]?["actual"] as? String == "one\n")
        #expect((byKind["output"]?["diff"] as? String)?.contains("-two\n+one\n") == true)
        #expect(byKind["output"]?["from"] is NSNull)
        #expect((byKind["crash"]?["message"] as? String)?.hasPrefix("this snippet crashed with signal") == true, "\(byKind["crash"] ?? [:])")
        #expect((byKind["crash"]?["actual"] as? String)?.contains("Fatal error: Index out of range") == true)
        #expect((byKind["fails-mismatch"]?["actual"] as? String)?.contains("error: cannot assign to value: 'limit' is a 'let' constant") == true)
        // Keys in one order, whatever the failure.
        let text = String(decoding: data, as: UTF8.self)
        let keyOrder = ["\"chapter\"", "\"line\"", "\"from\"", "\"group\"", "\"kind\"", "\"message\"", "\"expected\"", "\"actual\"", "\"diff\""]
        for line in text.split(separator: "\n") where line.contains("\"kind\"") {
            let positions = keyOrder.map { line.range(of: $0)?.lowerBound }
            #expect(positions.allSatisfy { $0 != nil } && positions.map { $0! } == positions.map { $0! }.sorted(), "\(line)")
        }

        // Without --report nothing is written.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("report.json"))
        _ = try TestSupport.run(["check"] + templates, in: folder)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("report.json").path))
    }

    /// The whole way a book's maintainer goes: a DocC catalog with hidden `swifttest` comments
    /// (every kind of line, a test joined over two listings, one with no listing, one Apple-only)
    /// imported, then checked: the drift planted in the book is found at the book's lines.
    @Test func anImportedBooksTestsAreCheckedAndTheDriftReportedAtTheBooksLines() throws {
        let folder = TestSupport.scratch("primer-tested-book")
        let catalog = TestSupport.fixtures.appendingPathComponent("swifttest-book/Tested.docc").path
        let imported = try TestSupport.run(["import", "docc", catalog, "--output", folder.path], in: TestSupport.fixtures)
        #expect(imported.status == 0, "\(imported.output)")
        #expect(imported.output.contains("primer: swifttest: 8 tests in 9 blocks converted (5 run, 1 compile, 2 fails), 1 Apple-only, 0 warnings\n"),
                "\(imported.output)")
        let checked = try TestSupport.run(["check", "--report", "report.json"] + templates, in: folder)
        #expect(checked.status == 1, "\(checked.output)")
        #expect(checked.output.contains("primer: tests: 5 passed, 1 failed to compile, 2 printed something else, 0 crashed at run time, "
                                        + "1 did not fail as their error blocks say, 1 Apple-only (not run on Linux)\n"), "\(checked.output)")
        // The hidden check that names a constant the listing never declares (TSPL's own drift).
        #expect(checked.output.contains("error: this {run} snippet does not compile (from Tested.docc/Basics.md:68): cannot find 'maxLimit' in scope"),
                "\(checked.output)")
        let data = try Data(contentsOf: folder.appendingPathComponent("report.json"))
        let report = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let failures = try #require(report["failures"] as? [[String: Any]])
        let found = failures.map { "\($0["kind"] as? String ?? "?") \($0["from"] as? String ?? "?")" }
        #expect(found == ["compile Tested.docc/Basics.md:68", "output Tested.docc/Basics.md:95", "fails-mismatch Tested.docc/Basics.md:137",
                          "prints Tested.docc/Basics.md:193"])
        let output = try #require(failures.first { $0["kind"] as? String == "output" })
        #expect(output["expected"] as? String == "7\n" && output["actual"] as? String == "6\n")

        // The page shows the tested listing as the book wrote it, hides the hidden check and the
        // hidden test, and marks the Apple-only listing.
        let built = try TestSupport.run(["build"] + templates, in: folder)
        #expect(built.status == 1, "a book whose tests fail does not build: \(built.output)")
        let chapter = folder.appendingPathComponent("Content/en/basics.md")
        var text = TestSupport.read(chapter)
        for (wrong, right) in [("print(maxLimit)", "print(limit)"), ("```output\n7\n```", "```output\n6\n```"),
                               ("to type 'String'", "to specified type 'String'"), ("// Prints \"Hello, world!\"", "// Prints \"Hello, world\"")] {
            #expect(text.contains(wrong), "\(wrong) in \(text)")
            text = text.replacingOccurrences(of: wrong, with: right)
        }
        try TestSupport.write(text, to: chapter)
        let fixed = try TestSupport.run(["build"] + templates, in: folder)
        #expect(fixed.status == 0, "\(fixed.output)")
        #expect(fixed.output.contains("primer: tests: 9 passed, 0 failed to compile, 0 printed something else, 0 crashed at run time, 1 Apple-only"),
                "\(fixed.output)")
        let page = TestSupport.read(folder.appendingPathComponent("site/en/basics.html"))
        #expect(page.contains("welcomeMessage") && page.contains("Prints"), "the listings as the book wrote them")
        #expect(!page.contains("squares") && !page.contains("print(limit)"), "hidden lines and the hidden test are not shown")
        #expect(page.contains("UIView"), "the Apple-only listing is shown")
    }
}
