import Foundation

/// Escaping for HTML and XHTML, shared by the site's pages, the templates and the EPUB: a leaf,
/// so the EPUB's writer needs none of the site's renderer.

/// HTML-escapes text for element content and double-quoted attributes (only the entities every
/// XML parser knows, so it serves XHTML too).
public func escapeHTML(_ text: String) -> String { escapeHTML(text, apostrophes: false) }

/// `apostrophes`: `'` too (as `&#39;`), as Mustache's `{{value}}` escapes it. A text with nothing
/// to escape comes back as it is, without a copy.
public func escapeHTML(_ text: String, apostrophes: Bool) -> String {
    var text = text
    return text.withUTF8 { bytes in
        func special(_ byte: UInt8) -> Bool {
            byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || (apostrophes && byte == 0x27)
        }
        guard let firstSpecial = bytes.firstIndex(where: special) else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 32)
        out.append(contentsOf: bytes[..<firstSpecial])
        for byte in bytes[firstSpecial...] {
            switch byte {
            case 0x26: out.append(contentsOf: [0x26, 0x61, 0x6D, 0x70, 0x3B])  // &amp;
            case 0x3C: out.append(contentsOf: [0x26, 0x6C, 0x74, 0x3B])  // &lt;
            case 0x3E: out.append(contentsOf: [0x26, 0x67, 0x74, 0x3B])  // &gt;
            case 0x22: out.append(contentsOf: [0x26, 0x71, 0x75, 0x6F, 0x74, 0x3B])  // &quot;
            case 0x27 where apostrophes: out.append(contentsOf: [0x26, 0x23, 0x33, 0x39, 0x3B])  // &#39;
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    } ?? text
}

/// Text escaped as `escapeHTML` does, with each word of Latin letters and digits joined by
/// hyphens ("Objective-C", "UTF-8") in `<span class="nobreak">`, which the style sheets keep on
/// one line: in Chinese and Japanese text a browser may otherwise break a line after the hyphen.
public func escapeHTMLKeepingHyphenatedWords(_ text: String) -> String {
    byHyphenatedWords(text, plain: escapeHTML) { "<span class=\"nobreak\">" + escapeHTML($0) + "</span>" }
}

/// `text` written piece by piece: each word of Latin letters and digits joined by hyphens
/// through `word`, the text between them through `plain`.
public func byHyphenatedWords(_ text: String, plain: (String) -> String, word: (String) -> String) -> String {
    guard text.contains("-") else { return plain(text) }
    var out = ""
    var rest = Substring(text)
    while let match = rest.firstMatch(of: /[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+/) {
        out += plain(String(rest[..<match.range.lowerBound])) + word(String(match.output))
        rest = rest[match.range.upperBound...]
    }
    return out + plain(String(rest))
}

/// A URL for an `href` or `src` attribute: percent-encoded (see `percentEncoded`), then escaped.
public func escapeURL(_ url: String) -> String { escapeHTML(percentEncoded(url)) }

/// A URL with the bytes outside the safe set percent-encoded, as cmark does.
public func percentEncoded(_ url: String) -> String {
    let safe = Set("-_.!~*'();/?:@&=+$,#%".utf8)
    var result = ""
    for byte in url.utf8 {
        if (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || safe.contains(byte) {
            result.unicodeScalars.append(Unicode.Scalar(byte))
        } else {
            let hex = String(byte, radix: 16, uppercase: true)
            result += "%" + (hex.count < 2 ? "0" + hex : hex)
        }
    }
    return result
}

/// Raw HTML without its `<!-- … -->` comments (an unclosed one runs to the end, as in a browser).
public func withoutComments(_ html: String) -> String {
    guard html.contains("<!--") else { return html }
    var result = ""
    var rest = Substring(html)
    while let open = rest.range(of: "<!--") {
        result += rest[..<open.lowerBound]
        guard let close = rest[open.upperBound...].range(of: "-->") else { return result }
        rest = rest[close.upperBound...]
    }
    return result + rest
}
