import CourseModel

/// A unit as a translation tool gave it back: its context, the source it shows, its target
/// (text and placeholders, each placeholder with its place in the file) and whether it is
/// marked fuzzy / for review.
public struct ImportedUnit: Sendable {
    public var chapter: String
    public var key: String
    /// The source as the file has it, with `[[n]]` tokens.
    public var source: String
    public var target: [ProtectedText.Segment]
    /// Each placeholder of the target, in order, with its place.
    public var placeholders: [(number: Int, location: SourceLocation)]
    public var fuzzy: Bool
    /// Where the target starts in the file.
    public var location: SourceLocation

    public init(chapter: String, key: String, source: String, target: [ProtectedText.Segment],
                placeholders: [(number: Int, location: SourceLocation)], fuzzy: Bool, location: SourceLocation) {
        self.chapter = chapter; self.key = key; self.source = source; self.target = target
        self.placeholders = placeholders; self.fuzzy = fuzzy; self.location = location
    }

    public var isEmpty: Bool { target.isEmpty }
    public var context: String { "\(chapter)#\(key)" }

    /// The target with `[[n]]` tokens.
    public var tokenized: String { ProtectedText(segments: target, items: []).tokenizedAllowingMissing }

    /// `chapter#key` → (chapter, key); nil when the context is not one.
    public static func split(context: String) -> (String, String)? {
        guard let hash = context.firstIndex(of: "#") else { return nil }
        let chapter = context[..<hash], key = context[context.index(after: hash)...]
        guard !chapter.isEmpty, !key.isEmpty else { return nil }
        return (String(chapter), String(key))
    }
}

extension ProtectedText {
    var tokenizedAllowingMissing: String {
        segments.map { if case .text(let t) = $0 { return t } else if case .item(let n) = $0 { return Self.token(n) } else { return "" } }.joined()
    }
}

/// What importing a chapter's units makes of its translation file.
public struct ChapterImport: Sendable {
    /// The translation file's new text (nil when there is nothing to write or an error).
    public var text: String?
    /// The sections whose text changed (the title's included).
    public var changedSections: [String]
    /// Sections imported as translated from the current source: key → source fingerprint.
    public var marks: [String: String]
    public var diagnostics: [Diagnostic]
}

extension ChapterExchange {
    /// Applies `imported` (units of this chapter) to the translation. `translationFile` is the
    /// translation file's text (nil when the chapter has no translation yet: a new file is
    /// made); `translation` is that file as loaded.
    public static func apply(_ imported: [ImportedUnit], source: ChapterSource, translation: ChapterSource?,
                             translationFile: String?, translationPath: String) -> ChapterImport {
        var diagnostics: [Diagnostic] = []
        let exported = Dictionary(units(source: source, translation: translation).map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        let sourceSections = ChapterSections.split(source)
        let theirSections = translation.map { ChapterSections.split($0, against: sourceSections) } ?? []
        let theirs = sectionsByKey(theirSections)
        var byKey: [String: ImportedUnit] = [:]
        for unit in imported {
            guard let expected = exported[unit.key] else {
                diagnostics.append(.error(.exchangeFile, "\(unit.context): the chapter '\(source.id)' has no section '\(unit.key)'", at: unit.location,
                                          suggestion: "export the chapter again: its sections changed since this file was made"))
                continue
            }
            guard byKey[unit.key] == nil else {
                diagnostics.append(.error(.exchangeFile, "\(unit.context) is in the file twice", at: unit.location, suggestion: "keep one of the two"))
                continue
            }
            byKey[unit.key] = unit
            // A target exactly as exported is the translation as it is: nothing to verify.
            if unit.isEmpty || unit.tokenized == expected.target?.tokenized { continue }
            diagnostics += verify(unit, expected: expected.source.items)
        }

        // The new text of each section (nil: as it is).
        var newText: [String: String] = [:]
        var marks: [String: String] = [:]
        let staleness = translation.map {
            TranslationStaleness.compare(sourceSections: sourceSections, sourceFingerprint: { source.fingerprint }, translation: $0)
        }
        let stale = Set(staleness?.sections.map(\.key) ?? sourceSections.map(\.key))
        for section in sourceSections {
            guard let unit = byKey[section.key], let expected = exported[section.key] else { continue }
            if unit.isEmpty {
                if theirs[section.key] == nil {
                    diagnostics.append(.warning(.exchangeEmpty, "\(unit.context) has no translation and \(translationPath) has no such section: it is left out",
                                                at: unit.location))
                }
                continue
            }
            if unit.tokenized != expected.target?.tokenized {
                // The translation's own protected text when it has as many items, else the source's.
                let own = expected.target.map(\.items)
                let items = own?.count == expected.source.items.count ? own! : expected.source.items
                newText[section.key] = ProtectedText(segments: unit.target, items: items).restored()
            }
            let changed = newText[section.key] != nil && newText[section.key] != expected.target.map { $0.restored() }
            if !unit.fuzzy, unit.source == expected.source.tokenized, stale.contains(section.key) || changed {
                marks[section.key] = section.fingerprint
            }
        }
        guard !diagnostics.hasErrors else { return ChapterImport(text: nil, changedSections: [], marks: [:], diagnostics: diagnostics) }

        // The front matter: the file's, with the title and summary of the `_title` unit.
        var changedSections: [String] = []
        var frontMatter: String
        if let translation, let file = translationFile, file.hasSuffix(translation.body) {
            frontMatter = String(file.dropLast(translation.body.count))
        } else {
            frontMatter = "---\ntitle: \(FrontMatterValue.quoted(source.title))\n"
                + (source.summary.map { "summary: \(FrontMatterValue.quoted($0))\n" } ?? "") + "---\n"
        }
        if let title = newText[ChapterSection.titleKey] {
            let parts = title.components(separatedBy: "\n\n")
            let newTitle = parts[0]
            let newSummary = parts.count > 1 ? parts.dropFirst().joined(separator: "\n\n") : nil
            // Only a changed value is written: an unchanged one keeps the file's quoting.
            if translation == nil || newTitle != translation?.title {
                frontMatter = FrontMatterValue.set("title", to: newTitle, in: frontMatter)
            }
            if translation == nil || newSummary != translation?.summary {
                frontMatter = FrontMatterValue.set("summary", to: newSummary, in: frontMatter)
            }
            if newTitle != translation?.title || newSummary != translation?.summary { changedSections.append(ChapterSection.titleKey) }
        }

        // The body: the source's sections in its order, each with the translation's blank lines;
        // a section only the translation has stays after the one it follows there.
        let sourceKeys = Set(sourceSections.map(\.key))
        var out = ""
        var emitted = Set<String>()
        func emitExtras(after key: String?) {
            var index = key.flatMap { k in theirSections.firstIndex { $0.key == k } }.map { $0 + 1 } ?? 0
            while index < theirSections.count, !sourceKeys.contains(theirSections[index].key) {
                let extra = theirSections[index]
                if extra.key != ChapterSection.titleKey, !emitted.contains("extra:\(index)") {
                    out += extra.raw; emitted.insert("extra:\(index)")
                }
                index += 1
            }
        }
        if translation != nil { emitExtras(after: nil) }
        for section in sourceSections where section.key != ChapterSection.titleKey {
            let existing = theirs[section.key]
            if let text = newText[section.key] {
                let shape = SectionText(existing?.raw ?? section.raw)
                out += shape.lead + text + shape.trail
                if existing == nil || SectionText(existing!.raw).middle != text { changedSections.append(section.key) }
            } else if let existing {
                out += existing.raw
            }
            if existing != nil { emitExtras(after: section.key) }
        }
        return ChapterImport(text: frontMatter + out, changedSections: changedSections, marks: marks, diagnostics: diagnostics)
    }

    /// Each of `expected`'s placeholders exactly once in the target, and no other.
    static func verify(_ unit: ImportedUnit, expected items: [String]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var seen: [Int: SourceLocation] = [:]
        for (number, location) in unit.placeholders {
            let token = ProtectedText.token(number)
            if !(1...max(items.count, 1)).contains(number) || items.isEmpty {
                diagnostics.append(.error(.exchangePlaceholder, "\(unit.context): the placeholder \(token) is not in the source (it has \(items.count == 0 ? "none" : items.count == 1 ? "[[1]]" : "[[1]]…[[\(items.count)]]"))",
                                          at: location))
            } else if let first = seen[number] {
                diagnostics.append(.error(.exchangePlaceholder, "\(unit.context): the placeholder \(token) is there twice", at: location,
                                          related: [first]))
            } else {
                seen[number] = location
            }
        }
        for number in items.indices.map({ $0 + 1 }) where seen[number] == nil {
            let item = items[number - 1]
            let first = item.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            diagnostics.append(.error(.exchangePlaceholder, "\(unit.context): the placeholder \(ProtectedText.token(number)) (\(first.prefix(60))) is missing",
                                      at: unit.location))
        }
        return diagnostics
    }
}

/// Front matter values: quoting a new one, and replacing a key's line (and its continuation lines).
enum FrontMatterValue {
    static func quoted(_ value: String) -> String {
        let plain = !value.isEmpty && !value.contains(": ") && !value.contains(" #") && !value.contains("\n")
            && !value.hasSuffix(":") && !value.hasPrefix(" ") && !value.hasSuffix(" ")
            && !"-?:,[]{}#&*!|>'\"%@`".contains(value.first!)
        if plain { return value }
        return doubleQuoted(value)
    }

    /// `key: value` in place of the key's line (nil: the line removed), or before the closing `---`.
    static func set(_ key: String, to value: String?, in frontMatter: String) -> String {
        var lines = frontMatter.components(separatedBy: "\n")
        let newline = lines.first?.hasSuffix("\r") == true ? "\r" : ""
        let close = lines.indices.dropFirst().first { lines[$0].hasPrefix("---") || lines[$0].hasPrefix("...") } ?? lines.count
        if let start = lines[1..<close].firstIndex(where: { $0.hasPrefix(key + ":") }) {
            var end = start + 1
            while end < close, lines[end].hasPrefix(" ") || lines[end].hasPrefix("\t") { end += 1 }
            if let value { lines.replaceSubrange(start..<end, with: ["\(key): \(quoted(value))\(newline)"]) } else { lines.removeSubrange(start..<end) }
        } else if let value {
            lines.insert("\(key): \(quoted(value))\(newline)", at: close)
        }
        return lines.joined(separator: "\n")
    }
}
