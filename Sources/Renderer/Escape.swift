/// HTML-escapes text for element content and double-quoted attributes.
public func escapeHTML(_ text: String) -> String {
    var needs = false
    for byte in text.utf8 where byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 { needs = true; break }
    guard needs else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": result += "&amp;"
        case "<": result += "&lt;"
        case ">": result += "&gt;"
        case "\"": result += "&quot;"
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result
}

/// Escapes a URL for an href/src attribute: characters outside what is safe are percent-encoded
/// (as cmark does), then the result is HTML-escaped.
func escapeURL(_ url: String) -> String {
    let safe = Set("-_.!~*'();/?:@&=+$,#%[]".utf8)
    var result = ""
    for byte in url.utf8 {
        if (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || safe.contains(byte) {
            if byte == 0x26 { result += "&amp;" } else { result.unicodeScalars.append(Unicode.Scalar(byte)) }
        } else {
            result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(2)
        }
    }
    return result
}

extension String {
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}

/// GitHub's tag filter: these tags are neutralised even when raw HTML is allowed.
func filterTags(_ html: String) -> String {
    let banned = ["title", "textarea", "style", "xmp", "iframe", "noembed", "noframes", "script", "plaintext"]
    var result = ""
    var rest = Substring(html)
    while let open = rest.firstIndex(of: "<") {
        result += rest[..<open]
        let after = rest[rest.index(after: open)...]
        let name = after.drop(while: { $0 == "/" }).prefix(while: { $0.isLetter }).lowercased()
        result += banned.contains(name) ? "&lt;" : "<"
        rest = after
    }
    result += rest
    return result
}
