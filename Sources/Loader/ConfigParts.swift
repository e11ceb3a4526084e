import CourseModel
import Yams

/// `parts`: the table of contents, a list of parts each with a title, its chapters' ids and how they are numbered.
extension ConfigReader {
    static func readParts(_ node: Node, _ draft: inout ConfigDraft) {
        guard let sequence = node.sequence else {
            draft.diagnostics.append(.error(.courseStructure, "'parts' must be a list of parts", at: draft.at(node))); return
        }
        var seen: [String: SourceLocation] = [:]
        for partNode in sequence {
            guard partNode.mapping != nil else {
                draft.diagnostics.append(.error(.courseStructure, "each part needs a 'title' and 'chapters'", at: draft.at(partNode))); continue
            }
            draft.config.parts.append(readPart(partNode, seen: &seen, &draft))
        }
    }

    /// One part; `seen` holds every chapter id listed so far, with where.
    private static func readPart(_ partNode: Node, seen: inout [String: SourceLocation], _ draft: inout ConfigDraft) -> CourseConfig.Part {
        var part = CourseConfig.Part(title: [:], chapters: [])
        var hasChapters = false
        var hasTitle = false
        for (key, keyNode, value) in YAML.entries(partNode) {
            switch key {
            case "numbering":
                if let numbering = partNumbering(value, &draft) { part.numbering = numbering }
            case "title":
                hasTitle = true
                part.title = localizedText(value, what: "part title", path: draft.path, locales: draft.config.locales,
                                           diagnostics: &draft.diagnostics)
            case "chapters":
                hasChapters = true
                part.chapters += chapterEntries(value, seen: &seen, &draft)
            case "planned":
                guard let list = value.sequence else {
                    draft.diagnostics.append(.error(.courseStructure, "'planned' must be a list of chapter titles", at: draft.at(value),
                                                    suggestion: "planned: [{ en: Testing, ru: Тестирование }]"))
                    continue
                }
                part.planned += list.map {
                    localizedText($0, what: "planned chapter", path: draft.path, locales: draft.config.locales, diagnostics: &draft.diagnostics)
                }.filter { !$0.isEmpty }
            default:
                draft.diagnostics.append(.warning(.unknownKey, "unknown key '\(key)' in a part is ignored", at: draft.at(keyNode),
                                                  suggestion: closestMatch(to: key, in: ["title", "chapters", "numbering", "planned"]).map { "did you mean '\($0)'?" }))
            }
        }
        if !hasChapters {
            draft.diagnostics.append(.error(.courseStructure, "this part has no 'chapters'", at: draft.at(partNode)))
        }
        if !hasTitle && part.numbering != .none {
            draft.diagnostics.append(.error(.courseStructure, "this part has no 'title'", at: draft.at(partNode),
                                            suggestion: "only a part with numbering: none (a preface, a revision history) may go without a title"))
        }
        return part
    }

    private static func partNumbering(_ value: Node, _ draft: inout ConfigDraft) -> CourseConfig.Part.Numbering? {
        switch value.scalar?.string {
        case "none": return CourseConfig.Part.Numbering.none
        case "appendix": return .appendix
        case "numbered": return .numbered
        default:
            draft.diagnostics.append(.error(.settingValue, "a part's 'numbering' is numbered, appendix or none", at: draft.at(value),
                                            suggestion: "numbering: none for a preface or a revision history, numbering: appendix for Appendix A, B…"))
            return nil
        }
    }

    /// `chapters: [memory, closures]`: ids that are file names, not a page Primer makes, each listed once in the course.
    private static func chapterEntries(_ value: Node, seen: inout [String: SourceLocation],
                                       _ draft: inout ConfigDraft) -> [CourseConfig.ChapterEntry] {
        guard let list = value.sequence else {
            draft.diagnostics.append(.error(.chapterID, "'chapters' must be a list of chapter ids", at: draft.at(value))); return []
        }
        var chapters: [CourseConfig.ChapterEntry] = []
        for item in list {
            guard let id = item.scalar?.string, !id.isEmpty else {
                draft.diagnostics.append(.error(.chapterID, "a chapter id must be a text", at: draft.at(item))); continue
            }
            let location = draft.at(item)
            guard id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                draft.diagnostics.append(.error(.chapterID, "chapter id '\(id)' may only hold letters, digits, '-' and '_'", at: location,
                                                suggestion: "the id is the chapter's file name without .md"))
                continue
            }
            if let page = CourseConfig.reservedPageIDs[id.lowercased()] {
                draft.diagnostics.append(.error(.chapterID, "chapter id '\(id)' is the name of a page Primer makes: \(page) (<locale>/\(id.lowercased()).html)",
                                                at: location, suggestion: "rename the chapter's files and this entry, e.g. to '\(id)-chapter'"))
                continue
            }
            if let first = seen[id] {
                draft.diagnostics.append(.error(.chapterID, "chapter '\(id)' is listed twice in the table of contents", at: location, related: [first]))
                continue
            }
            seen[id] = location
            chapters.append(.init(id: id, location: location))
        }
        return chapters
    }
}
