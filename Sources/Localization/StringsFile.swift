import CourseModel
import Foundation

/// Reads legacy `Localizable.strings`: `"key" = "value";` pairs with `/* */` and `//`
/// comments and C-style escapes (`\n`, `\"`, `\U00E9`), in UTF-8 or UTF-16 with a BOM.
public enum StringsFileReader {
    public static func read(_ data: [UInt8], path: String, locale: LocaleTag) -> ([String: CatalogValue], [Diagnostic]) {
        let start = SourceLocation(path: path, line: 1, column: 1)
        let text: String
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            let bigEndian = data[0] == 0xFE
            guard data.count % 2 == 0 else { return ([:], [.error(.fileUnreadable, "the UTF-16 file has an odd number of bytes", at: start)]) }
            var units: [UInt16] = []
            units.reserveCapacity(data.count / 2)
            var i = 2
            while i + 1 < data.count {
                units.append(bigEndian ? UInt16(data[i]) << 8 | UInt16(data[i + 1]) : UInt16(data[i + 1]) << 8 | UInt16(data[i]))
                i += 2
            }
            text = String(decoding: units, as: UTF16.self)
        } else {
            var bytes = data[...]
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
            if bytes.prefix(512).contains(0) {
                return ([:], [.error(.fileUnreadable, "the file looks like UTF-16 without a byte order mark", at: start,
                                     suggestion: "save it as UTF-8, or as UTF-16 with a BOM")])
            }
            guard let decoded = String(validating: bytes, as: UTF8.self) else {
                return ([:], [.error(.fileUnreadable, "the file is neither UTF-8 nor UTF-16 with a BOM", at: start, suggestion: "save it as UTF-8")])
            }
            text = decoded
        }
        var scanner = StringsScanner(Array(text.unicodeScalars), path: path)
        var values: [String: CatalogValue] = [:]
        var diagnostics: [Diagnostic] = []
        do {
            while let (key, keyPlace, value) = try scanner.nextPair() {
                if values[key] != nil {
                    diagnostics.append(.warning(.stringsSyntax, "the key \"\(key)\" is defined again; the last definition wins", at: keyPlace))
                }
                values[key] = CatalogValue(state: .translated, value: value, plural: nil, location: keyPlace)
            }
        } catch {
            diagnostics.append(error)
        }
        return (values, diagnostics)
    }
}

private struct StringsScanner {
    let scalars: [Unicode.Scalar]
    let path: String
    var index = 0
    var line = 1
    var column = 1

    init(_ scalars: [Unicode.Scalar], path: String) {
        self.scalars = scalars.first == "\u{FEFF}" ? Array(scalars.dropFirst()) : scalars
        self.path = path
    }

    var here: SourceLocation { SourceLocation(path: path, line: line, column: column) }
    var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    mutating func advance() {
        if scalars[index] == "\n" { line += 1; column = 1 } else { column += 1 }
        index += 1
    }

    mutating func skipSpaceAndComments() throws(Diagnostic) {
        while let c = current {
            if c.properties.isWhitespace { advance(); continue }
            if c == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                let start = here
                advance(); advance()
                while true {
                    guard let d = current else { throw .error(.stringsSyntax, "unterminated comment", at: start, suggestion: "close it with */") }
                    if d == "*", index + 1 < scalars.count, scalars[index + 1] == "/" { advance(); advance(); break }
                    advance()
                }
                continue
            }
            if c == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                while let d = current, d != "\n" { advance() }
                continue
            }
            return
        }
    }

    mutating func nextPair() throws(Diagnostic) -> (String, SourceLocation, String)? {
        try skipSpaceAndComments()
        guard current != nil else { return nil }
        let keyPlace = here
        let key = try token(what: "key")
        try skipSpaceAndComments()
        guard current == "=" else {
            throw .error(.stringsSyntax, "expected '=' after the key \"\(key)\"", at: here, suggestion: "write \"key\" = \"value\";")
        }
        advance()
        try skipSpaceAndComments()
        let value = try token(what: "value")
        try skipSpaceAndComments()
        guard current == ";" else { throw .error(.stringsSyntax, "expected ';' after the value of \"\(key)\"", at: here) }
        advance()
        return (key, keyPlace, value)
    }

    mutating func token(what: String) throws(Diagnostic) -> String {
        guard let c = current else { throw .error(.stringsSyntax, "unexpected end of the file; a \(what) was expected", at: here) }
        if c == "\"" { return try quoted() }
        var word = ""
        while let d = current, d.properties.isAlphabetic || ("0"..."9").contains(d) || "_.-$:".unicodeScalars.contains(d) {
            word.unicodeScalars.append(d)
            advance()
        }
        guard !word.isEmpty else { throw .error(.stringsSyntax, "expected a \(what) in double quotes", at: here) }
        return word
    }

    mutating func quoted() throws(Diagnostic) -> String {
        let start = here
        advance()
        var result = String.UnicodeScalarView()
        var pendingHigh: UInt32?
        while true {
            guard let c = current else {
                throw .error(.stringsSyntax, "unterminated string", at: start, suggestion: "close it with a double quote")
            }
            advance()
            if c == "\"" { break }
            if c != "\\" { result.append(c); continue }
            guard let e = current else { throw .error(.stringsSyntax, "unterminated string", at: start) }
            let escapePlace = here
            advance()
            switch e {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "\"", "\\", "'": result.append(e)
            case "0": result.append("\u{0}")
            case "U", "u":
                var hex = ""
                for _ in 0..<4 {
                    guard let h = current, h.properties.isASCIIHexDigit else {
                        throw .error(.stringsSyntax, "\\\(e) must be followed by four hex digits", at: escapePlace)
                    }
                    hex.unicodeScalars.append(h)
                    advance()
                }
                let unit = UInt32(hex, radix: 16)!
                if (0xD800...0xDBFF).contains(unit) { pendingHigh = unit; continue }
                if (0xDC00...0xDFFF).contains(unit), let high = pendingHigh {
                    result.append(Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00))!)
                    pendingHigh = nil
                    continue
                }
                guard let scalar = Unicode.Scalar(unit) else { throw .error(.stringsSyntax, "\\\(e)\(hex) is not a character", at: escapePlace) }
                result.append(scalar)
            default:
                throw .error(.stringsSyntax, "unknown escape '\\\(e)'", at: escapePlace, suggestion: "use \\n, \\t, \\\", \\\\ or \\U followed by four hex digits")
            }
        }
        return String(result)
    }
}
