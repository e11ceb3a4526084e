/// Control characters: C0 (except tab and newline), DEL and C1. On a terminal they move the
/// cursor, retitle the window, clear the screen or hide text; a web page cannot show them.
public enum ControlCharacters {
    public static func contains(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (value < 0x20 && value != 0x09 && value != 0x0A) || value == 0x7F || (0x80...0x9F).contains(value)
    }

    /// `scalar` as Swift writes it in a string: `\u{1B}`.
    public static func escaped(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    /// The control characters `text` holds, each once, in the order met, as `\u{1B}`; nil when none.
    public static func listed<S: StringProtocol>(in text: S) -> String? {
        var seen: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars where contains(scalar) && !seen.contains(scalar) { seen.append(scalar) }
        return seen.isEmpty ? nil : seen.map(escaped).joined(separator: ", ")
    }

    /// `text` without its control characters.
    public static func removed(from text: String) -> String {
        var result = ""
        result.unicodeScalars.append(contentsOf: text.unicodeScalars.filter { !contains($0) })
        return result
    }

    /// `text` safe to print on a terminal: control characters written as `\u{1B}`, tabs kept;
    /// newlines kept too with `keepingNewlines`, else written as `\u{A}`.
    public static func escaping<S: StringProtocol>(_ text: S, keepingNewlines: Bool = false) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if contains(scalar) || (scalar == "\n" && !keepingNewlines) {
                result += escaped(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
