/// Where a translation stands, as Xcode's String Catalogs record it.
public enum TranslationState: String, Hashable, Sendable, CaseIterable {
    case new, translated, needsReview = "needs_review", stale
}

/// One key's text in one locale: a plain value or plural variations (CLDR categories).
public struct CatalogValue: Hashable, Sendable {
    public var state: TranslationState
    public var value: String?
    /// "one", "few", "many", "other"… → text.
    public var plural: [String: String]?
    public var location: SourceLocation
    /// Whether there are words: an entry still `new` with an empty value has none (an empty
    /// translated value is a word, e.g. a language with no abbreviations).
    public var hasText: Bool { plural != nil || (value != nil && !(state == .new && value!.isEmpty)) }
    public init(state: TranslationState, value: String?, plural: [String: String]?, location: SourceLocation) {
        self.state = state; self.value = value; self.plural = plural; self.location = location
    }
}

public struct CatalogEntry: Hashable, Sendable {
    public var key: String
    public var comment: String?
    public var localizations: [LocaleTag: CatalogValue]
    public var location: SourceLocation
    public init(key: String, comment: String?, localizations: [LocaleTag: CatalogValue], location: SourceLocation) {
        self.key = key; self.comment = comment; self.localizations = localizations; self.location = location
    }
}

/// The site's words: `Content/Localizable.xcstrings`, plus any legacy `.lproj` tables.
public struct StringCatalog: Hashable, Sendable {
    public var sourceLanguage: LocaleTag
    public var entries: [String: CatalogEntry]
    public var path: String
    public init(sourceLanguage: LocaleTag, entries: [String: CatalogEntry], path: String) {
        self.sourceLanguage = sourceLanguage; self.entries = entries; self.path = path
    }

    /// Adds what `other` has and this catalog lacks (per key and locale).
    public mutating func fill(from other: StringCatalog) {
        for (key, entry) in other.entries {
            var merged = entries[key] ?? CatalogEntry(key: key, comment: entry.comment, localizations: [:], location: entry.location)
            for (locale, value) in entry.localizations where merged.localizations[locale] == nil {
                merged.localizations[locale] = value
            }
            entries[key] = merged
        }
    }
}
