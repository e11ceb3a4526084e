import CourseModel
import Foundation
import Yams

/// `locales`, `source_locale` and `title`: the course's languages and its name in each.
extension ConfigReader {
    /// `locales: [en, ru, zh-Hans]`: well-formed BCP 47 tags of languages ICU knows, each once.
    static func readLocales(_ node: Node, _ draft: inout ConfigDraft) {
        var locales: [LocaleTag] = []
        if let sequence = node.sequence {
            for item in sequence {
                guard let tag = localeTag(item, path: draft.path, diagnostics: &draft.diagnostics) else { continue }
                if locales.contains(tag) {
                    draft.diagnostics.append(.error(.localeTag, "locale '\(tag)' is listed twice", at: draft.at(item)))
                } else {
                    locales.append(tag)
                }
            }
        } else {
            draft.diagnostics.append(.error(.localeTag, "'locales' must be a list of language tags", at: draft.at(node),
                                            suggestion: "write: locales: [en, ru, zh-Hans]"))
        }
        if locales.isEmpty && !draft.diagnostics.hasErrors {
            draft.diagnostics.append(.error(.localeTag, "'locales' is empty", at: draft.at(node)))
        }
        draft.config.locales = locales
    }

    /// `source_locale: en`: one of `locales`.
    static func readSourceLocale(_ node: Node, _ draft: inout ConfigDraft) {
        let source = localeTag(node, path: draft.path, diagnostics: &draft.diagnostics)
        let locales = draft.config.locales
        if let source, !locales.isEmpty, !locales.contains(source) {
            draft.diagnostics.append(.error(.localeTag, "the source locale '\(source)' is not in 'locales'", at: draft.at(node),
                                            suggestion: "add it to 'locales'"))
        }
        draft.sourceLocale = source
    }

    static func readTitle(_ node: Node, _ draft: inout ConfigDraft) {
        draft.config.title = localizedText(node, what: "title", path: draft.path, locales: draft.config.locales,
                                           diagnostics: &draft.diagnostics)
    }

    /// A locale tag that is well-formed and names a language ICU knows.
    static func localeTag(_ node: Node, path: String, diagnostics: inout [Diagnostic]) -> LocaleTag? {
        let location = YAML.location(node, path: path)
        guard let text = node.scalar?.string else {
            diagnostics.append(.error(.localeTag, "a locale must be a language tag such as en or zh-Hans", at: location)); return nil
        }
        guard let tag = LocaleTag(text) else {
            diagnostics.append(.error(.localeTag, "'\(text)' is not a BCP 47 language tag", at: location,
                                      suggestion: "use tags such as en, ru, zh-Hans or pt-BR"))
            return nil
        }
        guard knownLanguages.contains(tag.language) || tag.language == "x" || tag.language.hasPrefix("q") else {
            let guess = closestMatch(to: tag.language, in: knownLanguages)
            diagnostics.append(.error(.localeTag, "unknown locale '\(text)': '\(tag.language)' is not a known language code", at: location,
                                      suggestion: guess.map { "did you mean '\($0)'?" } ?? "use an ISO 639 language code"))
            return nil
        }
        return tag
    }

    /// ISO 639 codes from ICU, through Foundation.
    static let knownLanguages: Set<String> = Set(Locale.LanguageCode.isoLanguageCodes.map(\.identifier))

    /// `title: Text` (every locale) or `title: {en: …, ru: …}`.
    static func localizedText(_ node: Node, what: String, path: String, locales: [LocaleTag],
                              diagnostics: inout [Diagnostic]) -> LocalizedText {
        if let string = node.scalar?.string {
            guard withoutControls(string, what, at: YAML.location(node, path: path), diagnostics: &diagnostics) else { return [:] }
            return Dictionary(uniqueKeysWithValues: locales.map { ($0, string) })
        }
        var result: LocalizedText = [:]
        for (key, keyNode, value) in YAML.entries(node) {
            let location = YAML.location(keyNode, path: path)
            guard let tag = LocaleTag(key), locales.contains(tag) else {
                diagnostics.append(.warning(.localeNotInCourse, "\(what) for '\(key)', which is not one of the course's locales", at: location,
                                            suggestion: closestMatch(to: key, in: locales.map(\.rawValue)).map { "did you mean '\($0)'?" }))
                continue
            }
            guard let string = value.scalar?.string else {
                diagnostics.append(.error(.settingValue, "\(what) for '\(key)' must be a text", at: location)); continue
            }
            guard withoutControls(string, "\(what) for '\(key)'", at: YAML.location(value, path: path), diagnostics: &diagnostics) else { continue }
            result[tag] = string
        }
        if node.mapping == nil {
            diagnostics.append(.error(.settingValue, "\(what) must be a text or a mapping of locale to text", at: YAML.location(node, path: path)))
        }
        return result
    }

    /// Whether `text` (a title every page shows) is free of control characters; an error at `place` when not.
    static func withoutControls(_ text: String, _ what: String, at place: SourceLocation, diagnostics: inout [Diagnostic]) -> Bool {
        guard let list = ControlCharacters.listed(in: text) else { return true }
        diagnostics.append(.error(.settingValue, "the \(what) holds control characters (\(list)), which no page can show", at: place,
                                  suggestion: "remove them (an escape sequence such as \\e[31m colours only a terminal)"))
        return false
    }
}
