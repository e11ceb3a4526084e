/// What an id names, for labels and for messages.
public enum TargetKind: String, Hashable, Sendable, Codable {
    case chapter, section, listing, figure, table, exercise
}

/// One entry of a page's outline (its sections).
public struct OutlineEntry: Hashable, Sendable, Codable {
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
    /// A translation made from an older version of the source chapter (or never marked).
    public var isStale = false
    /// The chapter's `updated` date (YYYY-MM-DD), if it has one.
    public var updated: String?
    public var isFallback: Bool { locale != contentLocale }
    /// The sample count of a page whose document was left out (see `header`).
    private var knownSampleCount: Int?

    public init(id: String, locale: LocaleTag, contentLocale: LocaleTag, numbering: ChapterNumbering, title: String, summary: String?,
                sourcePath: String, document: Document, outline: [OutlineEntry], files: Set<String>) {
        self.id = id; self.locale = locale; self.contentLocale = contentLocale; self.numbering = numbering
        self.title = title; self.summary = summary; self.sourcePath = sourcePath; self.document = document
        self.outline = outline; self.files = files
    }

    /// How many samples' outputs the page shows (the table of contents counts them).
    public var shownSampleCount: Int {
        knownSampleCount ?? document.blocks.filter { if case .output(let o) = $0 { return o.command != nil } else { return false } }.count
    }

    /// A header (no document) that says how many samples' outputs its page shows.
    public func withSampleCount(_ count: Int) -> ChapterPage {
        var page = self
        page.knownSampleCount = count
        page.document = Document(blocks: [])
        return page
    }

    /// The page without its document: everything other pages show of it (the table of contents,
    /// the links to the previous and next chapter), its sample count included.
    public var header: ChapterPage {
        var header = self
        header.knownSampleCount = shownSampleCount
        header.document = Document(blocks: [])
        return header
    }
}

/// A page's header (see `ChapterPage.header`) as the command line's page cache keeps it; the
/// document is never encoded, and sets are written sorted so equal pages give equal bytes.
extension ChapterPage: Codable {
    enum CodingKeys: String, CodingKey {
        case id, locale, contentLocale, numbering, title, summary, sourcePath, outline, files, drawnFigures, isStale, updated, sampleCount
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try c.decode(String.self, forKey: .id), locale: try c.decode(LocaleTag.self, forKey: .locale),
                  contentLocale: try c.decode(LocaleTag.self, forKey: .contentLocale),
                  numbering: try c.decode(ChapterNumbering.self, forKey: .numbering), title: try c.decode(String.self, forKey: .title),
                  summary: try c.decodeIfPresent(String.self, forKey: .summary), sourcePath: try c.decode(String.self, forKey: .sourcePath),
                  document: Document(blocks: []), outline: try c.decode([OutlineEntry].self, forKey: .outline),
                  files: Set(try c.decode([String].self, forKey: .files)))
        drawnFigures = Set(try c.decode([DrawnFigure].self, forKey: .drawnFigures))
        isStale = try c.decode(Bool.self, forKey: .isStale)
        updated = try c.decodeIfPresent(String.self, forKey: .updated)
        knownSampleCount = try c.decode(Int.self, forKey: .sampleCount)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id); try c.encode(locale, forKey: .locale); try c.encode(contentLocale, forKey: .contentLocale)
        try c.encode(numbering, forKey: .numbering); try c.encode(title, forKey: .title); try c.encodeIfPresent(summary, forKey: .summary)
        try c.encode(sourcePath, forKey: .sourcePath); try c.encode(outline, forKey: .outline); try c.encode(files.sorted(), forKey: .files)
        try c.encode(drawnFigures.sorted { ($0.path, $0.file) < ($1.path, $1.file) }, forKey: .drawnFigures)
        try c.encode(isStale, forKey: .isStale); try c.encodeIfPresent(updated, forKey: .updated)
        try c.encode(shownSampleCount, forKey: .sampleCount)
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
    /// The book editions built per locale, for the home page's links (none in a preview).
    public var editions: [LocaleTag: [EditionFile]] = [:]
    public init(config: CourseConfig, locales: [LocaleTag], pages: [LocaleTag: [ChapterPage]], strings: [LocaleTag: UIStrings]) {
        self.config = config; self.locales = locales; self.pages = pages; self.strings = strings
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
        /// These bytes one after another: a page made of parts that are in memory anyway (the
        /// print version and its chapter bodies), so it is never copied into one piece.
        case chunks([[UInt8]])
        /// Copied from this path on disk by the write stage.
        case copy(from: String)
    }
    /// Path inside the site folder, `/`-separated.
    public var path: String
    public var contents: Contents
    public init(path: String, contents: Contents) { self.path = path; self.contents = contents }
}
