import CourseModel
import Foundation
import Yams

/// Reads and checks `course.yml`: one reader per top-level key, run in the order of `sections`.
enum ConfigReader {
    /// Every key course.yml may hold, in the order they are read: a key's reader may use what the
    /// readers before it found (the title and the parts need the locales).
    static let sections: [ConfigSection] = [
        .init("locales", required: true, read: readLocales),
        .init("source_locale", required: true, read: readSourceLocale),
        .init("title", required: true, read: readTitle),
        .init("base_url", read: readBaseURL),
        .init("raw_html") { node, draft in
            if !draft.flag(node, \.rawHTML) { draft.diagnostics.append(.error(.settingValue, "'raw_html' must be true or false", at: draft.at(node))) }
        },
        .init("edit_url", read: readEditURL),
        .init("description", read: readDescription),
        .init("repository", read: readRepository),
        .init("license", read: readLicense),
        .init("authors", read: readAuthors),
        .init("search") { node, draft in
            if !draft.flag(node, \.search) { draft.diagnostics.append(.error(.settingValue, "'search' must be true or false", at: draft.at(node))) }
        },
        .init("editions", read: readEditions),
        .init("smart_punctuation") { node, draft in
            if !draft.flag(node, \.smartPunctuation) { draft.diagnostics.append(.error(.settingValue, "'smart_punctuation' must be true or false", at: draft.at(node))) }
        },
        .init("verify", read: readVerify),
        .init("check_prints") { node, draft in
            if !draft.flag(node, \.checkPrints) { draft.diagnostics.append(.error(.settingValue, "'check_prints' must be true or false", at: draft.at(node))) }
        },
        .init("deterministic_hashing") { node, draft in
            if !draft.flag(node, \.deterministicHashing) {
                draft.diagnostics.append(.error(.settingValue, "'deterministic_hashing' must be true or false", at: draft.at(node)))
            }
        },
        .init("section_numbers") { node, draft in
            if !draft.flag(node, \.sectionNumbers) { draft.diagnostics.append(.error(.settingValue, "'section_numbers' must be true or false", at: draft.at(node))) }
        },
        .init("callouts", read: readCallouts),
        .init("parts", required: true, read: readParts),
        .init("api_index", read: readAPIIndex),
        .init("subject_index", read: readSubjectIndex),
    ]

    static let knownKeys = sections.map(\.key)

    static func read(_ text: String, path: String) -> (CourseConfig?, [Diagnostic]) {
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
        var draft = ConfigDraft(path: path)
        let values = knownValues(root, &draft)
        if draft.diagnostics.hasErrors { return (nil, draft.diagnostics) }
        for section in sections {
            if let node = values[section.key] { section.read(node, &draft) }
        }
        guard let source = draft.sourceLocale, !draft.diagnostics.hasErrors else { return (nil, draft.diagnostics) }
        draft.config.sourceLocale = source
        return (draft.config, draft.diagnostics)
    }

    /// The value of each known key; a warning for each unknown key and an error for each missing one.
    private static func knownValues(_ root: Node, _ draft: inout ConfigDraft) -> [String: Node] {
        var values: [String: Node] = [:]
        for (key, keyNode, value) in YAML.entries(root) {
            if knownKeys.contains(key) {
                values[key] = value
            } else {
                draft.diagnostics.append(.warning(.unknownKey, "unknown key '\(key)' in course.yml is ignored", at: draft.at(keyNode),
                                                  suggestion: closestMatch(to: key, in: knownKeys).map { "did you mean '\($0)'?" }))
            }
        }
        for section in sections where section.required && values[section.key] == nil {
            draft.diagnostics.append(.error(.courseStructure, "course.yml has no '\(section.key)'",
                                            at: SourceLocation(path: draft.path, line: 1, column: 1),
                                            suggestion: "see \"Writing a course\" in README.md for the keys a course needs"))
        }
        return values
    }
}

/// One top-level key of course.yml and the reader of its value.
struct ConfigSection: Sendable {
    let key: String
    /// Whether a course.yml without it is an error.
    let required: Bool
    let read: @Sendable (Node, inout ConfigDraft) -> Void

    init(_ key: String, required: Bool = false, read: @escaping @Sendable (Node, inout ConfigDraft) -> Void) {
        self.key = key; self.required = required; self.read = read
    }
}

/// The course settings as far as the section readers have got, and what they said about them.
struct ConfigDraft {
    let path: String
    var diagnostics: [Diagnostic] = []
    /// Set by `source_locale`; without it there is no course.
    var sourceLocale: LocaleTag?
    /// Every other setting, at its default until its key is read (`sourceLocale` is filled in at the end).
    var config: CourseConfig

    init(path: String) {
        self.path = path
        config = CourseConfig(title: [:], sourceLocale: LocaleTag("und")!, locales: [], baseURL: nil, rawHTML: false, parts: [], path: path)
    }

    /// Where `node` is in course.yml.
    func at(_ node: Node?) -> SourceLocation { YAML.location(node, path: path) }

    /// `true` or `false` into `setting`; false when the value is neither.
    mutating func flag(_ node: Node, _ setting: WritableKeyPath<CourseConfig, Bool>) -> Bool {
        guard let flag = node.bool else { return false }
        config[keyPath: setting] = flag
        return true
    }
}
