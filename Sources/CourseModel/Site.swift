/// What an id names, for labels and for messages.
public enum TargetKind: String, Hashable, Sendable {
    case chapter, section, listing, figure, table, exercise, question
}

/// One entry of a page's outline (its sections).
public struct OutlineEntry: Hashable, Sendable {
    public var depth: Int
    public var number: String?
    public var title: String
    public var id: String
    public init(depth: Int, number: String?, title: String, id: String) {
        self.depth = depth; self.number = number; self.title = title; self.id = id
    }
}

/// A chapter as it appears in one locale, numbered and with every reference resolved.
public struct ChapterPage: Hashable, Sendable {
    public var id: String
    public var locale: LocaleTag
    /// The locale the text is in: differs from `locale` when the translation is missing.
    public var contentLocale: LocaleTag
    /// Its place in the table of contents and its label ("Chapter 3", "Appendix A", none).
    public var numbering: ChapterNumbering
    public var number: Int { numbering.number }
    public var title: String
    public var summary: String?
    public var sourcePath: String
    public var document: Document
    public var outline: [OutlineEntry]
    /// Content files (images…) the page uses, relative to the content folder.
    public var files: Set<String>
    /// Figures samples drew that the page shows.
    public var drawnFigures: Set<DrawnFigure> = []
    /// Where a translation made from an older version of the source shows it: a note under
    /// each stale section's heading (set on the headings by `markStale`), above the chapter for
    /// its title or opening, or a banner when which sections changed is not known.
    public private(set) var staleness = PageStaleness()
    /// The chapter's `updated` date (YYYY-MM-DD), if it has one.
    public var updated: String?
    public var isFallback: Bool { locale != contentLocale }
    /// The sample count of a page whose document was left out (see `header`).
    public var knownSampleCount: Int?
    /// The reading time of a page whose document was left out (see `header`).
    public var knownReadingMinutes: Int?

    public init(id: String, locale: LocaleTag, contentLocale: LocaleTag, numbering: ChapterNumbering, title: String, summary: String?,
                sourcePath: String, document: Document, outline: [OutlineEntry], files: Set<String>) {
        self.id = id; self.locale = locale; self.contentLocale = contentLocale; self.numbering = numbering
        self.title = title; self.summary = summary; self.sourcePath = sourcePath; self.document = document
        self.outline = outline; self.files = files
    }

    /// How many samples' outputs the page shows (the table of contents counts them).
    public var shownSampleCount: Int { knownSampleCount ?? Self.shownSampleCount(in: document) }

    /// The samples' outputs a page with this document shows.
    public static func shownSampleCount(in document: Document) -> Int {
        document.blocks.filter { if case .output(let o) = $0 { return o.command != nil } else { return false } }.count
    }

    /// Minutes a reader takes to read the page. Kept in whole minutes, not words: the other
    /// pages show it (the home page), and most edits leave it as it was.
    public var readingMinutes: Int { knownReadingMinutes ?? Self.readingMinutes(in: document) }

    /// The words of a document's text, two CJK characters counting as one word (about what one
    /// holds), and a line of code as three: a technical text is read with its code.
    public static func readingWords(in document: Document) -> Int {
        var counter = WordCounter()
        document.blocks.walk { block, _ in
            for run in block.inlineRuns {
                run.walk { inline in
                    switch inline {
                    case .text(let text), .code(let text): counter.count(text)
                    default: break
                    }
                }
            }
            if case .code(let code) = block {
                let newlines = code.code.utf8.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
                counter.words += 3 * (newlines + (code.code.utf8.last.map { $0 == 0x0A } ?? true ? 0 : 1))
            }
        }
        return counter.words + (counter.cjk + 1) / 2
    }

    /// Words and CJK characters, counted over UTF-8 bytes without Unicode property tables (the
    /// preview counts every page on every edit): ASCII letters and digits, and any scalar that
    /// is not punctuation or a space, make words; an apostrophe or hyphen inside one does not end
    /// it; CJK characters are counted apart.
    struct WordCounter {
        var words = 0, cjk = 0

        mutating func count(_ text: String) {
            var inWord = false
            var bytes = text.utf8.makeIterator()
            while let byte = bytes.next() {
                if byte < 0x80 {
                    if (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || byte >= 0x30 && byte <= 0x39 {
                        if !inWord { words += 1; inWord = true }
                    } else if !(inWord && (byte == 0x27 || byte == 0x2D)) {
                        inWord = false
                    }
                    continue
                }
                guard byte >= 0xC0 else { continue }  // a continuation byte: its scalar was counted
                var value = UInt32(byte & (byte >= 0xF0 ? 0x07 : byte >= 0xE0 ? 0x0F : 0x1F))
                for _ in 0..<(byte >= 0xF0 ? 3 : byte >= 0xE0 ? 2 : 1) { value = value << 6 | UInt32((bytes.next() ?? 0x80) & 0x3F) }
                if (0x3040...0x30FF).contains(value) || (0x3400...0x9FFF).contains(value) || (0xAC00...0xD7AF).contains(value) {
                    cjk += 1; inWord = false
                } else if (0x80...0xBF).contains(value) || (0x2000...0x2BFF).contains(value) || (0x3000...0x303F).contains(value)
                            || (0xFF00...0xFFEF).contains(value) {
                    inWord = value == 0x2019 && inWord  // a typographic apostrophe stays inside a word
                } else if !inWord {
                    words += 1; inWord = true
                }
            }
        }
    }

    /// Minutes to read a document at 200 words a minute (a technical text), at least one.
    public static func readingMinutes(in document: Document) -> Int { max(1, (readingWords(in: document) + 100) / 200) }

    /// The page without its document: everything other pages show of it (the table of contents,
    /// the links to the previous and next chapter), its sample count included.
    public var header: ChapterPage {
        var header = self
        header.knownSampleCount = shownSampleCount
        header.knownReadingMinutes = readingMinutes
        header.document = Document(blocks: [])
        return header
    }
}

/// A chapter label as one field of the caches: "n3", "aB", "u".
extension ChapterLabel {
    public var field: String {
        switch self {
        case .number(let n): "n\(n)"
        case .appendix(let letter): "a" + letter
        case .unnumbered: "u"
        }
    }

    public init?(field: String) {
        switch field.first {
        case "n": guard let n = Int(field.dropFirst()) else { return nil }; self = .number(n)
        case "a": self = .appendix(String(field.dropFirst()))
        case "u": self = .unnumbered
        default: return nil
        }
    }
}

/// A header in the caches' form (see `Fields`): every field but the id, the document and the outline.
extension ChapterPage {
    public func writeHeader(into writer: inout Fields.Writer) {
        writer.add(locale.rawValue); writer.add(contentLocale.rawValue)
        writer.add(numbering.number)
        writer.add(numbering.label.field)
        writer.add(numbering.sections)
        writer.add(title); writer.optional(summary); writer.add(sourcePath)
        writer.add(files.count)
        for file in files.sorted() { writer.add(file) }
        writer.add(drawnFigures.count)
        for figure in drawnFigures.sorted(by: { ($0.path, $0.file) < ($1.path, $1.file) }) {
            writer.add(figure.run.name); writer.optional(figure.run.locale?.rawValue); writer.add(figure.file); writer.add(figure.path)
        }
        writer.add(staleness.wholeChapter); writer.add(staleness.opening); writer.add(staleness.headingLines.count)
        for line in staleness.headingLines { writer.add(line) }
        writer.optional(updated); writer.add(shownSampleCount); writer.add(readingMinutes)
    }

    public static func readHeader(id: String, _ reader: inout Fields.Reader) -> ChapterPage? {
        guard let locale = LocaleTag(reader.string()), let contentLocale = LocaleTag(reader.string()) else { return nil }
        let number = reader.int()
        guard let label = ChapterLabel(field: reader.string()) else { return nil }
        let sections = reader.bool()
        let title = reader.string(), summary = reader.optional(), sourcePath = reader.string()
        let fileCount = reader.int()
        guard fileCount >= 0, fileCount < 1_000_000 else { return nil }
        var files = Set<String>()
        for _ in 0..<fileCount { files.insert(reader.string()) }
        let drawnCount = reader.int()
        guard drawnCount >= 0, drawnCount < 1_000_000 else { return nil }
        var drawn = Set<DrawnFigure>()
        for _ in 0..<drawnCount {
            let name = reader.string(), runLocale = reader.optional(), file = reader.string(), path = reader.string()
            drawn.insert(DrawnFigure(run: SampleRunID(name: name, locale: runLocale.flatMap { LocaleTag($0) }), file: file, path: path))
        }
        var staleness = PageStaleness()
        staleness.wholeChapter = reader.bool(); staleness.opening = reader.bool()
        let staleCount = reader.int()
        guard staleCount >= 0, staleCount < 1_000_000 else { return nil }
        staleness.headingLines = (0..<staleCount).map { _ in reader.int() }
        let updated = reader.optional(), sampleCount = reader.int(), readingMinutes = reader.int()
        guard !reader.failed else { return nil }
        var page = ChapterPage(id: id, locale: locale, contentLocale: contentLocale,
                               numbering: ChapterNumbering(number: number, label: label, sections: sections),
                               title: title, summary: summary, sourcePath: sourcePath, document: Document(blocks: []), outline: [], files: files)
        page.drawnFigures = drawn
        page.staleness = staleness
        page.updated = updated
        page.knownSampleCount = sampleCount
        page.knownReadingMinutes = readingMinutes
        return page
    }
}

/// The resolved course: what the render stage needs and nothing it would have to compute.
public struct ResolvedCourse: Sendable {
    public var config: CourseConfig
    /// Locales being built (all, or the one picked with --locale).
    public var locales: [LocaleTag]
    /// Pages per locale in table-of-contents order.
    public var pages: [LocaleTag: [ChapterPage]]
    public var strings: [LocaleTag: UIStrings]
    /// The sample gallery (empty without samples).
    public var samples: [SampleSummary] = []
    /// The API index per locale (empty when the course has none).
    public var apiIndex: [LocaleTag: [IndexEntry]] = [:]
    /// The subject index per locale: each term in the locale's words, with where it is introduced.
    public var subjectIndex: [LocaleTag: [IndexEntry]] = [:]
    /// The index of compiler errors per locale: what its `{fails}` snippets quote, by diagnostic.
    public var errorIndex: [LocaleTag: [ErrorGroup]] = [:]
    /// The book editions built per locale, for the home page's links (none in a preview).
    public var editions: [LocaleTag: [EditionFile]] = [:]
    /// The locales whose social cards (one per chapter and the home page's) the site has.
    public var cards: Set<LocaleTag> = []
    /// Which locales have a gallery and an API index page: what every page's links show.
    public var links = SiteLinks()
    public init(config: CourseConfig, locales: [LocaleTag], pages: [LocaleTag: [ChapterPage]], strings: [LocaleTag: UIStrings]) {
        self.config = config; self.locales = locales; self.pages = pages; self.strings = strings
    }
}

/// The pages of their own every page of a locale links to when the locale has them. The extras
/// stage decides them with the gallery and the API index; the page cache keeps them, so a page
/// rendered by an incremental build links to what a full build's would.
public struct SiteLinks: Hashable, Sendable {
    public var gallery: Set<LocaleTag>
    public var apiIndex: Set<LocaleTag>
    /// Decided by the course's settings (the locales its term base has words for), not by the
    /// extras stage: a term found nowhere is still a term of the index.
    public var subjectIndex: Set<LocaleTag> = []
    /// The locales whose chapters have a `{fails}` snippet that quotes an error.
    public var errorIndex: Set<LocaleTag> = []
    public init(gallery: Set<LocaleTag> = [], apiIndex: Set<LocaleTag> = [], subjectIndex: Set<LocaleTag> = [], errorIndex: Set<LocaleTag> = []) {
        self.gallery = gallery; self.apiIndex = apiIndex; self.subjectIndex = subjectIndex; self.errorIndex = errorIndex
    }
}

/// One diagnostic of the index of compiler errors: the messages the `{fails}` snippets quote
/// that differ only in the names they quote (`cannot find 'x' in scope`, `cannot find 'y' in
/// scope`), under their `pattern` (`cannot find '…' in scope`).
public struct ErrorGroup: Hashable, Sendable {
    public var pattern: String
    public var occurrences: [ErrorOccurrence]
    public init(pattern: String, occurrences: [ErrorOccurrence]) { self.pattern = pattern; self.occurrences = occurrences }
}

/// A compiler error as a `{fails}` snippet's ```error block quotes it, and where.
public struct ErrorOccurrence: Hashable, Sendable {
    /// The line as quoted, in English as the compiler writes it (`error: cannot find 'x' in scope`).
    public var message: String
    /// The section the snippet is in.
    public var place: SamplePlace
    /// The plain text of the paragraph before the snippet, in the page's language (empty when none).
    public var explanation: String
    public init(message: String, place: SamplePlace, explanation: String) {
        self.message = message; self.place = place; self.explanation = explanation
    }
}

/// A book edition in the site: its format, its path in the site and its size in bytes.
public struct EditionFile: Hashable, Sendable {
    public var format: EditionFormat
    public var path: String
    public var size: Int
    public init(format: EditionFormat, path: String, size: Int) { self.format = format; self.path = path; self.size = size }
}

/// One file of the built site.
public struct SiteFile: Hashable, Sendable {
    public enum Contents: Hashable, Sendable {
        case text(String)
        case bytes([UInt8])
        /// These runs one after another: a page made of parts that exist anyway (the print
        /// version and its chapter bodies, in memory or set aside in a `Spill`), so it is never
        /// copied into one piece.
        case chunks([Chunk])
        /// Copied from this path on disk by the write stage.
        case copy(from: String)
    }
    /// Path inside the site folder, `/`-separated.
    public var path: String
    public var contents: Contents
    public init(path: String, contents: Contents) { self.path = path; self.contents = contents }
}

/// Where a translated page shows that its original changed since it was translated.
public struct PageStaleness: Hashable, Sendable, Encodable {
    /// The translation records no sections (or was never marked) and is not current: a banner.
    public var wholeChapter = false
    /// The title, the summary or the text before the first heading changed: a note above.
    public var opening = false
    /// The file lines of the headings of the sections that changed: a note under each.
    public var headingLines: [Int] = []

    public init() {}

    public init(_ staleness: TranslationStaleness) {
        wholeChapter = staleness.wholeChapter
        guard !wholeChapter else { return }
        opening = staleness.sections.contains { ($0.translationOrdinal ?? 1) <= 0 }
        headingLines = staleness.sections.compactMap { section in
            guard let ordinal = section.translationOrdinal, ordinal > 0 else { return nil }
            return section.translationLine
        }
    }

    public var isCurrent: Bool { !wholeChapter && !opening && headingLines.isEmpty }
}

extension ChapterPage {
    /// Records `staleness` and marks the stale sections' headings, which the page's HTML
    /// follows with a note.
    public mutating func markStale(_ staleness: PageStaleness) {
        self.staleness = staleness
        guard !staleness.headingLines.isEmpty else { return }
        let lines = Set(staleness.headingLines)
        document.blocks = document.blocks.map { block in
            guard case .heading(var heading) = block, lines.contains(heading.position.line) else { return block }
            heading.stale = true
            return .heading(heading)
        }
    }
}
