// string-tables — the three formats of localized strings, read from the
// target's resources for the language named by PRIMER_LOCALE (en, ru or
// zh-Hans): a .strings table, a .stringsdict with plural forms and a String
// Catalog (.xcstrings, JSON). Bundle.module finds the copied Tables folder.
// The plural category of each count comes from the PluralRules library.
import Foundation
import PluralRules

enum TableError: Error { case missing(String), malformed(String) }

let language = ProcessInfo.processInfo.environment["PRIMER_LOCALE"] ?? "en"
let locale = Locale(identifier: language)

func resource(_ path: String) throws(TableError) -> Data {
    guard let tables = Bundle.module.url(forResource: "Tables", withExtension: nil),
          let data = try? Data(contentsOf: tables.appendingPathComponent(path)) else {
        throw .missing(path)
    }
    return data
}

// snippet.strings
/// A .strings file is an old-style property list: "key" = "value"; pairs.
func stringsTable(_ lproj: String) throws -> [String: String] {
    let data = try resource("\(lproj).lproj/Localizable.strings")
    guard let table = try PropertyListSerialization.propertyList(from: data, format: nil)
            as? [String: String] else { throw TableError.malformed("Localizable.strings") }
    return table
}

/// A .stringsdict entry: a format with %#@name@ and, for name, one string per category.
func pluralForms(_ lproj: String, key: String) throws -> [String: String] {
    let data = try resource("\(lproj).lproj/Localizable.stringsdict")
    let plist = try PropertyListSerialization.propertyList(from: data, format: nil)
    guard let entry = (plist as? [String: Any])?[key] as? [String: Any],
          let format = entry["NSStringLocalizedFormatKey"] as? String,
          format.hasPrefix("%#@"), format.hasSuffix("@"),
          let rule = entry[String(format.dropFirst(3).dropLast())] as? [String: String]
    else { throw TableError.malformed(key) }
    return rule.filter { PluralCategory(rawValue: $0.key) != nil }
}
// snippet.end

// snippet.catalog
/// The part of a String Catalog this program reads.
struct Catalog: Decodable {
    struct Unit: Decodable { var state: String; var value: String }
    struct Localization: Decodable {
        struct Variant: Decodable { var stringUnit: Unit }
        struct Variations: Decodable { var plural: [String: Variant]? }
        var stringUnit: Unit?
        var variations: Variations?
    }
    struct Entry: Decodable { var comment: String?; var localizations: [String: Localization] }
    var sourceLanguage: String
    var strings: [String: Entry]
}
// snippet.end

/// Picks the form for `count` by the language's rule, falling back to "other".
func pick(_ forms: [String: String], _ count: Int, rule: PluralRule) -> String {
    let form = forms[rule.category(count).rawValue] ?? forms["other"] ?? "%lld"
    return String(format: form, count)
}

do {
    let table = try stringsTable(language)
    print("Localizable.strings (\(language)):")
    for key in table.keys.sorted() {
        print("  \(key) = \(table[key, default: ""])")
    }
    let greeting = table["notes.greeting", default: "%@"]
    print("  greeting filled in:", String(format: greeting, locale: locale, "Ana"))

    // The page's language first, then the other two: Russian is always shown.
    let counts = [0, 1, 2, 5, 11, 21, 22, 25, 101, 111]
    let others = ["en", "ru", "zh-Hans"].filter { $0 != language }
    print("Localizable.stringsdict, notes.count:")
    for lproj in [language] + others {
        let lprojRule = PluralRule(language: lproj) ?? .english
        let forms = try pluralForms(lproj, key: "notes.count")
        print("  \(lproj) (\(lprojRule.categories.map(\.rawValue).joined(separator: " "))):")
        print("    " + counts.map { pick(forms, $0, rule: lprojRule) }.joined(separator: " | "))
    }
    let forms = try pluralForms(language, key: "notes.count")

    let catalog = try JSONDecoder().decode(Catalog.self, from: resource("Localizable.xcstrings"))
    print("Localizable.xcstrings, source language \(catalog.sourceLanguage):")
    for key in catalog.strings.keys.sorted() {
        guard let entry = catalog.strings[key], let here = entry.localizations[language] else {
            print("  \(key): no \(language) entry")
            continue
        }
        if let unit = here.stringUnit {
            print("  \(key) = \(unit.value) [\(unit.state)]")
        } else if let plural = here.variations?.plural {
            let catalogForms = plural.mapValues(\.stringUnit.value)
            let same = catalogForms == forms
            print("  \(key): plural forms \(PluralCategory.allCases.map(\.rawValue).filter { catalogForms[$0] != nil }.joined(separator: " ")), same as the .stringsdict: \(same)")
        }
    }
} catch {
    print("string-tables failed: \(error)")
}
