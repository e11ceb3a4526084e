import CourseModel
import Defaults
import Extras
import Foundation
import Loader
import Localization
import Markdown
import Renderer
import Resolver
import Samples
import Synchronization
import Writer

/// The print versions' chunk lengths as they are written (from the rendering threads).
final class PrintChunks: Sendable {
    let table = Mutex<[String: [Int]]>([:])
}

/// One build in progress: every stage is a method that takes what the stages before it made
/// and returns what it made, adding its diagnostics and its time to `result`. `Build.run` is
/// the list of stages in order.
struct BuildRun {
    let options: Build.Options
    var result = Build.Result(diagnostics: [])
    let cache: BuildCache
    var fingerprint = ""
    /// The input files' stamps, when the build looked for a reason to skip itself.
    var inputs: BuildCache.Inputs?
    /// The page cache as the incremental build found it (its hashes spare the full build's).
    var pageManifest: PageCache.Manifest?
    /// The last build's manifest when this build cannot be skipped (the incremental build starts
    /// from it once it has checked that the site on disk is still what that build wrote).
    var previous: BuildCache.Manifest?
    /// What each locale's pages show the others, for the page cache (see Incremental.swift).
    var exports: [LocaleTag: Resolver.Exports] = [:]
    /// The print versions' chunk lengths by path, for the page cache.
    let printChunks = PrintChunks()
    /// What the pages of streamed chapters need to be made whole as they are rendered (nil when
    /// every chapter kept its document; see `Build.Options.documentBudget`).
    var deferred: Resolver.Deferred?
    /// `Extras.pageDigest` of those pages, by locale and chapter id, once they were rendered.
    var streamedDigests: [LocaleTag: [String: String]] = [:]
    /// How the parse stage parsed the chapters (the render stage parses streamed ones again).
    var parseSettings: ParseSettings?
    private var clock = ContinuousClock.now

    init(_ options: Build.Options) {
        self.options = options
        cache = BuildCache(output: options.output)
    }

    mutating func lap(_ stage: String) {
        let now = ContinuousClock.now
        result.timings.append((stage, (now - clock).seconds))
        result.resident.append(Self.residentBytes())
        clock = now
    }

    /// The resident set size from `/proc/self/statm` (its second field, in pages), or 0.
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The diagnostics sorted for display, whatever stage the build stopped at.
    func finish() -> Build.Result {
        var finished = result
        finished.diagnostics = finished.diagnostics.sortedForDisplay()
        return finished
    }

    // MARK: Before anything runs

    /// An output folder that is not Primer's to replace stops the build before anything runs.
    mutating func outputIsSafe() -> Bool {
        guard options.writes else { return true }
        let problems = OutputFolder.problems(options.output, protecting: [options.content, options.templates])
        result.diagnostics += problems
        return problems.isEmpty
    }

    /// Nothing changed since the last successful build? Then the site is already right.
    mutating func upToDate() -> Bool {
        guard case .site(_, let reuse) = options.product, reuse, !options.bless else { return false }
        inputs = BuildCache.inputs(options)
        fingerprint = BuildCache.fingerprint(inputs!, excluding: [])
        let last = cache.lastManifest()
        guard let manifest = last, manifest.fingerprint == fingerprint, cache.siteIsAsWritten(by: manifest) else {
            previous = last
            cache.invalidate()
            lap("cache: not up to date")
            return false
        }
        result.upToDate = true
        result.pages = manifest.pages
        result.diagnostics = manifest.warnings
        result.written = SiteWriter.Report(written: 0, unchanged: manifest.files.count, removed: 0, swapped: false)
        lap("cache")
        return true
    }

    // MARK: Load

    struct Loaded {
        var sources: CourseSources
        /// The locales being built (all, or the one asked for).
        var locales: [LocaleTag]
        var strings: [LocaleTag: UIStrings]
        /// The catalog has an error of its own: the words it would have held are not reported missing.
        var catalogUnreadable: Bool
    }

    mutating func load() throws(Build.UsageError) -> Loaded? {
        let (loaded, loadDiagnostics) = CourseLoader.load(.init(contentPath: options.content, templatesPath: options.templates))
        result.diagnostics += loadDiagnostics
        guard let sources = loaded else { return nil }
        var locales = sources.config.locales
        if let wanted = options.locale {
            guard let tag = sources.config.locales.first(where: { $0.rawValue.lowercased() == wanted.lowercased() }) else {
                let known = sources.config.locales.map(\.rawValue)
                let guess = closestMatch(to: wanted, in: known).map { " Did you mean '\($0)'?" } ?? ""
                throw Build.UsageError(description: "unknown locale '\(wanted)': the course has \(known.joined(separator: ", ")).\(guess)")
            }
            locales = [tag]
        }
        let source = sources.config.sourceLocale
        let catalog = sources.catalog ?? StringCatalog(sourceLanguage: source, entries: [:], path: options.content + "/Localizable.xcstrings")
        let catalogUnreadable = loadDiagnostics.contains { $0.isError && $0.location?.path == catalog.path }
        result.diagnostics += Localizer.check(catalog, locales: sources.config.locales, source: source,
                                              shipped: [options.templates + "/Localizable.xcstrings", BuiltIn.catalogPath])
        let strings = Localizer.siteStrings(catalog: catalog, locales: sources.config.locales, source: source)
        lap("load")
        return Loaded(sources: sources, locales: locales, strings: strings, catalogUnreadable: catalogUnreadable)
    }

    // MARK: Parse

    struct Parsed {
        var chapters: [String: [LocaleTag: Resolver.ParsedChapter]]
        /// The code each streamed chapter shows, by chapter file, for the API index.
        var code: [String: Extras.PageCode] = [:]
        /// Chapter files (by path) with no sample, snippet or drawn figure: the page cache can
        /// resolve them again without the samples stage.
        var quiet: Set<String> = []
        /// Each chapter file's unmarked Swift blocks (the page cache keeps the listings' tally).
        var unverified: [String: Int] = [:]
        /// Every `{run}`, `{compile}` and `{fails}` snippet, with the chapter file it is in, in file order.
        var snippets: [SamplesStage.SnippetUse]
    }

    /// How a chapter's text is parsed: the quotation marks of its language (CLDR's, through ICU)
    /// with smart punctuation, and the course's own callout kinds.
    struct ParseSettings: Sendable {
        var quotes: [LocaleTag: QuotationMarks]
        var calloutKinds: Set<String>
        /// `raw_html: true`: raw HTML is made safe in the parse (and published).
        var rawHTML: Bool

        init(_ loaded: Loaded) {
            let config = loaded.sources.config
            let needed = Set(loaded.locales.flatMap { $0.fallbackChain(source: config.sourceLocale) })
            quotes = config.smartPunctuation ? Dictionary(uniqueKeysWithValues: needed.map { ($0, LocaleQuotes.marks(for: $0)) }) : [:]
            calloutKinds = Set(config.calloutKinds.keys)
            rawHTML = config.rawHTML
        }

        func parse(_ chapter: ChapterSource) -> (Document, [Diagnostic]) {
            ChapterParser.parse(chapter.body, path: chapter.path, lineOffset: chapter.bodyLine - 1,
                                quotes: quotes[chapter.locale], calloutKinds: calloutKinds, rawHTML: rawHTML)
        }
    }

    /// Whether chapters past the document budget are let go after numbering: in a one-shot build
    /// without book editions (which read every document).
    func streams(_ config: CourseConfig) -> Bool {
        options.documentBudget != nil && options.session == nil && !(options.editions && !config.editions.isEmpty)
    }

    /// cmark-gfm behind its lock, Primer's conventions in parallel. Each chapter's snippets are
    /// gathered on the thread that parsed it, and a chapter without samples is numbered there
    /// too (see `Resolver.prenumbered`). In a preview, an unchanged chapter is not parsed again.
    /// Past the document budget, a numbered chapter is let go there (see `Resolver.streamed`).
    mutating func parse(_ loaded: Loaded) -> Parsed {
        let sources = loaded.sources
        let needed = Set(loaded.locales.flatMap { $0.fallbackChain(source: sources.config.sourceLocale) })
        let toParse = sources.chapters.values.flatMap { $0.values }.filter { needed.contains($0.locale) }
            .sorted { ($0.id, $0.locale) < ($1.id, $1.locale) }
        let session = options.session
        session?.beginParse()
        let numberings = sources.config.chapterNumberings
        @Sendable func numbered(_ chapter: Resolver.ParsedChapter) -> Resolver.ParsedChapter {
            numberings[chapter.source.id].map { Resolver.prenumbered(chapter, numbering: $0, dropSource: session == nil) } ?? chapter
        }
        var beyondBudget = Set<String>()
        if streams(sources.config), let budget = options.documentBudget {
            var total = 0
            for chapter in toParse {
                total += chapter.body.utf8.count
                if total > budget { beyondBudget.insert(chapter.path) }
            }
        }
        let letGo = beyondBudget
        let settings = ParseSettings(loaded)
        parseSettings = settings
        let quotes = settings.quotes, calloutKinds = settings.calloutKinds
        let parsed = parallelMap(toParse) { chapter -> (Resolver.ParsedChapter, [Diagnostic], Build.SwiftBlocks, Extras.PageCode?) in
            var key: String?
            if let session {
                var hash = StableHash()
                hash.add(chapter.body)
                hash.add(String(chapter.bodyLine))
                hash.add(quotes[chapter.locale].map { $0.open + $0.close } ?? "plain")
                hash.add(calloutKinds.sorted().joined(separator: ","))
                hash.add(settings.rawHTML ? "raw-html" : "")
                key = hash.hex
                if let (document, diagnostics) = session.parsed(path: chapter.path, hash: hash.hex) {
                    return (numbered(Resolver.ParsedChapter(source: chapter, document: document)), diagnostics, Build.swiftBlocks(document), nil)
                }
            }
            let (document, diagnostics) = settings.parse(chapter)
            if let session, let key { session.store(path: chapter.path, hash: key, document: document, diagnostics: diagnostics) }
            // Read before numbering, which (in a one-shot build) keeps only the numbered document.
            let swift = Build.swiftBlocks(document)
            let result = numbered(Resolver.ParsedChapter(source: chapter, document: document))
            if letGo.contains(chapter.path), let numberedDocument = Resolver.numberedDocument(result), let streamed = Resolver.streamed(result) {
                return (streamed, diagnostics, swift, Extras.code(in: numberedDocument))
            }
            return (result, diagnostics, swift, nil)
        }
        var chapters: [String: [LocaleTag: Resolver.ParsedChapter]] = [:]
        let strict = sources.config.strictVerify
        var code: [String: Extras.PageCode] = [:]
        for (chapter, diagnostics, swift, shown) in parsed.sorted(by: { $0.0.source.path < $1.0.source.path }) {
            if let shown { code[chapter.source.path] = shown }
            if chapter.isStreamed { result.streamed += 1 }
            chapters[chapter.source.id, default: [:]][chapter.source.locale] = chapter
            result.diagnostics += diagnostics
            result.diagnostics += swift.unmarked.map { Build.unmarkedSwift(at: $0, path: chapter.source.path, strict: strict) }
            result.listings = result.listings + swift.tally
        }
        let snippets = parsed.filter { !$0.2.snippets.isEmpty }.sorted { $0.0.source.path < $1.0.source.path }
            .flatMap { chapter, _, swift, _ in swift.snippets.map { SamplesStage.SnippetUse(snippet: $0, path: chapter.source.path, locale: chapter.source.locale) } }
        let quiet = Set(parsed.filter { $0.2.snippets.isEmpty && !$0.2.holdsSamples }.map(\.0.source.path))
        lap("parse")
        let unverified = Dictionary(parsed.map { ($0.0.source.path, $0.2.tally.unverified) }, uniquingKeysWith: { a, _ in a })
        return Parsed(chapters: chapters, code: code, quiet: quiet, unverified: unverified, snippets: snippets)
    }

    // MARK: Run samples

    /// Build, run, cache and verify the samples and snippets. In a preview, a report whose
    /// inputs did not change is reused without looking at a single sample.
    mutating func runSamples(_ loaded: Loaded, _ parsed: Parsed) -> SampleResults {
        let samples = loaded.sources.samples
        guard samples != nil || !parsed.snippets.isEmpty else { return .none }
        let key = SamplesStage.inputsKey(samples, snippets: parsed.snippets, locales: loaded.locales, figures: loaded.sources.figures)
        let reused = options.bless ? nil : options.session?.samplesReport(key: key)
        var stageOptions = SamplesStage.Options(cacheDirectory: cache.folder, locales: loaded.locales, bless: options.bless,
                                                progress: options.sampleProgress)
        stageOptions.figures = loaded.sources.figures
        stageOptions.figuresFolder = loaded.sources.figuresFolder
        let report = reused ?? SamplesStage.run(samples, snippets: parsed.snippets, options: stageOptions)
        if reused == nil, !report.diagnostics.hasErrors { options.session?.store(samplesKey: key, report: report) }
        result.samples = report
        result.diagnostics += report.diagnostics
        var results = SampleResults(package: report.package, outcomes: report.outcomes, snippets: report.snippets)
        results.packageFailed = samples != nil && report.package == nil
        lap("samples")
        return results
    }

    // MARK: Templates

    /// The templates, and every word they and the pages need, in every locale built.
    mutating func templates(_ loaded: Loaded) -> SiteRenderer? {
        let renderer: SiteRenderer
        do {
            renderer = try SiteRenderer(templates: loaded.sources.templates)
        } catch {
            result.diagnostics += error.diagnostics
            return nil
        }
        if !loaded.catalogUnreadable {
            result.diagnostics += Build.checkStrings(sources: loaded.sources, strings: loaded.strings, locales: loaded.locales,
                                                     templateKeys: renderer.templateKeys())
        }
        return renderer
    }

    // MARK: Resolve and extras

    mutating func resolve(_ loaded: Loaded, _ parsed: Parsed, _ samples: SampleResults) -> ResolvedCourse {
        let (course, diagnostics, exports, deferred) = Resolver.resolveWithExports(
            config: loaded.sources.config, chapters: parsed.chapters, strings: loaded.strings, contentFiles: loaded.sources.contentFiles,
            imageSizes: loaded.sources.imageSizes, locales: loaded.locales, samples: samples, exports: savesPages(loaded.sources.config))
        result.diagnostics += diagnostics
        self.exports = exports
        self.deferred = deferred
        lap("resolve")
        return course
    }

    /// The sample gallery and the API index.
    mutating func extras(_ course: inout ResolvedCourse, _ samples: SampleResults, _ parsed: Parsed) {
        if let package = samples.package {
            let (gallery, diagnostics) = Extras.gallery(course, package: package, outcomes: samples.outcomes)
            course.samples = gallery
            result.diagnostics += diagnostics
        }
        if course.config.apiIndex.enabled {
            let (index, diagnostics) = Extras.apiIndex(course, package: samples.package, code: parsed.code)
            course.apiIndex = index
            result.diagnostics += diagnostics
        }
        lap("extras")
    }

    // MARK: Render

    struct Rendered {
        /// The files not yet handed to the staging folder (all of them, unless streaming).
        var files: [SiteFile]
        var staged: StagedSite?
        var streaming: Bool
        var search: Bool
    }

    /// Every page, in parallel. A one-shot build hands each file to the staging folder as soon as
    /// it is rendered and forgets it: writing overlaps rendering, and the pages are never all in
    /// memory at once. A preview renders only the pages whose inputs changed. The pages of streamed
    /// chapters are parsed, numbered and linked again as they are rendered; the files they show
    /// and what linking found join the course and the diagnostics afterwards.
    mutating func render(_ course: inout ResolvedCourse, _ loaded: Loaded, _ renderer: SiteRenderer, _ samples: SampleResults,
                         editions: [SiteFile] = []) -> Rendered {
        var search = false
        if case .site(let asked, _) = options.product { search = asked && loaded.sources.config.search && !SearchIndex.switchedOff }
        var staged: StagedSite?
        if options.writes {
            do {
                staged = try StagedSite(output: options.output, regenerated: search ? [SearchIndex.folder] : [],
                                        protecting: [options.content, options.templates])
            } catch {
                result.diagnostics += error.diagnostics
                return Rendered(files: [], staged: nil, streaming: false, search: false)
            }
        }
        let session = options.session
        let streaming = staged != nil
        var reuse: (@Sendable (String, ChapterPage) -> String?)?
        if let session {
            session.beginRender(surroundings: Surroundings(course: course, sources: loaded.sources))
            reuse = { path, page in session.rendered(path: path, page: page) }
        }
        var emit: (@Sendable (SiteFile) -> Void)?
        if streaming, let staged {
            let printChunks = savesPages(course.config) ? printChunks : nil
            emit = { file in
                if let printChunks, case .chunks(let chunks) = file.contents { printChunks.table.withLock { $0[file.path] = chunks.map(\.count) } }
                staged.add(file)
            }
        } else if session == nil {
            emit = { _ in }  // `primer check`: rendered to find what rendering finds, and let go
        }
        let completed = Mutex<[LocaleTag: [String: (files: Set<String>, diagnostics: [Diagnostic], digest: String)]]>([:])
        var complete: (@Sendable (ChapterPage) -> ChapterPage?)?
        var spill: Spill?
        if let deferred, let settings = parseSettings {
            let chapters = loaded.sources.chapters, digests = savesPages(course.config)
            complete = { header in
                guard deferred.isDeferred(header) else { return nil }
                guard let source = chapters[header.id]?[header.contentLocale],
                      let (page, diagnostics) = deferred.page(header, document: settings.parse(source).0) else {
                    // Cannot happen (the text is the one parsed before); if it did, no site is written.
                    let lost = Diagnostic.error(.siteWrite, "cannot write the site: the page of chapter '\(header.id)' could not be made again for '\(header.locale)'",
                                                at: SourceLocation(path: header.sourcePath), suggestion: "please report this")
                    completed.withLock { $0[header.locale, default: [:]][header.id] = ([], [lost], "") }
                    return nil
                }
                let digest = digests ? Extras.pageDigest(page) : ""
                completed.withLock { $0[header.locale, default: [:]][header.id] = (page.files, diagnostics, digest) }
                return page
            }
            spill = Spill(folder: cache.folder)
        }
        var files = renderer.render(course, assets: loaded.sources.assets, reuse: reuse, emit: emit, complete: complete, spill: spill)
        if deferred != nil {
            var found = Set<Diagnostic>()
            for (locale, made) in completed.withLock({ $0 }) {
                guard var pages = course.pages[locale] else { continue }
                for index in pages.indices {
                    guard let page = made[pages[index].id] else { continue }
                    pages[index].files = page.files
                    exports[locale]?.pages[pages[index].id]?.header.files = page.files
                    streamedDigests[locale, default: [:]][pages[index].id] = page.digest
                    found.formUnion(page.diagnostics)
                }
                course.pages[locale] = pages
            }
            result.diagnostics += Array(found).sortedForDisplay()
        }
        if let session {
            let pages = Dictionary(course.pages.flatMap { locale, pages in pages.map { (SitePaths.page(SitePaths.chapter($0.id), in: locale), $0) } },
                                   uniquingKeysWith: { a, _ in a })
            for file in files {
                guard let page = pages[file.path], case .text(let html) = file.contents,
                      session.rendered(path: file.path, page: page) == nil else { continue }
                session.store(path: file.path, page: page, html: html)
            }
        }
        let used = Set(course.pages.values.flatMap { $0.flatMap(\.files) })
        let contentRoot = options.content.hasSuffix("/") ? options.content : options.content + "/"
        var later = used.sorted().map { SiteFile(path: $0, contents: .copy(from: contentRoot + $0)) } + editions
        // Figures samples drew, beside the pages of each locale that shows them.
        var drawn: [String: [UInt8]] = [:]
        for (locale, pages) in course.pages {
            for figure in pages.flatMap(\.drawnFigures) {
                let outcome = samples.outcomes[figure.run] ?? samples.snippets[figure.run.name]
                if let bytes = outcome?.figures[figure.file] { drawn[SitePaths.page(figure.path, in: locale)] = bytes }
            }
        }
        later += drawn.sorted(by: { $0.key < $1.key }).map { SiteFile(path: $0.key, contents: .bytes($0.value)) }
        result.pages = course.pages.values.reduce(0) { $0 + $1.count }
        lap("render")
        if let package = samples.package {
            later += Downloads.archives(course, package: package, cacheFolder: cache.folder + "/archives")
            lap("downloads")
        }
        if streaming { later.forEach { staged?.add($0) } } else { files += later }
        if session != nil { result.files = files }
        return Rendered(files: streaming ? [] : files, staged: staged, streaming: streaming, search: search)
    }

    // MARK: Write

    /// What was not written while rendering, the search index (made in the staging folder, so
    /// the swapped-in site always has an index that matches its pages), then the swap.
    mutating func write(_ rendered: Rendered) {
        guard let staged = rendered.staged else { return }
        // Only a streamed chapter's page finds an error this late (a reference linked as it is rendered).
        guard !result.diagnostics.hasErrors else {
            result.pages = 0
            return staged.abandon()
        }
        if !rendered.streaming { _ = parallelMap(rendered.files) { staged.add($0) } }
        nonisolated(unsafe) var searchSeconds = 0.0
        nonisolated(unsafe) var searchWarning: Diagnostic?
        let output = options.output
        do {
            result.written = try staged.commit { staging in
                guard rendered.search else { return }
                let start = ContinuousClock.now
                searchWarning = SearchIndex.build(site: staging, shownAs: output)
                searchSeconds = (ContinuousClock.now - start).seconds
            }
            if let searchWarning { result.diagnostics.append(searchWarning) }
            lap("write: commit")
            if case .site(_, let reuse) = options.product, reuse {
                cache.save(fingerprint: fingerprint, pages: result.pages, warnings: result.diagnostics)
            }
        } catch {
            result.diagnostics += error.diagnostics
        }
        lap("write")
        if searchSeconds > 0 {  // the index is made during the write; report it on its own
            result.timings[result.timings.count - 1].seconds -= searchSeconds
            result.timings.append(("search", searchSeconds))
        }
    }
}
