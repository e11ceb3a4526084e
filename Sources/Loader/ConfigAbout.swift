import CourseModel
import Foundation
import Yams

/// What the home page tells a newcomer about the course: `description`, `repository`, `license`,
/// `authors`.
extension ConfigReader {
    /// `description: Text` or `{en: …, ru: …}`: who the course is for, what to know and install first.
    static func readDescription(_ node: Node, _ draft: inout ConfigDraft) {
        draft.config.description = localizedText(node, what: "description", path: draft.path, locales: draft.config.locales,
                                                  diagnostics: &draft.diagnostics)
    }

    /// `repository: https://github.com/you/course` or `{url: …, branch: trunk}` (the branch is `main` unless given).
    static func readRepository(_ node: Node, _ draft: inout ConfigDraft) {
        var urlNode: Node? = node, branch = "main"
        if node.mapping != nil {
            urlNode = nil
            for (key, keyNode, value) in YAML.entries(node) {
                switch key {
                case "url": urlNode = value
                case "branch":
                    guard let name = value.scalar?.string, !name.isEmpty, !name.contains(where: \.isWhitespace) else {
                        draft.diagnostics.append(.error(.settingValue, "'repository.branch' must be a branch name", at: draft.at(value))); continue
                    }
                    branch = name
                default:
                    draft.diagnostics.append(.error(.settingValue, "'repository' has no key '\(key)'", at: draft.at(keyNode),
                                                    suggestion: "use url and branch"))
                }
            }
        }
        guard let string = urlNode?.scalar?.string, let url = URL(string: string), let scheme = url.scheme,
              ["http", "https"].contains(scheme), url.host != nil else {
            draft.diagnostics.append(.error(.settingValue, "'repository' must be an absolute http(s) URL", at: draft.at(urlNode ?? node),
                                            suggestion: "for example: repository: https://github.com/you/course"))
            return
        }
        var trimmed = string
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        if trimmed.hasSuffix(".git") { trimmed.removeLast(4) }
        draft.config.repository = CourseConfig.Repository(url: trimmed, branch: branch)
    }

    /// `license: CC BY-SA 4.0` or `{name: … or {en: …, ru: …}, url: https://…}`.
    static func readLicense(_ node: Node, _ draft: inout ConfigDraft) {
        var nameNode: Node? = node, url: String?
        if node.mapping != nil, YAML.entries(node).contains(where: { ["name", "url"].contains($0.key) }) {
            nameNode = nil
            for (key, keyNode, value) in YAML.entries(node) {
                switch key {
                case "name": nameNode = value
                case "url":
                    guard let string = value.scalar?.string, let parsed = URL(string: string), let scheme = parsed.scheme,
                          ["http", "https"].contains(scheme) else {
                        draft.diagnostics.append(.error(.settingValue, "'license.url' must be an absolute http(s) URL", at: draft.at(value))); continue
                    }
                    url = string
                default:
                    draft.diagnostics.append(.error(.settingValue, "'license' has no key '\(key)'", at: draft.at(keyNode),
                                                    suggestion: "use name and url"))
                }
            }
        }
        guard let nameNode else {
            draft.diagnostics.append(.error(.settingValue, "'license' needs a name", at: draft.at(node),
                                            suggestion: "for example: license: {name: CC BY-SA 4.0, url: https://creativecommons.org/licenses/by-sa/4.0/}"))
            return
        }
        let name = localizedText(nameNode, what: "license name", path: draft.path, locales: draft.config.locales, diagnostics: &draft.diagnostics)
        if !name.isEmpty { draft.config.license = CourseConfig.License(name: name, url: url) }
    }

    /// `authors: A. Writer` or `[A. Writer, B. Editor]`: names, each on one line.
    static func readAuthors(_ node: Node, _ draft: inout ConfigDraft) {
        let items = node.sequence.map { Array($0) } ?? [node]
        var names: [String] = []
        for item in items {
            guard let name = item.scalar?.string.trimmingCharacters(in: .whitespaces), !name.isEmpty,
                  !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                draft.diagnostics.append(.error(.settingValue, "'authors' must be a name or a list of names", at: draft.at(item),
                                                suggestion: "for example: authors: [Ada Lovelace, Charles Babbage]"))
                continue
            }
            names.append(name)
        }
        draft.config.authors = names
    }
}
