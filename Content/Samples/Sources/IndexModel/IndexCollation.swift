// IndexModel — a Foundation model of UILocalizedIndexedCollation: what an
// indexed table needs from a language, and the filing of names into sections.
import Foundation

/// A language's index titles, its sort order, and the string a name is filed under.
public struct IndexCollation {
    public var locale: Locale
    public var titles: [String]            // the letters, in the locale's order
    public var otherTitle = "#"            // digits, other scripts
    public var key: (String) -> String     // what a name is sorted and filed by

    public init(locale: Locale, titles: [String], key: @escaping (String) -> String = { $0 }) {
        self.locale = locale
        self.titles = titles
        self.key = key
    }

    /// The section of a name: the last title that sorts at or before the
    /// name's first letter, or `#` when the letter is not in this alphabet.
    public func sectionTitle(for name: String) -> String {
        guard let first = key(name).first else { return otherTitle }
        let letter = String(first).uppercased()
        guard let index = titles.lastIndex(where: {
            $0.compare(letter, locale: locale) != .orderedDescending
        }) else { return otherTitle }
        // A letter that sorts after the last title belongs to another script,
        // unless it is that title with a mark (Ž after Z).
        if index == titles.count - 1,
           letter.compare(titles[index], options: [.caseInsensitive, .diacriticInsensitive],
                          locale: locale) != .orderedSame {
            return otherTitle
        }
        return titles[index]
    }

    /// Sections in index order, each with its names sorted; empty ones left out.
    public func sections(for names: [String]) -> [(title: String, names: [String])] {
        let grouped = Dictionary(grouping: names, by: sectionTitle(for:))
        return (titles + [otherTitle]).compactMap { title in
            guard let members = grouped[title] else { return nil }
            let sorted = members.sorted {
                key($0).compare(key($1), locale: locale) == .orderedAscending
            }
            return (title, sorted)
        }
    }
}

extension IndexCollation {
    public static let latinTitles = (UInt8(ascii: "A")...UInt8(ascii: "Z"))
        .map { String(UnicodeScalar($0)) }

    public static var english: IndexCollation {
        IndexCollation(locale: Locale(identifier: "en"), titles: latinTitles)
    }

    /// Ё is filed under Е, as in a Russian dictionary; Ъ, Ы and Ь start no names.
    public static var russian: IndexCollation {
        IndexCollation(
            locale: Locale(identifier: "ru"),
            titles: "А Б В Г Д Е Ж З И Й К Л М Н О П Р С Т У Ф Х Ц Ч Ш Щ Э Ю Я"
                .split(separator: " ").map(String.init))
    }

    /// Chinese names are filed by the first letter of their pinyin.
    public static var chinese: IndexCollation {
        IndexCollation(locale: Locale(identifier: "zh-Hans"), titles: latinTitles, key: pinyin)
    }
}

/// Mandarin in Latin letters without tone marks: "张伟" becomes "zhang wei".
public func pinyin(_ text: String) -> String {
    text.applyingTransform(.mandarinToLatin, reverse: false)?
        .applyingTransform(.stripDiacritics, reverse: false) ?? text
}
