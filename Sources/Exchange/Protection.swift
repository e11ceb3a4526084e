/// A section's text cut into what a translator translates and what they must keep: fenced code
/// blocks (the whole fence), HTML comments, `{…}` attributes (a heading's `{#id .class}`, a
/// figure's, a table caption's, an exercise's, `{title}` in a reference's text), a callout's
/// `[!MARKER]`, a cross-reference's target (`(#id)`, `(memory.md#id)`) and any text that reads
/// as a placeholder token (`[[3]]`), so that a token in a translation is always one of ours.
public struct ProtectedText: Hashable, Sendable {
    public enum Segment: Hashable, Sendable {
        case text(String)
        /// The 1-based number of a protected item.
        case item(Int)
    }

    public var segments: [Segment]
    /// The protected items' text, item n at n - 1.
    public var items: [String]

    public init(segments: [Segment], items: [String]) { self.segments = segments; self.items = items }

    /// The text with its protected spans cut out.
    public init(protecting text: String) {
        var cutter = Cutter()
        cutter.cut(text)
        segments = cutter.segments; items = cutter.items
    }

    /// The text with each item's own text (or `replacement`'s, by number) put back.
    public func restored(with replacement: [String]? = nil) -> String {
        let items = replacement ?? self.items
        return segments.map { segment in
            switch segment {
            case .text(let text): return text
            case .item(let n): return items.indices.contains(n - 1) ? items[n - 1] : ""
            }
        }.joined()
    }

    /// The text with `[[n]]` tokens for its items: what a PO file holds.
    public var tokenized: String {
        segments.map { segment in
            switch segment {
            case .text(let text): return text
            case .item(let n): return Self.token(n)
            }
        }.joined()
    }

    public static func token(_ n: Int) -> String { "[[\(n)]]" }

    /// Cuts `[[n]]` tokens out of a translated text; each token with its offset in Characters,
    /// so that a reader can say where it is.
    public static func detokenize(_ text: String) -> (segments: [Segment], tokens: [(number: Int, offset: Int)]) {
        var segments: [Segment] = []
        var tokens: [(Int, Int)] = []
        var pending = ""
        var index = text.startIndex
        var offset = 0
        while index < text.endIndex {
            if text[index] == "[", let (n, length) = tokenAt(text[index...]) {
                if !pending.isEmpty { segments.append(.text(pending)); pending = "" }
                segments.append(.item(n))
                tokens.append((n, offset))
                index = text.index(index, offsetBy: length)
                offset += length
                continue
            }
            pending.append(text[index])
            index = text.index(after: index)
            offset += 1
        }
        if !pending.isEmpty { segments.append(.text(pending)) }
        return (segments, tokens)
    }

    /// `[[n]]` at the start of `text`: n and the token's length in Characters.
    static func tokenAt(_ text: Substring) -> (Int, Int)? {
        guard text.hasPrefix("[[") else { return nil }
        let digits = text.dropFirst(2).prefix { $0.isASCII && $0.isNumber }
        guard (1...6).contains(digits.count), text.dropFirst(2 + digits.count).hasPrefix("]]"), let n = Int(digits) else { return nil }
        return (n, digits.count + 4)
    }
}

/// The scanner behind `ProtectedText(protecting:)`.
private struct Cutter {
    var segments: [ProtectedText.Segment] = []
    var items: [String] = []
    var pending = ""

    mutating func protect(_ text: some StringProtocol) {
        if !pending.isEmpty { segments.append(.text(pending)); pending = "" }
        items.append(String(text))
        segments.append(.item(items.count))
    }

    mutating func cut(_ text: String) {
        // Lines with their line ends, so that a fence is cut exactly.
        var lines: [Substring] = []
        var start = text.startIndex
        for index in text.indices where text[index] == "\n" || text[index] == "\r\n" {
            lines.append(text[start...index]); start = text.index(after: index)
        }
        if start < text.endIndex { lines.append(text[start...]) }

        var index = 0
        while index < lines.count {
            let line = lines[index]
            if let fence = Self.fenceOpening(line) {
                // The whole fence, its closing line included (without that line's end).
                var end = index + 1
                while end < lines.count, !Self.closes(lines[end], fence) { end += 1 }
                let last = min(end, lines.count - 1)
                let block = text[line.startIndex..<lines[last].endIndex]
                let bare = block.hasSuffix("\n") ? block.dropLast() : block
                protect(bare)
                if bare.endIndex < block.endIndex { pending += block[bare.endIndex...] }
                index = last + 1
                continue
            }
            if let open = line.range(of: "<!--") {
                // A comment may run over several lines: scan from here to its end.
                scanInline(line[..<open.lowerBound])
                let rest = text[open.lowerBound...]
                let close = rest.range(of: "-->")?.upperBound ?? text.endIndex
                protect(text[open.lowerBound..<close])
                // Continue after the comment, within whichever line it ends on.
                var next = index
                while next < lines.count, lines[next].endIndex <= close { next += 1 }
                if next < lines.count, lines[next].startIndex < close {
                    lines[next] = text[close..<lines[next].endIndex]
                }
                index = next
                continue
            }
            scanInline(line)
            index += 1
        }
        if !pending.isEmpty { segments.append(.text(pending)) }
    }

    /// One line outside fences and comments: code spans are kept as text; attributes, markers,
    /// reference targets and token look-alikes are protected.
    mutating func scanInline(_ line: Substring) {
        var index = line.startIndex
        while index < line.endIndex {
            let rest = line[index...]
            let c = line[index]
            if c == "`" {
                let run = rest.prefix { $0 == "`" }
                let after = rest.dropFirst(run.count)
                if let close = after.range(of: String(run)) {
                    let end = close.upperBound
                    pending += line[index..<end]
                    index = end
                } else {
                    pending += run
                    index = run.endIndex
                }
                continue
            }
            if c == "{", let close = rest.firstIndex(of: "}"), Self.isAttributes(rest[rest.index(after: rest.startIndex)..<close]) {
                let end = line.index(after: close)
                protect(line[index..<end])
                index = end
                continue
            }
            if c == "[", let (_, length) = ProtectedText.tokenAt(rest) {
                let end = line.index(index, offsetBy: length)
                protect(line[index..<end]); index = end
                continue
            }
            if c == "[", rest.hasPrefix("[!"), let close = rest.firstIndex(of: "]"),
               rest[rest.index(rest.startIndex, offsetBy: 2)..<close].allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "-" || $0 == "_") }),
               close > rest.index(rest.startIndex, offsetBy: 2) {
                let end = line.index(after: close)
                protect(line[index..<end]); index = end
                continue
            }
            if c == "]", rest.dropFirst().first == "(" {
                let open = line.index(index, offsetBy: 2)
                if let close = line[open...].firstIndex(of: ")"), Self.isReference(line[open..<close]) {
                    pending += "]("
                    protect(line[open..<close])
                    pending += ")"
                    index = line.index(after: close)
                    continue
                }
            }
            pending.append(c)
            index = line.index(after: index)
        }
    }

    /// `#id`, `.class`, `key=value`, `key="a value"` or a bare word (`{title}`, `{run}`).
    static func isAttributes(_ inside: Substring) -> Bool {
        var rest = inside.drop { $0 == " " }
        guard !rest.isEmpty else { return false }
        func isName(_ c: Character) -> Bool { c.isASCII && (c.isLetter || c.isNumber || c == "-" || c == "_" || c == ":" || c == ".") }
        while !rest.isEmpty {
            var word = rest.prefix { $0 != " " && $0 != "=" }
            if rest.dropFirst(word.count).first == "=" {
                guard !word.isEmpty, word.allSatisfy(isName) else { return false }
                var value = rest.dropFirst(word.count + 1)
                if value.first == "\"" {
                    guard let close = value.dropFirst().firstIndex(of: "\"") else { return false }
                    value = value[value.index(after: close)...]
                } else {
                    value = value.drop { $0 != " " }
                }
                guard value.isEmpty || value.first == " " else { return false }
                rest = value.drop { $0 == " " }
                continue
            }
            if word.first == "#" || word.first == "." { word = word.dropFirst() }
            guard let first = word.first, first.isASCII, first.isLetter || first == "_", word.allSatisfy(isName) else { return false }
            rest = rest.dropFirst(rest.prefix { $0 != " " }.count).drop { $0 == " " }
        }
        return true
    }

    /// A cross-reference's target: `#id`, or a chapter file with or without `#id`.
    static func isReference(_ target: Substring) -> Bool {
        guard !target.contains(" ") else { return false }
        if target.hasPrefix("#") { return target.count > 1 }
        let file = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        return file.hasSuffix(".md") && !file.contains(":") && !file.contains("/")
    }

    /// A fence's marker and length when `line` opens one.
    static func fenceOpening(_ line: Substring) -> (Character, Int)? {
        let indent = line.prefix { $0 == " " }.count
        guard indent < 4 else { return nil }
        let trimmed = line.dropFirst(indent)
        guard let marker = trimmed.first, marker == "`" || marker == "~" else { return nil }
        let count = trimmed.prefix { $0 == marker }.count
        guard count >= 3 else { return nil }
        if marker == "`", trimmed.dropFirst(count).contains("`") { return nil }
        return (marker, count)
    }

    static func closes(_ line: Substring, _ fence: (Character, Int)) -> Bool {
        let indent = line.prefix { $0 == " " }.count
        guard indent < 4 else { return false }
        let trimmed = line.dropFirst(indent)
        let count = trimmed.prefix { $0 == fence.0 }.count
        return count >= fence.1 && trimmed.dropFirst(count).allSatisfy { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
    }
}
