/// The site's words for one locale, with the fallback chain already applied
/// (`zh-Hans` → `zh` → source locale).
public struct UIStrings: Hashable, Sendable {
    public var locale: LocaleTag
    public var entries: [String: String]

    public init(locale: LocaleTag, entries: [String: String]) { self.locale = locale; self.entries = entries }

    /// Merges the tables along `locale`'s fallback chain; the first table that has a key wins.
    public init(locale: LocaleTag, source: LocaleTag, tables: [LocaleTag: StringTable]) {
        var merged: [String: String] = [:]
        for tag in locale.fallbackChain(source: source).reversed() {
            if let table = tables[tag] { merged.merge(table.entries) { _, new in new } }
        }
        self.init(locale: locale, entries: merged)
    }

    public subscript(key: String) -> String { entries[key] ?? key }

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
