import CourseModel

/// Snippets of one group (`group="NAME"`, per chapter file) are one program: their code joined
/// in document order, their output (or error) blocks joined as what it must print (or give).
/// The stage checks one `SnippetUse` for the group; its `parts` map the program's lines back to
/// the blocks they came from.
extension SamplesStage.SnippetUse {
    /// A block of a group, and where its code and expected lines sit in the joined program.
    public struct Part: Sendable {
        public var snippet: Snippet
        /// The program's line (1-based) where this part's code starts, and how many lines it has.
        public var firstCodeLine: Int
        public var codeLines: Int
        /// The joined expected text's line (0-based) where this part's block starts, and its length.
        public var firstExpectedLine: Int
        public var expectedLines: Int
    }

    /// The chapter's place of a line (1-based) and column of the code the compiler saw.
    public func location(codeLine: Int, column: Int) -> SourceLocation {
        guard let part = part(ofCodeLine: codeLine) else {
            return SourceLocation(path: path, line: snippet.position.line + codeLine, column: column + snippet.position.column - 1)
        }
        let position = part.snippet.position
        return SourceLocation(path: path, line: position.line + codeLine - part.firstCodeLine + 1, column: column + position.column - 1)
    }

    /// The `from="PATH:LINE"` of the block that holds a line of the program, if it has one.
    public func origin(codeLine: Int) -> String? {
        part(ofCodeLine: codeLine)?.snippet.origin ?? snippet.origin
    }

    /// " (from PATH:LINE)", the original book's place, or nothing for a snippet written in the course.
    func originNote(codeLine: Int) -> String {
        origin(codeLine: codeLine).map { " (from \($0))" } ?? ""
    }

    /// The part whose block holds a line (0-based) of the joined expected text: the last part
    /// with a block that starts at or before it, else the first part with a block.
    func part(ofExpectedLine line: Int) -> Part? {
        parts.last { $0.expectedLines > 0 && line >= $0.firstExpectedLine } ?? parts.first { $0.expectedLines > 0 }
    }

    func part(ofCodeLine line: Int) -> Part? {
        guard let last = parts.last else { return nil }
        return parts.first { line >= $0.firstCodeLine && line < $0.firstCodeLine + $0.codeLines }
            ?? (line < 1 ? parts.first : last)
    }

    /// The chapter's place of a line (0-based) of the joined expected text: in the part's block,
    /// or at the part's opening fence when it has none.
    func expectedLocation(line: Int) -> SourceLocation {
        guard !parts.isEmpty else { return SourceLocation(path: path, line: snippet.expectedLine, column: 1) }
        guard let part = part(ofExpectedLine: line), part.expectedLines > 0, part.snippet.expectedLine > 0 else {
            return SourceLocation(path: path, line: parts[0].snippet.position.line, column: parts[0].snippet.position.column)
        }
        return SourceLocation(path: path, line: part.snippet.expectedLine + 1 + min(line - part.firstExpectedLine, part.expectedLines - 1), column: 1)
    }
}

enum SnippetGroups {
    /// The uses with each group's blocks made one use (at the place of its first block); a block
    /// whose mode is not its group's first block's is an error there.
    static func fold(_ uses: [SamplesStage.SnippetUse]) -> (uses: [SamplesStage.SnippetUse], diagnostics: [Diagnostic]) {
        var result: [SamplesStage.SnippetUse] = []
        var diagnostics: [Diagnostic] = []
        var members: [String: [SamplesStage.SnippetUse]] = [:]
        var order: [String] = []
        for use in uses {
            guard let group = use.snippet.group else { result.append(use); continue }
            let key = use.path + "\u{0}" + group
            if members[key] == nil { order.append(key) }
            members[key, default: []].append(use)
        }
        for key in order {
            let parts = members[key]!.sorted { $0.snippet.position.line < $1.snippet.position.line }
            let first = parts[0]
            var consistent: [SamplesStage.SnippetUse] = []
            for use in parts {
                if use.snippet.mode == first.snippet.mode { consistent.append(use); continue }
                diagnostics.append(.error(.blockAttributes,
                                          "this {\(use.snippet.mode.rawValue)} block is in group '\(first.snippet.group!)', whose first block (line \(first.snippet.position.line)) is {\(first.snippet.mode.rawValue)}",
                                          at: SourceLocation(path: use.path, line: use.snippet.position.line, column: use.snippet.position.column),
                                          suggestion: "the blocks of one group are one program: mark them all {\(first.snippet.mode.rawValue)}, or give this one another group"))
            }
            result.append(joined(consistent))
        }
        return (result, diagnostics)
    }

    static func joined(_ parts: [SamplesStage.SnippetUse]) -> SamplesStage.SnippetUse {
        let first = parts[0]
        var code: [Substring] = []
        var expected: [Substring] = []
        var anyExpected = false
        var folded: [SamplesStage.SnippetUse.Part] = []
        for use in parts {
            let lines = Self.lines(use.snippet.code)
            let outputLines = Self.lines(use.snippet.expected ?? "")
            anyExpected = anyExpected || use.snippet.expected != nil
            folded.append(.init(snippet: use.snippet, firstCodeLine: code.count + 1, codeLines: lines.count,
                                firstExpectedLine: expected.count, expectedLines: outputLines.count))
            code += lines
            expected += outputLines
        }
        var snippet = first.snippet
        snippet.code = code.joined(separator: "\n") + "\n"
        snippet.expected = anyExpected ? expected.map { $0 + "\n" }.joined() : nil
        snippet.expectedLine = parts.first { $0.snippet.expectedLine > 0 }?.snippet.expectedLine ?? 0
        snippet.id = nil
        var use = SamplesStage.SnippetUse(snippet: snippet, path: first.path, locale: first.locale)
        use.parts = folded
        return use
    }

    /// A block's lines, without the empty one after its last newline.
    static func lines(_ text: String) -> [Substring] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
