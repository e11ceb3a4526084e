import Foundation

/// Small text helpers every stage uses.
public extension StringProtocol {
    /// Without leading and trailing whitespace.
    func trimmingCharacters() -> String {
        var s = Substring(self)
        while let first = s.first, first.isWhitespace { s.removeFirst() }
        while let last = s.last, last.isWhitespace { s.removeLast() }
        return String(s)
    }

    func trimmingTrailingWhitespace() -> String {
        // Most texts end in a letter or punctuation: nothing to trim, no copy.
        if let string = self as? String, let last = string.utf8.last, last < 0x80, !(last == 0x20 || (0x09...0x0D).contains(last)) {
            return string
        }
        var s = Substring(self)
        while let last = s.last, last.isWhitespace { s.removeLast() }
        return String(s)
    }

    /// Padded with leading zeros to `width` characters.
    func leftPadded(_ width: Int) -> String {
        count >= width ? String(self) : String(repeating: "0", count: width - count) + self
    }
}

/// A 128-bit hash (two FNV-1a lanes) that is the same in every run, unlike Swift's seeded
/// `Hasher`, for names that are written down and must keep their value: a translation's
/// `translated_from` fingerprint and a snippet's target name. Not for cache keys: those are
/// `ContentKey`s (SHA-256), since a collision there would serve another input's product.
public struct StableHash: Sendable {
    private var a: UInt64 = 0xcbf2_9ce4_8422_2325
    private var b: UInt64 = 0x6c62_272e_07bb_0142

    public init() {}

    public mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add($0) }  // no copy of the bytes
    }

    public mutating func add(_ bytes: [UInt8]) { bytes.withUnsafeBufferPointer { add($0) } }

    public mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
        var a = a, b = b
        for byte in bytes {
            a = (a ^ UInt64(byte)) &* 0x100_0000_01b3
            b = (b ^ UInt64(byte)) &* 0x100_0000_01b3 &+ 0x9e37_79b9
        }
        // Length-delimited, so ("ab", "c") and ("a", "bc") differ.
        self.a = (a ^ UInt64(bytes.count)) &* 0x100_0000_01b3
        self.b = (b ^ 0xff) &* 0x100_0000_01b3
    }

    public var hex: String { String(a, radix: 16).leftPadded(16) + String(b, radix: 16).leftPadded(16) }
    public var short: String { String(a, radix: 16).leftPadded(16) }
}

public extension Duration {
    /// The duration in seconds, for timings and logs.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

/// The quotation marks a language's text uses (`smart_punctuation` turns straight quotes into them).
public struct QuotationMarks: Hashable, Sendable {
    public var open: String, close: String, innerOpen: String, innerClose: String
    public init(open: String, close: String, innerOpen: String, innerClose: String) {
        self.open = open; self.close = close; self.innerOpen = innerOpen; self.innerClose = innerClose
    }
    /// What cmark's smart punctuation writes.
    public static let english = QuotationMarks(open: "\u{201C}", close: "\u{201D}", innerOpen: "\u{2018}", innerClose: "\u{2019}")
}

/// A text as a dictionary key compared byte for byte: `String`'s own hashing normalizes
/// (NFC) every time, which for memo tables keyed by whole listings costs more than the lookup saves.
public struct ByteKey: Hashable, Sendable {
    public let text: String
    public init(_ text: String) { self.text = text }

    /// Byte for byte, with one `memcmp` (a generic `elementsEqual` walks the bytes one by one:
    /// it was a tenth of a preview rebuild, comparing the course's code as dictionary keys).
    public static func == (a: ByteKey, b: ByteKey) -> Bool {
        var (x, y) = (a.text, b.text)
        return x.withUTF8 { p in
            y.withUTF8 { q in p.count == q.count && (p.count == 0 || memcmp(p.baseAddress!, q.baseAddress!, p.count) == 0) }
        }
    }

    public func hash(into hasher: inout Hasher) {
        var text = self.text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

/// A text as a double-quoted string that JSON and YAML both read back as the same text:
/// quotes, backslashes and control characters escaped, and the characters YAML would not keep
/// as they are (C1 controls, U+2028, U+2029, U+FEFF) as `\uXXXX`. For writing course.yml
/// front matter and string catalogs.
public func doubleQuoted(_ text: String) -> String {
    "\"" + escapedQuotes(text) { value in
        guard value < 0x20 || value == 0x7F || (0x80...0x9F).contains(value) || value == 0x2028 || value == 0x2029 || value == 0xFEFF else { return nil }
        let hex = String(value, radix: 16, uppercase: true)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    } + "\""
}

/// `text` escaped for a Swift or Typst string literal (without the quotes): control characters
/// as `\u{…}`.
public func escapedWithBracedUnicode(_ text: some StringProtocol) -> String {
    escapedQuotes(text) { $0 < 0x20 || $0 == 0x7F ? "\\u{" + String($0, radix: 16) + "}" : nil }
}

/// `text` with backslashes, double quotes, newlines, tabs and carriage returns escaped the way
/// C-family string literals write them (JSON, YAML, PO, Swift), and every other character
/// `other` returns a text for (its scalar value) written as that text. Without the quotes.
public func escapedQuotes(_ text: some StringProtocol, other: (UInt32) -> String? = { _ in nil }) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": out += "\\\\"
        case "\"": out += "\\\""
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case "\r": out += "\\r"
        default:
            if let written = other(scalar.value) { out += written } else { out.unicodeScalars.append(scalar) }
        }
    }
    return out
}
