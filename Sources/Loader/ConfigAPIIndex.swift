import CourseModel
import Yams

/// `api_index`: `false` leaves the index out; otherwise a mapping of `docs_url`, `add` and `exclude`.
extension ConfigReader {
    static func readAPIIndex(_ node: Node, _ draft: inout ConfigDraft) {
        guard node.mapping != nil else {
            if node.bool == false { draft.config.apiIndex.enabled = false } else {
                draft.diagnostics.append(.error(.settingValue, "'api_index' must be false or a mapping (docs_url, add, exclude)", at: draft.at(node)))
            }
            return
        }
        for (key, keyNode, value) in YAML.entries(node) {
            switch key {
            case "docs_url":
                guard let url = value.scalar?.string, url.hasPrefix("http://") || url.hasPrefix("https://") else {
                    draft.diagnostics.append(.error(.settingValue, "'docs_url' must be an http(s) URL", at: draft.at(value),
                                                    suggestion: "for example: https://developer.apple.com/search/?q=%@"))
                    continue
                }
                draft.config.apiIndex.docsURL = url
            case "add", "exclude":
                guard let list = value.sequence else {
                    draft.diagnostics.append(.error(.settingValue, "'\(key)' must be a list of names", at: draft.at(value))); continue
                }
                for item in list {
                    guard let name = item.scalar?.string else { continue }
                    if key == "add" { draft.config.apiIndex.add.append(name) } else { draft.config.apiIndex.exclude[name] = draft.at(item) }
                }
            default:
                draft.diagnostics.append(.warning(.unknownKey, "unknown key '\(key)' in api_index is ignored", at: draft.at(keyNode),
                                                  suggestion: closestMatch(to: key, in: ["docs_url", "add", "exclude"]).map { "did you mean '\($0)'?" }))
            }
        }
    }
}
