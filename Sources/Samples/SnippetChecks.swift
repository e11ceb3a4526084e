import CourseModel
import Foundation

/// The inline snippets' part of the samples stage: compile what the cache lacks (see
/// `SnippetCompiler`), and check `{fails}` snippets against the errors their text quotes.
extension SamplesStage {
    struct CompiledSnippets {
        /// `{run}` snippets that compiled: run with the samples.
        var runnable: [Job] = []
        /// What the compiler warned about each runnable one, kept with its run's outcome.
        var warnings: [String: [CompilerWarning]] = [:]
        /// `{compile}` and `{fails}` snippets whose check is complete: cached and verified.
        var checked: [(Job, SampleOutcome)] = []
        var diagnostics: [Diagnostic] = []
        /// The snippets that did not compile (their errors are among `diagnostics` too).
        var failures: [SnippetFailure] = []
    }

    static func compileSnippets(_ jobs: [Job], snippets: [String: Snippet], uses: [SnippetUse], folder: String, timeout: Double,
                                libraries: [String: SnippetCompiler.Libraries] = [:]) -> CompiledSnippets {
        var result = CompiledSnippets()
        if let problem = SnippetCompiler.prepare(folder, reading: libraries.values.flatMap { [$0.modules] + $0.objectFolders }) {
            result.diagnostics.append(.error(.samplesBuild, "the inline snippets cannot be compiled: " + problem, at: SourceLocation(path: folder)))
            return result
        }
        let jobsByName = Dictionary(jobs.map { ($0.id.name, $0) }, uniquingKeysWith: { a, _ in a })
        // Declaration-only {compile} snippets are checked together first.
        var merged: [(name: String, code: String)] = []
        for job in jobs where libraries[job.id.name] == nil {
            guard let snippet = snippets[job.id.name], snippet.mode == .compile,
                  let code = SnippetCompiler.mergeableCode(snippet.code) else { continue }
            merged.append((job.id.name, code))
        }
        let passed = SnippetCompiler.merged(merged, folder: folder, timeout: timeout)
        for name in passed.sorted() {
            guard let job = jobsByName[name] else { continue }
            result.checked.append((job, SampleOutcome(id: job.id, status: .exited(0), output: "", errorTail: "", seconds: 0, cached: false)))
        }
        // Everything else on its own, in parallel.
        let alone = jobs.filter { !passed.contains($0.id.name) }
        let compiled = parallelMap(alone) { job -> (Job, SnippetCompiler.Result) in
            let snippet = snippets[job.id.name]!
            // A program whose entry point is an `@main` type is compiled as a file other than
            // main.swift, as a reader must; a {fails} snippet is still a main.swift, where
            // `@main` is the error it shows.
            let asLibrary = snippet.mode != .fails && SnippetCompiler.declaresMain(snippet.code)
            return (job, SnippetCompiler.standalone(name: job.id.name, code: snippet.code, folder: folder,
                                                    binary: snippet.mode == .run ? job.executable : nil, timeout: timeout,
                                                    libraries: libraries[job.id.name], asLibrary: asLibrary))
        }
        for (job, outcome) in compiled {
            let snippet = snippets[job.id.name]!
            switch snippet.mode {
            case .fails where !outcome.timedOut:
                // What the compiler said is the outcome: cached like a run's output, compared below.
                let errors = outcome.messages.filter { $0.severity == "error" }.map(\.quoted)
                let text = errors.isEmpty ? outcome.otherOutput : errors.joined(separator: "\n") + "\n"
                result.checked.append((job, SampleOutcome(id: job.id, status: .exited(outcome.succeeded ? 0 : 1), output: text,
                                                          errorTail: "", seconds: 0, cached: false)))
            case .run where outcome.succeeded:
                result.runnable.append(job)
                if !outcome.warnings.isEmpty { result.warnings[job.id.name] = outcome.warnings }
            case .compile where outcome.succeeded:
                result.checked.append((job, SampleOutcome(id: job.id, status: .exited(0), output: "", errorTail: "", seconds: 0, cached: false,
                                                          warnings: outcome.warnings)))
            default:
                for use in uses where use.snippet.targetName == job.id.name {
                    let failures = compileFailure(outcome, use: use, timeout: timeout)
                    result.diagnostics += failures.map(\.diagnostic)
                    result.failures += failures
                }
            }
        }
        return result
    }

    /// A snippet's compiler messages at the chapter's lines: the code starts on the line after
    /// the opening fence, and a quote's `> ` or a list's indentation moves its columns.
    static func compileFailure(_ outcome: SnippetCompiler.Result, use: SnippetUse, timeout: Double) -> [SnippetFailure] {
        let opening = SourceLocation(path: use.path, line: use.snippet.position.line, column: use.snippet.position.column)
        if outcome.timedOut {
            return [SnippetFailure(.compile, .error(.snippetCompile, "compiling this snippet took more than \(timeout.formatted()) s and was stopped", at: opening,
                                                    suggestion: "raise build_timeout in samples.yml if it really takes this long"),
                                   use: use, origin: use.origin(codeLine: 1))]
        }
        var result: [SnippetFailure] = []
        for message in outcome.messages where message.severity == "error" {
            let place = use.location(codeLine: message.line, column: message.column)
            let what = use.snippet.proof.map { "\($0.subject) does not compile with its check" }
                ?? (use.snippet.mode == .run ? "this {run} snippet does not compile" : "this {compile} snippet does not compile")
            result.append(SnippetFailure(.compile, .error(.snippetCompile, "\(what)\(use.originNote(codeLine: message.line)): \(message.text)", at: place,
                                                          suggestion: "setup the reader need not see can go between // snippet.hide and // snippet.show lines"),
                                         use: use, origin: use.origin(codeLine: message.line), actual: message.quoted))
        }
        if result.isEmpty {
            result.append(SnippetFailure(.compile, .error(.snippetCompile, "this snippet did not compile:\n" + tail(outcome.otherOutput, lines: 12), at: opening),
                                         use: use, origin: use.origin(codeLine: 1), actual: outcome.otherOutput))
        }
        return result
    }

    /// What the compiler warned about a `{run}` or `{compile}` snippet, at the chapter's lines.
    static func compileWarnings(_ outcome: SampleOutcome, use: SnippetUse) -> [Diagnostic] {
        guard use.snippet.mode != .fails else { return [] }
        return outcome.warnings.map { warning in
            let place = use.location(codeLine: warning.line, column: warning.column)
            let what = use.snippet.proof?.subject ?? "this {\(use.snippet.mode.rawValue)} snippet"
            return .warning(.snippetWarning, "\(what) compiles with a warning: \(warning.text)", at: place,
                            suggestion: "a reader who copies it sees the same warning; change the code as it says")
        }
    }

    /// An error line without the diagnostic group the compiler names after it since Swift 6.1
    /// (`… do not have matching underlying types [#OpaqueTypeInference]`): a quote written
    /// before, or by another compiler, still matches.
    static func withoutDiagnosticGroup(_ line: String) -> String {
        guard line.hasSuffix("]"), let open = line.range(of: " [#", options: .backwards) else { return line }
        let name = line[open.upperBound..<line.index(before: line.endIndex)]
        return name.allSatisfy({ $0.isLetter || $0.isNumber }) ? String(line[..<open.lowerBound]) : line
    }

    /// A `{fails}` snippet must not compile, and must fail with every error its ```error block quotes.
    static func verifyFailure(_ outcome: SampleOutcome, snippet use: SnippetUse, options: Options, report: inout Report) {
        let place = SourceLocation(path: use.path, line: use.snippet.position.line, column: use.snippet.position.column)
        if outcome.status.succeeded {
            report.record(SnippetFailure(.failsCompiles, .error(.expectedFailure, "this {fails} snippet\(use.originNote(codeLine: 1)) compiles: the error its text explains does not happen",
                                                                 at: place, suggestion: "check the code against the text, or mark it {compile} if it should compile"),
                                         use: use, origin: use.origin(codeLine: 1), expected: use.snippet.expected))
            return
        }
        let actual = outcome.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let quoted = (use.snippet.expected ?? "").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let given = Set(actual.map(withoutDiagnosticGroup))
        let missing = quoted.filter { !given.contains(withoutDiagnosticGroup($0)) }
        if let question = use.snippet.question {
            verifyQuestion(question, missing: missing, given: given, actual: actual, use: use, report: &report)
            return
        }
        if !quoted.isEmpty && missing.isEmpty { return }
        if options.bless && use.parts.isEmpty {
            report.snippetBlessings.append(SnippetBlessing(use: use, text: outcome.output))
            return
        }
        let said = "the compiler says:\n" + actual.map { "    " + $0 }.joined(separator: "\n")
        let diff = unifiedDiff(expected: use.snippet.expected ?? "", actual: outcome.output, expectedName: "the error block", actualName: "what the compiler said")
        func failure(_ diagnostic: Diagnostic, expectedLine: Int) -> SnippetFailure {
            SnippetFailure(.failsMismatch, diagnostic, use: use, origin: use.origin(expectedLine: expectedLine),
                           expected: use.snippet.expected, actual: outcome.output, diff: diff)
        }
        if quoted.isEmpty {
            report.record(failure(.error(.expectedFailure, "this {fails} snippet has no ```error block quoting the error it must give; " + said,
                                         at: place, suggestion: "add the block after the snippet, or let primer build --bless write it"), expectedLine: 0))
        } else {
            let firstMissing = use.snippet.expected.map { SnippetGroups.lines($0) }?
                .firstIndex { missing.contains($0.trimmingCharacters(in: .whitespaces)) } ?? 0
            let at = use.expectedLocation(line: firstMissing)
            report.record(failure(.error(.expectedFailure, "this {fails} snippet\(use.originNote(codeLine: 1)) fails, but not with "
                                         + missing.map { "'\($0)'" }.joined(separator: ", ") + "; " + said,
                                         at: at, suggestion: "if the compiler's wording is right, record it with primer build --bless"),
                                  expectedLine: firstMissing))
        }
    }
}

extension SamplesStage {
    /// A `{fails}` question's correct choice must be one of the compiler's errors, and none of its
    /// wrong choices may be (each reported at its choice; `--bless` leaves a question alone).
    static func verifyQuestion(_ question: QuestionProof, missing: [String], given: Set<String>, actual: [String], use: SnippetUse,
                               report: inout Report) {
        let said = "the compiler says:\n" + actual.filter { $0.hasPrefix("error: ") }.map { "    " + $0 }.joined(separator: "\n")
        func message(_ line: String) -> String { String(line.dropFirst(line.hasPrefix("error: ") ? 7 : 0)) }
        for line in missing {
            report.record(SnippetFailure(.failsMismatch, .error(.questionAnswer, "the correct choice of \(question.name) says `\(message(line))`, but that is not an error the code gives; " + said,
                                                                at: SourceLocation(path: use.path, line: question.answer.line, column: question.answer.column),
                                                                suggestion: "write one of the compiler's messages, verbatim and without `error: `, as the correct choice's code"),
                                         use: use, origin: use.snippet.origin, expected: use.snippet.expected, actual: actual.joined(separator: "\n")))
        }
        for wrong in question.mustNotSay where given.contains(withoutDiagnosticGroup(wrong.text)) {
            report.record(SnippetFailure(.failsMismatch, .error(.questionWrongChoice, "a wrong choice of \(question.name) says `\(message(wrong.text))`, which is an error the code gives: that choice is right too",
                                                                at: SourceLocation(path: use.path, line: wrong.position.line, column: wrong.position.column),
                                                                suggestion: "make the wrong choice a message the compiler does not give, or change the code"),
                                         use: use, origin: use.snippet.origin, expected: use.snippet.expected, actual: actual.joined(separator: "\n")))
        }
    }
}

/// Figures a sample or `{run}` snippet draws: compared file by file with the recorded ones in
/// `Figures/<sample>[.<locale>]/` (a snippet's: `Figures/<its id>.<locale>/`).
extension SamplesStage {
    static func verifyFigures(_ outcome: SampleOutcome, target: SampleTarget, package: SamplesPackage, options: Options, report: inout Report) {
        let folder = SamplesPackage.figureFolderName(target.name, locale: outcome.id.locale)
        verifyFigures(outcome.figures, folder: folder, what: "sample '\(outcome.id)'", options: options, report: &report)
    }

    static func verifyFigures(_ outcome: SampleOutcome, snippet use: SnippetUse, options: Options, report: inout Report) {
        guard let id = use.snippet.id else {
            guard !outcome.figures.isEmpty else { return }
            report.diagnostics.append(.error(.figureChanged, "this snippet drew " + outcome.figures.keys.sorted().joined(separator: ", ")
                                             + ", but has no id to record them under",
                                             at: SourceLocation(path: use.path, line: use.snippet.position.line, column: use.snippet.position.column),
                                             suggestion: "give it one ({run #fig-source-name}) and show a drawing with ![caption](snippet:fig-source-name/FILE.svg)"))
            return
        }
        verifyFigures(outcome.figures, folder: "\(id).\(use.locale.rawValue)", what: "snippet '\(id)'", options: options, report: &report)
    }

    static func verifyFigures(_ drawn: [String: [UInt8]], folder folderName: String, what: String, options: Options, report: inout Report) {
        let folder = options.figuresFolder + "/" + folderName
        let expected = options.figures[folderName] ?? [:]
        guard expected != drawn else { return }
        if options.bless {
            let fm = FileManager.default
            do {
                try? fm.removeItem(atPath: folder)
                if !drawn.isEmpty {
                    try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
                    for (file, bytes) in drawn { try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + file)) }
                }
                report.blessed.append(folder)
            } catch {
                report.diagnostics.append(.error(.blessWrite, "cannot write \(folder): \(error.localizedDescription)", at: SourceLocation(path: folder)))
            }
            return
        }
        let suggestion = "if the new drawing is right, record it with: primer build --bless"
        for file in Set(expected.keys).union(drawn.keys).sorted() {
            let path = folder + "/" + file
            switch (expected[file], drawn[file]) {
            case (nil, .some):
                report.diagnostics.append(.error(.figureChanged, "\(what) drew \(file), which is not recorded in \(folder)/",
                                                 at: SourceLocation(path: path), suggestion: suggestion))
            case (.some, nil):
                report.diagnostics.append(.error(.figureChanged, "\(what) no longer draws \(file) (recorded in \(folder)/)",
                                                 at: SourceLocation(path: path), suggestion: suggestion))
            case (.some(let old), .some(let new)) where old != new:
                var detail = "\(old.count) bytes recorded, \(new.count) drawn"
                if file.hasSuffix(".svg") {
                    detail = unifiedDiff(expected: String(decoding: old, as: UTF8.self), actual: String(decoding: new, as: UTF8.self),
                                         expectedName: path, actualName: "what \(what) drew")
                }
                report.diagnostics.append(.error(.figureChanged, "\(what) drew \(file) differently from the recorded one:\n" + detail,
                                                 at: SourceLocation(path: path, line: 1, column: 1), suggestion: suggestion))
            default: break
            }
        }
    }
}
