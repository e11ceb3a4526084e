import CourseModel

/// Reading a tag as HTML's tokenizer does, and keeping only the attributes `RawHTMLPolicy` allows.
extension RawHTMLSanitizer {
    struct Tag {
        /// The name, lower-cased.
        var key: String
        /// Names lower-cased, values as written (references not decoded), offsets of the names.
        var attributes: [(name: String, value: String, offset: Int)] = []
        var selfClosing = false
        /// Just after the tag's `>`.
        var end = 0
    }

    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D }

    private static func lowercased(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// A tag's name from its first letter, lower-cased.
    static func name(_ bytes: [UInt8], from start: Int) -> String {
        var end = start
        while end < bytes.count, !isSpace(bytes[end]), bytes[end] != UInt8(ascii: "/"), bytes[end] != UInt8(ascii: ">") { end += 1 }
        return lowercased(bytes[start..<end])
    }

    /// The tag whose name starts at `start`, or nil when the piece ends before its `>`.
    static func readTag(_ bytes: [UInt8], from start: Int) -> Tag? {
        let count = bytes.count
        var tag = Tag(key: name(bytes, from: start))
        var index = start + tag.key.utf8.count
        while true {
            while index < count, isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "/") {
                if bytes[index] == UInt8(ascii: "/"), index + 1 < count, bytes[index + 1] == UInt8(ascii: ">") { tag.selfClosing = true }
                index += 1
            }
            guard index < count else { return nil }
            if bytes[index] == UInt8(ascii: ">") { tag.end = index + 1; return tag }
            let nameStart = index
            index += 1  // a name may start with '='
            while index < count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "/"), bytes[index] != UInt8(ascii: ">"),
                  bytes[index] != UInt8(ascii: "=") { index += 1 }
            let name = lowercased(bytes[nameStart..<index])
            var cursor = index
            while cursor < count, isSpace(bytes[cursor]) { cursor += 1 }
            var value = ""
            if cursor < count, bytes[cursor] == UInt8(ascii: "=") {
                cursor += 1
                while cursor < count, isSpace(bytes[cursor]) { cursor += 1 }
                guard cursor < count else { return nil }
                let quote = bytes[cursor]
                if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                    guard let close = bytes[(cursor + 1)...].firstIndex(of: quote) else { return nil }
                    value = String(decoding: bytes[(cursor + 1)..<close], as: UTF8.self)
                    index = close + 1
                } else {
                    let valueStart = cursor
                    while cursor < count, !isSpace(bytes[cursor]), bytes[cursor] != UInt8(ascii: ">") { cursor += 1 }
                    value = String(decoding: bytes[valueStart..<cursor], as: UTF8.self)
                    index = cursor
                }
            }
            tag.attributes.append((name, value, nameStart))
        }
    }

    /// Just after the end tag `</name …>` found from `start` (any case), or nil when there is none.
    static func endTag(_ name: String, in bytes: [UInt8], from start: Int) -> Int? {
        let pattern = Array(("</" + name).utf8)
        var index = start
        while index + pattern.count <= bytes.count {
            if (0..<pattern.count).allSatisfy({ (bytes[index + $0] >= 0x41 && bytes[index + $0] <= 0x5A ? bytes[index + $0] | 0x20 : bytes[index + $0]) == pattern[$0] }) {
                let after = index + pattern.count
                if after == bytes.count { return after }
                if isSpace(bytes[after]) || bytes[after] == UInt8(ascii: "/") || bytes[after] == UInt8(ascii: ">") {
                    return bytes[after...].firstIndex(of: UInt8(ascii: ">")).map { $0 + 1 } ?? bytes.count
                }
            }
            index += 1
        }
        return nil
    }

    /// The attributes of `tag` that `RawHTMLPolicy` allows, with their values checked and decoded;
    /// a warning for each one left out.
    mutating func attributes(of tag: Tag, name element: String, svg: Bool, locator: Locator) -> [SanitizedHTML.Attribute] {
        var result: [SanitizedHTML.Attribute] = []
        var seen: Set<String> = []
        var align: String?
        let hasID = tag.attributes.contains { $0.name == "id" }
        for (raw, written, offset) in tag.attributes {
            let location = locator.location(offset)
            // HTML keeps the first of two; SVG's namespace is written by the sanitizer.
            guard seen.insert(raw).inserted, raw != "xmlns", !raw.hasPrefix("xmlns:") else { continue }
            func leaveOut(_ why: String, _ suggestion: String = "see README, \"Raw HTML\", for what is kept") {
                warn("the attribute '\(raw)' of <\(element)> is left out: \(why)", at: location, suggestion: suggestion)
            }
            if raw.hasPrefix("on") { leaveOut("it would run script", "a chapter brings no script of its own"); continue }
            let aria = raw.hasPrefix("aria-") && RawHTMLPolicy.ariaAttributes.contains(String(raw.dropFirst(5)))
            var name = raw
            if svg {
                guard let known = RawHTMLPolicy.svgAttributes[raw == "xlink:href" ? "href" : raw] ?? (aria ? raw : nil) else {
                    leaveOut("not an attribute Primer keeps in SVG"); continue
                }
                name = known
            } else if !(RawHTMLPolicy.globalAttributes.contains(raw) || aria || RawHTMLPolicy.htmlElements[element]?.contains(raw) == true) {
                leaveOut("not an attribute Primer keeps on <\(element)>"); continue
            }
            var value = HTMLEntities.decode(written[...], attribute: true)
            if svg && name == "href" && element != "a" {
                guard value.trimmingCharacters().hasPrefix("#") else { leaveOut("it may only refer to the drawing's own parts (#id)"); continue }
            } else if RawHTMLPolicy.urlAttributes.contains(name) {
                let (allowed, cleaned) = URLSafety.rawHTMLAllows(value)
                guard allowed else { leaveOut("\(URLSafety.scheme(cleaned)) URLs are not published", Self.urlAdvice(element)); continue }
                value = cleaned
            } else if name == "srcset" {
                guard let cleaned = Self.checkedSourceSet(value) else { leaveOut("one of its URLs is not published", Self.urlAdvice(element)); continue }
                value = cleaned
            } else if name == "id" || (name == "name" && element == "a" && !svg) {
                if name == "name" && hasID { leaveOut("the element has an id"); continue }
                guard AttributeSyntax.isValidID(value) else {
                    leaveOut("'\(value)' is not an id Primer can use", "start an id with a letter; then letters, digits, '-', '_', ':' or '.'"); continue
                }
                if SitePaths.isReservedID(value) {
                    leaveOut("the page itself uses the id '\(value)'", "choose another id; main, toc, fn- and fnref- ids are the page's"); continue
                }
                if let first = record(id: value, at: location) {
                    warn("the id '\(value)' of <\(element)> is left out: an element before it has it", at: location,
                         suggestion: "give one of them another id", related: [first]); continue
                }
                name = "id"
            } else if !svg && RawHTMLPolicy.booleanAttributes.contains(name) {
                value = ""
            } else if let problem = RawHTMLPolicy.problem(name: name, value: value, element: element, svg: svg) {
                leaveOut(problem, name == "style" ? "give the element a class and style it in the course's CSS" : "see README, \"Raw HTML\", for the values kept")
                continue
            }
            if name == "align" { align = "text-align: " + value.lowercased(); continue }
            result.append(.init(name: name, value: value))
        }
        if let align {
            if let index = result.firstIndex(where: { $0.name == "style" }) {
                let style = result[index].value.trimmingCharacters()
                result[index].value = style.isEmpty ? align : (style.hasSuffix(";") ? style + " " : style + "; ") + align
            } else {
                result.append(.init(name: "style", value: align))
            }
        }
        return result
    }

    /// A `srcset` with every URL checked (nil when one is not published), as checked.
    static func checkedSourceSet(_ value: String) -> String? {
        var candidates: [String] = []
        var rest = Substring(value)
        while true {
            rest = rest.drop { $0.isWhitespace || $0 == "," }
            guard !rest.isEmpty else { break }
            var url = rest.prefix { !$0.isWhitespace }
            rest = rest.dropFirst(url.count)
            var descriptor = ""
            if url.hasSuffix(",") {
                url = url.dropLast()
                while url.hasSuffix(",") { url = url.dropLast() }
            } else {
                descriptor = String(rest.prefix { $0 != "," }).trimmingCharacters()
                rest = rest.dropFirst(rest.prefix { $0 != "," }.count)
            }
            let (allowed, cleaned) = URLSafety.rawHTMLAllows(String(url))
            guard allowed else { return nil }
            candidates.append(descriptor.isEmpty ? cleaned : cleaned + " " + descriptor)
        }
        return candidates.joined(separator: ", ")
    }

    private static func urlAdvice(_ element: String) -> String {
        element == "img" || element == "source"
            ? "write the picture as a Markdown image: ![alt](../images/picture.png)"
            : "link to an http(s) or mailto: address, or to a page or file of the course"
    }
}
