import CourseModel

/// Reads Xcode's String Catalog format (`.xcstrings`, JSON).
public enum XCStringsReader {
    public static func read(_ text: String, path: String) -> (StringCatalog?, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        func at(_ p: Position) -> SourceLocation { SourceLocation(path: path, line: p.line, column: p.column) }
        let root: JSON
        do { root = try JSON.parse(text) } catch {
            return (nil, [.error(.stringsSyntax, "malformed JSON: \(error.message)", at: at(error.position))])
        }
        guard case .object = root else {
            return (nil, [.error(.stringsSyntax, "a string catalog is a JSON object with \"sourceLanguage\" and \"strings\"", at: at(root.position))])
        }
        guard let sourceText = root["sourceLanguage"]?.string else {
            return (nil, [.error(.stringsSyntax, "the catalog has no \"sourceLanguage\"", at: at(root.position), suggestion: "add \"sourceLanguage\" : \"en\"")])
        }
        guard let source = LocaleTag(sourceText) else {
            return (nil, [.error(.localeTag, "'\(sourceText)' is not a BCP 47 language tag", at: at(root["sourceLanguage"]!.position))])
        }
        guard let strings = root["strings"], case .object(let members, _) = strings else {
            return (nil, [.error(.stringsSyntax, "the catalog has no \"strings\" object", at: at(root.position))])
        }
        var entries: [String: CatalogEntry] = [:]
        for member in members {
            let entryLocation = at(member.keyPosition)
            if entries[member.key] != nil {
                diagnostics.append(.error(.stringsSyntax, "the key \"\(member.key)\" appears twice", at: entryLocation))
                continue
            }
            var entry = CatalogEntry(key: member.key, comment: member.value["comment"]?.string, localizations: [:], location: entryLocation)
            for localization in member.value["localizations"]?.members ?? [] {
                let place = at(localization.keyPosition)
                guard let locale = LocaleTag(localization.key) else {
                    diagnostics.append(.error(.localeTag, "'\(localization.key)' is not a BCP 47 language tag", at: place,
                                              suggestion: "use tags such as en, ru, zh-Hans"))
                    continue
                }
                if let unit = localization.value["stringUnit"] {
                    guard let (state, value) = stringUnit(unit, at: at, diagnostics: &diagnostics) else { continue }
                    entry.localizations[locale] = CatalogValue(state: state, value: value, plural: nil, location: place)
                } else if let plural = localization.value["variations"]?["plural"] {
                    var forms: [String: String] = [:]
                    var states: [TranslationState] = []
                    for form in plural.members {
                        guard ["zero", "one", "two", "few", "many", "other"].contains(form.key) else {
                            diagnostics.append(.error(.pluralCategory, "'\(form.key)' is not a CLDR plural category", at: at(form.keyPosition),
                                                      suggestion: "use zero, one, two, few, many or other"))
                            continue
                        }
                        guard let unit = form.value["stringUnit"], let (state, value) = stringUnit(unit, at: at, diagnostics: &diagnostics) else { continue }
                        forms[form.key] = value
                        states.append(state)
                    }
                    let state = states.first { $0 != .translated } ?? .translated
                    entry.localizations[locale] = CatalogValue(state: state, value: forms["other"], plural: forms, location: place)
                } else {
                    diagnostics.append(.error(.stringsSyntax, "the \(localization.key) localization of \"\(member.key)\" has neither a stringUnit nor plural variations",
                                              at: place))
                }
            }
            entries[member.key] = entry
        }
        return (StringCatalog(sourceLanguage: source, entries: entries, path: path), diagnostics)
    }

    static func stringUnit(_ unit: JSON, at: (Position) -> SourceLocation,
                           diagnostics: inout [Diagnostic]) -> (TranslationState, String)? {
        guard let value = unit["value"]?.string else {
            diagnostics.append(.error(.stringsSyntax, "a stringUnit needs a \"value\"", at: at(unit.position))); return nil
        }
        let stateText = unit["state"]?.string ?? "translated"
        guard let state = TranslationState(rawValue: stateText) else {
            diagnostics.append(.error(.stringsSyntax, "unknown state '\(stateText)'", at: at(unit["state"]!.position),
                                      suggestion: "use new, translated, needs_review or stale"))
            return nil
        }
        return (state, value)
    }
}
