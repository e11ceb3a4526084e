import CourseModel
import Foundation

/// Turns the string catalog into each locale's words, and checks it the way a translator needs.
public enum Localizer {
    /// The words of every locale of the course. A locale without a `language_name` of its own
    /// still names itself in its own language (CLDR, through Foundation's ICU).
    public static func siteStrings(catalog: StringCatalog, locales: [LocaleTag], source: LocaleTag) -> [LocaleTag: UIStrings] {
        var strings: [LocaleTag: UIStrings] = [:]
        for locale in Set(locales) {
            strings[locale] = Self.strings(for: locale, catalog: catalog, source: source)
            let own = locale.fallbackChain(source: source).filter { $0 != source || locale == source }
            if !own.contains(where: { catalog.entries["language_name"]?.localizations[$0] != nil }),
               let name = Locale(identifier: locale.rawValue).localizedString(forIdentifier: locale.rawValue) {
                strings[locale]?.entries["language_name"] = name.prefix(1).uppercased() + name.dropFirst()
            }
        }
        return strings
    }

    /// `locale`'s words: for every key, the first localization along the fallback chain
    /// (`zh-Hans` → `zh` → source). Entries still `new` with no text are skipped.
    public static func strings(for locale: LocaleTag, catalog: StringCatalog, source: LocaleTag) -> UIStrings {
        let chain = locale.fallbackChain(source: source)
        var entries: [String: String] = [:]
        var plurals: [String: [String: String]] = [:]
        for (key, entry) in catalog.entries {
            guard let value = chain.lazy.compactMap({ entry.localizations[$0] }).first(where: \.hasText)
            else { continue }
            if let plural = value.plural { plurals[key] = plural }
            entries[key] = value.value ?? value.plural?["other"] ?? ""
        }
        let pluralLocale = locale
        let foundationLocale = Locale(identifier: locale.rawValue)
        return UIStrings(locale: locale, entries: entries, plurals: plurals,
                         category: { PluralRules.category(of: $0, locale: pluralLocale) },
                         number: { $0.formatted(.number.locale(foundationLocale)) })
    }

    /// Specifiers that do not match the source's and plural categories CLDR requires but a
    /// translation lacks are errors; localizations for locales the course does not have are warnings.
    /// `shipped`: catalogs that come with Primer (its built-in one, a templates folder's), whose
    /// words for locales the course does not have are simply not used.
    public static func check(_ catalog: StringCatalog, locales: [LocaleTag], source: LocaleTag, shipped: Set<String> = []) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for key in catalog.entries.keys.sorted() {
            let entry = catalog.entries[key]!
            let reference = entry.localizations[source]
            let expected = reference.map { FormatSpecifiers.parse($0.value ?? $0.plural?["other"] ?? "") }
            for (locale, value) in entry.localizations.sorted(by: { $0.key < $1.key }) {
                if !locales.contains(locale) && !locales.contains(where: { $0.fallbackChain(source: source).contains(locale) }) {
                    if shipped.contains(value.location.path) { continue }
                    diagnostics.append(.warning(.stringFormat, "\"\(key)\" has a \(locale) localization, but \(locale) is not a locale of the course",
                                                at: value.location))
                }
                if let plural = value.plural {
                    let required = PluralRules.categories(locale: locale)
                    let missing = required.subtracting(plural.keys).sorted(by: categoryOrder)
                    if !missing.isEmpty {
                        diagnostics.append(.error(.stringFormat, "the \(locale) plural forms of \"\(key)\" lack \(missing.joined(separator: ", ")), which CLDR requires for \(locale)",
                                                  at: value.location,
                                                  suggestion: "\(locale) needs: " + required.sorted(by: categoryOrder).joined(separator: ", ")))
                    }
                }
                guard let expected, locale != source else { continue }
                let forms = value.plural.map { Array($0.values) } ?? [value.value ?? ""]
                for form in forms {
                    let found = FormatSpecifiers.parse(form)
                    if let problem = FormatSpecifiers.mismatch(expected: expected, found: found, plural: value.plural != nil) {
                        diagnostics.append(.error(.stringFormat, "the \(locale) text of \"\(key)\" does not match the source's format specifiers: \(problem)",
                                                  at: value.location,
                                                  suggestion: "the \(source) text is \"\(reference!.value ?? "")\""))
                        break
                    }
                }
            }
        }
        return diagnostics
    }

    static let order = ["zero", "one", "two", "few", "many", "other"]
    static func categoryOrder(_ a: String, _ b: String) -> Bool { (order.firstIndex(of: a) ?? 9) < (order.firstIndex(of: b) ?? 9) }
}

/// printf-style specifiers: `%@`, `%d`, `%lld`, `%1$@`, `%.2f`…
public enum FormatSpecifiers {
    public enum Kind: String, Sendable { case object = "%@", integer = "%d", float = "%f", cString = "%s", character = "%c" }

    /// Argument position (1-based) → kind.
    public static func parse(_ text: String) -> [Int: Kind] {
        var result: [Int: Kind] = [:]
        var next = 1
        var scalars = text.unicodeScalars[...]
        while let c = scalars.first {
            scalars.removeFirst()
            guard c == "%" else { continue }
            if scalars.first == "%" { scalars.removeFirst(); continue }
            var digits = ""
            var probe = scalars
            while let d = probe.first, ("0"..."9").contains(d) { digits.unicodeScalars.append(d); probe.removeFirst() }
            var position = next
            if !digits.isEmpty, probe.first == "$", let n = Int(digits) { probe.removeFirst(); position = n; scalars = probe }
            // flags, width, precision, length
            while let d = scalars.first, "-+ #0123456789.'lhqLzjt".unicodeScalars.contains(d) { scalars.removeFirst() }
            guard let conversion = scalars.first else { break }
            scalars.removeFirst()
            let kind: Kind?
            switch conversion {
            case "@": kind = .object
            case "d", "i", "u", "x", "X", "o", "D", "U", "O": kind = .integer
            case "f", "F", "e", "E", "g", "G", "a", "A": kind = .float
            case "s", "S": kind = .cString
            case "c", "C": kind = .character
            default: kind = nil
            }
            if let kind { result[position] = kind; next = position + 1 }
        }
        return result
    }

    /// Nil when `found` fits `expected`; plural forms may leave an argument out ("one sample").
    public static func mismatch(expected: [Int: Kind], found: [Int: Kind], plural: Bool) -> String? {
        for (position, kind) in found.sorted(by: { $0.key < $1.key }) {
            guard let wanted = expected[position] else { return "argument \(position) (\(kind.rawValue)) is not in the source" }
            if wanted != kind { return "argument \(position) is \(kind.rawValue) here but \(wanted.rawValue) in the source" }
        }
        if !plural, let missing = expected.keys.sorted().first(where: { found[$0] == nil }) {
            return "argument \(missing) (\(expected[missing]!.rawValue)) is missing"
        }
        return nil
    }
}
