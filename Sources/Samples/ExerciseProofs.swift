import CourseModel
import SwiftParser
import SwiftSyntax

/// Graded exercises' proofs: hidden `{run}` snippets (`Snippet.proof`) whose program is an
/// answer, a check and the harness. Their compiler messages map back to the answer's and the
/// check's blocks through `SnippetUse.parts`; what they print is judged here instead of compared
/// with an output block: a starter must fail its check (or crash), a solution must pass it.
extension SamplesStage {
    /// The use with a part for the answer's block and one for the check's.
    static func withProofParts(_ use: SnippetUse) -> SnippetUse {
        guard let proof = use.snippet.proof, use.parts.isEmpty else { return use }
        var use = use
        use.parts = proof.pieces.map { piece in
            var snippet = use.snippet
            snippet.position = piece.position
            snippet.expected = nil
            snippet.expectedLine = 0
            return SnippetUse.Part(snippet: snippet, firstCodeLine: piece.firstLine, codeLines: piece.lines, firstExpectedLine: 0, expectedLines: 0)
        }
        return use
    }

    /// A starter or solution that is not declarations only: it is a file other than main.swift
    /// in the learner's package, where statements and top-level variables are not allowed.
    static func proofAnswerProblems(_ uses: [SnippetUse]) -> [Diagnostic] {
        uses.compactMap { use -> Diagnostic? in
            guard let proof = use.snippet.proof, let (line, column) = SnippetCompiler.firstStatement(proof.answer(in: use.snippet.code)) else { return nil }
            return .error(.exerciseAnswer, "\(proof.subject) is not declarations only: in the learner's package it is Answer.swift, "
                          + "where a statement or a top-level variable is not allowed", at: use.location(codeLine: line, column: column),
                          suggestion: "keep functions, types and extensions in the \(proof.role.rawValue); a value can be a static property "
                            + "or a function's result, and statements belong in the check")
        }
    }

    /// Whether the proof's run says what it must: a starter that passes its check, or a solution
    /// that fails it (or crashes), is an error at the answer's block.
    static func verifyProof(_ outcome: SampleOutcome, proof: ExerciseProof, use: SnippetUse, report: inout Report) {
        let place = SourceLocation(path: use.path, line: use.snippet.position.line, column: use.snippet.position.column)
        let lines = SnippetGroups.lines(outcome.output)
        let passed = outcome.status.succeeded && lines.first == "pass"
        switch proof.role {
        case .starter where passed:
            report.diagnostics.append(.error(.exerciseProof, "\(proof.subject) passes its check: a learner who changes nothing would be told they are right",
                                             at: place, suggestion: "return a placeholder value at least one check rejects, or add the check the starter fails"))
        case .solution where !outcome.status.succeeded:
            report.diagnostics.append(.error(.exerciseProof, "\(proof.subject) \(outcome.status.explanation)" + stderrTail(outcome), at: place,
                                             suggestion: "fix the solution so that it runs every check to the end"))
        case .solution where !passed:
            let failed = lines.dropFirst().first.map(String.init) ?? "✗ (it printed \(lines.first.map { "'\($0)'" } ?? "nothing") instead of a verdict)"
            report.diagnostics.append(.error(.exerciseProof, "\(proof.subject) fails its check: \(failed)", at: place,
                                             suggestion: "fix the solution, or the check if it expects the wrong thing"))
        default:
            break
        }
    }
}

extension SnippetCompiler {
    /// The line and column (1-based) of the first top-level item of `code` that is not a
    /// declaration a file other than main.swift may hold (a statement, an expression, a `let` or
    /// `var`); nil when it has none, or does not parse (the compiler says why).
    static func firstStatement(_ code: String) -> (line: Int, column: Int)? {
        let file = Parser.parse(source: code)
        guard !file.hasError else { return nil }
        let converter = SourceLocationConverter(fileName: "Answer.swift", tree: file)
        for item in file.statements {
            if let decl = item.item.as(DeclSyntax.self), !decl.is(VariableDeclSyntax.self) { continue }
            let location = converter.location(for: item.positionAfterSkippingLeadingTrivia)
            return (location.line, location.column)
        }
        return nil
    }
}
