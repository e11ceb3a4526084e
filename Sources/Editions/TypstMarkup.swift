import CourseModel
import Markup

/// Escaping and naming for Typst source: text in markup, strings in code, labels.
public enum TypstMarkup {
    /// `text` as Typst markup that shows exactly these characters: every character markup gives a
    /// meaning to (`# * _ $ @ < > [ ] \ ` ~ / = - + ' " : ;`, and `.` at the start, after a digit
    /// or after another `.`) is escaped with a backslash, and line breaks become spaces.
    ///
    /// It goes by Unicode scalar, as Typst's parser reads, not by `Character`: a `#` that shares
    /// a grapheme cluster with its neighbour (after U+0600, which joins the character after it,
    /// or in the keycap emoji `#️⃣`) is still a `#` to Typst, and would start code.
    public static func text(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        // What came before the text is not known: a `.` at its start could follow a digit.
        var previous: Unicode.Scalar = "."
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\", "#", "*", "_", "$", "@", "<", ">", "[", "]", "`", "~", "/", "=", "-", "+", "'", "\"", ":", ";":
                out.unicodeScalars.append("\\"); out.unicodeScalars.append(scalar)
            case ".":
                if ("0"..."9").contains(previous) || previous == "." { out.unicodeScalars.append("\\") }
                out.unicodeScalars.append(scalar)
            case "\n", "\r", "\t", "\u{2028}", "\u{2029}":
                out.unicodeScalars.append(" ")
            default:
                // Control characters (Typst reads U+000B, U+000C and U+0085 as line breaks) have no place in a book.
                if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) { continue }
                out.unicodeScalars.append(scalar)
            }
            previous = scalar
        }
        return out
    }

    /// `text` as markup with each word of Latin letters and digits joined by hyphens
    /// ("Objective-C", "UTF-8") in a box: in CJK text a line may otherwise break after its hyphen.
    public static func textKeepingHyphenatedWords(_ text: String) -> String {
        byHyphenatedWords(text, plain: self.text) { "#box[" + self.text($0) + "];" }
    }

    /// `text` as a Typst string literal, quotes included.
    public static func string(_ text: String) -> String { "\"" + escapedWithBracedUnicode(text) + "\"" }

    /// A label name made of ASCII letters, digits and `-` only: anything else (including `_`)
    /// is written `_<hex>_`, so two different ids never give one label.
    public static func labelName(_ id: String) -> String {
        var out = ""
        for scalar in id.unicodeScalars {
            if (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9") || scalar == "-" {
                out.unicodeScalars.append(scalar)
            } else {
                out += "_" + String(scalar.value, radix: 16) + "_"
            }
        }
        return out
    }

    /// The label of a chapter (`<ch-memory>`) or of a place in it (`<ch-memory--listing-2-1>`).
    public static func label(chapter: String, anchor: String? = nil) -> String {
        var name = "ch-" + labelName(chapter)
        if let anchor { name += "--" + labelName(anchor) }
        return name
    }

    /// Code for a listing or an output: a run of more than `limit` characters without a space
    /// (a long identifier, a URL) gets zero-width spaces every `limit` characters, so it can
    /// wrap at the page's edge instead of running off it.
    public static func breakable(_ code: String, limit: Int = 60) -> String {
        var out = ""
        out.reserveCapacity(code.utf8.count)
        var run = 0
        for character in code {
            if character.isWhitespace {
                run = 0
            } else {
                run += 1
                if run > limit { out.append("\u{200B}"); run = 1 }
            }
            out.append(character)
        }
        return out
    }

    /// Inline code in a paragraph: long names such as `application(_:didFinishLaunchingWithOptions:)`
    /// may break after `(`, `:` and `,` and before `.`, so a justified line (Chinese above all,
    /// where every character is a place to stretch) is not pulled apart around one unbreakable word.
    /// A part still longer than `wordLimit` (`dequeueReusableCellWithIdentifier:` in a table's
    /// narrow column) may also break where a capital follows a small letter, as long as each piece
    /// keeps at least `minimumPiece` characters.
    public static func inlineBreakable(_ code: String, wordLimit: Int = 20, minimumPiece: Int = 6) -> String {
        guard code.count > 16 else { return code }
        // The parts between the places that break anyway, each then split at its humps if long.
        var parts: [String] = [""]
        var previous: Character?
        for character in code {
            if character == ".", let previous, previous != "." && previous != " " { parts.append("") }
            parts[parts.count - 1].append(character)
            if "(:,".contains(character) { parts.append("") }
            previous = character
        }
        if parts.last == "" { parts.removeLast() }
        let broken = parts.map { humps($0, wordLimit: wordLimit, minimumPiece: minimumPiece) }
            .joined(separator: "\u{200B}")
            + (code.last.map { "(:,".contains($0) } == true ? "\u{200B}" : "")
        // A line never starts with a closing bracket or a comma: `register(defaults:)` may break
        // after `(`, not before `)`.
        return broken.replacingOccurrences(of: "\u{200B})", with: ")").replacingOccurrences(of: "\u{200B}]", with: "]")
            .replacingOccurrences(of: "\u{200B},", with: ",")
    }

    /// `part` with a zero-width space before each capital that follows a small letter, in each of
    /// its words longer than `wordLimit`, where both sides of the break keep `minimumPiece` characters.
    static func humps(_ part: String, wordLimit: Int, minimumPiece: Int) -> String {
        part.split(separator: " ", omittingEmptySubsequences: false)
            .map { humpsOfWord(String($0), wordLimit: wordLimit, minimumPiece: minimumPiece) }
            .joined(separator: " ")
    }

    static func humpsOfWord(_ part: String, wordLimit: Int, minimumPiece: Int) -> String {
        let characters = Array(part)
        guard characters.count > wordLimit else { return part }
        var out = ""
        var sinceBreak = 0
        for (index, character) in characters.enumerated() {
            if index > 0, character.isUppercase, characters[index - 1].isLowercase,
               sinceBreak >= minimumPiece, characters.count - index >= minimumPiece {
                out.append("\u{200B}")
                sinceBreak = 0
            }
            out.append(character)
            sinceBreak += 1
        }
        return out
    }

    /// Whether `character` belongs to a script written without spaces (Chinese, Japanese), where
    /// a line break in the source must not become a space.
    static func isCJK(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x2E80...0x9FFF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x2FFFF: return true
        default: return false
        }
    }
}
