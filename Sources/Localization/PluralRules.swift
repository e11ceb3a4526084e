import CPluralRules
import CourseModel
import Foundation

/// CLDR plural rules, from the ICU the system provides (Debian's libicu-dev).
public enum PluralRules {
    /// The category of `number` ("21" → "one" in Russian, "1.5" → "other" in English).
    /// `number` is a decimal as written: its visible fraction digits matter ("1.0" ≠ "1").
    public static func category(of number: String, locale: LocaleTag) -> String {
        var buffer = [CChar](repeating: 0, count: 32)
        guard primer_plural_category(locale.rawValue, number, &buffer, 32) == 0 else { return "other" }
        return text(buffer)
    }

    /// The categories CLDR defines for `locale` ("one few many other" for Russian).
    public static func categories(locale: LocaleTag) -> Set<String> {
        var buffer = [CChar](repeating: 0, count: 128)
        guard primer_plural_categories(locale.rawValue, &buffer, 128) == 0 else { return ["other"] }
        return Set(text(buffer).split(separator: " ").map(String.init))
    }

    /// CLDR's rule text for a category, with its `@integer` and `@decimal` samples.
    public static func ruleSource(locale: LocaleTag, category: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 2048)
        guard primer_plural_rule_source(locale.rawValue, category, &buffer, 2048) == 0 else { return nil }
        return text(buffer)
    }

    /// CLDR's sample numbers for a category: integers and decimals, range ends included
    /// (`0~15` gives 0 and 15; `…` is dropped; compact forms like `1c6` are skipped).
    public static func samples(locale: LocaleTag, category: String) -> (integers: [String], decimals: [String]) {
        guard let source = ruleSource(locale: locale, category: category) else { return ([], []) }
        func list(after marker: String) -> [String] {
            guard let range = source.range(of: marker) else { return [] }
            var text = source[range.upperBound...]
            if let next = text.range(of: "@") { text = text[..<next.lowerBound] }
            return text.split(separator: ",").flatMap { item -> [String] in
                let trimmed = item.trimmingCharacters()
                if trimmed.isEmpty || trimmed == "…" || trimmed.contains("c") || trimmed.contains("e") { return [] }
                return trimmed.split(separator: "~").map(String.init)
            }
        }
        return (list(after: "@integer"), list(after: "@decimal"))
    }
}

private func text(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
