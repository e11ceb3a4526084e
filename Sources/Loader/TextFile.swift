import CourseModel
import Foundation

/// Reads a text file as UTF-8, reporting the first invalid byte at its line and column.
func readUTF8(_ url: URL, displayPath: String) -> Result<String, Diagnostic> {
    let data: Data
    do { data = try Data(contentsOf: url) } catch {
        return .failure(.error(.fileUnreadable, "cannot read the file: \(error.localizedDescription)", at: SourceLocation(path: displayPath)))
    }
    if let text = String(validatingUTF8: data) { return .success(text) }
    // Find where it breaks, to point the author at it.
    var line = 1, column = 1
    let bytes = [UInt8](data)
    var i = 0
    while i < bytes.count {
        let b = bytes[i]
        let length: Int
        switch b {
        case 0x00...0x7F: length = 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: length = 0
        }
        var valid = length > 0 && i + length <= bytes.count
        if valid && length > 1 {
            valid = String(bytes: bytes[i..<(i + length)], encoding: .utf8) != nil
        }
        if !valid {
            return .failure(.error(.fileUnreadable, String(format: "the file is not valid UTF-8 (byte 0x%02X)", b),
                                   at: SourceLocation(path: displayPath, line: line, column: column),
                                   suggestion: "save the file as UTF-8"))
        }
        if b == 0x0A { line += 1; column = 1 } else { column += 1 }
        i += length
    }
    return .failure(.error(.fileUnreadable, "the file is not valid UTF-8", at: SourceLocation(path: displayPath, line: line, column: column)))
}

extension String {
    init?(validatingUTF8 data: Data) {
        guard let text = String(data: data, encoding: .utf8) else { return nil }
        // Foundation tolerates a few things (a BOM) we strip ourselves.
        self = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
    }
}
