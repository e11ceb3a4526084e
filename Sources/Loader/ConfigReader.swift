import CourseModel
import Foundation
import Yams

/// Reads and checks `course.yml`.
enum ConfigReader {
    static let knownKeys = ["title", "source_locale", "locales", "base_url", "raw_html", "parts", "api_index", "edit_url", "search", "editions", "verify", "smart_punctuation",
                            "callouts", "section_numbers"]

    static func read(_ text: String, path: String) -> (CourseConfig?, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let root: Node
        switch YAML.compose(text, path: path) {
        case .failure(let d): return (nil, [d])
        case .success(let node):
            guard let node, node.mapping != nil else {
                return (nil, [.error(.courseStructure, "course.yml must be a mapping with title, source_locale, locales and parts",
                                     at: SourceLocation(path: path, line: 1, column: 1))])
            }
            root = node
        }
        func at(_ node: Node?) -> SourceLocation { YAML.location(node, path: path) }

        var values: [String: (key: Node, value: Node)] = [:]
        for (key, keyNode, value) in YAML.entries(root) {
            if knownKeys.contains(key) {
                values[key] = (keyNode, value)
            } else {
                diagnostics.append(.warning(.unknownKey, "unknown key '\(key)' in course.yml is ignored", at: at(keyNode),
                                            suggestion: closestMatch(to: key, in: knownKeys).map { "did you mean '\($0)'?" }))
            }
        }
        for key in ["title", "source_locale", "locales", "parts"] where values[key] == nil {
            diagnostics.append(.error(.courseStructure, "course.yml has no '\(key)'", at: SourceLocation(path: path, line: 1, column: 1),
                                      suggestion: "see \"Writing a course\" in README.md for the keys a course needs"))
        }
        if diagnostics.hasErrors { return (nil, diagnostics) }

        // Locales: well-formed BCP 47 tags of languages ICU knows.
        var locales: [LocaleTag] = []
        if let sequence = values["locales"]!.value.sequence {
            for item in sequence {
                guard let tag = localeTag(item, path: path, diagnostics: &diagnostics) else { continue }
                if locales.contains(tag) {
                    diagnostics.append(.error(.localeTag, "locale '\(tag)' is listed twice", at: at(item)))
                } else {
                    locales.append(tag)
                }
            }
        } else {
            diagnostics.append(.error(.localeTag, "'locales' must be a list of language tags", at: at(values["locales"]!.value),
                                      suggestion: "write: locales: [en, ru, zh-Hans]"))
        }
        if locales.isEmpty && !diagnostics.hasErrors {
            diagnostics.append(.error(.localeTag, "'locales' is empty", at: at(values["locales"]!.value)))
        }
        let sourceNode = values["source_locale"]!.value
        let source = localeTag(sourceNode, path: path, diagnostics: &diagnostics)
        if let source, !locales.isEmpty, !locales.contains(source) {
            diagnostics.append(.error(.localeTag, "the source locale '\(source)' is not in 'locales'", at: at(sourceNode),
                                      suggestion: "add it to 'locales'"))
        }
        let title = localizedText(values["title"]!.value, what: "title", path: path, locales: locales, diagnostics: &diagnostics)

        var baseURL: String?
        if let node = values["base_url"]?.value {
            if let string = node.scalar?.string, let url = URL(string: string), let scheme = url.scheme, ["http", "https"].contains(scheme) {
                baseURL = string.hasSuffix("/") ? string : string + "/"
            } else {
                diagnostics.append(.error(.settingValue, "'base_url' must be an absolute http(s) URL", at: at(node),
                                          suggestion: "for example: base_url: https://example.org/course/"))
            }
        }
        var rawHTML = false
        if let node = values["raw_html"]?.value {
            if let flag = node.bool { rawHTML = flag } else {
                diagnostics.append(.error(.settingValue, "'raw_html' must be true or false", at: at(node)))
            }
        }

        // Where "Edit this page" links: a URL with {path} for the chapter file's path inside Content/.
        var editURL: String?
        if let node = values["edit_url"]?.value {
            if let string = node.scalar?.string, let url = URL(string: string.replacingOccurrences(of: "{path}", with: "x")),
               let scheme = url.scheme, ["http", "https"].contains(scheme), string.contains("{path}") {
                editURL = string
            } else {
                diagnostics.append(.error(.settingValue, "'edit_url' must be an absolute http(s) URL containing {path}", at: at(node),
                                          suggestion: "for example: edit_url: https://github.com/you/course/edit/main/Content/{path}"))
            }
        }
        var search = true
        if let node = values["search"]?.value {
            if let flag = node.bool { search = flag } else {
                diagnostics.append(.error(.settingValue, "'search' must be true or false", at: at(node)))
            }
        }

        var editions: Set<EditionFormat> = [.epub, .pdf]
        var editionsOptional = false
        if let node = values["editions"]?.value {
            // `editions: {formats: [epub, pdf], optional: true}`, or only the formats: true, false or a list.
            var formats: Node? = node
            if node.mapping != nil {
                formats = nil
                for (key, keyNode, value) in YAML.entries(node) {
                    switch key {
                    case "formats": formats = value
                    case "optional":
                        if let flag = value.bool { editionsOptional = flag } else {
                            diagnostics.append(.error(.settingValue, "'optional' in 'editions' must be true or false", at: at(value),
                                                      suggestion: "optional: true leaves out a PDF Typst cannot make, with a warning"))
                        }
                    default:
                        diagnostics.append(.warning(.unknownKey, "unknown key '\(key)' in editions is ignored", at: at(keyNode),
                                                    suggestion: closestMatch(to: key, in: ["formats", "optional"]).map { "did you mean '\($0)'?" }))
                    }
                }
            }
            let problem = "'editions' must be true, false or a list of formats (epub, pdf)"
            if let formats {
                if let flag = formats.bool { editions = flag ? [.epub, .pdf] : [] }
                else if let items = formats.sequence {
                    editions = []
                    for item in items {
                        if let name = item.scalar?.string, let format = EditionFormat(rawValue: name.lowercased()) { editions.insert(format) }
                        else {
                            diagnostics.append(.error(.settingValue, problem, at: at(item),
                                                      suggestion: closestMatch(to: item.scalar?.string ?? "", in: ["epub", "pdf"]).map { "did you mean '\($0)'?" }))
                        }
                    }
                } else {
                    diagnostics.append(.error(.settingValue, problem, at: at(formats),
                                              suggestion: "for example: editions: [epub], editions: false or editions: {formats: [epub, pdf], optional: true}"))
                }
            }
        }
        var smartPunctuation = false
        if let node = values["smart_punctuation"]?.value {
            if let flag = node.bool { smartPunctuation = flag } else {
                diagnostics.append(.error(.settingValue, "'smart_punctuation' must be true or false", at: at(node)))
            }
        }
        // How strict the build is about Swift blocks nobody checks: a warning, or with `strict` an error.
        var strictVerify = false
        if let node = values["verify"]?.value {
            switch node.scalar?.string {
            case "strict": strictVerify = true
            case "warn": strictVerify = false
            default:
                diagnostics.append(.error(.settingValue, "'verify' must be strict or warn", at: at(node),
                                          suggestion: "verify: strict makes every unchecked Swift block an error"))
            }
        }

        var sectionNumbers = true
        if let node = values["section_numbers"]?.value {
            if let flag = node.bool { sectionNumbers = flag } else {
                diagnostics.append(.error(.settingValue, "'section_numbers' must be true or false", at: at(node)))
            }
        }
        // Callout kinds of the course's own, beside GitHub's five: `callouts: [experiment]`.
        var calloutKinds: [String: SourceLocation] = [:]
        if let node = values["callouts"]?.value {
            if let list = node.sequence {
                for item in list {
                    guard let name = item.scalar?.string, !name.isEmpty, name.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                        diagnostics.append(.error(.settingValue, "a callout kind is a word of ASCII letters, written as > [!WORD] in a chapter", at: at(item),
                                                  suggestion: "for example: callouts: [experiment, deprecated]"))
                        continue
                    }
                    let kind = name.uppercased()
                    if CalloutKind.builtIn.contains(CalloutKind(kind)) || kind == "SOLUTION" {
                        diagnostics.append(.error(.settingValue, "[!\(kind)] is one of Primer's own callouts; declare only new kinds", at: at(item)))
                    } else if calloutKinds[kind] != nil {
                        diagnostics.append(.error(.settingValue, "callout kind '\(name)' is listed twice", at: at(item)))
                    } else {
                        calloutKinds[kind] = at(item)
                    }
                }
            } else {
                diagnostics.append(.error(.settingValue, "'callouts' must be a list of kinds", at: at(node),
                                          suggestion: "for example: callouts: [experiment, deprecated]; give each a label callout_experiment… in Localizable.xcstrings"))
            }
        }

        var parts: [CourseConfig.Part] = []
        var seen: [String: SourceLocation] = [:]
        if let sequence = values["parts"]!.value.sequence {
            for partNode in sequence {
                guard partNode.mapping != nil else {
                    diagnostics.append(.error(.courseStructure, "each part needs a 'title' and 'chapters'", at: at(partNode))); continue
                }
                var partTitle: LocalizedText = [:]
                var chapters: [CourseConfig.ChapterEntry] = []
                var hasChapters = false
                var hasTitle = false
                var numbering = CourseConfig.Part.Numbering.numbered
                for (key, keyNode, value) in YAML.entries(partNode) {
                    switch key {
                    case "numbering":
                        switch value.scalar?.string {
                        case "none": numbering = .none
                        case "appendix": numbering = .appendix
                        case "numbered": numbering = .numbered
                        default:
                            diagnostics.append(.error(.settingValue, "a part's 'numbering' is numbered, appendix or none", at: at(value),
                                                      suggestion: "numbering: none for a preface or a revision history, numbering: appendix for Appendix A, B…"))
                        }
                    case "title":
                        hasTitle = true
                        partTitle = localizedText(value, what: "part title", path: path, locales: locales, diagnostics: &diagnostics)
                    case "chapters":
                        hasChapters = true
                        guard let list = value.sequence else {
                            diagnostics.append(.error(.chapterID, "'chapters' must be a list of chapter ids", at: at(value))); continue
                        }
                        for item in list {
                            guard let id = item.scalar?.string, !id.isEmpty else {
                                diagnostics.append(.error(.chapterID, "a chapter id must be a text", at: at(item))); continue
                            }
                            let location = at(item)
                            guard id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                                diagnostics.append(.error(.chapterID, "chapter id '\(id)' may only hold letters, digits, '-' and '_'", at: location,
                                                          suggestion: "the id is the chapter's file name without .md"))
                                continue
                            }
                            if let page = CourseConfig.reservedPageIDs[id.lowercased()] {
                                diagnostics.append(.error(.chapterID, "chapter id '\(id)' is the name of a page Primer makes: \(page) (<locale>/\(id.lowercased()).html)",
                                                          at: location, suggestion: "rename the chapter's files and this entry, e.g. to '\(id)-chapter'"))
                                continue
                            }
                            if let first = seen[id] {
                                diagnostics.append(.error(.chapterID, "chapter '\(id)' is listed twice in the table of contents",
                                                          at: location, related: [first]))
                                continue
                            }
                            seen[id] = location
                            chapters.append(.init(id: id, location: location))
                        }
                    default:
                        diagnostics.append(.warning(.unknownKey, "unknown key '\(key)' in a part is ignored", at: at(keyNode),
                                                    suggestion: closestMatch(to: key, in: ["title", "chapters", "numbering"]).map { "did you mean '\($0)'?" }))
                    }
                }
                if !hasChapters {
                    diagnostics.append(.error(.courseStructure, "this part has no 'chapters'", at: at(partNode)))
                }
                if !hasTitle && numbering != .none {
                    diagnostics.append(.error(.courseStructure, "this part has no 'title'", at: at(partNode),
                                              suggestion: "only a part with numbering: none (a preface, a revision history) may go without a title"))
                }
                var part = CourseConfig.Part(title: partTitle, chapters: chapters)
                part.numbering = numbering
                parts.append(part)
            }
        } else {
            diagnostics.append(.error(.courseStructure, "'parts' must be a list of parts", at: at(values["parts"]!.value)))
        }
        var apiIndex = CourseConfig.APIIndexSettings()
        // `api_index: false` leaves the index out; otherwise it is a mapping of settings.
        var apiIndexSettings = Node("")
        if let node = values["api_index"]?.value {
            if node.mapping != nil { apiIndexSettings = node } else if node.bool == false { apiIndex.enabled = false } else {
                diagnostics.append(.error(.settingValue, "'api_index' must be false or a mapping (docs_url, add, exclude)", at: at(node)))
            }
        }
        for (key, keyNode, value) in YAML.entries(apiIndexSettings) {
            switch key {
            case "docs_url":
                guard let url = value.scalar?.string, url.hasPrefix("http://") || url.hasPrefix("https://") else {
                    diagnostics.append(.error(.settingValue, "'docs_url' must be an http(s) URL", at: at(value),
                                              suggestion: "for example: https://developer.apple.com/search/?q=%@"))
                    continue
                }
                apiIndex.docsURL = url
            case "add", "exclude":
                guard let list = value.sequence else { diagnostics.append(.error(.settingValue, "'\(key)' must be a list of names", at: at(value))); continue }
                for item in list {
                    guard let name = item.scalar?.string else { continue }
                    if key == "add" { apiIndex.add.append(name) } else { apiIndex.exclude[name] = at(item) }
                }
            default:
                diagnostics.append(.warning(.unknownKey, "unknown key '\(key)' in api_index is ignored", at: at(keyNode),
                                            suggestion: closestMatch(to: key, in: ["docs_url", "add", "exclude"]).map { "did you mean '\($0)'?" }))
            }
        }
        guard let source, !diagnostics.hasErrors else { return (nil, diagnostics) }
        var config = CourseConfig(title: title, sourceLocale: source, locales: locales, baseURL: baseURL, rawHTML: rawHTML,
                                  parts: parts, path: path)
        config.apiIndex = apiIndex
        config.editURL = editURL
        config.search = search
        config.editions = editions
        config.editionsOptional = editionsOptional
        config.strictVerify = strictVerify
        config.smartPunctuation = smartPunctuation
        config.sectionNumbers = sectionNumbers
        config.calloutKinds = calloutKinds
        return (config, diagnostics)
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
