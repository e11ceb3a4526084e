import Foundation

/// Line-level Markdown helpers the importers share. The importers rewrite the book's text line
/// by line (a Markdown parser would lose what it does not model); these know just enough
/// CommonMark to tell code from prose: fences, headings, code spans, links.

/// One line of a chapter being converted, with the line of the book's file it came from
/// (text an include brought in carries the line of the include).
struct Line: Sendable, Equatable {
    var text: String
    var origin: Int
}

extension Array where Element == Line {
    /// The lines of `text`, numbered from 1.
    static func numbered(_ text: String) -> [Line] {
        var lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines.enumerated().map { Line(text: $1, origin: $0 + 1) }
    }
}

/// What opens a fenced code block: the container prefix before it (`> `, list indentation),
/// the fence's character and length, and the info string.
struct FenceOpening {
    var prefix: String
    var marker: Character
    var count: Int
    var info: String
}

enum MarkdownText {
    /// The part of a line before its content: indentation, `>` quote markers and one list marker.
    static func containerPrefixLength(_ line: Substring) -> Int {
        var index = line.startIndex
        var length = 0
        func skipSpaces() {
            while index < line.endIndex, line[index] == " " || line[index] == "\t" { index = line.index(after: index); length += 1 }
        }
        skipSpaces()
        while index < line.endIndex, line[index] == ">" {
            index = line.index(after: index); length += 1
            skipSpaces()
        }
        // One list marker: -, *, + or 1. / 1) followed by a space.
        var probe = index
        var digits = 0
        while probe < line.endIndex, line[probe].isASCII, line[probe].isNumber, digits < 9 { probe = line.index(after: probe); digits += 1 }
        if probe < line.endIndex {
            let isMarker = digits > 0 ? (line[probe] == "." || line[probe] == ")") : "-*+".contains(line[probe])
            if isMarker {
                let after = line.index(after: probe)
                if after < line.endIndex, line[after] == " " {
                    length += digits + 1
                    index = after
                    skipSpaces()
                }
            }
        }
        return length
    }

    /// The fence that opens a code block on this line, if any.
    static func fenceOpening(_ line: String) -> FenceOpening? {
        // Most lines hold neither marker: no need to look for containers.
        var marked = false
        for byte in line.utf8 where byte == UInt8(ascii: "`") || byte == UInt8(ascii: "~") { marked = true; break }
        guard marked else { return nil }
        let skip = containerPrefixLength(Substring(line))
        let rest = line.dropFirst(skip)
        guard let marker = rest.first, marker == "`" || marker == "~" else { return nil }
        let count = rest.prefix { $0 == marker }.count
        guard count >= 3 else { return nil }
        let info = rest.dropFirst(count).trimmingSpaces()
        if marker == "`" && info.contains("`") { return nil }
        return FenceOpening(prefix: String(line.prefix(skip)), marker: marker, count: count, info: info)
    }

    /// Whether this line closes a fence opened by `opening`.
    static func closesFence(_ line: String, _ opening: FenceOpening) -> Bool {
        let skip = containerPrefixLength(Substring(line))
        let rest = line.dropFirst(skip)
        let count = rest.prefix { $0 == opening.marker }.count
        return count >= opening.count && rest.dropFirst(count).allSatisfy { $0 == " " || $0 == "\t" }
    }

    /// For each line, whether it is inside a fenced code block (fence lines included).
    static func codeMask(_ lines: [Line]) -> [Bool] {
        var mask: [Bool] = []
        mask.reserveCapacity(lines.count)
        var open: FenceOpening?
        for line in lines {
            if let fence = open {
                mask.append(true)
                if closesFence(line.text, fence) { open = nil }
            } else if let fence = fenceOpening(line.text) {
                mask.append(true)
                open = fence
            } else {
                mask.append(false)
            }
        }
        return mask
    }

    /// For each line, whether it is inside an HTML comment (`<!--` … `-->`), outside code.
    static func commentMask(_ lines: [Line], code: [Bool]) -> [Bool] {
        var mask = Array(repeating: false, count: lines.count)
        var inComment = false
        for (index, line) in lines.enumerated() where !code[index] {
            var text = Substring(line.text)
            if inComment { mask[index] = true }
            while true {
                if inComment {
                    guard let end = text.range(of: "-->") else { break }
                    inComment = false
                    text = text[end.upperBound...]
                } else {
                    guard let start = text.range(of: "<!--") else { break }
                    if text[text.startIndex..<start.lowerBound].allSatisfy({ $0 == " " }) { mask[index] = true }
                    inComment = true
                    text = text[start.upperBound...]
                }
            }
        }
        return mask
    }
}

// MARK: - Headings

/// An ATX heading line: `## Text {#id .class}`.
struct HeadingLine: Equatable {
    var level: Int
    var text: String
    /// The attribute block at the end, braces included (`{#id .unnumbered}`), if any.
    var attributes: String?

    var explicitID: String? {
        guard let attributes else { return nil }
        for token in attributes.dropFirst().dropLast().split(separator: " ") where token.hasPrefix("#") && token.count > 1 {
            return String(token.dropFirst())
        }
        return nil
    }

    /// The heading on this line (up to three spaces of indentation), if it is one.
    init?(_ line: String) {
        var rest = Substring(line)
        let indent = rest.prefix { $0 == " " }.count
        guard indent <= 3 else { return nil }
        rest = rest.dropFirst(indent)
        let hashes = rest.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes) else { return nil }
        rest = rest.dropFirst(hashes)
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        var text = rest.trimmingSpaces()
        // A closing sequence of #s, preceded by a space.
        if let last = text.lastIndex(where: { $0 != "#" }), last < text.index(before: text.endIndex), text[last] == " " {
            text = String(text[...last]).trimmingSpaces()
        } else if text.allSatisfy({ $0 == "#" }) {
            text = ""
        }
        level = hashes
        attributes = nil
        if text.hasSuffix("}"), let open = text.range(of: "{", options: .backwards) {
            let block = text[open.lowerBound...]
            let tokens = block.dropFirst().dropLast().split(separator: " ")
            let before = text[..<open.lowerBound]
            if !tokens.isEmpty, before.isEmpty || before.hasSuffix(" "),
               tokens.allSatisfy({ $0.hasPrefix("#") || $0.hasPrefix(".") || $0.contains("=") }) {
                attributes = String(block)
                text = String(before).trimmingSpaces()
            }
        }
        self.text = text
    }

    var rendered: String {
        String(repeating: "#", count: level) + (text.isEmpty ? "" : " " + text) + (attributes.map { " " + $0 } ?? "")
    }

    /// The heading with `id` as its explicit id (replacing any it had, keeping classes).
    func withID(_ id: String) -> HeadingLine {
        var copy = self
        var tokens = attributes.map { $0.dropFirst().dropLast().split(separator: " ").map(String.init) } ?? []
        tokens.removeAll { $0.hasPrefix("#") }
        copy.attributes = "{" + (["#" + id] + tokens).joined(separator: " ") + "}"
        return copy
    }
}

// MARK: - Text

extension StringProtocol {
    func trimmingSpaces() -> String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return String(slice)
    }
}

enum Words {
    /// Markdown's inline syntax taken out: what a reader sees of a heading or an abstract.
    static func plain(_ markdown: String) -> String {
        let rewritten = Inline.rewrite(markdown) { item in
            switch item {
            case .link(_, let text, _, _): return plain(text)
            case .code(_, let content): return content.trimmingSpaces()
            case .angle(let body): return body
            case .reference: return nil
            }
        }
        var out = ""
        let chars = Array(rewritten)
        for (index, c) in chars.enumerated() {
            if c == "\\", index + 1 < chars.count, chars[index + 1].isPunctuation || chars[index + 1].isSymbol { continue }
            if c == "*" { continue }
            if c == "_" {
                let before = index > 0 ? chars[index - 1] : " "
                let after = index + 1 < chars.count ? chars[index + 1] : " "
                if !(before.isLetter || before.isNumber) || !(after.isLetter || after.isNumber) { continue }
            }
            out.append(c)
        }
        return out.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }

    /// A generated id: lower-case letters and digits, words joined by `-`.
    static func slug(_ text: String) -> String {
        var result = ""
        var pendingDash = false
        for character in plain(text).lowercased() {
            if character.isLetter || character.isNumber {
                if pendingDash && !result.isEmpty { result.append("-") }
                pendingDash = false
                result.append(character)
            } else {
                pendingDash = true
            }
        }
        return result.isEmpty ? "section" : result
    }

    /// A form of a heading's text for matching fragments loosely: letters and digits only.
    static func loose(_ text: String) -> String {
        String(text.lowercased().filter { $0.isLetter || $0.isNumber })
    }

    /// "ToDo" → "To Do", "SeeAlso" → "See Also".
    static func spacedCamelCase(_ word: String) -> String {
        var out = ""
        var previous: Character?
        for c in word {
            if let p = previous, c.isUppercase, p.isLowercase { out.append(" ") }
            out.append(c)
            previous = c
        }
        return out
    }
}
