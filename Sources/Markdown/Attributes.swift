import CourseModel

enum AttributeSyntax {
    /// Parses the inside of `{#id .class key="value"}`; nil when it is not attribute syntax.
    static func parse(_ body: Substring) -> Attributes? {
        var attributes = Attributes()
        var index = body.startIndex
        func skipSpaces() { while index < body.endIndex, body[index] == " " || body[index] == "\t" { index = body.index(after: index) } }
        func word() -> Substring {
            let start = index
            while index < body.endIndex {
                switch body[index] {
                case " ", "\t", "=", "\"": return body[start..<index]
                default: index = body.index(after: index)
                }
            }
            return body[start..<index]
        }
        skipSpaces()
        guard index < body.endIndex else { return nil }
        while index < body.endIndex {
            let c = body[index]
            if c == "#" {
                index = body.index(after: index)
                let id = word()
                guard isValidID(id), attributes.id == nil else { return nil }
                attributes.id = String(id)
            } else if c == "." {
                index = body.index(after: index)
                let name = word()
                guard !name.isEmpty else { return nil }
                attributes.classes.append(String(name))
            } else if c == "-" && (body.index(after: index) == body.endIndex || " \t".contains(body[body.index(after: index)])) {
                index = body.index(after: index)
                attributes.classes.append("unnumbered")
            } else {
                let key = word()
                guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else { return nil }
                // A bare word is a flag, like a class: {run} is {.run}.
                guard index < body.endIndex, body[index] == "=" else {
                    attributes.classes.append(String(key))
                    skipSpaces()
                    continue
                }
                index = body.index(after: index)
                var value = ""
                if index < body.endIndex, body[index] == "\"" {
                    index = body.index(after: index)
                    var closed = false
                    while index < body.endIndex {
                        let ch = body[index]
                        index = body.index(after: index)
                        if ch == "\\", index < body.endIndex { value.append(body[index]); index = body.index(after: index); continue }
                        if ch == "\"" { closed = true; break }
                        value.append(ch)
                    }
                    guard closed else { return nil }
                } else {
                    value = String(word())
                    guard !value.isEmpty else { return nil }
                }
                attributes.values[String(key)] = value
            }
            skipSpaces()
        }
        return attributes
    }

    static func isValidID(_ id: some StringProtocol) -> Bool {
        // ASCII ids (nearly all) by their bytes; Unicode's letter and digit tables otherwise.
        if id.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
            let bytes = id.utf8
            guard let first = bytes.first, (first | 0x20) >= 0x61 && (first | 0x20) <= 0x7A else { return false }
            return bytes.allSatisfy { byte in
                let lower = byte | 0x20
                return (lower >= 0x61 && lower <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x5F || byte == 0x3A || byte == 0x2E
            }
        }
        guard let first = id.first, first.isLetter else { return false }
        return id.allSatisfy { ($0.isLetter || $0.isNumber || "-_:.".contains($0)) }
    }

    /// Splits `text {#id}` into the text and its attributes (the text unchanged when there are none).
    static func splitTrailing(_ text: String) -> (String, Attributes?) {
        let trimmed = text.trimmingTrailingWhitespace()
        // Bytes, not characters: String's hasSuffix compares canonical equivalents.
        guard trimmed.utf8.last == UInt8(ascii: "}"), let open = trimmed.utf8.lastIndex(of: UInt8(ascii: "{")) else { return (text, nil) }
        let inner = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
        guard let attributes = parse(inner) else { return (text, nil) }
        let before = String(trimmed[..<open])
        // `{` must start a word: `f{#x}` is text, `title {#x}` carries attributes. Chinese and
        // Japanese put no space after a full stop, so `做完。{#ex-a}` carries them too.
        if let last = before.last, !last.isWhitespace, !(last.isPunctuation && !"([{)]}\"'`_".contains(last)) { return (text, nil) }
        return (before.trimmingTrailingWhitespace(), attributes)
    }

    /// Removes trailing `{…}` attributes from the last text run of `inlines`.
    static func splitTrailing(_ inlines: [Inline]) -> ([Inline], Attributes?) {
        guard case .text(let text)? = inlines.last else { return (inlines, nil) }
        let (rest, attributes) = splitTrailing(text)
        guard let attributes else { return (inlines, nil) }
        var result = Array(inlines.dropLast())
        if !rest.isEmpty { result.append(.text(rest)) }
        while let last = result.last, last == .softBreak || last == .text("") { result.removeLast() }
        return (result, attributes)
    }

    /// `swift {#lst-x title="A.swift"}` → ("swift", attributes).
    static func splitInfo(_ info: String) -> (language: String, attributes: Attributes?, valid: Bool) {
        let trimmed = info.trimmingTrailingWhitespace()
        // The language is the first word: a space or a tab ends it (as in cmark's `language-` class).
        func firstWord<S: StringProtocol>(_ text: S) -> String {
            String(text.split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
        }
        guard let open = trimmed.utf8.firstIndex(of: UInt8(ascii: "{")) else {
            return (firstWord(trimmed), nil, true)
        }
        let language = firstWord(trimmed[..<open])
        guard trimmed.utf8.last == UInt8(ascii: "}") else { return (language, nil, false) }
        let inner = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
        guard let attributes = parse(inner) else { return (language, nil, false) }
        return (language, attributes, true)
    }
}
