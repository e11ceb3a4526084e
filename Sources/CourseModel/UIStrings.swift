/// The site's words for one locale, with the fallback chain already applied
/// (`zh-Hans` → `zh` → source locale).
public struct UIStrings: Sendable {
    public var locale: LocaleTag
    public var entries: [String: String]
    /// Plural variations: key → CLDR category → text.
    public var plurals: [String: [String: String]]
    /// The CLDR plural category of a number written as text (from ICU, see Localization).
    public var category: @Sendable (String) -> String
    /// A number written the locale's way (digits, grouping).
    public var number: @Sendable (Int) -> String

    public init(locale: LocaleTag, entries: [String: String], plurals: [String: [String: String]] = [:],
                category: @escaping @Sendable (String) -> String = { $0 == "1" ? "one" : "other" },
                number: @escaping @Sendable (Int) -> String = { String($0) }) {
        self.locale = locale; self.entries = entries; self.plurals = plurals; self.category = category; self.number = number
    }

    public subscript(key: String) -> String { entries[key] ?? key }

    /// The entry for `key` in the plural form `count` needs, with `count` as its first argument.
    public func format(_ key: String, count: Int, _ arguments: String...) -> String {
        format(key, count: count, arguments)
    }

    public func format(_ key: String, count: Int, _ arguments: [String]) -> String {
        let pattern = plurals[key].flatMap { $0[category(String(count))] ?? $0["other"] } ?? self[key]
        return Self.format(pattern, [number(count)] + arguments)
    }

    /// The entry for `key` with printf-style arguments filled in (`%@`, `%d`, `%lld`, `%1$@`, `%%`).
    public func format(_ key: String, _ arguments: String...) -> String {
        Self.format(self[key], arguments)
    }

    public static func format(_ pattern: String, _ arguments: [String]) -> String {
        var result = ""
        var next = 0
        var scalars = pattern.unicodeScalars[...]
        while let c = scalars.first {
            scalars.removeFirst()
            guard c == "%" else { result.unicodeScalars.append(c); continue }
            if scalars.first == "%" { scalars.removeFirst(); result.append("%"); continue }
            // Optional position `1$`, optional length `l`/`ll`, then the conversion.
            var digits = ""
            var probe = scalars
            while let d = probe.first, ("0"..."9").contains(d) { digits.unicodeScalars.append(d); probe.removeFirst() }
            var index = next
            if !digits.isEmpty, probe.first == "$", let position = Int(digits) {
                probe.removeFirst()
                index = position - 1
                scalars = probe
            }
            while scalars.first == "l" || scalars.first == "h" || scalars.first == "z" { scalars.removeFirst() }
            guard let conversion = scalars.first, "@dDiuUxXfFeEgGsc".unicodeScalars.contains(conversion) else {
                result.append("%"); continue
            }
            scalars.removeFirst()
            if digits.isEmpty || index == next { next += 1 } else { next = index + 1 }
            result += index < arguments.count && index >= 0 ? arguments[index] : ""
        }
        return result
    }
}

public extension UIStrings {
    /// `label` and what follows it: a space, unless the label ends in full-width punctuation
    /// (「自己运行：」), which holds its own space.
    static func spaced(_ label: String) -> String {
        guard let last = label.unicodeScalars.last else { return label }
        return (0x3000...0x303F).contains(last.value) || (0xFF00...0xFFEF).contains(last.value) ? label : label + " "
    }

    /// A chapter's label from `key` ("chapter_label", "ref_chapter", "ref_chapter_start"):
    /// "Chapter 3"; an appendix takes the `appendix` key instead ("Appendix A"); an unnumbered
    /// chapter has none.
    func chapterLabel(_ label: ChapterLabel, key: String = "chapter_label") -> String? {
        switch label {
        case .number(let n): return format(key, String(n))
        case .appendix(let letter): return format(key.replacingOccurrences(of: "chapter", with: "appendix"), letter)
        case .unnumbered: return nil
        }
    }

    /// A chapter's title after its label, as headings and lists show it: "Chapter 3. Memory";
    /// an unnumbered chapter's title alone.
    func labeledTitle(_ label: ChapterLabel, _ title: String) -> String {
        (chapterLabel(label).map { $0 + self["label_title_separator"] } ?? "") + title
    }
}
