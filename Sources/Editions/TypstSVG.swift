import CourseModel
import Foundation

/// An SVG figure as the PDF shows it: its generic font families (`sans-serif`, `serif`,
/// `monospace`) named as the book's fonts. Typst draws an SVG's text with the book's fonts, and
/// for a generic family it takes the first font that has the glyphs: in a Chinese book that is
/// Noto Serif CJK JP, whose 关, 直 and 骨 are the Japanese forms; named, they are the book's own
/// (Noto Sans CJK SC in Simplified Chinese).
enum TypstSVG {
    static func withBookFonts(_ bytes: [UInt8], locale: LocaleTag) -> [UInt8] {
        guard let text = String(bytes: bytes, encoding: .utf8), text.contains("font-family") else { return bytes }
        let families = fonts(for: locale)
        // `font-family="…"`, `font-family='…'` and `font-family: …` (in a style attribute or sheet).
        let declaration = /(font-family\s*[=:]\s*["']?)([^"';}<>\n]*)/
        let rewritten = text.replacing(declaration) { match in
            let list = match.output.2.split(separator: ",", omittingEmptySubsequences: false).map { family in
                families[family.trimmingCharacters(in: .whitespaces).lowercased()].map { " " + $0 } ?? String(family)
            }
            return match.output.1 + list.joined(separator: ",").trimmingCharacters(in: .whitespaces)
        }
        return Array(rewritten.utf8)
    }

    /// The book's fonts for the generic families: the Noto fonts, in a CJK book the CJK fonts of
    /// the language's glyph forms (they have Latin letters too).
    static func fonts(for locale: LocaleTag) -> [String: String] {
        guard let face = TypstWriter.cjkFace(locale) else {
            return ["sans-serif": "Noto Sans", "system-ui": "Noto Sans", "serif": "Noto Serif", "monospace": "Noto Sans Mono", "ui-monospace": "Noto Sans Mono"]
        }
        return ["sans-serif": "Noto Sans CJK \(face)", "system-ui": "Noto Sans CJK \(face)", "serif": "Noto Serif CJK \(face)",
                "monospace": "Noto Sans Mono CJK \(face)", "ui-monospace": "Noto Sans Mono CJK \(face)"]
    }
}
