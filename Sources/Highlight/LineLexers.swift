/// The languages read line by line: diffs, and shell sessions (commands after a prompt, output).
enum LineLexers {
    /// Lines starting with one of these are a diff's headers, checked before `+` and `-`.
    static let diffHeaders: [StaticString] = [
        "diff ", "index ", "+++", "---", "@@", "new file mode", "deleted file mode", "old mode", "new mode",
        "similarity index", "rename from", "rename to", "Binary files",
    ]

    static func diff(into out: inout HTMLWriter) {
        let source = out.source
        forEachLine(source) { line in
            guard !line.isEmpty else { return }
            let tokenClass: TokenClass?
            if diffHeaders.contains(where: { starts($0, in: source, at: line.lowerBound, line.upperBound) }) {
                tokenClass = .meta
            } else {
                switch source[line.lowerBound] {
                case .plus: tokenClass = .inserted
                case .minus: tokenClass = .deleted
                case .backslash: tokenClass = .comment  // \ No newline at end of file
                default: tokenClass = nil
                }
            }
            out.mark(line, tokenClass)
        }
    }

    /// A line starting `$ ` or `% ` is a command after a prompt (continued on the next line after
    /// a trailing `\`); every other line is output, left plain.
    static func console(into out: inout HTMLWriter) {
        let source = out.source
        var start = 0
        while start < source.count {
            var (line, next) = self.line(at: start, in: source)
            start = next
            guard !line.isEmpty, source[line.lowerBound] == .dollar || source[line.lowerBound] == UInt8(ascii: "%"),
                  line.count == 1 || source[line.lowerBound + 1] == .space else { continue }
            out.mark(line.lowerBound..<line.lowerBound + 1, .prompt)
            while source[line.upperBound - 1] == .backslash, start < source.count {
                (line, start) = self.line(at: start, in: source)
                if line.isEmpty { break }
            }
            CodeLexer.shell.run(into: &out, upTo: line.upperBound)
        }
    }

    /// Calls `body` with each line's range, without its line break (`\n` or `\r\n`).
    static func forEachLine(_ source: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) -> Void) {
        var start = 0
        while start < source.count {
            let (line, next) = line(at: start, in: source)
            body(line)
            start = next
        }
    }

    /// The line starting at `start` without its line break (`\n` or `\r\n`), and where the next begins.
    static func line(at start: Int, in source: UnsafeBufferPointer<UInt8>) -> (Range<Int>, next: Int) {
        var end = start
        while end < source.count, source[end] != .newline { end += 1 }
        let next = end + 1
        if end > start, source[end - 1] == .carriageReturn { end -= 1 }
        return (start..<end, next)
    }
}
