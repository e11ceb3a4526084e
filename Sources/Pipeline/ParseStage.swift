import Blocks
import CourseModel
import Extras
import Localization
import Markdown
import Resolver
import Samples

extension BuildRun {
    struct Parsed {
        var chapters: [String: [LocaleTag: Resolver.ParsedChapter]]
        /// The code each streamed chapter shows, by chapter file, for the API index.
        var code: [String: Extras.PageCode] = [:]
        /// Chapter files (by path) with no sample, snippet or drawn figure: the page cache can
        /// resolve them again without the samples stage.
        var withoutSamples: Set<String> = []
        /// Each chapter file's Swift blocks as the listings' tally counts them (the page cache keeps them).
        var tallies: [String: ListingTally] = [:]
        /// Every `{run}`, `{compile}` and `{fails}` snippet, with the chapter file it is in, in file order.
        var snippets: [SamplesStage.SnippetUse]
        /// How the chapters were parsed (the render stage parses streamed ones again).
        var settings: ParseSettings
    }

    /// How a chapter's text is parsed: the quotation marks of its language (CLDR's, through ICU)
    /// with smart punctuation, and the kinds of block the course knows (its own callouts among them).
    struct ParseSettings: Sendable {
        var quotes: [LocaleTag: QuotationMarks]
        var kinds: BlockKinds
        /// `raw_html: true`: raw HTML is made safe in the parse (and published).
        var rawHTML: Bool

        init(_ loaded: Loaded) {
            let config = loaded.sources.config
            let needed = Set(loaded.locales.flatMap { $0.fallbackChain(source: config.sourceLocale) })
            quotes = config.smartPunctuation ? Dictionary(uniqueKeysWithValues: needed.map { ($0, LocaleQuotes.marks(for: $0)) }) : [:]
            kinds = BlockKinds.standard(courseCallouts: config.calloutKinds.keys)
            rawHTML = config.rawHTML
        }

        func input(_ chapter: ChapterSource) -> ParseInput {
            ParseInput(path: chapter.path, body: chapter.body, bodyLine: chapter.bodyLine, quotes: quotes[chapter.locale],
                       kinds: kinds, rawHTML: rawHTML)
        }

        func parse(_ chapter: ChapterSource) -> (Document, [Diagnostic]) { input(chapter).parse() }
    }

    /// One chapter text as the parse stage leaves it.
    struct ParsedText: Sendable {
        var chapter: Resolver.ParsedChapter
        var diagnostics: [Diagnostic]
        /// Read before numbering, which (in a one-shot build) keeps only the numbered document.
        var swift: SwiftBlocks
        var holdsSamples: Bool
        /// The code a streamed chapter shows (for the API index), read before its document goes.
        var shownCode: Extras.PageCode?
        var path: String { chapter.source.path }
    }

    /// The chapter files past the document budget (in parse order), which a streamed build lets
    /// go after numbering.
    func pastBudget(_ toParse: [ChapterSource], _ policy: BuildPolicy) -> Set<String> {
        guard policy.streams, let budget = options.documentBudget else { return [] }
        var total = 0
        var paths = Set<String>()
        for chapter in toParse {
            total += chapter.body.utf8.count
            if total > budget { paths.insert(chapter.path) }
        }
        return paths
    }

    /// cmark-gfm behind its lock, Primer's conventions in parallel. Each chapter's snippets are
    /// gathered on the thread that parsed it, and a chapter without samples is numbered there
    /// too (see `Resolver.prenumbered`). In a preview, a chapter whose `ParseInput` is the last
    /// build's is not parsed again. Past the document budget, a numbered chapter is let go there
    /// (see `Resolver.streamed`). An incremental build parses only the edited texts (nil: a full
    /// build is needed).
    mutating func parse(_ loaded: Loaded, _ policy: BuildPolicy) -> Parsed? {
        if let plan = policy.reuse { return parseEdited(loaded, plan) }
        let sources = loaded.sources
        let needed = Set(loaded.locales.flatMap { $0.fallbackChain(source: sources.config.sourceLocale) })
        let toParse = sources.chapters.values.flatMap { $0.values }.filter { needed.contains($0.locale) }
            .sorted { ($0.id, $0.locale) < ($1.id, $1.locale) }
        let session = policy.session
        session?.beginParse()
        let numberings = sources.config.chapterNumberings
        @Sendable func numbered(_ chapter: Resolver.ParsedChapter) -> Resolver.ParsedChapter {
            numberings[chapter.source.id].map { Resolver.prenumbered(chapter, numbering: $0, dropSource: session == nil) } ?? chapter
        }
        let streamed = pastBudget(toParse, policy)
        let settings = ParseSettings(loaded)
        let texts = parallelMap(toParse) { source -> ParsedText in
            let input = settings.input(source)
            let reused = session?.parsed(input)
            let (document, diagnostics) = reused ?? input.parse()
            if reused == nil { session?.store(input, document: document, diagnostics: diagnostics) }
            let chapter = numbered(Resolver.ParsedChapter(source: source, document: document))
            var text = ParsedText(chapter: chapter, diagnostics: diagnostics, swift: SwiftBlocks(document.blocks),
                                  holdsSamples: Resolver.holdsSamples(document))
            if streamed.contains(source.path), let numberedDocument = Resolver.numberedDocument(chapter), let letGo = Resolver.streamed(chapter) {
                text.chapter = letGo
                text.shownCode = Extras.code(in: numberedDocument, terms: Extras.subjectMatcher(sources.config, locale: source.locale))
            }
            return text
        }.sorted { $0.path < $1.path }
        let parsed = collect(texts, settings: settings, strict: sources.config.strictVerify)
        lap("parse")
        return parsed
    }

    /// The edited texts (each once), which must still have no samples and no errors; the last
    /// build's warnings and tally stand for the texts not parsed again.
    private mutating func parseEdited(_ loaded: Loaded, _ plan: PageCache.Plan) -> Parsed? {
        let settings = ParseSettings(loaded)
        let toParse = loaded.sources.chapters.values.flatMap { $0.values }.filter { plan.reparsed.contains($0.path) }.sorted { $0.path < $1.path }
        let texts = parallelMap(toParse) { source -> ParsedText in
            let (document, diagnostics) = settings.parse(source)
            return ParsedText(chapter: Resolver.ParsedChapter(source: source, document: document), diagnostics: diagnostics,
                              swift: SwiftBlocks(document.blocks), holdsSamples: Resolver.holdsSamples(document))
        }
        guard texts.allSatisfy({ $0.swift.snippets.isEmpty && !$0.holdsSamples }) else { return nil }
        result.diagnostics = plan.previous.warnings.filter { !plan.reparsed.contains($0.location?.path ?? "") }
        result.listings = plan.reparsed.reduce(plan.manifest.tally) { $0.without(plan.manifest.sources[$1]?.tally ?? ListingTally()) }
        let parsed = collect(texts, settings: settings, strict: loaded.sources.config.strictVerify)
        guard !result.diagnostics.hasErrors else { return nil }
        lap("parse")
        return parsed
    }

    /// The parse stage's output from its chapters' (in path order), its diagnostics and tally in `result`.
    private mutating func collect(_ texts: [ParsedText], settings: ParseSettings, strict: Bool) -> Parsed {
        var parsed = Parsed(chapters: [:], snippets: [], settings: settings)
        for text in texts {
            let chapter = text.chapter
            if let shown = text.shownCode { parsed.code[text.path] = shown }
            if chapter.isStreamed { result.streamed += 1 }
            parsed.chapters[chapter.source.id, default: [:]][chapter.source.locale] = chapter
            result.diagnostics += text.diagnostics
            result.diagnostics += text.swift.unmarkedDiagnostics(path: text.path, strict: strict)
            result.listings = result.listings + text.swift.tally
            parsed.snippets += text.swift.snippets.map { SamplesStage.SnippetUse(snippet: $0, path: text.path, locale: chapter.source.locale) }
            if text.swift.snippets.isEmpty && !text.holdsSamples { parsed.withoutSamples.insert(text.path) }
            parsed.tallies[text.path] = text.swift.tally
        }
        return parsed
    }
}

extension ListingTally {
    /// The tally with `part`'s counts taken out (a text an incremental build parses again).
    func without(_ part: ListingTally) -> ListingTally {
        var rest = self
        rest.samples -= part.samples; rest.run -= part.run; rest.compiled -= part.compiled
        rest.failing -= part.failing; rest.listingOnly -= part.listingOnly; rest.unverified -= part.unverified
        rest.appleOnly -= part.appleOnly
        return rest
    }
}
