import Foundation
import PrimerTestSupport
import Testing

/// Exercises that grade themselves, through the built `primer`: the build proves that the starter
/// fails its check and the solution passes it, and the downloaded package fails `swift run check`
/// as shipped and passes it with the solution pasted in.
@Suite(.serialized) struct GradedExerciseTests {
    static let starter = "func double(_ n: Int) -> Int {\n    return 0\n}\n"
    static let solution = "func double(_ n: Int) -> Int {\n    n * 2\n}\n"

    /// A course of one English chapter with one exercise, in a fresh folder. The starter's fence
    /// is on line 10, the check's on line 18, the solution's on line 26 (column 6).
    func course(starter: String = starter, solution: String = solution) throws -> URL {
        let folder = TestSupport.scratch("primer-graded")
        let content = folder.appendingPathComponent("Content")
        try TestSupport.write("""
            title: { en: Exercises }
            source_locale: en
            locales: [en]
            parts:
              - title: { en: Part }
                chapters: [basics]
            """, to: content.appendingPathComponent("course.yml"))
        func indented(_ code: String, _ prefix: String) -> String {
            code.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { prefix + $0 }.joined(separator: "\n")
        }
        try TestSupport.write("""
            ---
            title: Basics
            ---
            Functions return values.

            ## Exercises {.exercises}

            1. Write `double(_:)`, which returns twice its argument. {#ex-double}

               ```swift {starter}
            \(indented(starter, "   "))
               ```

               The checks:

               ```swift {check}
               check(double(2) == 4, "2 doubled is 4")
               check(double(0) == 0, "0 doubled is 0")
               ```

               > [!SOLUTION]
               > Multiply by two:
               >
               > ```swift {solution}
            \(indented(solution, "   > "))
               > ```

            """, to: content.appendingPathComponent("en/basics.md"))
        return folder
    }

    func build(_ folder: URL) throws -> (status: Int32, output: String) {
        try TestSupport.run(["build", "--no-editions", "--templates", TestSupport.templates], in: folder)
    }

    @Test func aStarterThatPassesItsCheckFailsTheBuildAtTheStarter() throws {
        let folder = try course(starter: "func double(_ n: Int) -> Int {\n    n + n\n}\n")
        let run = try build(folder)
        #expect(run.status != 0)
        #expect(run.output.contains("Content/en/basics.md:10:4: error: the starter of exercise ex-double passes its check: "
                                    + "a learner who changes nothing would be told they are right [PRM087]"), "\(run.output)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("site").path), "a failed build writes no site")
    }

    @Test func aSolutionThatFailsItsCheckFailsTheBuildAtTheSolution() throws {
        let folder = try course(solution: "func double(_ n: Int) -> Int {\n    n + 1\n}\n")
        let run = try build(folder)
        #expect(run.status != 0)
        #expect(run.output.contains("Content/en/basics.md:26:6: error: the solution of exercise ex-double fails its check: ✗ 2 doubled is 4 [PRM087]"),
                "\(run.output)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("site").path))
    }

    @Test func aStarterThatDoesNotCompileOrIsNotDeclarationsOnlyIsAnErrorAtItsLine() throws {
        let folder = try course(starter: "func double(_ n: Int) -> Int {\n    return missing\n}\nlet base = 1\n")
        let run = try build(folder)
        #expect(run.status != 0)
        #expect(run.output.contains("Content/en/basics.md:12:15: error: the starter of exercise ex-double does not compile with its check: cannot find 'missing' in scope"),
                "\(run.output)")
        #expect(run.output.contains("Content/en/basics.md:14:4: error: the starter of exercise ex-double is not declarations only"), "\(run.output)")
    }

    @Test func aDownloadedExerciseFailsAsShippedAndPassesWithTheSolutionPastedIn() throws {
        let folder = try course()
        let run = try build(folder)
        #expect(run.status == 0, "\(run.output)")
        let page = TestSupport.read(folder.appendingPathComponent("site/en/basics.html"))
        #expect(page.contains("<span class=\"caption-text\">Starter</span>") && page.contains("<span class=\"caption-text\">Check</span>"))
        #expect(page.contains("<a href=\"exercises/ex-double.zip\" download>Download the exercise (SwiftPM package)</a>"))
        #expect(!page.contains("PrimerChecks"), "the proofs are hidden")
        let zip = folder.appendingPathComponent("site/en/exercises/ex-double.zip")
        #expect(FileManager.default.fileExists(atPath: zip.path))

        let scratch = TestSupport.scratch("primer-exercise")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let unzip = try shell(["unzip", "-q", zip.path], in: scratch)
        #expect(unzip.status == 0, "\(unzip.output)")
        let package = scratch.appendingPathComponent("ex-double")
        #expect(TestSupport.read(package.appendingPathComponent("Sources/check/Answer.swift")) == Self.starter)
        #expect(TestSupport.read(package.appendingPathComponent("README.md")).contains("Write `double(_:)`, which returns twice its argument."))

        // The snippet compiler's language mode too (the package's is Swift 5's): no warning either.
        let sources = package.appendingPathComponent("Sources/check")
        let strict = try shell(["swiftc", "-swift-version", "6", "-typecheck", "-module-name", "check", "main.swift", "Answer.swift"], in: sources)
        #expect(strict.status == 0 && strict.output.isEmpty, "\(strict.output)")

        let shipped = try shell(["swift", "run", "--disable-sandbox", "check"], in: package)
        #expect(shipped.status == 1, "\(shipped.output)")
        #expect(shipped.output.contains("✗ 2 doubled is 4\n✓ 0 doubled is 0\nChecks passed: 1 of 2.\n"), "\(shipped.output)")
        #expect(!shipped.output.contains("warning:"), "\(shipped.output)")

        try TestSupport.write(Self.solution, to: package.appendingPathComponent("Sources/check/Answer.swift"))
        let solved = try shell(["swift", "run", "--disable-sandbox", "check"], in: package)
        #expect(solved.status == 0, "\(solved.output)")
        #expect(solved.output.contains("✓ 2 doubled is 4\n✓ 0 doubled is 0\nChecks passed: 2 of 2.\n"), "\(solved.output)")
    }

    /// A command through /usr/bin/env, its output and errors together.
    func shell(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
        try TestSupport.run(arguments, in: folder, executable: URL(fileURLWithPath: "/usr/bin/env"))
    }
}
