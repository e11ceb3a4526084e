/// Raw HTML as the parse stage leaves it with `raw_html: true` (Markdown's `RawHTMLSanitizer`):
/// a canonical form every stage after it can read without an HTML parser. A start tag is
/// `<name a="v">`, a void element `<name a="v"/>`, an end tag `</name>`; every value is quoted
/// with `"` and escaped (`&amp;` `&lt;` `&gt;` `&quot;`), text is escaped (`&amp;` `&lt;` `&gt;`),
/// there are no comments, so every `<` starts a tag and every `>` ends one. The same text is
/// well-formed XHTML (the EPUB) and valid HTML (the site).
public enum SanitizedHTML {
    public struct Tag: Hashable, Sendable {
        public var name: String
        public var attributes: [Attribute]
        /// `</name>`.
        public var isEnd: Bool
        /// `<name …/>`: a void element.
        public var isVoid: Bool

        public init(name: String, attributes: [Attribute] = [], isEnd: Bool = false, isVoid: Bool = false) {
            self.name = name; self.attributes = attributes; self.isEnd = isEnd; self.isVoid = isVoid
        }

        public subscript(_ attribute: String) -> String? {
            get { attributes.first { $0.name == attribute }?.value }
            set {
                if let index = attributes.firstIndex(where: { $0.name == attribute }) {
                    if let newValue { attributes[index].value = newValue } else { attributes.remove(at: index) }
                } else if let newValue {
                    attributes.append(Attribute(name: attribute, value: newValue))
                }
            }
        }

        /// The tag in the canonical form.
        public var html: String {
            if isEnd { return "</\(name)>" }
            var out = "<" + name
            for attribute in attributes { out += " \(attribute.name)=\"\(escape(attribute.value, quotes: true))\"" }
            return out + (isVoid ? "/>" : ">")
        }
    }

    public struct Attribute: Hashable, Sendable {
        public var name: String
        /// The value as the reader's browser has it (character references decoded).
        public var value: String
        public init(name: String, value: String) { self.name = name; self.value = value }
    }

    /// `html` with every tag replaced by what `transform` makes of it (nil: the tag as it was).
    public static func rewritingTags(_ html: String, _ transform: (Tag) -> String?) -> String {
        guard html.contains("<") else { return html }
        var out = ""
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { break }
            out += rest[..<open]
            let source = rest[open...close]
            out += transform(parse(source)) ?? String(source)
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    /// The tags of `html`, in order.
    public static func tags(in html: String) -> [Tag] {
        var tags: [Tag] = []
        _ = rewritingTags(html) { tags.append($0); return nil }
        return tags
    }

    /// The ids `html` gives its elements.
    public static func ids(in html: String) -> [String] {
        guard html.contains(" id=\"") else { return [] }
        return tags(in: html).compactMap { $0["id"] }
    }

    /// The text of `html` without its tags, as a reader sees it (for the PDF, which has no HTML).
    public static func text(_ html: String) -> String {
        var out = ""
        var inTag = false
        for character in html {
            if character == "<" { inTag = true } else if character == ">" { inTag = false } else if !inTag { out.append(character) }
        }
        return unescape(out)
    }

    /// Text escaped for the canonical form (`quotes`: in an attribute value).
    public static func escape(_ text: String, quotes: Bool) -> String {
        guard text.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" || (quotes && $0 == "\"") }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quotes: out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }

    /// The canonical form's four references decoded.
    static func unescape(_ text: some StringProtocol) -> String {
        guard text.contains("&") else { return String(text) }
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// A tag of the canonical form, `<` to `>`.
    private static func parse(_ source: Substring) -> Tag {
        var inner = source.dropFirst().dropLast()
        var tag = Tag(name: "")
        if inner.hasPrefix("/") { tag.isEnd = true; inner = inner.dropFirst() }
        if inner.hasSuffix("/") { tag.isVoid = true; inner = inner.dropLast() }
        let nameEnd = inner.firstIndex(of: " ") ?? inner.endIndex
        tag.name = String(inner[..<nameEnd])
        var rest = inner[nameEnd...]
        while let equals = rest.range(of: "=\"") {
            let name = rest[..<equals.lowerBound].drop { $0 == " " }
            guard let end = rest[equals.upperBound...].firstIndex(of: "\"") else { break }
            tag.attributes.append(Attribute(name: String(name), value: unescape(rest[equals.upperBound..<end])))
            rest = rest[rest.index(after: end)...]
        }
        return tag
    }
}
