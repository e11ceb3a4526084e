/// A chapter cut into the parts a translator translates and a staleness check compares: the
/// title (with the summary), the text before the first heading, and one section per top-level
/// heading (a heading of any level that starts a line outside code blocks, lists and quotes).
///
/// A section's identity is the same in every locale: the heading's explicit id (`{#arc}`) when
/// it has one (explicit ids are the same in every language), else its place among the chapter's
/// headings (`3` is the third). Never a slug of the translated title.
public struct ChapterSection: Hashable, Sendable, Codable {
    /// `_title`, `0` (the text before the first heading), an explicit id, or the heading's place.
    public var key: String
    /// 0 for the text before the first heading, n for the n-th heading; -1 for the title.
    public var ordinal: Int
    /// The heading's text as written (without `#` marks and attributes); the title for `_title`.
    public var heading: String
    /// The 1-based line in the file where the section starts (the front matter's for the title).
    public var line: Int
    /// The section exactly as in the file, with the blank lines that follow it: a chapter's
    /// sections joined are its body. The title's is its front matter's `title` (and `summary`).
    public var raw: String
    /// What pairs a translation's section with the source's when neither has an id: the
    /// heading's level, id and classes (`2|start|`, `2||exercises`); empty for the title and
    /// the text before the first heading.
    public var shape: String = ""
    /// The 8-digit fingerprint of what a translator translates: `raw` without the spaces at
    /// its lines' ends and the blank lines at its end, CRLF read as LF.
    public var fingerprint: String

    public static let titleKey = "_title"
    public static let introKey = "0"

    public init(key: String, ordinal: Int, heading: String, line: Int, raw: String, shape: String = "") {
        self.key = key; self.ordinal = ordinal; self.heading = heading; self.line = line; self.raw = raw; self.shape = shape
        self.fingerprint = Self.fingerprint(of: raw)
    }

    /// The text a translator sees: `raw` without its trailing blank lines (and spaces).
    public var text: String {
        var text = Substring(raw)
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        return String(text)
    }

    public static func fingerprint(of raw: String) -> String {
        var hash = StableHash()
        var lines = raw.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var line = line
            while let last = line.last, last == " " || last == "\t" || last == "\r" { line = line.dropLast() }
            return String(line)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        hash.add(lines.joined(separator: "\n"))
        return String(hash.short.suffix(8))
    }
}

public enum ChapterSections {
    /// The title section and the body's sections, in order.
    public static func split(_ chapter: ChapterSource) -> [ChapterSection] {
        var titleRaw = chapter.title
        if let summary = chapter.summary { titleRaw += "\n\n" + summary }
        let title = ChapterSection(key: ChapterSection.titleKey, ordinal: -1, heading: chapter.title, line: 2, raw: titleRaw)
        return [title] + split(body: chapter.body, bodyLine: chapter.bodyLine)
    }

    /// The body's sections: the text before the first heading (key `0`, left out when the body
    /// starts with a heading), then one per top-level heading. `bodyLine` is the body's first
    /// line in the file.
    public static func split(body: String, bodyLine: Int) -> [ChapterSection] {
        var sections: [ChapterSection] = []
        var start = body.startIndex
        var startLine = bodyLine
        var heading = ""
        var id: String?
        var shape = ""
        var ordinal = 0
        var fence: (marker: Character, count: Int)?
        var previousWasText = false  // the line before could be a setext heading's text
        var previousStart = body.startIndex
        var previousLine: Substring = ""
        var lineNumber = bodyLine
        var cursor = body.startIndex
        var seenHeadings = Set<String>()

        func close(at end: String.Index) {
            let raw = String(body[start..<end])
            guard ordinal > 0 || !raw.isEmpty else { return }
            var key = ordinal == 0 ? ChapterSection.introKey : id ?? String(ordinal)
            if seenHeadings.contains(key) { key = String(ordinal) }  // a repeated id: its place
            seenHeadings.insert(key)
            sections.append(ChapterSection(key: key, ordinal: ordinal, heading: heading, line: startLine, raw: raw, shape: shape))
        }

        let scalars = body.unicodeScalars
        while cursor < body.endIndex {
            // Lines end at LF (a CRLF line keeps its CR, dropped here): by scalars, since
            // "\r\n" is one Character.
            let lineEnd = scalars[cursor...].firstIndex(of: "\n") ?? body.endIndex
            let next = lineEnd < body.endIndex ? scalars.index(after: lineEnd) : lineEnd
            var lineScalars = scalars[cursor..<lineEnd]
            if lineScalars.last == "\r" { lineScalars = lineScalars.dropLast() }
            let line = Substring(lineScalars)
            let indent = line.prefix { $0 == " " }.count
            let trimmed = line.drop { $0 == " " }

            if let open = fence {
                let closing = trimmed.prefix { $0 == open.marker }.count
                if indent < 4, closing >= open.count, trimmed.dropFirst(closing).allSatisfy({ $0 == " " || $0 == "\t" }) { fence = nil }
                previousWasText = false
            } else if indent < 4, let marker = trimmed.first, marker == "`" || marker == "~",
                      trimmed.prefix(while: { $0 == marker }).count >= 3,
                      marker == "~" || !trimmed.drop(while: { $0 == marker }).contains("`") {
                fence = (marker, trimmed.prefix { $0 == marker }.count)
                previousWasText = false
            } else if indent < 4, let atx = atxHeading(trimmed) {
                close(at: cursor)
                ordinal += 1
                start = cursor; startLine = lineNumber
                (heading, id, shape) = (atx.text, atx.id, "\(atx.level)|\(atx.id ?? "")|\(atx.classes.joined(separator: " "))")
                previousWasText = false
            } else if indent < 4, previousWasText, isSetextUnderline(trimmed) {
                // The previous line is this heading's text: the section starts there.
                close(at: previousStart)
                ordinal += 1
                start = previousStart; startLine = lineNumber - 1
                let text = headingText(Substring(previousLine.trimmingCharacters(in: " \t")))
                let level = trimmed.first == "=" ? 1 : 2
                (heading, id, shape) = (text.text, text.id, "\(level)|\(text.id ?? "")|\(text.classes.joined(separator: " "))")
                previousWasText = false
            } else {
                // A paragraph's line (not in a list, a quote, a table or indented code).
                let blank = trimmed.allSatisfy { $0 == " " || $0 == "\t" }
                let first = trimmed.first
                previousWasText = !blank && indent < 4 && first != ">" && first != "|" && first != "<"
                    && !isListMarker(trimmed) && !isThematicBreak(trimmed)
            }
            previousStart = cursor
            previousLine = line
            cursor = next
            lineNumber += 1
        }
        close(at: body.endIndex)
        return sections
    }

    /// A translation's sections keyed as the source's they translate: the title, the text
    /// before the first heading, and each heading with an explicit id pair by key; the other
    /// headings pair by the longest common run of heading shapes (level, id, classes), so a
    /// translation that lacks a subsection, or has one more, still pairs the rest. A
    /// translation's section the source has no counterpart for keeps its own place as
    /// `+N` (never a source key).
    public static func split(_ translation: ChapterSource, against source: [ChapterSection]) -> [ChapterSection] {
        align(split(translation), to: source)
    }

    public static func align(_ theirs: [ChapterSection], to source: [ChapterSection]) -> [ChapterSection] {
        var keys: [Int: String] = [:]  // translation ordinal → source key
        // An explicit id the source has pairs by itself; the rest pair by shape.
        let ids = Set(source.filter { $0.ordinal > 0 && !$0.key.allSatisfy(\.isNumber) }.map(\.key))
        for section in theirs where section.ordinal > 0 && ids.contains(section.key) { keys[section.ordinal] = section.key }
        let a = source.filter { $0.ordinal > 0 && !ids.contains($0.key) }
        let b = theirs.filter { $0.ordinal > 0 && keys[$0.ordinal] == nil }
        // Longest common subsequence of shapes (chapters have tens of headings).
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i].shape == b[j].shape ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if a[i].shape == b[j].shape { keys[b[j].ordinal] = a[i].key; i += 1; j += 1 }
            else if table[i + 1][j] >= table[i][j + 1] { i += 1 } else { j += 1 }
        }
        return theirs.map { section in
            guard section.ordinal > 0 else { return section }
            var section = section
            section.key = keys[section.ordinal] ?? "+\(section.ordinal)"
            return section
        }
    }

    /// `## Title {#id}` → (title, id, classes, level); nil when the line is not an ATX heading.
    static func atxHeading(_ line: Substring) -> (text: String, id: String?, classes: [String], level: Int)? {
        let marks = line.prefix { $0 == "#" }.count
        guard (1...6).contains(marks) else { return nil }
        let rest = line.dropFirst(marks)
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        var text = Substring(rest.trimmingCharacters(in: " \t"))
        // A closing sequence of #s (after a space, or the whole text).
        let hashes = text.reversed().prefix { $0 == "#" }.count
        if hashes == text.count { text = "" } else if hashes > 0, text.dropLast(hashes).last == " " || text.dropLast(hashes).last == "\t" {
            text = Substring(text.dropLast(hashes).trimmingCharacters(in: " \t"))
        }
        let parts = headingText(text)
        return (parts.text, parts.id, parts.classes, marks)
    }

    /// A heading's text without its `{#id .class}` attributes, its id and its classes (sorted).
    static func headingText(_ text: Substring) -> (text: String, id: String?, classes: [String]) {
        guard text.hasSuffix("}"), let open = text.lastIndex(of: "{") else { return (String(text), nil, []) }
        let words = text[text.index(after: open)..<text.index(before: text.endIndex)].split(separator: " ")
        var id: String?
        var classes: [String] = []
        for word in words {
            if word.hasPrefix("#"), let first = word.dropFirst().first, first.isLetter { id = String(word.dropFirst()) }
            else if word.hasPrefix("."), word.count > 1 { classes.append(String(word.dropFirst())) }
            else if word == "-" { classes.append("unnumbered") }
            else if !word.contains("=") && !word.hasPrefix("#") { return (String(text), nil, []) }
        }
        return (text[..<open].trimmingCharacters(in: " \t"), id, classes.sorted())
    }

    static func isSetextUnderline(_ line: Substring) -> Bool {
        let body = line.trimmingCharacters(in: " \t")
        guard let first = body.first, first == "=" || first == "-" else { return false }
        return body.allSatisfy { $0 == first }
    }

    static func isListMarker(_ line: Substring) -> Bool {
        if let first = line.first, "-*+".contains(first) {
            let rest = line.dropFirst()
            return rest.isEmpty || rest.first == " " || rest.first == "\t"
        }
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        guard (1...9).contains(digits.count) else { return false }
        let rest = line.dropFirst(digits.count)
        guard let mark = rest.first, mark == "." || mark == ")" else { return false }
        let after = rest.dropFirst()
        return after.isEmpty || after.first == " " || after.first == "\t"
    }

    /// A thematic break (which cannot be a setext heading's text).
    static func isThematicBreak(_ line: Substring) -> Bool {
        let compact = line.filter { $0 != " " && $0 != "\t" }
        guard let first = compact.first, "-*_".contains(first) else { return false }
        return compact.count >= 3 && compact.allSatisfy { $0 == first }
    }
}

private extension Substring {
    func trimmingCharacters(in set: String) -> String {
        var text = self
        while let first = text.first, set.contains(first) { text = text.dropFirst() }
        while let last = text.last, set.contains(last) { text = text.dropLast() }
        return String(text)
    }
}

/// A translation against its source, section by section. A translation records the source's
/// section fingerprints it was made from (`translated_sections` in its front matter, written by
/// `primer status --mark-translated`); one made before sections were recorded has only the
/// chapter's `translated_from`, and is either wholly current or wholly stale.
public struct TranslationStaleness: Hashable, Sendable, Codable {
    public enum Reason: String, Hashable, Sendable, Codable {
        /// The source section changed since the translation was marked.
        case changed
        /// The source has a section the translation lacks (matched by id or place), and it was
        /// not marked as left out on purpose.
        case missing
        /// The translation has the section but never recorded which source it was made from.
        case unmarked
    }

    /// One stale section: the source's, and where the translation has it.
    public struct Section: Hashable, Sendable, Codable {
        public var key: String
        public var reason: Reason
        public var source: ChapterSection
        /// The translation's section with the same key (nil when `missing`).
        public var translationOrdinal: Int?
        public var translationLine: Int?
        /// The source fingerprint the translation recorded for this section.
        public var recorded: String?
    }

    /// The stale sections, in the source's order; empty when the translation is current.
    public var sections: [Section]
    /// A translation with no section record (only `translated_from`, or nothing) that is not
    /// current: which of its sections changed is not known.
    public var wholeChapter: Bool

    public var isCurrent: Bool { sections.isEmpty && !wholeChapter }

    /// The translation's ordinals of its stale sections (-1 the title, 0 the text before the
    /// first heading): where a page shows its notes.
    public var staleOrdinals: [Int] { sections.compactMap(\.translationOrdinal) }

    public init(sections: [Section] = [], wholeChapter: Bool = false) {
        self.sections = sections; self.wholeChapter = wholeChapter
    }

    public static let current = TranslationStaleness()

    public static func compare(source: ChapterSource, translation: ChapterSource) -> TranslationStaleness {
        compare(sourceSections: ChapterSections.split(source), sourceFingerprint: { source.fingerprint }, translation: translation)
    }

    /// `sourceSections` and `sourceFingerprint` from the source chapter (given so that a caller
    /// comparing several locales splits and hashes the source once).
    public static func compare(sourceSections: [ChapterSection], sourceFingerprint: () -> String,
                               translation: ChapterSource) -> TranslationStaleness {
        guard let recorded = translation.translatedSections else {
            if let from = translation.translatedFrom, from == sourceFingerprint() { return .current }
            let ordinals = Dictionary(ChapterSections.split(translation, against: sourceSections).map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
            return TranslationStaleness(sections: sourceSections.map { section in
                let there = ordinals[section.key]
                return Section(key: section.key, reason: there == nil ? .missing : .unmarked, source: section,
                               translationOrdinal: there?.ordinal, translationLine: there?.line, recorded: nil)
            }, wholeChapter: true)
        }
        let theirs = Dictionary(ChapterSections.split(translation, against: sourceSections).map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        var stale: [Section] = []
        // A section without an id whose text was marked under another place (a section was
        // added or removed before it since) is current.
        let marked = Set(recorded.values)
        for section in sourceSections {
            let there = theirs[section.key]
            let positional = section.key.allSatisfy(\.isNumber)
            let reason: Reason?
            if recorded[section.key] == section.fingerprint || (positional && marked.contains(section.fingerprint)) {
                reason = nil  // (a section the translation leaves out was marked: the translator chose to)
            } else if there == nil {
                reason = .missing
            } else if recorded[section.key] != nil {
                reason = .changed
            } else { reason = .unmarked }
            guard let reason else { continue }
            stale.append(Section(key: section.key, reason: reason, source: section, translationOrdinal: there?.ordinal,
                                 translationLine: there?.line, recorded: recorded[section.key]))
        }
        return TranslationStaleness(sections: stale)
    }
}
