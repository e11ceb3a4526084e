import CourseModel
import Foundation
import Yams

/// `subject_index: terms.yml`, or `{terms: terms.yml, places: 4}`: the subject index's term base.
extension ConfigReader {
    static func readSubjectIndex(_ node: Node, _ draft: inout ConfigDraft) {
        draft.config.subjectIndex.location = draft.at(node)
        if let path = node.scalar?.string, node.bool == nil {
            return readTermsPath(path, node, &draft)
        }
        guard node.mapping != nil else {
            if node.bool != false {
                draft.diagnostics.append(.error(.settingValue, "'subject_index' must name the term base or be a mapping (terms, places)",
                                                at: draft.at(node), suggestion: "for example: subject_index: terms.yml"))
            }
            return
        }
        for (key, keyNode, value) in YAML.entries(node) {
            switch key {
            case "terms":
                readTermsPath(value.scalar?.string ?? "", value, &draft)
            case "places":
                guard let places = value.int, places > 0 else {
                    draft.diagnostics.append(.error(.settingValue, "'places' must be a whole number above 0", at: draft.at(value))); continue
                }
                draft.config.subjectIndex.placesPerTerm = places
            default:
                draft.diagnostics.append(.warning(.unknownKey, "unknown key '\(key)' in subject_index is ignored", at: draft.at(keyNode),
                                                  suggestion: closestMatch(to: key, in: ["terms", "places"]).map { "did you mean '\($0)'?" }))
            }
        }
    }

    private static func readTermsPath(_ path: String, _ node: Node, _ draft: inout ConfigDraft) {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.split(separator: "/").contains("..") else {
            draft.diagnostics.append(.error(.settingValue, "the term base must be a file inside Content/", at: draft.at(node),
                                            suggestion: "for example: subject_index: terms.yml"))
            return
        }
        draft.config.subjectIndex.termsPath = path
    }
}
