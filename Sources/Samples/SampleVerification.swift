import CourseModel
import Foundation

/// Checking what ran against what the course expects, and `--bless` writing it back.
extension SamplesStage {
    static func verify(_ outcome: SampleOutcome, target: SampleTarget, package: SamplesPackage, options: Options, report: inout Report) {
        let settings = target.settings
        let mainFile = target.files.first(where: { $0.name == "main.swift" }) ?? target.files.first
        let place = SourceLocation(path: package.root + "/" + (mainFile?.path ?? target.folder), line: 1, column: 1)
        let name = outcome.id.description
        if !settings.expectFailure && !outcome.status.succeeded {
            report.diagnostics.append(.error(.sampleFailed, "sample '\(name)' \(outcome.status.explanation)" + stderrTail(outcome), at: place,
                                             suggestion: "if failing is the point of the sample, set expect_failure: true for it in samples.yml"))
            return
        }
        if settings.expectFailure && outcome.status.succeeded {
            report.diagnostics.append(.error(.sampleFailed, "sample '\(name)' is marked expect_failure but exited with status 0", at: place))
            return
        }
        guard settings.deterministic else { return }
        // What a stopped program printed depends on when it was stopped: nothing to compare.
        switch outcome.status {
        case .timedOut, .outputOverflow: return
        default: break
        }
        verifyFigures(outcome, target: target, package: package, options: options, report: &report)
        let file = SamplesPackage.expectedFileName(target.name, locale: outcome.id.locale)
        let expectedPath = package.outputsFolder + "/" + file
        let expected = package.expected[file]
        if expected == outcome.output { return }
        if options.bless {
            do {
                try FileManager.default.createDirectory(atPath: package.outputsFolder, withIntermediateDirectories: true)
                try Data(outcome.output.utf8).write(to: URL(fileURLWithPath: expectedPath))
                report.blessed.append(expectedPath)
                // What this build goes on to make (the downloads' Outputs/, their READMEs) says
                // what was just recorded, not what the file held before.
                report.package?.expected[file] = outcome.output
            } catch {
                report.diagnostics.append(.error(.blessWrite, "cannot write \(expectedPath): \(error.localizedDescription)", at: place))
            }
            return
        }
        guard let expected else {
            report.diagnostics.append(.error(.sampleOutput, "sample '\(name)' has no expected output (\(expectedPath) does not exist)", at: place,
                                             suggestion: "check what it prints, then record it with: primer build --bless"))
            return
        }
        let diff = unifiedDiff(expected: expected, actual: outcome.output, expectedName: expectedPath, actualName: "what '\(name)' printed")
        report.diagnostics.append(.error(.sampleOutput, "sample '\(name)' printed something else than expected:\n" + diff,
                                         at: SourceLocation(path: expectedPath, line: 1, column: 1),
                                         suggestion: "if the new output is right, record it with: primer build --bless"))
    }

    static func stderrTail(_ outcome: SampleOutcome) -> String {
        let text = outcome.errorTail.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return "" }
        return "; the end of its stderr:\n" + tail(text, lines: 12).split(separator: "\n", omittingEmptySubsequences: false)
            .map { "    | " + escapingControls($0) }.joined(separator: "\n")
    }

    /// A line a sample wrote, safe to print on the author's terminal: control characters (an
    /// escape sequence could move the cursor, retitle the window or hide text) are shown as
    /// `\u{1B}`, tabs kept.
    static func escapingControls<S: StringProtocol>(_ line: S) -> String {
        ControlCharacters.escaping(line)
    }

    // MARK: Inline snippets

    static func verify(_ outcome: SampleOutcome, snippet use: SnippetUse, options: Options, report: inout Report) {
        let place = SourceLocation(path: use.path, line: use.snippet.position.line, column: use.snippet.position.column)
        if !outcome.status.succeeded {
            report.record(SnippetFailure(.crash, .error(.sampleFailed, "this snippet\(use.originNote(codeLine: 1)) \(outcome.status.explanation)" + stderrTail(outcome), at: place),
                                         use: use, origin: use.origin(codeLine: 1), expected: use.snippet.expected,
                                         actual: outcome.output + outcome.errorTail, summary: "this snippet \(outcome.status.explanation)"))
            return
        }
        if options.checkPrints { verifyPrints(outcome, snippet: use, report: &report) }
        guard let expected = use.snippet.expected, !sameOutput(expected, outcome.output) else { return }
        if !use.parts.isEmpty {
            verifyGroupOutput(outcome, expected: expected, use: use, report: &report)
            return
        }
        if let question = use.snippet.question {
            report.record(SnippetFailure(.output, questionMismatch(question, stated: expected, actual: outcome.output, use: use),
                                         use: use, origin: use.snippet.origin, expected: expected, actual: outcome.output))
            return
        }
        let outputPlace = SourceLocation(path: use.path, line: use.snippet.expectedLine, column: 1)
        if options.bless {
            report.snippetBlessings.append(SnippetBlessing(use: use, text: outcome.output))
            return
        }
        let diff = unifiedDiff(expected: expected, actual: outcome.output, expectedName: "the output block", actualName: "what the snippet printed")
        report.record(SnippetFailure(.output, .error(.sampleOutput, "this snippet printed something else than its output block:\n" + diff, at: outputPlace,
                                                     suggestion: "if the new output is right, record it with: primer build --bless"),
                                     use: use, origin: use.snippet.origin, expected: expected, actual: outcome.output, diff: diff))
    }

    /// A question's correct choice is not what its code printed (`--bless` does not write a
    /// question's answer: the author chooses it).
    static func questionMismatch(_ question: QuestionProof, stated: String, actual: String, use: SnippetUse) -> Diagnostic {
        func quoted(_ text: String) -> String {
            let lines = outputLines(text)
            return lines.count > 1 ? "\n" + lines.map { "    " + $0 }.joined(separator: "\n") + "\n" : "`\(lines.first ?? "")`"
        }
        let printed = actual.isEmpty ? "nothing" : quoted(actual)
        return .error(.questionAnswer, "the correct choice of \(question.name) says \(quoted(stated)), but the code prints \(printed)",
                      at: SourceLocation(path: use.path, line: question.answer.line, column: question.answer.column),
                      suggestion: "write what the code prints as the correct choice's code (a ```text block for several lines), or change the code")
    }

    /// A snippet's output block and what it printed, line by line, spaces and tabs at a line's end
    /// set aside: a Markdown editor drops them from the block, and a reader cannot see them.
    static func sameOutput(_ expected: String, _ printed: String) -> Bool {
        expected == printed || outputLines(expected) == outputLines(printed)
    }

    /// A block's lines without the spaces and tabs at their ends.
    static func outputLines(_ text: String) -> [Substring] {
        SnippetGroups.lines(text).map { line in line[..<(line.lastIndex { $0 != " " && $0 != "\t" }.map(line.index(after:)) ?? line.startIndex)] }
    }

    /// A group printed something else than its parts' output blocks: the place is the first line
    /// that differs, in the block that holds it. `--bless` cannot tell which block a line of the
    /// program's output belongs to, so it writes none of them.
    static func verifyGroupOutput(_ outcome: SampleOutcome, expected: String, use: SnippetUse, report: inout Report) {
        let wanted = outputLines(expected), got = outputLines(outcome.output)
        let first = (0..<min(wanted.count, got.count)).first { wanted[$0] != got[$0] } ?? min(wanted.count, got.count)
        let diff = unifiedDiff(expected: expected, actual: outcome.output, expectedName: "the group's output blocks, joined",
                               actualName: "what the group's program printed")
        report.record(SnippetFailure(.output, .error(.sampleOutput, "the snippets of group '\(use.snippet.group ?? "")'\(use.originNote(codeLine: 1)) printed something else than their output blocks:\n" + diff,
                                                     at: use.expectedLocation(line: first),
                                                     suggestion: "if the new output is right, write it into the output blocks of the group's snippets (primer build --bless does not split a group's output)"),
                                     use: use, origin: use.origin(expectedLine: first), expected: expected, actual: outcome.output, diff: diff))
    }

    /// Writes `text` as the body of the snippet's ```output (or ```error) block in the chapter
    /// file, adding the block after the snippet when it has none.
    static func blessSnippet(_ use: SnippetUse, text: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: use.path) else { return false }
        var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func fence(at index: Int) -> (indent: String, fence: String)? {
            guard index >= 0, index < lines.count else { return nil }
            let indent = String(lines[index].prefix(while: { $0 == " " || $0 == ">" }))
            let rest = lines[index].dropFirst(indent.count)
            let fence = String(rest.prefix(while: { $0 == "`" || $0 == "~" }))
            return fence.count >= 3 ? (indent, fence) : nil
        }
        func closing(after open: Int, _ fence: String) -> Int? {
            lines[(open + 1)...].firstIndex(where: { $0.drop(while: { $0 == " " || $0 == ">" }).hasPrefix(fence) })
        }
        var body = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if body.last == "" { body.removeLast() }
        if use.snippet.expectedLine > 0 {
            let open = use.snippet.expectedLine - 1
            guard let (indent, marker) = fence(at: open), let close = closing(after: open, marker) else { return false }
            lines.replaceSubrange((open + 1)..<close, with: body.map { ($0.isEmpty ? indent.trimmingTrailingSpaces : indent) + $0 })
        } else {
            let open = use.snippet.position.line - 1
            guard let (indent, marker) = fence(at: open), let close = closing(after: open, marker) else { return false }
            let language = use.snippet.mode == .fails ? "error" : "output"
            let block = [indent.trimmingTrailingSpaces, indent + marker + language] + body.map { ($0.isEmpty ? indent.trimmingTrailingSpaces : indent) + $0 }
                + [indent + marker]
            lines.insert(contentsOf: block, at: close + 1)
        }
        return (try? Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: use.path))) != nil
    }

    /// Writes the blessed blocks of each chapter from its last snippet to its first, so that a
    /// block that grows or appears never moves the lines of the ones still to be written.
    static func applyBlessings(_ report: inout Report) {
        let ordered = report.snippetBlessings.sorted { ($0.use.path, $1.use.snippet.position.line) < ($1.use.path, $0.use.snippet.position.line) }
        for blessing in ordered {
            let use = blessing.use, text = blessing.text
            if blessSnippet(use, text: text) {
                if !report.blessed.contains(use.path) { report.blessed.append(use.path) }
            } else {
                let line = use.snippet.expectedLine > 0 ? use.snippet.expectedLine : use.snippet.position.line
                report.diagnostics.append(.error(.blessWrite, "cannot write the snippet's \(use.snippet.mode == .fails ? "error" : "output") block",
                                                 at: SourceLocation(path: use.path, line: line, column: 1)))
            }
        }
        report.snippetBlessings = []
    }
}

private extension String {
    var trimmingTrailingSpaces: String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
