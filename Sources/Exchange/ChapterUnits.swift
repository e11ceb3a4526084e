import CourseModel

/// How far a unit's translation is along: what PO calls fuzzy and XLIFF needs review.
public enum UnitState: String, Hashable, Sendable {
    /// Translated from the current source section.
    case translated
    /// Translated from an older source section, or never marked: to be reviewed.
    case fuzzy
    /// The translation has no such section.
    case untranslated
}

/// One section of a chapter as a translation tool sees it: the source locale's text and the
/// translation's, each with its protected spans cut out.
public struct ChapterUnit: Hashable, Sendable {
    public var chapter: String
    /// The section's key (`_title`, `0`, an explicit id, or the heading's place).
    public var key: String
    /// The section's heading (the title for `_title`), a note for the translator.
    public var heading: String
    public var source: ProtectedText
    /// Nil when the translation lacks the section.
    public var target: ProtectedText?
    public var state: UnitState
    /// Where the section is in the source file.
    public var sourcePath: String
    public var sourceLine: Int
    /// For a fuzzy unit: the source text its translation was made from, when it can be found
    /// (PO's `#| msgid`, so that a translator's tool shows what changed).
    public var previousSource: ProtectedText?

    /// `chapter#key`, the unit's context (PO msgctxt, XLIFF trans-unit id).
    public var context: String { "\(chapter)#\(key)" }

    /// The note a translator reads beside the unit: the section and its protected items.
    public var note: String {
        var lines = [key == ChapterSection.titleKey ? "Title and summary (a blank line between them)"
                     : key == ChapterSection.introKey ? "The text before the first heading" : "Section \(key): \(heading)"]
        for (n, item) in source.items.enumerated() {
            let first = item.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let shown = first.count > 60 ? String(first.prefix(57)) + "…" : first
            lines.append("\(ProtectedText.token(n + 1)) = \(shown)\(item.contains("\n") ? " …" : "")")
        }
        return lines.joined(separator: "\n")
    }
}

/// A section's text without the blank lines before it and the whitespace after it: what a unit
/// holds, so that msgfmt's check (an msgid and its msgstr both start and end with `\n`, or
/// neither) holds for every unit. The two are kept from the file the section is written to.
struct SectionText: Hashable {
    var lead: String
    var middle: String
    var trail: String

    init(_ raw: String) {
        var start = raw.startIndex
        // Whole blank lines before the text.
        var cursor = raw.startIndex
        while cursor < raw.endIndex {
            let lineEnd = raw[cursor...].firstIndex(where: { $0 == "\n" || $0 == "\r\n" })
            guard let lineEnd, raw[cursor..<lineEnd].allSatisfy({ $0 == " " || $0 == "\t" }) else { break }
            cursor = raw.index(after: lineEnd)
            start = cursor
        }
        var end = raw.endIndex
        while end > start, raw[raw.index(before: end)].isWhitespace { end = raw.index(before: end) }
        lead = String(raw[..<start]); middle = String(raw[start..<end]); trail = String(raw[end...])
    }

    var raw: String { lead + middle + trail }
}

public enum ChapterExchange {
    /// One unit per section of the source chapter, in its order.
    /// `previous`: the earlier source text of stale sections, by key (their `raw`).
    public static func units(source: ChapterSource, translation: ChapterSource?, previous: [String: String] = [:]) -> [ChapterUnit] {
        let sourceSections = ChapterSections.split(source)
        let theirs = translation.map { sectionsByKey(ChapterSections.split($0, against: sourceSections)) } ?? [:]
        let staleness = translation.map {
            TranslationStaleness.compare(sourceSections: sourceSections, sourceFingerprint: { source.fingerprint }, translation: $0)
        }
        let stale = Set(staleness?.sections.filter { $0.reason != .missing }.map(\.key) ?? [])
        return sourceSections.map { section in
            let there = theirs[section.key]
            let state: UnitState = there == nil ? .untranslated : stale.contains(section.key) ? .fuzzy : .translated
            return ChapterUnit(chapter: source.id, key: section.key, heading: section.heading,
                               source: ProtectedText(protecting: SectionText(section.raw).middle),
                               target: there.map { ProtectedText(protecting: SectionText($0.raw).middle) },
                               state: state, sourcePath: source.path, sourceLine: section.line,
                               previousSource: state == .fuzzy ? previous[section.key].map { ProtectedText(protecting: SectionText($0).middle) } : nil)
        }
    }

    static func sectionsByKey(_ sections: [ChapterSection]) -> [String: ChapterSection] {
        Dictionary(sections.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
