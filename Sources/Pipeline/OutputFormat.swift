import CourseModel
import Renderer

/// One kind of output a build makes. The build's list of them (`Build.Options.formats`, by
/// default `OutputFormat.builtIn`) is the one place that says what a site holds: the render stage
/// makes the files of each format on the list, and the streamed build, the page cache and the
/// incremental build read from each entry what it needs, so a new format is one entry and
/// cannot go stale after an incremental build.
public struct OutputFormat: Sendable {
    public enum Scope: Sendable {
        /// A file per chapter page (and locale).
        case page
        /// A file per locale.
        case locale
        /// A file (or a few) for the whole site.
        case site
    }

    /// What an edit to one chapter's text does to the format's files: the incremental build, which
    /// has only the edited chapters' documents, reads it to know whether it can make them.
    public enum AfterChapterEdit: Sendable, Equatable {
        /// Made only from what the incremental build checks an edit left as it was (every page's
        /// header and ids, what the gallery and the API index read): its files are kept.
        case unchanged
        /// The renderer's per-page files: the incremental build renders the edited pages again.
        case remadeForEditedPages
        /// The print version: the edited pages' bodies are spliced between the others'.
        case spliced
        /// Made again by every build, the incremental one too (the search index, over the staged site).
        case remadeEveryBuild
        /// Depends on every chapter's text: only a full build makes it, so a build with this
        /// format on is never incremental.
        case remadeWhole
    }

    /// How the format's files are made.
    public enum Maker: Sendable {
        /// By the render stage's `SiteRenderer`.
        case site(SiteRenderer.Output)
        /// The content files the pages show (images…) and the figures samples drew.
        case shownFiles
        /// The samples' and chapters' zip archives.
        case downloads
        /// A book edition, by the editions stage, which also gives the home pages its links and sizes.
        case edition(EditionFormat)
        /// The search index, by the writer over the staged site (when the build asks for search).
        case search
        /// The social cards (`BuildRun.cards`), before the render stage, which gives the pages their `og:image`.
        case cards
        /// By a function of the built course, after the render stage (a format of a test or a plug-in).
        case files(@Sendable (OutputInput) -> [SiteFile])
    }

    public var name: String
    public var scope: Scope
    /// Reads every chapter's document: a build with this format on keeps them all (never
    /// streams past `Build.Options.documentBudget`).
    public var readsEveryDocument: Bool
    public var afterChapterEdit: AfterChapterEdit
    public var maker: Maker
    /// Whether the course asks for it (nil: always on). Decided from the configuration alone,
    /// before anything is parsed; a format with nothing to show (no samples, no base URL) makes no file.
    public var isOn: (@Sendable (CourseConfig) -> Bool)?

    public init(name: String, scope: Scope, readsEveryDocument: Bool = false, afterChapterEdit: AfterChapterEdit,
                maker: Maker, isOn: (@Sendable (CourseConfig) -> Bool)? = nil) {
        self.name = name; self.scope = scope; self.readsEveryDocument = readsEveryDocument
        self.afterChapterEdit = afterChapterEdit; self.maker = maker; self.isOn = isOn
    }

    /// Whether the command line's incremental build makes this format's files right: they are
    /// kept, or they are the per-page files and the print version that it renders again.
    var incrementalBuildKeepsRight: Bool {
        switch (afterChapterEdit, maker) {
        case (.unchanged, _): true
        case (.remadeForEditedPages, .site(.chapterPages)), (.spliced, .site(.printPages)), (.remadeEveryBuild, .search): true
        case (.remadeForEditedPages, .site(.markdownTwins)), (.spliced, .site(.llmsFull)): true
        default: false
        }
    }

    var siteOutput: SiteRenderer.Output? {
        if case .site(let output) = maker { output } else { nil }
    }

    var isEdition: Bool {
        if case .edition = maker { true } else { false }
    }
}

/// What a format made by a function (`OutputFormat.Maker.files`) reads.
public struct OutputInput: Sendable {
    /// The resolved course. In a streamed build, the pages of the chapters let go are headers
    /// (no document) unless a format on the list reads every document.
    public let course: ResolvedCourse
    public let sources: CourseSources
}

extension OutputFormat {
    /// The site's HTML and publishing files, the files pages show, the downloads and the search
    /// index: what every build makes (the book editions are `editions`).
    public static let site: [OutputFormat] = [
        page("home pages", .homePages, scope: .locale),
        page("sample gallery", .galleryPages, scope: .locale),
        page("API index", .apiIndexPages, scope: .locale),
        page("subject index", .subjectIndexPages, scope: .locale),
        page("compiler errors index", .errorIndexPages, scope: .locale),
        page("print version", .printPages, scope: .locale, afterChapterEdit: .spliced),
        page("chapter pages", .chapterPages, scope: .page, afterChapterEdit: .remadeForEditedPages),
        page("language chooser", .rootPage, scope: .site),
        page("not-found page", .notFoundPage, scope: .site),
        // From the pages' headers (titles, summaries, `updated`): an edit to one forces a full build.
        page("changes feed", .feeds, scope: .locale),
        page("sitemaps", .sitemaps, scope: .site),
        page("robots.txt", .robots, scope: .site),
        page(".nojekyll", .noJekyll, scope: .site),
        page("assets", .assets, scope: .site),
        page("Markdown twins", .markdownTwins, scope: .page, afterChapterEdit: .remadeForEditedPages),
        page("llms.txt", .llmsIndex, scope: .locale),
        page("llms-full.txt", .llmsFull, scope: .locale, afterChapterEdit: .spliced),
        OutputFormat(name: "shown files", scope: .page, afterChapterEdit: .unchanged, maker: .shownFiles),
        OutputFormat(name: "downloads", scope: .locale, afterChapterEdit: .unchanged, maker: .downloads),
        OutputFormat(name: "search index", scope: .site, afterChapterEdit: .remadeEveryBuild, maker: .search) { $0.search },
        // A card shows only a page's header, which an incremental build never changes. Open Graph
        // wants its picture at an absolute URL: without `base_url` no card is drawn.
        OutputFormat(name: "social cards", scope: .page, afterChapterEdit: .unchanged, maker: .cards) { $0.baseURL != nil },
    ]

    /// The book editions: every document of a locale in one file, so a build that makes one keeps
    /// every document and is never incremental.
    public static let editions: [OutputFormat] = EditionFormat.allCases.sorted().map { format in
        OutputFormat(name: format.rawValue.uppercased(), scope: .locale, readsEveryDocument: true, afterChapterEdit: .remadeWhole,
                     maker: .edition(format)) { $0.editions.contains(format) }
    }

    public static let builtIn = site + editions

    private static func page(_ name: String, _ output: SiteRenderer.Output, scope: Scope,
                             afterChapterEdit: AfterChapterEdit = .unchanged) -> OutputFormat {
        OutputFormat(name: name, scope: scope, afterChapterEdit: afterChapterEdit, maker: .site(output))
    }
}

extension [OutputFormat] {
    /// The formats `config` asks for.
    func on(_ config: CourseConfig) -> [OutputFormat] { filter { $0.isOn?(config) ?? true } }

    /// Whether any format on reads every document (no chapter is let go past the budget).
    func readEveryDocument(_ config: CourseConfig) -> Bool { on(config).contains(where: \.readsEveryDocument) }

    /// Whether the incremental build can make every format on right (else every build is a full one).
    func allowIncrementalBuilds(_ config: CourseConfig) -> Bool { on(config).allSatisfy(\.incrementalBuildKeepsRight) }

    /// The renderer's outputs among the formats on, in the list's order.
    func siteOutputs(_ config: CourseConfig) -> [SiteRenderer.Output] { on(config).compactMap(\.siteOutput) }

    /// The book editions on, in the list's order.
    func editionFormats(_ config: CourseConfig) -> [EditionFormat] {
        on(config).compactMap { (format: OutputFormat) -> EditionFormat? in
            guard case .edition(let edition) = format.maker else { return nil }
            return edition
        }
    }

    /// The functions that make the formats on that are neither the renderer's nor a stage's.
    func fileMakers(_ config: CourseConfig) -> [@Sendable (OutputInput) -> [SiteFile]] {
        on(config).compactMap { (format: OutputFormat) -> (@Sendable (OutputInput) -> [SiteFile])? in
            guard case .files(let make) = format.maker else { return nil }
            return make
        }
    }

    func makesShownFiles(_ config: CourseConfig) -> Bool { on(config).contains { if case .shownFiles = $0.maker { return true }; return false } }
    func makesDownloads(_ config: CourseConfig) -> Bool { on(config).contains { if case .downloads = $0.maker { return true }; return false } }
    func makesSearch(_ config: CourseConfig) -> Bool { on(config).contains { if case .search = $0.maker { return true }; return false } }
    func makesCards(_ config: CourseConfig) -> Bool { on(config).contains { if case .cards = $0.maker { return true }; return false } }
}
