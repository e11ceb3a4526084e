/// URLs that would run script (or open local files) when a reader follows them. The same rule
/// as cmark-gfm's safe mode, which GitHub uses: `javascript:`, `vbscript:`, `file:` and `data:`
/// are refused, except `data:image/png`, `gif`, `jpeg` and `webp`. Browsers ignore tabs and
/// line breaks inside a URL and spaces and control characters before it, so those are
/// ignored here too (`java&#9;script:` is still `javascript:`).
public enum URLSafety {
    public static func isDangerous(_ url: String) -> Bool {
        // Read on the UTF-8 bytes, without a copy: every link of a course comes through here.
        var scheme: [UInt8] = []
        var afterColon: Substring.UTF8View.SubSequence?
        let bytes = url.utf8
        var index = bytes.startIndex
        while index < bytes.endIndex, bytes[index] <= 0x20 { index = bytes.index(after: index) }
        while index < bytes.endIndex {
            let byte = bytes[index]
            index = bytes.index(after: index)
            if byte == 0x09 || byte == 0x0A || byte == 0x0D { continue }
            if byte == UInt8(ascii: ":") { afterColon = Substring(url).utf8[index...]; break }
            // A scheme is letters (and a few signs); these four are 4 to 10 letters long.
            guard scheme.count < 10, (byte | 0x20) >= UInt8(ascii: "a"), (byte | 0x20) <= UInt8(ascii: "z") else { return false }
            scheme.append(byte | 0x20)
        }
        guard let rest = afterColon else { return false }
        switch String(decoding: scheme, as: UTF8.self) {
        case "javascript", "vbscript", "file": return true
        case "data":
            let media = String(decoding: rest.filter { $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }.prefix(10), as: UTF8.self).lowercased()
            return !["image/png", "image/gif", "image/jpeg", "image/webp"].contains { media.hasPrefix($0) }
        default: return false
        }
    }

    /// Whether raw HTML may keep a URL (`raw_html: true`), read after its character references
    /// were decoded: an allow-list where `isDangerous` is a deny-list. Relative URLs (a path, a
    /// query, a `#fragment`) and `http:`, `https:` and `mailto:` pass, and `data:` as far as
    /// `isDangerous` lets it (the four image types). Spaces and control characters around the URL
    /// and tabs and line breaks inside it are dropped first, as a browser does; `cleaned` is the
    /// URL as it was checked, which is the one to publish.
    public static func rawHTMLAllows(_ url: String) -> (allowed: Bool, cleaned: String) {
        var scalars = String.UnicodeScalarView()
        for scalar in url.unicodeScalars where scalar != "\t" && scalar != "\n" && scalar != "\r" { scalars.append(scalar) }
        var cleaned = Substring(String(scalars))
        while let first = cleaned.unicodeScalars.first, first.value <= 0x20 { cleaned = cleaned.dropFirst() }
        while let last = cleaned.unicodeScalars.last, last.value <= 0x20 { cleaned = cleaned.dropLast() }
        let result = String(cleaned)
        // A scheme is a letter, then letters, digits, '+', '-' or '.', then ':'; anything else makes the URL relative.
        var scheme = ""
        for character in result.unicodeScalars {
            if character == ":" {
                guard !scheme.isEmpty else { break }
                switch scheme.lowercased() {
                case "http", "https", "mailto": return (true, result)
                case "data": return (!isDangerous(result), result)
                default: return (false, result)
                }
            }
            let isLetter = (character.value | 0x20) >= 0x61 && (character.value | 0x20) <= 0x7A
            let isOther = (character.value >= 0x30 && character.value <= 0x39) || character == "+" || character == "-" || character == "."
            guard isLetter || (!scheme.isEmpty && isOther) else { break }
            scheme.unicodeScalars.append(character)
        }
        return (true, result)
    }

    /// The scheme named in a message ("javascript:").
    public static func scheme(_ url: String) -> String {
        let trimmed = String(String.UnicodeScalarView(url.unicodeScalars.filter { $0.value > 0x20 }))
        return (trimmed.split(separator: ":", maxSplits: 1).first.map { String($0).lowercased() } ?? trimmed) + ":"
    }
}
