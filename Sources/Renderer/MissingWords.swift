import Blocks
import CourseModel

extension SiteRenderer {
    /// Every word a page needs (the code's, the templates', each callout kind's label) must exist
    /// for every locale built, at least through fallback, and in the locale's own language.
    /// `builtIn` is what Primer's own catalog has: the languages it has words for, and its keys.
    public func missingWords(sources: CourseSources, strings: [LocaleTag: UIStrings], locales: [LocaleTag],
                             builtIn: (locales: Set<LocaleTag>, keys: Set<String>)) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var uses: [(String, SourceLocation?)] = Self.codeKeys.map { ($0, nil) }
        uses += templateKeys().map { ($0.key, $0.location) }
        // A callout kind of the course's own needs its label, in every language.
        uses += sources.config.calloutKinds.sorted { $0.key < $1.key }.map { (Callouts.labelKey($0.key), $0.value) }
        var reported = Set<String>()
        let tablePlace: SourceLocation? = sources.catalog.map { SourceLocation(path: $0.path) }
        for (key, location) in uses {
            for locale in locales where strings[locale]?.entries[key] == nil && !reported.contains(key) {
                reported.insert(key)
                let known = strings[locale]?.entries.keys.map { $0 } ?? []
                diagnostics.append(.error(.stringMissing, "string '\(key)' is not in the string catalog for '\(locale)' or its fallbacks",
                                          at: location ?? tablePlace,
                                          suggestion: sources.config.calloutKinds.keys.contains { Callouts.labelKey($0) == key }
                                            ? "give the callout its label: add \"\(key)\" to Content/Localizable.xcstrings, in every locale"
                                            : closestMatch(to: key, in: known).map { "did you mean '\($0)'?" }
                                                ?? "add \"\(key)\" to Localizable.xcstrings"))
            }
        }
        // A locale needs the words in its own language: a page in Italian with English words is a
        // build error that lists them all, not a silent fallback to the source.
        let catalog = sources.catalog
        let keys = Set(uses.map(\.0))
        for locale in locales {
            let own = locale.fallbackChain(source: sources.config.sourceLocale).filter { $0.language == locale.language }
            let missing = keys.filter { key in
                // ICU names every language in itself when the catalog does not.
                key != "language_name" && !reported.contains(key) && catalog?.entries[key].map { entry in !own.contains { entry.localizations[$0]?.hasText == true } } == true
            }.sorted()
            guard !missing.isEmpty else { continue }
            let message = "the site's words in '\(locale)' lack \(missing.count) of \(keys.count) keys: \(missing.joined(separator: ", "))"
            let suggestion = "add their '\(locale)' localizations to Content/Localizable.xcstrings (Primer has its words built in for "
                + builtIn.locales.map(\.rawValue).sorted().joined(separator: ", ") + ")"
            // A language Primer has no words for is an error; a word the course's own catalog
            // leaves untranslated in a language Primer knows is shown in the source language.
            let ownKeys = missing.filter { builtIn.keys.contains($0) == false }
            if ownKeys.isEmpty && builtIn.locales.contains(where: { $0.language == locale.language }) {
                diagnostics.append(.warning(.stringMissing, message + "; the pages show the \(sources.config.sourceLocale) words",
                                            at: SourceLocation(path: sources.config.path), suggestion: suggestion))
            } else {
                diagnostics.append(.error(.stringMissing, message, at: SourceLocation(path: sources.config.path), suggestion: suggestion))
            }
        }
        return diagnostics
    }
}
