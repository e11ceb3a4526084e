import Foundation

/// Inline Markdown on one line of a chapter, scanned as CommonMark reads it: code spans, links,
/// images and autolinks, so the importers can rewrite what they must and keep the rest as written.

/// What the inline scanner found on a line.
enum InlineItem {
    /// `[text](destination "title")` or, for an image, `![text](…)`.
    case link(image: Bool, text: String, destination: String, title: String?)
    /// A code span; `ticks` is the length of its backtick runs.
    case code(ticks: Int, content: String)
    /// An autolink-like `<scheme:…>` (DocC's `<doc:…>`).
    case angle(String)
    /// A reference link: `[text][label]`, `[text][]` or `[text]` (the label is then the text),
    /// or, for an image, `![text][label]`. Kept as it is, its text still scanned, when the
    /// transform returns nil.
    case reference(image: Bool, text: String, label: String)
}

enum Inline {
    /// Rewrites the inline items of one line: `transform` returns the replacement text for an
    /// item, or nil to keep it as it is. Backslash escapes and HTML comments are kept as they are.
    static func rewrite(_ line: String, _ transform: (InlineItem) -> String?) -> String {
        let chars = Array(line)
        var out = ""
        var index = 0
        while index < chars.count {
            let c = chars[index]
            if c == "\\", index + 1 < chars.count {
                out.append(c); out.append(chars[index + 1]); index += 2; continue
            }
            if c == "`" {
                let run = runLength(chars, index, "`")
                if let close = closingRun(chars, from: index + run, length: run) {
                    let content = String(chars[(index + run)..<close])
                    out += transform(.code(ticks: run, content: content)) ?? String(chars[index..<(close + run)])
                    index = close + run
                } else {
                    out += String(repeating: "`", count: run)
                    index += run
                }
                continue
            }
            if c == "<" {
                if starts(chars, index, "<!--") {
                    let end = find(chars, "-->", from: index + 4).map { $0 + 3 } ?? chars.count
                    out += String(chars[index..<end]); index = end; continue
                }
                if let (end, body) = angle(chars, index) {
                    out += transform(.angle(body)) ?? String(chars[index..<end])
                    index = end
                    continue
                }
            }
            if c == "[" || (c == "!" && index + 1 < chars.count && chars[index + 1] == "[") {
                let image = c == "!"
                if let (end, text, destination, title) = link(chars, image ? index + 1 : index) {
                    out += transform(.link(image: image, text: text, destination: destination, title: title)) ?? String(chars[index..<end])
                    index = end
                    continue
                }
                if let (end, text, label) = reference(chars, image ? index + 1 : index),
                   let replacement = transform(.reference(image: image, text: text, label: label)) {
                    out += replacement
                    index = end
                    continue
                }
            }
            out.append(c)
            index += 1
        }
        return out
    }

    /// Whether a line has a `[` that it does not close (outside code spans and escapes): a
    /// link whose text goes on to the next line.
    static func hasUnclosedBracket(_ line: String) -> Bool {
        guard line.contains("[") else { return false }
        let chars = Array(line)
        var index = 0
        while index < chars.count {
            if let next = pastEscapeOrCode(chars, index) { index = next; continue }
            if chars[index] == "[" {
                guard let close = closingBracket(chars, index) else { return true }
                index = close
            }
            index += 1
        }
        return false
    }

    /// How many lines after its first a link's text may run on to.
    static let linkLinesLimit = 8

    /// Rewrites each line `isProse` accepts with `transform` (given the text and the index of its
    /// first line). A line with a `[` it does not close is rewritten with the lines it runs on to,
    /// as a link's text may, then split again (kept line by line when the count changed).
    static func rewriteLines(_ lines: inout [Line], where isProse: (Int) -> Bool, _ transform: (String, Int) -> String) {
        var number = 0
        while number < lines.count {
            defer { number += 1 }
            guard isProse(number) else { continue }
            var text = lines[number].text
            var last = number
            while hasUnclosedBracket(text), last + 1 < lines.count, last - number < linkLinesLimit, isProse(last + 1),
                  !lines[last + 1].text.allSatisfy(\.isWhitespace) {
                last += 1
                text += "\n" + lines[last].text
            }
            let rewritten = last > number ? transform(text, number).split(separator: "\n", omittingEmptySubsequences: false) : []
            if !rewritten.isEmpty, rewritten.count == last - number + 1 {
                for (offset, piece) in rewritten.enumerated() { lines[number + offset].text = String(piece) }
                number = last
            } else {
                lines[number].text = transform(lines[number].text, number)
            }
        }
    }

    /// Visits the inline items of a line without changing it.
    static func scan(_ line: String, _ visit: (InlineItem) -> Void) {
        _ = rewrite(line) { visit($0); return nil }
    }

    static func runLength(_ chars: [Character], _ start: Int, _ c: Character) -> Int {
        var end = start
        while end < chars.count, chars[end] == c { end += 1 }
        return end - start
    }

    /// The start of the next run of exactly `length` backticks after `from`.
    static func closingRun(_ chars: [Character], from: Int, length: Int) -> Int? {
        var index = from
        while index < chars.count {
            if chars[index] == "`" {
                let run = runLength(chars, index, "`")
                if run == length { return index }
                index += run
            } else {
                index += 1
            }
        }
        return nil
    }

    static func starts(_ chars: [Character], _ at: Int, _ text: String) -> Bool {
        let pattern = Array(text)
        guard at + pattern.count <= chars.count else { return false }
        return Array(chars[at..<(at + pattern.count)]) == pattern
    }

    static func find(_ chars: [Character], _ text: String, from: Int) -> Int? {
        var index = from
        while index < chars.count {
            if starts(chars, index, text) { return index }
            index += 1
        }
        return nil
    }

    /// `<scheme:body>` with no spaces or `<` inside: end index and the text between the brackets.
    static func angle(_ chars: [Character], _ start: Int) -> (Int, String)? {
        var index = start + 1
        var sawColon = false
        while index < chars.count {
            let c = chars[index]
            if c == ">" { break }
            if c == " " || c == "<" || c == "\n" { return nil }
            if c == ":" { sawColon = true }
            index += 1
        }
        guard index < chars.count, sawColon, index > start + 1 else { return nil }
        let body = String(chars[(start + 1)..<index])
        guard let first = body.first, first.isLetter else { return nil }
        return (index + 1, body)
    }

    /// Where scanning goes on when a backslash escape or a code span (or a run of backticks that
    /// opens none) starts at `index`; nil for any other character.
    static func pastEscapeOrCode(_ chars: [Character], _ index: Int) -> Int? {
        if chars[index] == "\\" { return index + 2 }
        guard chars[index] == "`" else { return nil }
        let run = runLength(chars, index, "`")
        return closingRun(chars, from: index + run, length: run).map { $0 + run } ?? index + run
    }

    /// The `]` that closes the `[` at `open`, past nested brackets, escapes and code spans.
    static func closingBracket(_ chars: [Character], _ open: Int) -> Int? {
        var index = open + 1
        var depth = 1
        while index < chars.count {
            if let next = pastEscapeOrCode(chars, index) { index = next; continue }
            let c = chars[index]
            if c == "[" { depth += 1 }
            if c == "]" {
                depth -= 1
                if depth == 0 { return index }
            }
            index += 1
        }
        return nil
    }

    /// A reference link starting at the `[` at `open`: end index, text and label. Not a
    /// footnote (`[^1]`), an inline link or a reference definition (`[label]:`).
    static func reference(_ chars: [Character], _ open: Int) -> (Int, String, String)? {
        guard let close = closingBracket(chars, open), close == open + 1 || chars[open + 1] != "^" else { return nil }
        let text = String(chars[(open + 1)..<close])
        let after = close + 1
        if after < chars.count, chars[after] == "(" || chars[after] == ":" { return nil }
        if after < chars.count, chars[after] == "[", let end = chars[after...].firstIndex(of: "]") {
            let label = String(chars[(after + 1)..<end])
            return label.isEmpty && text.isEmpty ? nil : (end + 1, text, label.isEmpty ? text : label)
        }
        return text.isEmpty ? nil : (after, text, text)
    }

    /// An inline link starting at the `[` at `open`: end index, text, destination and title.
    static func link(_ chars: [Character], _ open: Int) -> (Int, String, String, String?)? {
        guard var index = closingBracket(chars, open) else { return nil }
        guard index + 1 < chars.count, chars[index + 1] == "(" else { return nil }
        let text = String(chars[(open + 1)..<index])
        index += 2
        while index < chars.count, chars[index] == " " { index += 1 }
        var destination = ""
        if index < chars.count, chars[index] == "<" {
            guard let close = chars[index...].firstIndex(of: ">") else { return nil }
            destination = String(chars[(index + 1)..<close])
            index = close + 1
        } else {
            var parens = 0
            while index < chars.count {
                let c = chars[index]
                if c == " " { break }
                if c == "\\", index + 1 < chars.count { destination.append(c); destination.append(chars[index + 1]); index += 2; continue }
                if c == "(" { parens += 1 }
                if c == ")" {
                    if parens == 0 { break }
                    parens -= 1
                }
                destination.append(c)
                index += 1
            }
        }
        while index < chars.count, chars[index] == " " { index += 1 }
        var title: String?
        let closers: [Character: Character] = ["\"": "\"", "'": "'", "(": ")"]
        if index < chars.count, let closing = closers[chars[index]] {
            var end = index + 1
            while end < chars.count, chars[end] != closing {
                if chars[end] == "\\" { end += 1 }
                end += 1
            }
            guard end < chars.count else { return nil }
            title = String(chars[(index + 1)..<end])
            index = end + 1
            while index < chars.count, chars[index] == " " { index += 1 }
        }
        guard index < chars.count, chars[index] == ")" else { return nil }
        return (index + 1, text, destination, title)
    }

    /// A destination as Markdown writes it: in angle brackets when it has spaces.
    static func destination(_ text: String) -> String {
        text.contains(" ") || text.contains("(") || text.contains(")") ? "<\(text)>" : text
    }

    static func link(image: Bool, text: String, destination: String, title: String?) -> String {
        (image ? "!" : "") + "[\(text)](\(self.destination(destination))" + (title.map { " \"\($0.replacingOccurrences(of: "\"", with: "\\\""))\"" } ?? "") + ")"
    }
}
