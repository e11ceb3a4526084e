import CourseModel
import Foundation
import Loader
import Localization

/// `primer strings`: one catalog entry formatted for a locale, so translators can try plural forms.
public enum StringLookup {
    public struct Failure: Error, CustomStringConvertible { public var description: String }

    public static func format(content: String, locale: LocaleTag, key: String, count: Int?, arguments: [String]) throws -> String {
        let (catalog, diagnostics) = CourseLoader.loadCatalog(content)
        if let error = diagnostics.first(where: \.isError) { throw Failure(description: error.description) }
        guard let catalog else { throw Failure(description: "no string catalog in \(content)") }
        guard catalog.entries[key] != nil else {
            let guess = closestMatch(to: key, in: catalog.entries.keys).map { " Did you mean \"\($0)\"?" } ?? ""
            throw Failure(description: "no key \"\(key)\" in \(catalog.path).\(guess)")
        }
        let strings = Localizer.strings(for: locale, catalog: catalog, source: catalog.sourceLanguage)
        if let count {
            let category = PluralRules.category(of: String(count), locale: locale)
            let text = strings.format(key, count: count, arguments)
            return strings.plurals[key] != nil ? "\(text)    [\(locale) plural category: \(category)]" : text
        }
        return UIStrings.format(strings[key], arguments)
    }
}
