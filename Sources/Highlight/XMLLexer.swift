/// XML, property lists, SVG and HTML: tags, attributes, comments, declarations, CDATA, entities.
enum XMLLexer {
    static func highlight(into out: inout HTMLWriter) {
        let source = out.source, end = source.count
        var index = 0
        while index < end {
            let from = index
            switch source[index] {
            case .lessThan where starts("<!--", in: source, at: from, end):
                index = find("-->", in: source, from: from + 4, end) ?? end
                out.mark(from..<index, .comment)
            case .lessThan where starts("<![CDATA[", in: source, at: from, end):
                out.mark(from..<from + 9, .meta)
                index = find("]]>", in: source, from: from + 9, end) ?? end
                if index >= from + 12, starts("]]>", in: source, at: index - 3, end) { out.mark(index - 3..<index, .meta) }
            case .lessThan where starts("<?", in: source, at: from, end):
                index = find("?>", in: source, from: from + 2, end) ?? end
                out.mark(from..<index, .meta)
            case .lessThan where starts("<!", in: source, at: from, end):
                index = find(">", in: source, from: from + 2, end) ?? end
                out.mark(from..<index, .meta)
            case .lessThan where from + 1 < end && (source[from + 1] == .slash || isNameByte(source[from + 1])):
                index = tag(from, &out)
            case .ampersand:
                index = entityEnd(from, source)
                if index > from + 1 { out.mark(from..<index, .meta) }
            default:
                index += 1
            }
        }
    }

    /// A start or end tag from its `<` to its `>`: name, attribute names and values.
    static func tag(_ from: Int, _ out: inout HTMLWriter) -> Int {
        let source = out.source, end = source.count
        var index = nameEnd(source[from + 1] == .slash ? from + 2 : from + 1, source)
        out.mark(from..<index, .tag)
        while index < end {
            let start = index
            switch source[index] {
            case .greaterThan:
                out.mark(start..<start + 1, .tag)
                return start + 1
            case .slash where start + 1 < end && source[start + 1] == .greaterThan:
                out.mark(start..<start + 2, .tag)
                return start + 2
            case .quote, .apostrophe:
                index = find(source[start] == .quote ? "\"" : "'", in: source, from: start + 1, end) ?? end
                out.mark(start..<index, .string)
            case .equal:
                index += 1
                // An unquoted value runs to a space or the tag's end.
                while index < end, !isSpace(source[index]), source[index] != .greaterThan,
                      source[index] != .quote, source[index] != .apostrophe { index += 1 }
                out.mark(start + 1..<index, .string)
            case .lessThan:
                return start  // not closed: a new tag begins
            default:
                index = isNameByte(source[start]) ? nameEnd(start, source) : start + 1
                if index > start + 1 || isNameByte(source[start]) { out.mark(start..<index, .attr) }
            }
        }
        return end
    }

    /// The end of the name at `from`: letters, digits, `_`, `-`, `.`, `:`.
    static func nameEnd(_ from: Int, _ source: UnsafeBufferPointer<UInt8>) -> Int {
        var index = from
        while index < source.count {
            let byte = source[index]
            guard isNameByte(byte) || isDigit(byte) || byte == .minus || byte == .period || byte == .colon else { break }
            index += 1
        }
        return index
    }

    /// The end of an entity `&amp;`, `&#38;`, `&#x26;` at `from`, `from + 1` if there is none.
    static func entityEnd(_ from: Int, _ source: UnsafeBufferPointer<UInt8>) -> Int {
        var index = from + 1
        if index < source.count, source[index] == .hash { index += 1 }
        let nameStart = index
        while index < source.count, index - nameStart < 32, isDigit(source[index]) || (isNameByte(source[index]) && source[index] < 0x80) {
            index += 1
        }
        return index > nameStart && index < source.count && source[index] == .semicolon ? index + 1 : from + 1
    }
}
