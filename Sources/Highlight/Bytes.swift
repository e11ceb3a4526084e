// Byte-level helpers shared by the lexers, which all work on UTF-8 bytes.

func isSpace(_ byte: UInt8) -> Bool { byte == .space || byte == .tab || isLineBreak(byte) || byte == 0x0C }
func isLineBreak(_ byte: UInt8) -> Bool { byte == .newline || byte == .carriageReturn }
func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
/// Letters, `_` and any byte of a non-ASCII character (so a name never ends inside one).
func isNameByte(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == .underscore || byte >= 0x80 }

extension UInt8 {
    static let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r"), space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
    static let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), hash = UInt8(ascii: "#"), backslash = UInt8(ascii: "\\")
    static let quote = UInt8(ascii: "\""), apostrophe = UInt8(ascii: "'"), backtick = UInt8(ascii: "`"), at = UInt8(ascii: "@")
    static let dollar = UInt8(ascii: "$"), period = UInt8(ascii: "."), minus = UInt8(ascii: "-"), plus = UInt8(ascii: "+")
    static let colon = UInt8(ascii: ":"), semicolon = UInt8(ascii: ";"), pipe = UInt8(ascii: "|"), ampersand = UInt8(ascii: "&")
    static let leftParen = UInt8(ascii: "("), rightParen = UInt8(ascii: ")"), leftBrace = UInt8(ascii: "{"), rightBrace = UInt8(ascii: "}")
    static let lessThan = UInt8(ascii: "<"), greaterThan = UInt8(ascii: ">"), equal = UInt8(ascii: "="), underscore = UInt8(ascii: "_")
}

/// The index just past the first `pattern` at or after `from` and before `end`, nil if there is none.
func find(_ pattern: StaticString, in source: UnsafeBufferPointer<UInt8>, from: Int, _ end: Int) -> Int? {
    pattern.withUTF8Buffer { pattern in
        var index = from
        while index + pattern.count <= end {
            if source[index] == pattern[0], pattern.indices.allSatisfy({ source[index + $0] == pattern[$0] }) {
                return index + pattern.count
            }
            index += 1
        }
        return nil
    }
}

/// Whether `source[at...]` starts with `pattern` (before `end`).
func starts(_ pattern: StaticString, in source: UnsafeBufferPointer<UInt8>, at: Int, _ end: Int) -> Bool {
    pattern.withUTF8Buffer { pattern in
        at + pattern.count <= end && pattern.indices.allSatisfy { source[at + $0] == pattern[$0] }
    }
}
