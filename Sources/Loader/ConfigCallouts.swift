import Blocks
import CourseModel
import Yams

/// `callouts: [experiment]`: callout kinds of the course's own, beside GitHub's five.
extension ConfigReader {
    static func readCallouts(_ node: Node, _ draft: inout ConfigDraft) {
        guard let list = node.sequence else {
            draft.diagnostics.append(.error(.settingValue, "'callouts' must be a list of kinds", at: draft.at(node),
                                            suggestion: "for example: callouts: [experiment, deprecated]; give each a label callout_experiment… in Localizable.xcstrings"))
            return
        }
        for item in list {
            guard let name = item.scalar?.string, !name.isEmpty, name.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                draft.diagnostics.append(.error(.settingValue, "a callout kind is a word of ASCII letters, written as > [!WORD] in a chapter",
                                                at: draft.at(item), suggestion: "for example: callouts: [experiment, deprecated]"))
                continue
            }
            let kind = name.uppercased()
            if BlockKinds.standard.knows(kind) {
                draft.diagnostics.append(.error(.settingValue, "[!\(kind)] is one of Primer's own callouts; declare only new kinds", at: draft.at(item)))
            } else if draft.config.calloutKinds[kind] != nil {
                draft.diagnostics.append(.error(.settingValue, "callout kind '\(name)' is listed twice", at: draft.at(item)))
            } else {
                draft.config.calloutKinds[kind] = draft.at(item)
            }
        }
    }
}
