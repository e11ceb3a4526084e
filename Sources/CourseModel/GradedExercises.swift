/// What a hidden `{run}` snippet of a graded exercise proves: that its starter fails the
/// exercise's check, or that its solution passes it. The snippet's code is the answer (the
/// starter or the solution), then the check, then Primer's harness in verdict mode
/// (`ExerciseHarness.verdict`); `pieces` map the program's lines back to the chapter's blocks.
public struct ExerciseProof: Hashable, Sendable {
    public enum Role: String, Hashable, Sendable { case starter, solution }
    /// The exercise's id (`ex-median`).
    public var exercise: String
    public var role: Role
    /// The answer's block and the check's block, in the order of the program.
    public var pieces: [Piece]
    public struct Piece: Hashable, Sendable {
        /// The program's line (1-based) where the block's code starts, and how many lines it has.
        public var firstLine: Int
        public var lines: Int
        /// The block's opening fence in the chapter.
        public var position: Position
        public init(firstLine: Int, lines: Int, position: Position) { self.firstLine = firstLine; self.lines = lines; self.position = position }
    }
    public init(exercise: String, role: Role, pieces: [Piece]) { self.exercise = exercise; self.role = role; self.pieces = pieces }

    /// The answer's code, as its block wrote it.
    public func answer(in code: String) -> String {
        guard let piece = pieces.first else { return "" }
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.dropFirst(piece.firstLine - 1).prefix(piece.lines).joined(separator: "\n") + "\n"
    }

    /// "the starter of exercise ex-median"
    public var subject: String { "the \(role.rawValue) of exercise \(exercise)" }
}

/// The harness that defines `check(_:_:)` for an exercise's checks: in verdict mode (the build's
/// proof) it prints `pass` or `fail` and, after `fail`, the first failing check's message as
/// `✗ message`; in a downloaded package it prints every check as `✓ message` or `✗ message`, a
/// summary in the learner's language, and exits 1 when any failed. Both compile without warnings
/// in Swift 5 and Swift 6 language modes (the counters are static, so no global state is isolated
/// to the main actor).
public enum ExerciseHarness {
    /// The words a downloaded package's harness prints.
    public struct Words: Hashable, Sendable {
        /// The summary, `%1$@` the checks that passed and `%2$@` all of them ("Checks passed: %1$@ of %2$@.").
        public var summary: String
        public init(summary: String) { self.summary = summary }
    }

    /// The proof's program and where its answer and check start (1-based lines).
    public static func proof(answer: String, check: String) -> (code: String, answerLines: Int, checkLines: Int) {
        let answerLines = lines(answer), checkLines = lines(check)
        let code = (answerLines + checkLines).map { $0 + "\n" }.joined() + verdict
        return (code, answerLines.count, checkLines.count)
    }

    /// The harness after the answer and the check in a proof: exactly `pass`, or `fail` and the first failing message.
    public static let verdict = """
        final class PrimerChecks {
            nonisolated(unsafe) static var failures: [String] = []
        }
        func check(_ condition: Bool, _ message: String) {
            if !condition { PrimerChecks.failures.append(message) }
        }
        print(PrimerChecks.failures.isEmpty ? "pass" : "fail")
        if let first = PrimerChecks.failures.first { print("✗ " + first) }

        """

    /// A downloaded package's `Sources/check/main.swift`: the harness, then the checks, then the summary.
    public static func packageMain(check: String, words: Words) -> String {
        var out = """
            // The checks of the exercise: run them with `swift run check`. Your answer goes in Answer.swift.
            import Foundation

            final class PrimerChecks {
                nonisolated(unsafe) static var passed = 0
                nonisolated(unsafe) static var total = 0
            }

            func check(_ condition: Bool, _ message: String) {
                PrimerChecks.total += 1
                if condition { PrimerChecks.passed += 1 }
                print((condition ? "✓ " : "✗ ") + message)
            }


            """
        out += lines(check).map { $0 + "\n" }.joined()
        out += "\nprint(" + interpolated(words.summary, ["PrimerChecks.passed", "PrimerChecks.total"]) + ")\n"
        out += "if PrimerChecks.passed < PrimerChecks.total { exit(1) }\n"
        return out
    }

    /// A downloaded package's `Package.swift`: one executable target, `check`, no dependencies.
    public static func manifest(name: String) -> String {
        """
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(
            name: \(swiftLiteral(name)),
            targets: [
                .executableTarget(name: "check")
            ]
        )

        """
    }

    /// `template` as a Swift string literal whose `%@` (or `%1$@`, `%2$@`) placeholders
    /// interpolate `expressions`, in order or by number.
    public static func interpolated(_ template: String, _ expressions: [String]) -> String {
        var out = "\"", next = 0
        var rest = Substring(template)
        while let percent = rest.firstIndex(of: "%") {
            out += escapedWithBracedUnicode(rest[..<percent])
            var after = rest[rest.index(after: percent)...]
            if after.first == "%" { out += "%"; rest = after.dropFirst(); continue }
            let digits = after.prefix { $0.isNumber }
            var index = next
            if !digits.isEmpty, after.dropFirst(digits.count).first == "$" {
                index = (Int(digits) ?? 1) - 1
                after = after.dropFirst(digits.count + 1)
            } else {
                next += 1
            }
            guard after.first == "@", expressions.indices.contains(index) else { out += "%"; rest = rest[rest.index(after: percent)...]; continue }
            out += "\\(" + expressions[index] + ")"
            rest = after.dropFirst()
        }
        return out + escapedWithBracedUnicode(rest) + "\""
    }

    /// `text` as a Swift string literal.
    public static func swiftLiteral(_ text: String) -> String { "\"" + escapedWithBracedUnicode(text) + "\"" }


    /// A block's lines, without the empty one after its last newline.
    static func lines(_ text: String) -> [Substring] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
