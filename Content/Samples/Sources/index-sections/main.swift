// index-sections — the data behind an indexed table: names grouped under
// index titles, in the order and with the letters of the reader's language.
// The language comes from PRIMER_LOCALE (en, ru or zh-Hans; English when unset).
import Foundation

/// What an indexed table needs from a language: its index titles, its sort
/// order, and the string a name is filed under.
struct IndexCollation {
    var locale: Locale
    var titles: [String]            // the letters, in the locale's order
    var otherTitle = "#"            // digits, other scripts
    var key: (String) -> String     // what a name is sorted and filed by

    /// The section of a name: the last title that sorts at or before the
    /// name's first letter, or `#` when the letter is not in this alphabet.
    func sectionTitle(for name: String) -> String {
        guard let first = key(name).first else { return otherTitle }
        let letter = String(first).uppercased()
        guard let index = titles.lastIndex(where: {
            $0.compare(letter, locale: locale) != .orderedDescending
        }) else { return otherTitle }
        // A letter that sorts after the last title belongs to another script.
        if index == titles.count - 1,
           letter.compare(titles[index], options: .caseInsensitive, locale: locale) != .orderedSame {
            return otherTitle
        }
        return titles[index]
    }

    /// Sections in index order, each with its names sorted; empty ones left out.
    func sections(for names: [String]) -> [(title: String, names: [String])] {
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

let latin = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) }

func collation(for code: String) -> IndexCollation {
    switch code {
    case "ru":
        // Ё is filed under Е, as in a Russian dictionary; Ъ, Ы and Ь start no names.
        IndexCollation(
            locale: Locale(identifier: "ru"),
            titles: "А Б В Г Д Е Ж З И Й К Л М Н О П Р С Т У Ф Х Ц Ч Ш Щ Э Ю Я"
                .split(separator: " ").map(String.init),
            key: { $0 })
    case "zh-Hans":
        // Chinese names are filed by the first letter of their pinyin.
        IndexCollation(
            locale: Locale(identifier: "zh-Hans"),
            titles: latin,
            key: { name in
                name.applyingTransform(.mandarinToLatin, reverse: false)?
                    .applyingTransform(.stripDiacritics, reverse: false) ?? name
            })
    default:
        IndexCollation(locale: Locale(identifier: "en"), titles: latin, key: { $0 })
    }
}

let names: [String: [String]] = [
    "en": ["Baker", "Álvarez", "Abbott", "Zimmer", "Chen", "O'Neill",
           "Ødegaard", "Okafor", "Жуков", "42nd Street Deli", "Brennan"],
    "ru": ["Яковлев", "Ёлкина", "Елисеев", "Иванова", "Йорданов", "Жуков",
           "Абрамова", "Щукин", "Эмин", "Smith", "Ершов", "Игнатьев"],
    "zh-Hans": ["张伟", "李娜", "王芳", "陈静", "曾敏", "吕明", "欧阳晴",
                "安然", "刘洋", "Lily", "单磊", "赵磊"],
]

let code = ProcessInfo.processInfo.environment["PRIMER_LOCALE"] ?? "en"
let language = names[code] == nil ? "en" : code
let index = collation(for: language)
let sections = index.sections(for: names[language]!)

// What a table view asks its data source for: the index titles...
print("index:", sections.map(\.title).joined(separator: " "))
// ...and, per section, its rows.
for section in sections {
    print("\(section.title): \(section.names.joined(separator: ", "))")
}
