import CourseModel

/// The resolve stage: numbers chapters, sections, listings, figures, tables and exercises,
/// gives every heading an id, and turns cross-reference links into hrefs and labels.
/// Pure: values in, values out.
public enum Resolver {
    public struct ParsedChapter: Sendable {
        public var source: ChapterSource
        public var document: Document
        /// Numbered ahead of the resolve stage (see `prenumbered(_:number:)`).
        var numbered: Prenumbered?
        /// Numbered, then let go of its document (see `streamed`): its pages are made as they are rendered.
        public internal(set) var isStreamed = false
        public init(source: ChapterSource, document: Document) { self.source = source; self.document = document }
    }

    /// The numbered document of a chapter numbered ahead of the resolve stage.
    public static func numberedDocument(_ chapter: ParsedChapter) -> Document? { chapter.numbered?.document }

    /// A prenumbered chapter without its document, for a course too big to keep every chapter's
    /// tree until its pages are rendered: the resolve stage gives its pages as headers, and
    /// `Deferred` makes each one whole from the text parsed again, on the thread that renders it.
    /// What the chapter shows the rest of the course (ids, outline, the samples it counts) is
    /// kept. Nil for a chapter that cannot be let go: one with samples (numbered after they ran),
    /// or with a link in a heading (the API index reads headings as linked, which takes the whole course).
    public static func streamed(_ chapter: ParsedChapter) -> ParsedChapter? {
        guard var numbered = chapter.numbered else { return nil }
        var headingLink = false
        numbered.document.blocks.walk { block, _ in
            if case .heading(let heading) = block, Linker.hasLinks(heading.content) { headingLink = true }
        }
        guard !headingLink else { return nil }
        numbered.shownSamples = ChapterPage.shownSampleCount(in: numbered.document)
        numbered.readingMinutes = ChapterPage.readingMinutes(in: numbered.document)
        numbered.document = Document(blocks: [])
        var result = chapter
        result.document = Document(blocks: [])
        result.numbered = numbered
        result.isStreamed = true
        return result
    }

    /// A chapter that holds no sample needs nothing from the rest of the course to be numbered,
    /// so the pipeline numbers it right after parsing it, while the other core waits for cmark.
    /// `number` is its place in the table of contents; the resolve stage uses the result when
    /// the chapter gets that number.
    public static func prenumbered(_ chapter: ParsedChapter, numbering: ChapterNumbering, dropSource: Bool = false) -> ParsedChapter {
        guard !chapter.document.blocks.contains(where: SampleExpander.holdsSamples) else { return chapter }
        var result = chapter
        if dropSource { result.document = Document(blocks: []) }
        var numberer = Numberer(chapterID: chapter.source.id, numbering: numbering, path: chapter.source.path)
        let document = numberer.number(chapter.document)
        result.numbered = Prenumbered(numbering: numbering, document: document, targets: numberer.targets,
                                      outline: numberer.outline, diagnostics: numberer.diagnostics)
        return result
    }

    struct Prenumbered: Sendable {
        var numbering: ChapterNumbering
        var document: Document
        var targets: Targets
        var outline: [OutlineEntry]
        var diagnostics: [Diagnostic]
        /// What `ChapterPage.shownSampleCount` counts in the document (kept when it is let go).
        var shownSamples = 0
        /// What `ChapterPage.readingMinutes` finds in the document (kept when it is let go).
        var readingMinutes = 1
    }

    public static func resolve(_ chapters: [String: [LocaleTag: ParsedChapter]], in context: ResolveContext,
                               samples: SampleResults = .none) -> (ResolvedCourse, [Diagnostic]) {
        let resolution = resolveWithExports(chapters, in: context, samples: samples, exports: false)
        return (resolution.course, resolution.diagnostics)
    }

    /// `resolve`, and with `exports`, what each page shows the others (see `Exports`), per locale.
    public static func resolveWithExports(_ chapters: [String: [LocaleTag: ParsedChapter]], in context: ResolveContext,
                                          samples: SampleResults = .none, exports: Bool) -> Resolution {
        let config = context.config, locales = context.locales
        var diagnostics: Set<Diagnostic> = []
        var pages: [LocaleTag: [ChapterPage]] = [:]
        var allExports: [LocaleTag: Exports] = [:]
        // Every locale is numbered in one parallel pass and linked in another, so the cores
        // wait for each other twice, not twice per locale.
        let numberedLocales = Set(locales + [config.sourceLocale]).sorted { $0.rawValue < $1.rawValue }
        let numbered = numberLocales(numberedLocales, config: config, chapters: chapters, samples: samples)
        // The source locale's ids tell a translator which id their translation lacks.
        let sourceIDs = numbered[config.sourceLocale]?.global ?? [:]
        // The source chapters' sections, which translations are compared with, in parallel.
        let withSource = chapters.compactMap { id, versions in
            versions.count > 1 ? versions[config.sourceLocale].map { (id, $0.source) } : nil
        }
        let split = Dictionary(uniqueKeysWithValues: zip(withSource.map(\.0), parallelMap(withSource) { ($0.1, ChapterSections.split($0.1)) }))
        let linked = linkLocales(locales.map { ($0, numbered[$0]!) }, sourceIDs: sourceIDs, context: context)
        for (locale, (localePages, linkDiagnostics)) in zip(locales, linked) {
            pages[locale] = localePages.map { page in
                var page = page
                if let text = chapters[page.id]?[page.contentLocale]?.source {
                    page.markStale(staleness(text, sourceLocale: config.sourceLocale, original: split[page.id]))
                }
                page.updated = chapters[page.id]?[page.contentLocale]?.source.updated
                return page
            }
            diagnostics.formUnion(numbered[locale]!.diagnostics)
            diagnostics.formUnion(linkDiagnostics)
            if exports, let numberedLocale = numbered[locale] {
                allExports[locale] = Exports(locale: numberedLocale, pages: pages[locale] ?? [])
            }
        }
        let course = ResolvedCourse(config: config, locales: locales, pages: pages, strings: context.strings)
        let streams = chapters.values.contains { $0.values.contains(where: \.isStreamed) }
        let deferred = streams ? Deferred(locales: Dictionary(uniqueKeysWithValues: locales.map { ($0, numbered[$0]!) }), sourceIDs: sourceIDs,
                                          context: context) : nil
        return Resolution(course: course, diagnostics: Array(diagnostics).sortedForDisplay(), exports: allExports, deferred: deferred)
    }

    /// Where `text`, a translation, is stale: the sections whose source changed since they were
    /// translated (see `TranslationStaleness`). `original` is the source chapter with its sections.
    public static func staleness(_ text: ChapterSource, sourceLocale: LocaleTag, original: (ChapterSource, [ChapterSection])?) -> PageStaleness {
        guard text.locale != sourceLocale, let (source, sections) = original else { return PageStaleness() }
        return PageStaleness(TranslationStaleness.compare(sourceSections: sections, sourceFingerprint: { source.fingerprint }, translation: text))
    }

    /// What an id names. A class: a chapter's explicit ids are in its own tables, in its locale's
    /// course-wide table and in the exports, and a 10,000-page course has half a million ids.
    final class Target: Hashable, Sendable {
        let kind: TargetKind
        let chapterID: String
        let chapterNumber: Int
        let anchor: String?
        let number: Numbering?
        let title: String
        let location: SourceLocation

        init(kind: TargetKind, chapterID: String, chapterNumber: Int, anchor: String?, number: Numbering?, title: String,
             location: SourceLocation) {
            self.kind = kind; self.chapterID = chapterID; self.chapterNumber = chapterNumber; self.anchor = anchor
            self.number = number; self.title = title; self.location = location
        }

        static func == (a: Target, b: Target) -> Bool {
            a === b || (a.kind == b.kind && a.chapterID == b.chapterID && a.chapterNumber == b.chapterNumber && a.anchor == b.anchor
                        && a.number == b.number && a.title == b.title && a.location == b.location)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(kind); hasher.combine(chapterID); hasher.combine(chapterNumber); hasher.combine(anchor)
            hasher.combine(number); hasher.combine(title); hasher.combine(location)
        }
    }

    struct NumberedLocale {
        var chapters: [NumberedChapter]
        var global: [String: Target]
        var diagnostics: [Diagnostic]
        /// `chapters` by chapter id (what a link to another chapter's file reads).
        var byID: [String: NumberedChapter] = [:]
    }

    /// Pass 1: in every locale, every chapter (or its fallback) numbered, and the course-wide ids.
    static func numberLocales(_ locales: [LocaleTag], config: CourseConfig,
                              chapters: [String: [LocaleTag: ParsedChapter]], samples: SampleResults) -> [LocaleTag: NumberedLocale] {
        // Numbers and ids, each chapter on its own (in parallel).
        let numberings = config.chapterNumberings
        let chosen: [(LocaleTag, ChapterNumbering, ParsedChapter)] = locales.flatMap { locale in
            let chain = locale.fallbackChain(source: config.sourceLocale)
            return config.chapterIDs.compactMap { id -> (LocaleTag, ChapterNumbering, ParsedChapter)? in
                guard let versions = chapters[id], let chapter = chain.lazy.compactMap({ versions[$0] }).first else { return nil }
                return (locale, numberings[id]!, chapter)
            }
        }
        let numberedWithDiagnostics = parallelMap(chosen) { locale, number, chapter in
            if let done = chapter.numbered, done.numbering == number {
                return (NumberedChapter(parsed: chapter, numbering: number, document: done.document, targets: done.targets,
                                        outline: done.outline), done.diagnostics)
            }
            // Samples become listings and output first, so they are numbered like any listing.
            var expander = SampleExpander(results: samples, locale: locale, path: chapter.source.path)
            let expanded = Document(blocks: expander.expand(chapter.document.blocks), rawIDs: chapter.document.rawIDs)
            var numberer = Numberer(chapterID: chapter.source.id, numbering: number, path: chapter.source.path)
            let document = numberer.number(expanded)
            return (NumberedChapter(parsed: chapter, numbering: number, document: document,
                                    targets: numberer.targets, outline: numberer.outline), expander.diagnostics + numberer.diagnostics)
        }
        var result: [LocaleTag: NumberedLocale] = [:]
        for (index, (locale, _, _)) in chosen.enumerated() {
            let (chapter, diagnostics) = numberedWithDiagnostics[index]
            result[locale, default: NumberedLocale(chapters: [], global: [:], diagnostics: [])].chapters.append(chapter)
            result[locale]!.diagnostics += diagnostics
        }
        for locale in locales {
            var numbered = result[locale] ?? NumberedLocale(chapters: [], global: [:], diagnostics: [])
            // Course-wide registry of explicit ids; duplicates are errors naming both places.
            for chapter in numbered.chapters {
                for (id, target) in chapter.targets.explicit.sorted(by: { $0.value.location < $1.value.location }) {
                    if let first = numbered.global[id] {
                        numbered.diagnostics.append(duplicateID(id, at: target.location, first: first.location))
                    } else {
                        numbered.global[id] = target
                    }
                }
            }
            numbered.byID = Dictionary(uniqueKeysWithValues: numbered.chapters.map { ($0.parsed.source.id, $0) })
            result[locale] = numbered
        }
        return result
    }

    /// Pass 2: references, chapter by chapter (in parallel, every locale at once).
    static func linkLocales(_ locales: [(LocaleTag, NumberedLocale)], sourceIDs: [String: Target],
                            context: ResolveContext) -> [([ChapterPage], [Diagnostic])] {
        let jobs = locales.enumerated().flatMap { index, entry in entry.1.chapters.map { (index, $0) } }
        let linked = parallelMap(jobs) { localeIndex, chapter -> (ChapterPage, [Diagnostic]) in
            let (locale, numbered) = locales[localeIndex]
            if chapter.parsed.isStreamed { return (headerPage(chapter, locale: locale), []) }
            return linkedPage(chapter, locale: locale, scope: LinkScope(global: numbered.global, chapters: numbered.byID, sourceIDs: sourceIDs),
                              context: context)
        }
        var result = locales.map { _ in ([ChapterPage](), [Diagnostic]()) }
        for ((localeIndex, _), (page, diagnostics)) in zip(jobs, linked) {
            result[localeIndex].0.append(page)
            result[localeIndex].1 += diagnostics
        }
        return result
    }
}

extension Resolver {
    /// The page of a streamed chapter without its document (nor the files it shows, which only
    /// linking finds): what the other pages show of it.
    static func headerPage(_ chapter: NumberedChapter, locale: LocaleTag) -> ChapterPage {
        let source = chapter.parsed.source
        var page = ChapterPage(id: source.id, locale: locale, contentLocale: source.locale, numbering: chapter.numbering,
                               title: source.title, summary: source.summary, sourcePath: source.path,
                               document: Document(blocks: []), outline: chapter.outline, files: [])
        page.knownSampleCount = chapter.parsed.numbered?.shownSamples ?? 0
        page.knownReadingMinutes = chapter.parsed.numbered?.readingMinutes ?? 1
        return page
    }

    /// What a page of a streamed chapter needs to be made whole when it is rendered: every
    /// locale's ids and numbered chapters (their documents aside), the words and the content files.
    public struct Deferred: Sendable {
        let locales: [LocaleTag: NumberedLocale]
        let sourceIDs: [String: Target]
        let context: ResolveContext

        /// Whether `page` is the header of a streamed chapter's page.
        public func isDeferred(_ page: ChapterPage) -> Bool { locales[page.locale]?.byID[page.id]?.parsed.isStreamed == true }

        /// The page `header` stands for, whole: `document` is its chapter's text parsed again,
        /// numbered and linked here as the resolve stage would have; with what linking found.
        /// (Numbering finds what it found the first time, which was reported then.)
        public func page(_ header: ChapterPage, document: Document) -> (ChapterPage, [Diagnostic])? {
            guard let numbered = locales[header.locale], var chapter = numbered.byID[header.id], chapter.parsed.isStreamed else { return nil }
            var numberer = Numberer(chapterID: header.id, numbering: chapter.numbering, path: chapter.parsed.source.path)
            chapter.document = numberer.number(document)
            var (page, diagnostics) = linkedPage(chapter, locale: header.locale,
                                                 scope: LinkScope(global: numbered.global, chapters: numbered.byID, sourceIDs: sourceIDs),
                                                 context: context)
            page.markStale(header.staleness)
            page.updated = header.updated
            return (page, diagnostics)
        }
    }

    /// One numbered chapter linked as the page of `locale`, with what linking it found.
    static func linkedPage(_ chapter: NumberedChapter, locale: LocaleTag, scope: LinkScope, context: ResolveContext) -> (ChapterPage, [Diagnostic]) {
        let source = chapter.parsed.source
        var linker = Linker(chapter: chapter, scope: scope, context: context)
        let document = linker.link(chapter.document)
        var page = ChapterPage(id: source.id, locale: locale, contentLocale: source.locale, numbering: chapter.numbering,
                               title: source.title, summary: source.summary, sourcePath: source.path,
                               document: document, outline: chapter.outline, files: linker.files)
        page.drawnFigures = linker.drawnFigures
        page.knownReadingMinutes = ChapterPage.readingMinutes(in: document)  // counted once, read by every page's contents
        return (page, linker.diagnostics)
    }
}

struct NumberedChapter {
    var parsed: Resolver.ParsedChapter
    var numbering: ChapterNumbering
    var number: Int { numbering.number }
    var document: Document
    var targets: Targets
    var outline: [OutlineEntry]
}

/// The ids a chapter defines: explicit ones (course-wide) and every anchor on the page.
struct Targets {
    var explicit: [String: Resolver.Target] = [:]
    var local: [String: Resolver.Target] = [:]
}

func duplicateID(_ id: String, at location: SourceLocation, first: SourceLocation) -> Diagnostic {
    .error(.idTaken, "duplicate id '\(id)'", at: location,
           suggestion: "ids name one thing in the whole course; rename one of them", related: [first])
}
