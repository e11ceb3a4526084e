import Foundation
import Markup

/// Small helpers for writing XML: escaping and the characters XML 1.0 cannot hold. (Raw HTML
/// needs no check here: the parse stage made it well-formed, see Markdown's `RawHTMLSanitizer`.)
enum XML {
    /// Text escaped for element content and double-quoted attribute values (only the entities
    /// every XML parser knows).
    static func escape(_ text: String) -> String { escapeHTML(text) }

    /// A URL for an `href` or `src`: characters outside the safe set percent-encoded, then escaped.
    static func escapeURL(_ url: String) -> String { Markup.escapeURL(url) }

    /// A URL with the bytes outside the safe set (as cmark has it) percent-encoded.
    static func percentEncoded(_ url: String) -> String { Markup.percentEncoded(url) }

    /// `text` without the characters XML 1.0 does not allow (C0 controls other than tab and line
    /// breaks, which a program's output may hold, such as a terminal's escape sequences).
    static func clean(_ text: String) -> String {
        func allowed(_ scalar: Unicode.Scalar) -> Bool {
            let v = scalar.value
            return v == 0x09 || v == 0x0A || v == 0x0D || (v >= 0x20 && v <= 0xD7FF) || (v >= 0xE000 && v <= 0xFFFD) || v >= 0x10000
        }
        guard !text.unicodeScalars.allSatisfy(allowed) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where allowed(scalar) { scalars.append(scalar) }
        return String(scalars)
    }
}
