import CourseModel

/// The resolve stage: numbers chapters, sections, listings, figures, tables and exercises,
/// gives every heading an id, and turns cross-reference links into hrefs and labels.
/// Pure: values in, values out.
public enum Resolver {
    public struct ParsedChapter: Sendable {
        public var source: ChapterSource
        public var document: Document
        public init(source: ChapterSource, document: Document) { self.source = source; self.document = document }
    }

    public static func resolve(config: CourseConfig, chapters: [String: [LocaleTag: ParsedChapter]],
                               strings: [LocaleTag: UIStrings], contentFiles: Set<String>,
                               locales: [LocaleTag], samples: SampleResults = .none) -> (ResolvedCourse, [Diagnostic]) {
        var diagnostics: Set<Diagnostic> = []
        var pages: [LocaleTag: [ChapterPage]] = [:]
        // The source locale's ids tell a translator which id their translation lacks.
        let source = numberLocale(config.sourceLocale, config: config, chapters: chapters, samples: samples)
        var fingerprints: [String: String] = [:]
        for (id, versions) in chapters { fingerprints[id] = versions[config.sourceLocale]?.source.fingerprint }
        for locale in locales {
            let numbered = locale == config.sourceLocale ? source
                : numberLocale(locale, config: config, chapters: chapters, samples: samples)
            let (localePages, linkDiagnostics) = linkLocale(locale, numbered, sourceIDs: source.global, strings: strings,
                                                            contentFiles: contentFiles)
            pages[locale] = localePages.map { page in
                var page = page
                page.isStale = page.contentLocale != config.sourceLocale
                    && chapters[page.id]?[page.contentLocale]?.source.translatedFrom != fingerprints[page.id]
                page.updated = chapters[page.id]?[page.contentLocale]?.source.updated
                return page
            }
            diagnostics.formUnion(numbered.diagnostics)
            diagnostics.formUnion(linkDiagnostics)
        }
        let course = ResolvedCourse(config: config, locales: locales, pages: pages, strings: strings)
        return (course, Array(diagnostics).sortedForDisplay())
    }

    struct Target {
        var kind: TargetKind
        var chapterID: String
        var chapterNumber: Int
        var anchor: String?
        var number: Numbering?
        var title: String
        var location: SourceLocation
    }

    struct NumberedLocale {
        var chapters: [NumberedChapter]
        var global: [String: Target]
        var diagnostics: [Diagnostic]
    }

    /// Pass 1 for one locale: every chapter (or its fallback) numbered, and the course-wide ids.
    static func numberLocale(_ locale: LocaleTag, config: CourseConfig,
                             chapters: [String: [LocaleTag: ParsedChapter]], samples: SampleResults) -> NumberedLocale {
        var diagnostics: [Diagnostic] = []
        // Pass 1: numbers and ids, each chapter on its own (in parallel).
        let chain = locale.fallbackChain(source: config.sourceLocale)
        let chosen: [(Int, ParsedChapter)] = config.chapterIDs.enumerated().compactMap { index, id in
            guard let versions = chapters[id], let chapter = chain.lazy.compactMap({ versions[$0] }).first else { return nil }
            return (index + 1, chapter)
        }
        let numberedWithDiagnostics = parallelMap(chosen) { number, chapter in
            // Samples become listings and output first, so they are numbered like any listing.
            var expander = SampleExpander(results: samples, locale: locale, path: chapter.source.path)
            let expanded = Document(blocks: expander.expand(chapter.document.blocks))
            var numberer = Numberer(chapterID: chapter.source.id, chapterNumber: number, path: chapter.source.path)
            let document = numberer.number(expanded)
            return (NumberedChapter(parsed: chapter, number: number, document: document,
                                    targets: numberer.targets, outline: numberer.outline), expander.diagnostics + numberer.diagnostics)
        }
        let numbered = numberedWithDiagnostics.map(\.0)
        diagnostics += numberedWithDiagnostics.flatMap(\.1)
        // Course-wide registry of explicit ids; duplicates are errors naming both places.
        var global: [String: Target] = [:]
        for chapter in numbered {
            for (id, target) in chapter.targets.explicit.sorted(by: { $0.value.location < $1.value.location }) {
                if let first = global[id] {
                    diagnostics.append(duplicateID(id, at: target.location, first: first.location))
                } else {
                    global[id] = target
                }
            }
        }
        return NumberedLocale(chapters: numbered, global: global, diagnostics: diagnostics)
    }

    /// Pass 2 for one locale: references, chapter by chapter (in parallel).
    static func linkLocale(_ locale: LocaleTag, _ numbered: NumberedLocale, sourceIDs: [String: Target],
                           strings: [LocaleTag: UIStrings], contentFiles: Set<String>) -> ([ChapterPage], [Diagnostic]) {
        let byID = Dictionary(uniqueKeysWithValues: numbered.chapters.map { ($0.parsed.source.id, $0) })
        let global = numbered.global
        let linked = parallelMap(numbered.chapters) { chapter in
            let source = chapter.parsed.source
            let labels = strings[source.locale] ?? UIStrings(locale: source.locale, entries: [:])
            var linker = Linker(chapter: chapter, global: global, chapters: byID, labels: labels,
                                contentFiles: contentFiles, contentLocaleFolder: source.locale.rawValue)
            linker.sourceIDs = sourceIDs
            let document = linker.link(chapter.document)
            return (ChapterPage(id: source.id, locale: locale, contentLocale: source.locale, number: chapter.number,
                                title: source.title, summary: source.summary, sourcePath: source.path,
                                document: document, outline: chapter.outline, files: linker.files), linker.diagnostics)
        }
        return (linked.map(\.0), linked.flatMap(\.1))
    }
}

struct NumberedChapter {
    var parsed: Resolver.ParsedChapter
    var number: Int
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
    .error("duplicate id '\(id)'", at: location,
           suggestion: "ids name one thing in the whole course; rename one of them", related: [first])
}
