import CourseModel
import Yams

/// `editions`: the book editions made per locale, and whether a PDF Typst cannot make may be left out.
extension ConfigReader {
    /// `editions: {formats: [epub, pdf], optional: true}`, or only the formats: true, false or a list.
    static func readEditions(_ node: Node, _ draft: inout ConfigDraft) {
        var formats: Node? = node
        if node.mapping != nil {
            formats = nil
            for (key, keyNode, value) in YAML.entries(node) {
                switch key {
                case "formats": formats = value
                case "optional":
                    if let flag = value.bool { draft.config.editionsOptional = flag } else {
                        draft.diagnostics.append(.error(.settingValue, "'optional' in 'editions' must be true or false", at: draft.at(value),
                                                        suggestion: "optional: true leaves out a PDF Typst cannot make, with a warning"))
                    }
                default:
                    draft.diagnostics.append(.warning(.unknownKey, "unknown key '\(key)' in editions is ignored", at: draft.at(keyNode),
                                                      suggestion: closestMatch(to: key, in: ["formats", "optional"]).map { "did you mean '\($0)'?" }))
                }
            }
        }
        if let formats { readEditionFormats(formats, &draft) }
    }

    private static func readEditionFormats(_ formats: Node, _ draft: inout ConfigDraft) {
        let problem = "'editions' must be true, false or a list of formats (epub, pdf)"
        if let flag = formats.bool {
            draft.config.editions = flag ? [.epub, .pdf] : []
        } else if let items = formats.sequence {
            draft.config.editions = []
            for item in items {
                if let name = item.scalar?.string, let format = EditionFormat(rawValue: name.lowercased()) {
                    draft.config.editions.insert(format)
                } else {
                    draft.diagnostics.append(.error(.settingValue, problem, at: draft.at(item),
                                                    suggestion: closestMatch(to: item.scalar?.string ?? "", in: ["epub", "pdf"]).map { "did you mean '\($0)'?" }))
                }
            }
        } else {
            draft.diagnostics.append(.error(.settingValue, problem, at: draft.at(formats),
                                            suggestion: "for example: editions: [epub], editions: false or editions: {formats: [epub, pdf], optional: true}"))
        }
    }
}
