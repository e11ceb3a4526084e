import CourseModel

/// JSON with the line and column of every value and key, so a translator's typo in a
/// string catalog is reported where it is.
public indirect enum JSON: Sendable {
    public struct Member: Sendable { public var key: String; public var keyPosition: Position; public var value: JSON }
    case object([Member], Position)
    case array([JSON], Position)
    case string(String, Position)
    case number(String, Position)
    case bool(Bool, Position)
    case null(Position)

    public var position: Position {
        switch self {
        case .object(_, let p), .array(_, let p), .string(_, let p), .number(_, let p), .bool(_, let p), .null(let p): return p
        }
    }

    public subscript(key: String) -> JSON? {
        guard case .object(let members, _) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    public var members: [Member] { if case .object(let m, _) = self { return m } else { return [] } }
    public var string: String? { if case .string(let s, _) = self { return s } else { return nil } }

    public struct ParseError: Error, Sendable { public var message: String; public var position: Position }

    public static func parse(_ text: String) throws(ParseError) -> JSON {
        var parser = JSONParser(Array(text.utf8))
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }
}

private struct JSONParser {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    var lineStart = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3; lineStart = 3 }
    }

    /// Column in characters (UTF-8 lead bytes), 1-based.
    var position: Position {
        let column = bytes[lineStart..<min(index, bytes.count)].filter { $0 & 0xC0 != 0x80 }.count + 1
        return Position(line: line, column: column)
    }

    func error(_ message: String) -> JSON.ParseError { JSON.ParseError(message: message, position: position) }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A: index += 1; line += 1; lineStart = index
            default: return
            }
        }
    }

    mutating func value(depth: Int) throws(JSON.ParseError) -> JSON {
        guard depth < 200 else { throw error("JSON nested too deeply") }
        guard index < bytes.count else { throw error("unexpected end of the file; a value was expected") }
        let start = position
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var members: [JSON.Member] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members, start) }
            while true {
                skipWhitespace()
                let keyPosition = position
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key in double quotes") }
                let key = try string()
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after the key \"\(key)\"") }
                index += 1
                skipWhitespace()
                members.append(JSON.Member(key: key, keyPosition: keyPosition, value: try value(depth: depth + 1)))
                skipWhitespace()
                guard index < bytes.count else { throw error("unexpected end of the file; '}' was expected") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members, start) }
                throw error("expected ',' or '}' after a value")
            }
        case UInt8(ascii: "["):
            index += 1
            var items: [JSON] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items, start) }
            while true {
                skipWhitespace()
                items.append(try value(depth: depth + 1))
                skipWhitespace()
                guard index < bytes.count else { throw error("unexpected end of the file; ']' was expected") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items, start) }
                throw error("expected ',' or ']' after a value")
            }
        case UInt8(ascii: "\""):
            return .string(try string(), start)
        case UInt8(ascii: "t"): try literal("true"); return .bool(true, start)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false, start)
        case UInt8(ascii: "n"): try literal("null"); return .null(start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let begin = index
            while index < bytes.count, "+-.eE0123456789".utf8.contains(bytes[index]) { index += 1 }
            return .number(String(decoding: bytes[begin..<index], as: UTF8.self), start)
        default:
            throw error("unexpected character; a value was expected")
        }
    }

    mutating func literal(_ word: String) throws(JSON.ParseError) {
        let utf8 = Array(word.utf8)
        guard bytes[index...].starts(with: utf8) else { throw error("unexpected character; a value was expected") }
        index += utf8.count
    }

    mutating func string() throws(JSON.ParseError) -> String {
        index += 1  // opening quote
        var out: [UInt8] = []
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { index += 1; break }
            if byte == 0x0A { throw error("unterminated string (a line break inside quotes)") }
            if byte == UInt8(ascii: "\\") {
                index += 1
                guard index < bytes.count else { throw error("unterminated string") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var unit = try hex4()
                    if (0xD800...0xDBFF).contains(unit), bytes[index...].starts(with: Array("\\u".utf8)) {
                        index += 2
                        let low = try hex4()
                        unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(unit) else { throw error("invalid \\u escape") }
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))'")
                }
                continue
            }
            out.append(byte)
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    mutating func hex4() throws(JSON.ParseError) -> UInt32 {
        guard index + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16)
        else { throw error("invalid \\u escape") }
        index += 4
        return value
    }
}
