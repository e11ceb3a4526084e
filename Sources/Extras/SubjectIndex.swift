import CourseModel
import Foundation

extension Extras {
    /// The finder of `config`'s terms in `locale`'s text; nil when the course has no term base.
    public static func subjectMatcher(_ config: CourseConfig, locale: LocaleTag) -> SubjectMatcher? {
        config.subjectIndex.terms.isEmpty ? nil : SubjectMatcher(config, locale: locale)
    }

    /// Per locale, each term of the term base the locale's pages name, in the locale's words,
    /// with its places: one per chapter (the section where the chapter emphasises it, else where
    /// it first names it), at most `placesPerTerm`, chapters that introduce it first. A term no
    /// page names is left out. Made from the pages' inputs only, in table-of-contents order.
    public static func subjectIndex(_ inputs: [LocaleTag: [PageInput]], config: CourseConfig) -> [LocaleTag: [IndexEntry]] {
        let settings = config.subjectIndex
        guard !settings.terms.isEmpty else { return [:] }
        var index: [LocaleTag: [IndexEntry]] = [:]
        for (locale, pages) in inputs {
            var places: [Int32: [(page: Int, introduced: Bool, place: SamplePlace)]] = [:]
            for (number, page) in pages.enumerated() {
                var chosen: [Int32: SubjectHit] = [:]
                for hit in page.code.subjects where chosen[hit.term]?.emphasised != true { chosen[hit.term] = hit }
                for (term, hit) in chosen {
                    places[term, default: []].append((number, hit.emphasised, page.place(in: page.code.section(hit.section))))
                }
            }
            // Terms a locale writes alike (Chinese keeps several English words) are one entry.
            var byName: [String: [(page: Int, introduced: Bool, place: SamplePlace)]] = [:]
            for (term, found) in places {
                guard let name = settings.terms[Int(term)].forms[locale] else { continue }
                for place in found where !(byName[name]?.contains { $0.page == place.page } ?? false) { byName[name, default: []].append(place) }
            }
            index[locale] = byName.map { name, found in
                let kept = found.sorted { ($0.introduced ? 0 : 1, $0.page) < ($1.introduced ? 0 : 1, $1.page) }.prefix(settings.placesPerTerm)
                return IndexEntry(name: name, places: kept.sorted { $0.page < $1.page }.map(\.place))
            }.sorted { $0.name < $1.name }
            index[locale] = ordered(index[locale] ?? [], locale: locale)
        }
        return index
    }

    /// The entries in the order of `locale`'s alphabet (ICU's collation through Foundation: А–Я
    /// in Russian; pinyin in Chinese, the default collation of `zh-Hans`), under the letter each
    /// starts with (a Chinese term's under the first letter of its first character's pinyin);
    /// terms that start with no letter come last.
    static func ordered(_ entries: [IndexEntry], locale: LocaleTag) -> [IndexEntry] {
        let collation = Locale(identifier: locale.rawValue)
        let headed = entries.map { (heading: subjectHeading($0.name, locale: locale), entry: $0) }
        let sorted = headed.sorted { a, b in
            if (a.heading == nil) != (b.heading == nil) { return b.heading == nil }
            // In Chinese the letters are pinyin's: terms written in Latin letters go with them.
            if locale.language == "zh", a.heading != b.heading, let x = a.heading, let y = b.heading { return x < y }
            return a.entry.name.compare(b.entry.name, options: [.caseInsensitive], range: nil, locale: collation) == .orderedAscending
        }
        return sorted.map { item in
            var entry = item.entry
            entry.letter = item.heading
            return entry
        }
    }

    /// The letter a term is listed under: its first letter in upper case (Ё under Е), a Chinese
    /// character's pinyin initial, nil when it starts with no letter (`180th meridian`).
    static func subjectHeading(_ name: String, locale: LocaleTag) -> String? {
        guard let first = name.first, first.isLetter else { return nil }
        if first.unicodeScalars.first?.properties.isIdeographic == true {
            let latin = String(first).applyingTransform(.mandarinToLatin, reverse: false)?
                .applyingTransform(.stripDiacritics, reverse: false)
            return latin?.first.map { String($0).uppercased() }
        }
        let letter = String(first).uppercased()
        return letter == "Ё" ? "Е" : letter.folding(options: locale.language == "ru" ? [] : .diacriticInsensitive, locale: nil)
    }
}
