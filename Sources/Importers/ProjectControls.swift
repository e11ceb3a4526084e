import CourseModel

/// Control characters from a book go neither into the project nor onto its pages: titles and
/// text lose them, with a warning that names them (`\u{1B}`).
extension ProjectBuilder {
    /// `text` without control characters; a warning at `place` names them when it had any.
    static func withoutControls(_ text: String, _ what: String, at place: SourceLocation?, into diagnostics: inout [Diagnostic]) -> String {
        guard let list = ControlCharacters.listed(in: text) else { return text }
        diagnostics.append(.warning(.importInput, "\(what) holds control characters (\(list)); they are left out", at: place,
                                    suggestion: "a page cannot show them (an escape sequence such as \\e[31m colours only a terminal)"))
        return ControlCharacters.removed(from: text)
    }

    mutating func withoutControls(_ text: String, _ what: String, at place: SourceLocation?) -> String {
        Self.withoutControls(text, what, at: place, into: &diagnostics)
    }

    /// The chapter's text without control characters (a form feed, an escape sequence); one
    /// warning at the first line that had any.
    mutating func removeControls(fromLinesOf index: Int) {
        var first: Int?
        var count = 0
        var seen = ""
        for number in chapters[index].lines.indices {
            let text = chapters[index].lines[number].text
            // Bytes first: C1 controls are U+0080…U+009F, 0xC2 0x80…0x9F in UTF-8.
            guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }), ControlCharacters.listed(in: text) != nil else { continue }
            first = first ?? chapters[index].lines[number].origin
            count += 1
            for scalar in text.unicodeScalars where ControlCharacters.contains(scalar) && !seen.unicodeScalars.contains(scalar) {
                seen.unicodeScalars.append(scalar)
            }
            chapters[index].lines[number].text = ControlCharacters.removed(from: text)
        }
        guard let first, let found = ControlCharacters.listed(in: seen) else { return }
        diagnostics.append(.warning(.importInput, "this chapter holds control characters (\(found)) on \(count) line\(count == 1 ? "" : "s"); they are left out",
                                    at: SourceLocation(path: chapters[index].path, line: first, column: 1),
                                    suggestion: "a page cannot show them (an escape sequence such as \\e[31m colours only a terminal)"))
    }
}
