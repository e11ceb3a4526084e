import CourseModel

/// HTML-escapes text for element content and double-quoted attributes.
public func escapeHTML(_ text: String) -> String { escapeHTML(text, apostrophes: false) }

/// `apostrophes`: `'` too (as `&#39;`), as Mustache's `{{value}}` escapes it. A text with nothing
/// to escape comes back as it is, without a copy.
func escapeHTML(_ text: String, apostrophes: Bool) -> String {
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

/// Escapes a URL for an href/src attribute: characters outside what is safe are percent-encoded
/// (as cmark does), then the result is HTML-escaped.
func escapeURL(_ url: String) -> String {
    let safe = Set("-_.!~*'();/?:@&=+$,#%".utf8)
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

/// Raw HTML as the course lets it through (`raw_html: true`): GitHub's tag filter, exactly
/// (`<script>`, `<title>`, `<iframe>`… become text; `<script1>` and `<title-card>` do not), and
/// what GitHub's sanitizer would take out besides: event-handler attributes (`onerror`,
/// `onload`, `ontoggle`…) and URLs that run script (`href="javascript:…"`, see `URLSafety`).
func filterTags(_ html: String) -> String {
    let bytes = Array(html.utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
        guard bytes[i] == UInt8(ascii: "<") else { out.append(bytes[i]); i += 1; continue }
        if bytes[i...].starts(with: Array("<!--".utf8)) {  // a comment is copied as it is
            let end = find(Array("-->".utf8), in: bytes, from: i + 4).map { $0 + 3 } ?? bytes.count
            out += bytes[i..<end]; i = end; continue
        }
        var j = i + 1
        let closing = j < bytes.count && bytes[j] == UInt8(ascii: "/")
        if closing { j += 1 }
        guard j < bytes.count, isLetter(bytes[j]) else { out.append(bytes[i]); i += 1; continue }
        let nameStart = j
        while j < bytes.count, !isSpace(bytes[j]), bytes[j] != UInt8(ascii: ">"), bytes[j] != UInt8(ascii: "/") { j += 1 }
        let name = String(decoding: bytes[nameStart..<j], as: UTF8.self).lowercased()
        if bannedTags.contains(name), j < bytes.count,
           isSpace(bytes[j]) || bytes[j] == UInt8(ascii: ">") || (bytes[j] == UInt8(ascii: "/") && j + 1 < bytes.count && bytes[j + 1] == UInt8(ascii: ">")) {
            out += Array("&lt;".utf8); i += 1; continue  // the rest is plain text now
        }
        out += bytes[i..<j]
        i = j
        if closing { continue }
        // Attributes, up to the end of the tag.
        while i < bytes.count {
            let spaceStart = i
            while i < bytes.count, isSpace(bytes[i]) { i += 1 }
            let space = bytes[spaceStart..<i]
            if i >= bytes.count { out += space; break }
            if bytes[i] == UInt8(ascii: ">") { out += space; out.append(bytes[i]); i += 1; break }
            if bytes[i] == UInt8(ascii: "/") { out += space; out.append(bytes[i]); i += 1; continue }
            let attributeStart = i
            while i < bytes.count, !isSpace(bytes[i]), bytes[i] != UInt8(ascii: ">"), bytes[i] != UInt8(ascii: "="),
                  !(bytes[i] == UInt8(ascii: "/") && i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: ">")) { i += 1 }
            let attribute = String(decoding: bytes[attributeStart..<i], as: UTF8.self).lowercased()
            var value: ArraySlice<UInt8> = []
            var k = i
            while k < bytes.count, isSpace(bytes[k]) { k += 1 }
            if k < bytes.count, bytes[k] == UInt8(ascii: "=") {
                k += 1
                while k < bytes.count, isSpace(bytes[k]) { k += 1 }
                if k < bytes.count, bytes[k] == UInt8(ascii: "\"") || bytes[k] == UInt8(ascii: "'") {
                    let quote = bytes[k]
                    let end = bytes[(k + 1)...].firstIndex(of: quote) ?? bytes.count
                    value = bytes[min(k + 1, bytes.count)..<end]
                    k = min(end + 1, bytes.count)
                } else {
                    let start = k
                    while k < bytes.count, !isSpace(bytes[k]), bytes[k] != UInt8(ascii: ">") { k += 1 }
                    value = bytes[start..<k]
                }
                i = k
            }
            let handler = attribute.hasPrefix("on")
            let script = urlAttributes.contains(attribute) && URLSafety.isDangerous(decodeEntities(value))
            if !handler && !script { out += space; out += bytes[attributeStart..<i] }
        }
    }
    return String(decoding: out, as: UTF8.self)
}

/// The tags GitHub's tag filter neutralises.
let bannedTags: Set<String> = ["title", "textarea", "style", "xmp", "iframe", "noembed", "noframes", "script", "plaintext"]
/// Attributes whose value a browser follows or loads as a URL.
let urlAttributes: Set<String> = ["href", "src", "action", "formaction", "xlink:href", "poster", "background", "data", "cite", "srcdoc"]

private func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
private func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }

private func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard needle.count <= bytes.count, start <= bytes.count - needle.count else { return nil }
    for index in start...(bytes.count - needle.count) where bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
    return nil
}

/// An attribute value as the browser reads it, as far as a URL's scheme goes: numeric
/// character references and the named ones that spell a colon or white space.
func decodeEntities(_ value: ArraySlice<UInt8>) -> String {
    let text = String(decoding: value, as: UTF8.self)
    guard text.contains("&") else { return text }
    var result = ""
    var rest = Substring(text)
    while let amp = rest.firstIndex(of: "&") {
        result += rest[..<amp]
        let after = rest[rest.index(after: amp)...]
        let body = after.prefix { $0 != ";" && $0 != "&" && !$0.isWhitespace }
        var replacement: String?
        var consumed = 0
        if body.hasPrefix("#x") || body.hasPrefix("#X") {
            let digits = body.dropFirst(2).prefix { $0.isHexDigit }
            consumed = 2 + digits.count
            replacement = UInt32(digits, radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
        } else if body.hasPrefix("#") {
            let digits = body.dropFirst().prefix { $0.isNumber }
            consumed = 1 + digits.count
            replacement = UInt32(digits).flatMap(Unicode.Scalar.init).map { String($0) }
        } else {
            consumed = body.count
            replacement = ["colon": ":", "tab": "\t", "newline": "\n"][body.lowercased()]
        }
        if let replacement {
            result += replacement
            rest = after.dropFirst(consumed)
            if rest.first == ";" { rest = rest.dropFirst() }
        } else {
            result += "&"
            rest = after
        }
    }
    return result + rest
}
