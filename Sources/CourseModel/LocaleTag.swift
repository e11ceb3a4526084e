/// A BCP 47 language tag such as `en`, `ru`, `zh-Hans` or `sr-Latn-RS`.
public struct LocaleTag: Hashable, Sendable, Comparable, CustomStringConvertible, Codable {
    public let rawValue: String

    /// Nil unless `text` is a well-formed BCP 47 tag (RFC 5646 syntax, no grandfathered tags).
    public init?(_ text: String) {
        guard LocaleTag.isWellFormed(text) else { return nil }
        rawValue = text
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let tag = LocaleTag(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a BCP 47 tag: \(text)"))
        }
        self = tag
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }
    public static func < (a: LocaleTag, b: LocaleTag) -> Bool { a.rawValue < b.rawValue }

    public var subtags: [Substring] { rawValue.split(separator: "-") }
    public var language: String { String(subtags[0]).lowercased() }

    /// The same tag in the case BCP 47 recommends (RFC 5646, 2.1.1): the language in lowercase,
    /// a script in title case, a region in uppercase, everything else (variants, extensions,
    /// private use) in lowercase: `EN` → `en`, `zh-hans` → `zh-Hans`, `pt-br` → `pt-BR`.
    /// Case never changes what a tag means.
    public var canonicalCase: LocaleTag {
        var afterSingleton = false
        var parts: [String] = []
        for (index, subtag) in subtags.enumerated() {
            let text = subtag.lowercased()
            if subtag.count == 1 { afterSingleton = true }
            if index == 0 || afterSingleton || !subtag.allSatisfy(\.isLetter) {
                parts.append(text)
            } else if subtag.count == 4 {
                parts.append(text.prefix(1).uppercased() + text.dropFirst())
            } else {
                parts.append(subtag.count == 2 ? text.uppercased() : text)
            }
        }
        return LocaleTag(parts.joined(separator: "-")) ?? self
    }

    /// The tag with its last subtag removed (`zh-Hans-CN` → `zh-Hans` → `zh`), for fallback.
    public var parent: LocaleTag? {
        let parts = subtags
        guard parts.count > 1 else { return nil }
        var kept = parts.dropLast()
        // A dangling singleton (`x`, `u`) is not a tag on its own.
        while let last = kept.last, last.count == 1 { kept = kept.dropLast() }
        return LocaleTag(kept.joined(separator: "-"))
    }

    /// This tag, its parents, then `source`: where a missing string or chapter is looked up next.
    public func fallbackChain(source: LocaleTag) -> [LocaleTag] {
        var chain = [self]
        var current = self
        while let parent = current.parent { chain.append(parent); current = parent }
        if !chain.contains(source) { chain.append(source) }
        return chain
    }

    static func isWellFormed(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0.count <= 8 && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        else { return false }
        var index = 0
        func isAlpha(_ s: String) -> Bool { s.allSatisfy(\.isLetter) }
        func isDigit(_ s: String) -> Bool { s.allSatisfy(\.isNumber) }
        if parts[0].lowercased() == "x" { return parts.count > 1 }  // private use only
        // language: 2-3 letters (+ up to 3 extlangs) or 4-8 letters
        guard isAlpha(parts[0]), (2...8).contains(parts[0].count) else { return false }
        index = 1
        if parts[0].count <= 3 {
            var extlangs = 0
            while index < parts.count, parts[index].count == 3, isAlpha(parts[index]), extlangs < 3 { index += 1; extlangs += 1 }
        }
        if index < parts.count, parts[index].count == 4, isAlpha(parts[index]) { index += 1 }  // script
        if index < parts.count, (parts[index].count == 2 && isAlpha(parts[index])) || (parts[index].count == 3 && isDigit(parts[index])) {
            index += 1  // region
        }
        while index < parts.count {  // variants
            let p = parts[index]
            if (5...8).contains(p.count) || (p.count == 4 && p.first!.isNumber) { index += 1 } else { break }
        }
        while index < parts.count, parts[index].count == 1 {  // extensions and private use
            let singleton = parts[index].lowercased()
            index += 1
            let start = index
            let minimum = singleton == "x" ? 1 : 2
            while index < parts.count, parts[index].count >= minimum, singleton == "x" || parts[index].count > 1 { index += 1 }
            if index == start { return false }
            if singleton == "x" { return index == parts.count }
        }
        return index == parts.count
    }
}
