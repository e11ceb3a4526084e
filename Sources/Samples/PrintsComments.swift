import CourseModel
import Foundation

/// The `// Prints "…"` comments of a `{run}` snippet (the style of The Swift Programming
/// Language): what the text says the program prints, checked against what it printed when
/// course.yml has `check_prints: true`.
///
/// A comment stands on its own line or after code. Its text is quoted (`// Prints "🐱".`: the
/// quotes' `\"`, `\\` and `\n` unescaped, punctuation after the closing quote left out) or not
/// (`// Prints 42`); `// Prints two lines:` takes the comment lines after it (two of them, or all
/// that follow when no count is given) as lines printed one after the other.
public struct PrintsComment: Hashable, Sendable {
    /// The line (1-based) of the code the compiler saw, and the column (1-based) of its `//`.
    public var line: Int
    public var column: Int
    /// The lines it says the program prints, in order.
    public var lines: [String]
    public init(line: Int, column: Int, lines: [String]) { self.line = line; self.column = column; self.lines = lines }

    /// The comment's lines as one text, the way the message quotes them.
    public var text: String { lines.joined(separator: "\n") }
}

public enum PrintsComments {
    /// Every `// Prints` comment of `code`, in order.
    public static func parse(_ code: String) -> [PrintsComment] {
        let lines = SnippetGroups.lines(code).map(String.init)
        var comments: [PrintsComment] = []
        var inMultilineString = false
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            let lineNumber = index
            if line.components(separatedBy: "\"\"\"").count % 2 == 0 { inMultilineString.toggle(); continue }
            guard !inMultilineString, let (column, claim) = printsClaim(line) else { continue }
            if claim.first == "\"" {
                comments.append(PrintsComment(line: lineNumber, column: column, lines: quoted(claim)))
            } else if claim.hasSuffix(":") {
                // "two lines:", "lines:": the comment lines that follow are the printed ones.
                var count = lineCount(claim) ?? Int.max
                var printed: [String] = []
                while count > 0, index < lines.count, let text = commentText(lines[index]) {
                    printed.append(text)
                    index += 1
                    count -= 1
                }
                if !printed.isEmpty { comments.append(PrintsComment(line: lineNumber, column: column, lines: printed)) }
            } else if !claim.isEmpty {
                comments.append(PrintsComment(line: lineNumber, column: column, lines: [claim]))
            }
        }
        return comments
    }

    /// The column of a line's `// Prints` comment (outside string literals) and what follows
    /// `Prints`, trimmed.
    static func printsClaim(_ line: String) -> (column: Int, claim: String)? {
        let characters = Array(line)
        var inString = false, column = 0
        while column + 1 < characters.count {
            let character = characters[column]
            if inString {
                if character == "\\" { column += 2; continue }
                if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if character == "/" && characters[column + 1] == "/" {
                let after = String(characters[(column + 2)...]).drop { $0 == " " || $0 == "\t" }
                guard after.hasPrefix("Prints"), after.dropFirst(6).first.map({ $0 == " " || $0 == ":" }) ?? true else { return nil }
                return (column + 1, after.dropFirst(6).trimmingCharacters())
            }
            column += 1
        }
        return nil
    }

    /// The text of a line that is only a comment (`// one` → `one`), nil for any other line.
    static func commentText(_ line: String) -> String? {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard trimmed.hasPrefix("//") else { return nil }
        let text = trimmed.dropFirst(2)
        return String(text.first == " " ? text.dropFirst() : text)
    }

    /// "two lines:" → 2, "3 lines:" → 3; nil when the claim gives no count.
    static func lineCount(_ claim: String) -> Int? {
        let word = claim.prefix { $0 != " " && $0 != ":" }.lowercased()
        if let number = Int(word) { return number }
        let words = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
        return words.firstIndex(of: word).map { $0 + 1 }
    }

    /// The printed lines of a quoted claim: up to the closing quote (see `closes`), so that a
    /// quote inside the text (`"\(x) \ " \u{2603}".`, `"["a", "b"]".`) stays; the last quote
    /// when none closes.
    static func quoted(_ claim: String) -> [String] {
        let characters = Array(claim.dropFirst())
        var text = "", candidate: String?, index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "\\", index + 1 < characters.count, let escaped = ["\"": "\"", "\\": "\\", "n": "\n"][characters[index + 1]] {
                text.append(escaped)
                index += 2
                continue
            }
            if character == "\"" {
                if closes(characters[(index + 1)...]) { return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
                candidate = text
            }
            text.append(character)
            index += 1
        }
        return (candidate ?? text).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Whether a quote followed by `rest` closes the quoted text: at the line's end, before one
    /// last punctuation mark (`"🐱".`), or before a punctuation mark, a space and a word of the
    /// book's prose (`"hello, world", because …`; not `", "` between an array's strings).
    static func closes(_ rest: ArraySlice<Character>) -> Bool {
        guard let mark = rest.first else { return true }
        guard ".,;!?)".contains(mark) else { return false }
        let after = rest.dropFirst()
        guard let space = after.first else { return true }
        return space == " " && ",;.!?".contains(mark) && (after.dropFirst().first?.isLetter ?? false)
    }

    /// A comment that does not match: what the program printed at its place instead (as many
    /// lines as the comment has, fewer or none where its output ended), and the number (1-based)
    /// of that place's line in the output.
    public struct Mismatch: Hashable, Sendable {
        public var comment: PrintsComment
        public var printed: [String]
        public var outputLine: Int
    }

    /// Each comment's lines must follow one another in `output`, after the previous comment's
    /// match: the comments are an ordered subsequence of the output's lines (trailing spaces
    /// ignored). A comment not found is a mismatch at the first line not yet matched, and the
    /// next comment is looked for after the lines it stood for there.
    public static func mismatches(_ comments: [PrintsComment], output: String) -> [Mismatch] {
        let printed = SnippetGroups.lines(output).map { $0.trimmingTrailingWhitespace }
        var result: [Mismatch] = []
        var cursor = 0
        for comment in comments {
            let wanted = comment.lines.map { Substring($0).trimmingTrailingWhitespace }
            let last = printed.count - wanted.count
            if last >= cursor, let found = (cursor...last).first(where: { Array(printed[$0..<($0 + wanted.count)]) == wanted }) {
                cursor = found + wanted.count
                continue
            }
            let place = cursor..<min(printed.count, cursor + wanted.count)
            result.append(Mismatch(comment: comment, printed: printed[place].map(String.init), outputLine: cursor + 1))
            cursor = place.upperBound
        }
        return result
    }
}

extension SamplesStage {
    /// With `check_prints: true`, each `// Prints` comment of a `{run}` snippet that ran must
    /// state lines it printed, in the comments' order; a cached outcome is checked the same way.
    static func verifyPrints(_ outcome: SampleOutcome, snippet use: SnippetUse, report: inout Report) {
        let comments = PrintsComments.parse(use.snippet.code)
        guard !comments.isEmpty else { return }
        let outputLines = SnippetGroups.lines(outcome.output).count
        for mismatch in PrintsComments.mismatches(comments, output: outcome.output) {
            let comment = mismatch.comment
            let origin = use.origin(codeLine: comment.line)
            let printed = mismatch.printed.isEmpty
                ? "its output had ended (it printed \(outputLines) line\(outputLines == 1 ? "" : "s"))"
                : "at that place (line \(mismatch.outputLine) of its output) it printed " + quotedForMessage(mismatch.printed)
            let message = "this // Prints comment says the snippet prints " + quotedForMessage(comment.lines) + ", but " + printed
                + (origin.map { "; the listing comes from \($0)" } ?? "")
            let suggestion = mismatch.printed.count == 1 && comment.lines.count == 1
                ? "if the program is right, write // Prints \"\(swiftQuoted(mismatch.printed[0]))\"; if the comment is, fix the code"
                : "correct the comment to what the program prints, or fix the code"
            let actual = mismatch.printed.isEmpty ? nil : mismatch.printed.joined(separator: "\n")
            let diff = unifiedDiff(expected: comment.text + "\n", actual: actual.map { $0 + "\n" } ?? "",
                                   expectedName: "the // Prints comment", actualName: "what the snippet printed there")
            report.record(SnippetFailure(.prints, .error(.printsComment, message, at: use.location(codeLine: comment.line, column: comment.column),
                                                         suggestion: suggestion),
                                         use: use, origin: origin, expected: comment.text, actual: actual, diff: diff))
        }
    }

    /// `"one line"`, or several lines each quoted on its own, control characters shown escaped.
    static func quotedForMessage(_ lines: [String]) -> String {
        lines.map { "\"" + escapingControls($0) + "\"" }.joined(separator: " then ")
    }

    /// A line as a `// Prints "…"` comment quotes it: backslashes and quotes escaped.
    static func swiftQuoted(_ line: String) -> String {
        escapingControls(line.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))
    }
}

private extension Substring {
    var trimmingTrailingWhitespace: Substring {
        var copy = self
        while let last = copy.last, last == " " || last == "\t" || last == "\r" { copy.removeLast() }
        return copy
    }
}
