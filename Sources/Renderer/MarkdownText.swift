/// Plain text, code and addresses written so that Markdown shows exactly them.
enum MarkdownText {
    /// `text` with the characters that would start markup escaped: emphasis, code, links, raw
    /// HTML; at a line's start also what would make it a heading, a quote or a list item.
    static func escape(_ text: String, lineStart: Bool) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            let before = index > 0 ? characters[index - 1] : nil
            let after = index + 1 < characters.count ? characters[index + 1] : nil
            switch character {
            case "\\", "`", "*", "[", "]":
                out += "\\" + String(character)
            case "_":
                // Inside a word (`snake_case`) an underscore is no emphasis.
                let inWord = (before?.isLetter == true || before?.isNumber == true) && (after?.isLetter == true || after?.isNumber == true)
                out += inWord ? "_" : "\\_"
            case "<":
                out += after.map { $0.isLetter || $0 == "/" || $0 == "!" || $0 == "?" } == true ? "\\<" : "<"
            default:
                out.append(character)
            }
        }
        return lineStart ? escapeLineStarts(out) : out
    }

    /// Each line that would open a block (`# `, `> `, `- `, `+ `, `1. `, `===`) with its first mark escaped.
    static func escapeLineStarts(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let trimmed = line.drop { $0 == " " }
            let indent = String(line.prefix(line.count - trimmed.count))
            guard let first = trimmed.first else { return String(line) }
            let second = trimmed.dropFirst().first
            if first == "#" || first == ">" || first == "=" || ((first == "-" || first == "+") && (second == nil || second == " ")) {
                return indent + "\\" + trimmed
            }
            let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, digits.count < 10 {
                let rest = trimmed.dropFirst(digits.count)
                if let mark = rest.first, mark == "." || mark == ")", rest.dropFirst().first == nil || rest.dropFirst().first == " " {
                    return indent + digits + "\\" + rest
                }
            }
            return String(line)
        }.joined(separator: "\n")
    }

    /// Inline code in as many backticks as it needs (one more than its longest run of them).
    static func code(_ code: String) -> String {
        let fence = String(repeating: "`", count: longestRun(of: "`", in: code) + 1)
        let padded = code.hasPrefix("`") || code.hasSuffix("`") || (code.hasPrefix(" ") && code.hasSuffix(" ") && !code.allSatisfy { $0 == " " })
        return fence + (padded ? " " + code + " " : code) + fence
    }

    /// A fenced block with its language, fenced longer than any run of backticks it holds.
    static func fenced(_ code: String, language: String) -> String {
        let fence = String(repeating: "`", count: max(3, longestRun(of: "`", in: code) + 1))
        let body = code.hasSuffix("\n") || code.isEmpty ? code : code + "\n"
        return fence + language + "\n" + body + fence + "\n"
    }

    /// A link's or an image's address, in angle brackets when it holds a space or a parenthesis.
    static func destination(_ href: String) -> String {
        guard href.contains(where: { $0 == " " || $0 == "(" || $0 == ")" || $0 == "<" || $0 == ">" }) else { return href }
        return "<" + href.replacingOccurrences(of: "<", with: "%3C").replacingOccurrences(of: ">", with: "%3E") + ">"
    }

    static func longestRun(of mark: Character, in text: String) -> Int {
        var longest = 0, run = 0
        for character in text {
            if character == mark { run += 1; longest = max(longest, run) } else { run = 0 }
        }
        return longest
    }
}
