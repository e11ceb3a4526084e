import CourseModel
import Foundation
import Markdown
@testable import Pipeline
import PrimerTestSupport
import Testing

/// A graded exercise's download: the starter as Answer.swift, the checks with the harness as
/// main.swift, and a README, all in the page's language.
@Suite struct ExerciseDownloadTests {
    @Test func theFilesHoldTheStarterTheChecksAndTheLocalesWords() throws {
        let (document, diagnostics) = ChapterParser.parse("""
            ## Упражнения {.exercises}

            1. Напишите `double(_:)`. {#ex-double}

               ```swift {starter}
               func double(_ n: Int) -> Int { 0 }
               ```

               ```swift {check}
               check(double(2) == 4, "2 \\"удвоенное\\" — 4")
               ```

               > [!SOLUTION]
               > ```swift {solution}
               > func double(_ n: Int) -> Int { n * 2 }
               > ```

            """, path: "ru/basics.md")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        var exercise: CustomBlock?
        document.blocks.walk { block, _ in if case .custom(let c) = block, c.kind == "exercise" { exercise = c } }
        let strings = UIStrings(locale: ru, entries: [
            "ref_exercise_start": "Упражнение %1$@", "exercise_checks_passed": "Пройдено проверок: %1$@ из %2$@.",
            "exercise_readme_run": "Напишите ответ в Sources/check/Answer.swift и запустите проверки:", "exercise_readme_verdict": "✓ — пройдена, ✗ — нет.",
        ])
        let files = Downloads.exerciseFiles(try #require(exercise), id: "ex-double", starter: "func double(_ n: Int) -> Int { 0 }\n",
                                            check: "check(double(2) == 4, \"2 \\\"удвоенное\\\" — 4\")\n", strings: strings)
        let text = Dictionary(uniqueKeysWithValues: files.map { ($0.path, String(decoding: $0.contents, as: UTF8.self)) })
        #expect(files.map(\.path) == ["Package.swift", "README.md", "Sources/check/Answer.swift", "Sources/check/main.swift"])
        #expect(text["Package.swift"]?.contains(".executableTarget(name: \"check\")") == true)
        #expect(text["Sources/check/Answer.swift"] == "func double(_ n: Int) -> Int { 0 }\n")
        #expect(text["README.md"] == "# ex-double\n\nНапишите `double(_:)`.\n\nНапишите ответ в Sources/check/Answer.swift и запустите проверки:\n\n    swift run check\n\n✓ — пройдена, ✗ — нет.\n",
                "\(text["README.md"] ?? "")")
        let main = try #require(text["Sources/check/main.swift"])
        #expect(main.contains("\ncheck(double(2) == 4, \"2 \\\"удвоенное\\\" — 4\")\n"))
        #expect(main.hasSuffix("print(\"Пройдено проверок: \\(PrimerChecks.passed) из \\(PrimerChecks.total).\")\nif PrimerChecks.passed < PrimerChecks.total { exit(1) }\n"))
    }
}
