import CourseModel

/// A snippet that failed its check, as the build reports it and `primer check --report FILE.json`
/// writes it: a book's maintainer can see each failing listing, where it came from, what was
/// expected and what happened.
public struct SnippetFailure: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A `{run}` or `{compile}` snippet does not compile.
        case compile
        /// A `{run}` snippet printed something else than its output block(s).
        case output
        /// A `// Prints` comment states a line the snippet does not print there.
        case prints
        /// A `{run}` snippet exited with a failure, a signal, or was stopped.
        case crash
        /// A `{fails}` snippet fails, but not with the errors its error block quotes.
        case failsMismatch = "fails-mismatch"
        /// A `{fails}` snippet compiles.
        case failsCompiles = "fails-compiles"
    }
    public var kind: Kind
    /// The error printed for it, at the chapter's place.
    public var diagnostic: Diagnostic
    /// The `from="PATH:LINE"` place in the imported book, when the snippet has one.
    public var origin: String?
    public var group: String?
    public var expected: String?
    public var actual: String?
    /// A unified diff of `expected` and `actual`.
    public var diff: String?
    /// What the report says: the message's first line (a diff or stderr follows it in the printed error).
    public var summary: String

    init(_ kind: Kind, _ diagnostic: Diagnostic, use: SamplesStage.SnippetUse, origin: String?, expected: String? = nil, actual: String? = nil,
         diff: String? = nil, summary: String? = nil) {
        self.kind = kind; self.diagnostic = diagnostic; self.origin = origin; self.group = use.snippet.group
        self.expected = expected; self.actual = actual; self.diff = diff
        var line = diagnostic.message.prefix { $0 != "\n" }
        if diagnostic.message.contains("\n"), line.last == ":" { line.removeLast() }
        self.summary = summary ?? String(line)
    }
}

/// How the checked snippets (a group counts once) fared: the line `primer check` ends with when
/// the course has `from=` snippets or `check_prints: true`.
public struct TestTally: Hashable, Sendable {
    public var passed = 0, failedToCompile = 0, printedSomethingElse = 0, crashed = 0
    /// `{fails}` snippets that compiled, or failed with other errors than their blocks quote.
    public var failedOtherwise = 0
    public init() {}

    /// "tests: 412 passed, 3 failed to compile, 5 printed something else, 1 crashed at run time, 9 Apple-only (not run on Linux)"
    public func summary(_ listings: ListingTally) -> String {
        "tests: \(passed) passed, \(failedToCompile) failed to compile, \(printedSomethingElse) printed something else, \(crashed) crashed at run time, "
            + (failedOtherwise > 0 ? "\(failedOtherwise) did not fail as their error blocks say, " : "")
            + "\(listings.appleOnly) Apple-only (not run on Linux)"
            + (listings.severalModules > 0 ? ", \(listings.severalModules) needing another test's module (not checked)" : "")
    }

    /// Counts a snippet by the failures its check found (the first kind that applies); another
    /// error about it (a figure drawn differently) counts as printing something else.
    mutating func count(_ kinds: Set<SnippetFailure.Kind>, otherErrors: Bool) {
        if kinds.contains(.compile) {
            failedToCompile += 1
        } else if kinds.contains(.crash) {
            crashed += 1
        } else if kinds.contains(.output) || kinds.contains(.prints) {
            printedSomethingElse += 1
        } else if kinds.contains(.failsMismatch) || kinds.contains(.failsCompiles) {
            failedOtherwise += 1
        } else if otherErrors {
            printedSomethingElse += 1
        } else {
            passed += 1
        }
    }
}

/// `primer check --report FILE.json`: every failing snippet, sorted by place, and the tally.
public enum SnippetReport {
    public static func json(_ failures: [SnippetFailure], tests: TestTally, listings: ListingTally) -> String {
        let sorted = failures.sorted { a, b in
            let (x, y) = (a.diagnostic.location ?? SourceLocation(path: ""), b.diagnostic.location ?? SourceLocation(path: ""))
            return (x.path, x.line, x.column, a.kind.rawValue, a.summary) < (y.path, y.line, y.column, b.kind.rawValue, b.summary)
        }
        let figures: [(String, Int)] = [("passed", tests.passed), ("failed_to_compile", tests.failedToCompile),
                                        ("printed_something_else", tests.printedSomethingElse), ("crashed", tests.crashed),
                                        ("failed_otherwise", tests.failedOtherwise), ("apple_only", listings.appleOnly),
                                        ("several_modules", listings.severalModules)]
        var out = "{\n  \"tests\": {" + figures.map { "\(doubleQuoted($0.0)): \($0.1)" }.joined(separator: ", ") + "},\n  \"failures\": ["
        out += sorted.isEmpty ? "" : "\n"
        out += sorted.map { failure in
            let place = failure.diagnostic.location
            let fields: [(String, String)] = [
                ("chapter", place.map { doubleQuoted($0.path) } ?? "null"), ("line", place.map { "\($0.line)" } ?? "null"),
                ("from", optional(failure.origin)), ("group", optional(failure.group)), ("kind", doubleQuoted(failure.kind.rawValue)),
                ("message", doubleQuoted(failure.summary)), ("expected", optional(failure.expected)), ("actual", optional(failure.actual)),
                ("diff", optional(failure.diff)),
            ]
            return "    {" + fields.map { "\(doubleQuoted($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
        }.joined(separator: ",\n")
        out += sorted.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return out
    }

    static func optional(_ text: String?) -> String { text.map(doubleQuoted) ?? "null" }
}

extension SamplesStage.Report {
    /// A failed check: its error, and its record for the report.
    mutating func record(_ failure: SnippetFailure) {
        diagnostics.append(failure.diagnostic)
        failures.append(failure)
    }
}

extension SamplesStage.SnippetUse {
    /// The `from=` place of the block holding a line (0-based) of the joined expected text.
    func origin(expectedLine line: Int) -> String? {
        (part(ofExpectedLine: line) ?? parts.first)?.snippet.origin ?? snippet.origin
    }

    /// Whether the tally line and the report are for this course: it imported listings with
    /// `from=`, or checks `// Prints` comments.
    var hasOrigin: Bool { snippet.origin != nil || parts.contains { $0.snippet.origin != nil } }
}
