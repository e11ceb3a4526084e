import CourseModel
import Foundation
import Yams

/// The settings of one plain value: `base_url`, `edit_url` and `verify` (the flags are read in `ConfigReader.sections`).
extension ConfigReader {
    /// `base_url: https://example.org/course/`, kept with a trailing slash.
    static func readBaseURL(_ node: Node, _ draft: inout ConfigDraft) {
        if let string = node.scalar?.string, let url = URL(string: string), let scheme = url.scheme, ["http", "https"].contains(scheme) {
            draft.config.baseURL = string.hasSuffix("/") ? string : string + "/"
        } else {
            draft.diagnostics.append(.error(.settingValue, "'base_url' must be an absolute http(s) URL", at: draft.at(node),
                                            suggestion: "for example: base_url: https://example.org/course/"))
        }
    }

    /// A URL with `{path}` for the chapter file's path inside Content/.
    static func readEditURL(_ node: Node, _ draft: inout ConfigDraft) {
        if let string = node.scalar?.string, let url = URL(string: string.replacingOccurrences(of: "{path}", with: "x")),
           let scheme = url.scheme, ["http", "https"].contains(scheme), string.contains("{path}") {
            draft.config.editURL = string
        } else {
            draft.diagnostics.append(.error(.settingValue, "'edit_url' must be an absolute http(s) URL containing {path}", at: draft.at(node),
                                            suggestion: "for example: edit_url: https://github.com/you/course/edit/main/Content/{path}"))
        }
    }

    /// How strict the build is about Swift blocks nobody checks: a warning, or with `strict` an error.
    static func readVerify(_ node: Node, _ draft: inout ConfigDraft) {
        switch node.scalar?.string {
        case "strict": draft.config.strictVerify = true
        case "warn": draft.config.strictVerify = false
        default:
            draft.diagnostics.append(.error(.settingValue, "'verify' must be strict or warn", at: draft.at(node),
                                            suggestion: "verify: strict makes every unchecked Swift block an error"))
        }
    }
}
