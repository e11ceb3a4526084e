/// The names an Objective-C or C listing declares (its macros, classes, protocols, enums and
/// their constants, methods, properties, functions and the Swift names it gives them) and the
/// ones it only uses. A course's Objective-C is its own code, like its Swift: a name it declares
/// (`FRCStylePlain`, `DLog`) is not API; a name it uses (`NSString`, `NSLog`) is one the course
/// shows in code. Read token by token, not parsed: comments and strings are skipped.
public enum ObjCNames {
    /// The languages of a fenced block read as Objective-C or C.
    public static let languages: Set<String> = ["objc", "objective-c", "objectivec", "objc++", "c", "h", "m"]

    public static func scan(_ source: String) -> APINames.Found {
        let tokens = ObjCTokens(source).tokens
        var found = APINames.Found()
        var depth = 0
        var index = 0
        func token(_ offset: Int) -> String? { tokens.indices.contains(index + offset) ? tokens[index + offset] : nil }
        func isName(_ text: String?) -> Bool { text.map { $0.first.map { $0.isLetter || $0 == "_" } ?? false } ?? false }
        while index < tokens.count {
            let text = tokens[index]
            switch text {
            case "{": depth += 1
            case "}": depth = max(0, depth - 1)
            case "#define", "@interface", "@protocol", "@implementation", "NS_SWIFT_NAME":
                if let name = (text == "NS_SWIFT_NAME" ? token(2) : token(1)), isName(name) { found.declared.insert(name) }
            case "@class":
                while let next = token(1), next != ";" { if isName(next) { found.declared.insert(next) }; index += 1 }
            case "NS_ENUM", "NS_OPTIONS", "NS_CLOSED_ENUM", "NS_ERROR_ENUM":
                // `NS_ENUM(NSInteger, Name) { Constant, Other = 2, }`
                if token(1) == "(", let name = token(4), isName(name) { found.declared.insert(name) }
                index = enumConstants(tokens, after: index, into: &found.declared)
            case let sign where (sign == "-" || sign == "+") && depth == 0 && token(1) == "(":
                // A method: `- (NSString *)stringFromNumerator:…`.
                var end = index + 1
                while end < tokens.count, tokens[end] != ")" { end += 1 }
                if tokens.indices.contains(end + 1), isName(tokens[end + 1]) { found.declared.insert(tokens[end + 1]) }
            case ";" where depth == 0:
                // The last name of a declaration: a typedef's, a property's, a global's.
                if index > 0, isName(tokens[index - 1]), tokens[index - 1] != "end" { found.declared.insert(tokens[index - 1]) }
            case "(" where depth == 0:
                // A function declared at the top level: `NSString *FRCFormat(…)`.
                if index > 1, isName(tokens[index - 1]), isName(tokens[index - 2]) || tokens[index - 2] == "*" {
                    found.declared.insert(tokens[index - 1])
                }
            default:
                if isName(text) { found.used.insert(text) }
            }
            index += 1
        }
        found.used.subtract(found.declared)
        return found
    }

    /// The constants between the braces after an `NS_ENUM(…)`: the first name of each entry.
    static func enumConstants(_ tokens: [String], after start: Int, into names: inout Set<String>) -> Int {
        guard var index = tokens[start...].firstIndex(of: "{"), tokens[start..<index].count < 12 else { return start }
        var atEntry = true
        index += 1
        while index < tokens.count, tokens[index] != "}" {
            let text = tokens[index]
            if atEntry, text.first.map({ $0.isLetter || $0 == "_" }) == true { names.insert(text) }
            atEntry = text == ","
            index += 1
        }
        return index
    }
}

/// Objective-C split into names (with a leading `#` or `@` kept: `#define`, `@interface`) and
/// single punctuation characters; comments, strings and numbers left out.
struct ObjCTokens {
    var tokens: [String] = []

    init(_ source: String) {
        let bytes = Array(source.utf8)
        var index = 0
        func isNameByte(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
                || byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        }
        while index < bytes.count {
            let byte = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            if byte == UInt8(ascii: "/"), next == UInt8(ascii: "/") {
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            } else if byte == UInt8(ascii: "/"), next == UInt8(ascii: "*") {
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                index += 2
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                index += 1
                while index < bytes.count, bytes[index] != byte, bytes[index] != UInt8(ascii: "\n") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                index += 1
            } else if isNameByte(byte) || (byte == UInt8(ascii: "#") || byte == UInt8(ascii: "@")) && isNameByte(next) {
                let start = index
                index += 1
                while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
                let text = String(decoding: bytes[start..<index], as: UTF8.self)
                if !(byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) { tokens.append(text) }
            } else {
                if byte > 0x20 { tokens.append(String(UnicodeScalar(byte))) }
                index += 1
            }
        }
    }
}
