/// The classes a token can have; see ``Highlighter`` for what each covers.
enum TokenClass: Int, CaseIterable, Sendable {
    case keyword, type, string, number, comment, attr, meta, tag, variable, prompt, inserted, deleted, function, regex

    /// The CSS class: `hl-` and one letter, since a listing has hundreds of spans and a
    /// chapter page must stay small (`hl-k` keyword, `hl-t` type, `hl-s` string, `hl-n` number,
    /// `hl-c` comment, `hl-a` attribute, `hl-m` meta, `hl-g` tag, `hl-v` variable, `hl-p`
    /// prompt, `hl-i` inserted, `hl-d` deleted, `hl-f` function, `hl-r` regex).
    var cssClass: String {
        let letters: [TokenClass: String] = [.keyword: "k", .type: "t", .string: "s", .number: "n", .comment: "c", .attr: "a",
                                             .meta: "m", .tag: "g", .variable: "v", .prompt: "p", .inserted: "i", .deleted: "d",
                                             .function: "f", .regex: "r"]
        return "hl-" + letters[self]!
    }

    /// `<span class="hl-…">` for each class, indexed by raw value.
    static let openTags: [[UInt8]] = allCases.map { Array("<span class=\"\($0.cssClass)\">".utf8) }
}

/// Writes highlighted HTML for one piece of code, front to back.
///
/// A lexer calls ``mark(_:_:)`` for each token it recognizes; the bytes between tokens are written
/// unhighlighted. The writer escapes `& < > "`, merges neighbouring tokens of one class (also
/// across spaces and tabs), keeps whitespace out of the edges of spans, and closes a span before
/// every line break and reopens it after, so that every line is self-contained. Token bounds must
/// fall between UTF-8 characters; every lexer here ends tokens only at ASCII bytes.
struct HTMLWriter {
    let source: UnsafeBufferPointer<UInt8>
    /// How far the source has been written (or held back as pending whitespace).
    private(set) var position = 0
    private var out: [UInt8] = []
    /// The raw value of the class of the open span, -1 when none is open.
    private var open = -1
    /// Spaces and tabs from here up to `position` are not written yet: they go inside the open
    /// span if the next visible byte continues it, outside it otherwise.
    private var pendingFrom = 0

    init(_ source: UnsafeBufferPointer<UInt8>) {
        self.source = source
        out.reserveCapacity(source.count + source.count / 2 + 64)
    }

    /// Writes the bytes up to `range` plainly and those in it with `tokenClass`.
    mutating func mark(_ range: Range<Int>, _ tokenClass: TokenClass?) {
        write(upTo: range.lowerBound, nil)
        write(upTo: range.upperBound, tokenClass)
    }

    /// Writes the source up to `end` (clamped to the source) with `tokenClass`, nil for plain text.
    mutating func write(upTo end: Int, _ tokenClass: TokenClass?) {
        let end = min(end, source.count)
        let wanted = tokenClass?.rawValue ?? -1
        var index = position
        while index < end {
            switch source[index] {
            case 0x20, 0x09:  // space, tab: held back until the next visible byte
                index += 1
                continue
            case 0x0A, 0x0D:  // line breaks are always outside spans
                closeSpan()
                flushPending(upTo: index)
                out.append(source[index])
                index += 1
            default:
                if wanted != open {
                    closeSpan()
                    flushPending(upTo: index)
                    if wanted >= 0 { out.append(contentsOf: TokenClass.openTags[wanted]) }
                    open = wanted
                } else {
                    flushPending(upTo: index)
                }
                // Copy the run of bytes that need no escaping at once.
                let run = index
                while index < end, Self.isVerbatim(source[index]) { index += 1 }
                if index > run {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: source[run..<index]))
                } else {
                    appendEscaped(source[index])
                    index += 1
                }
            }
            pendingFrom = index
        }
        position = max(position, end)
    }

    /// Bytes written as they are: all but whitespace, line breaks and `& < > "`.
    private static func isVerbatim(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D, 0x26, 0x3C, 0x3E, 0x22: false
        default: true
        }
    }

    /// The HTML for the whole source.
    mutating func finish() -> String {
        write(upTo: source.count, nil)
        closeSpan()
        flushPending(upTo: source.count)
        return String(decoding: out, as: UTF8.self)
    }

    private mutating func closeSpan() {
        guard open >= 0 else { return }
        append("</span>")
        open = -1
    }

    private mutating func flushPending(upTo end: Int) {
        if pendingFrom < end { out.append(contentsOf: UnsafeBufferPointer(rebasing: source[pendingFrom..<end])) }
        pendingFrom = end
    }

    private mutating func appendEscaped(_ byte: UInt8) {
        switch byte {
        case 0x26: append("&amp;")
        case 0x3C: append("&lt;")
        case 0x3E: append("&gt;")
        case 0x22: append("&quot;")
        default: out.append(byte)
        }
    }

    private mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }
}
