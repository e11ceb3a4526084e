import CourseModel
import Foundation
import Extras
import Loader
import Localization
import Markdown
import Renderer
import Resolver
import Samples
import Writer
import Synchronization

/// One build, stage by stage: load → parse → resolve → render → write.
public enum Build {
    public struct Options: Sendable {
        public var content: String
        public var templates: String
        public var output: String
        /// Build only this locale (nil: all).
        public var locale: String?
        /// `primer check`: everything but the write.
        public var write: Bool
        /// Skip the build when nothing changed since the last one (see `BuildCache`).
        public var useCache = true
        /// Record what the samples print now as their expected output.
        public var bless = false
        /// Called as samples are built and run (for a progress display).
        public var sampleProgress: (@Sendable (SamplesStage.Progress) -> Void)?
        /// Keep what this build made for the next one (the preview server's incremental rebuilds).
        public var session: BuildSession?
        /// Hand back the site's files instead of (or as well as) writing them.
        public var keepFiles = false
        /// The CLI exits right after a build: freeing the course's millions of small values one by
        /// one would cost a fifth of a second on a 1,000-page course, so they are left to the exit.
        public var keepUntilExit = false
        /// Index the written site for search (when the course has not switched search off).
        /// Off by default here; `primer build` switches it on.
        public var search = false
        public init(content: String = "Content", templates: String = "Templates", output: String = "site",
                    locale: String? = nil, write: Bool = true) {
            self.content = content; self.templates = templates; self.output = output
            self.locale = locale; self.write = write
        }
    }

    public struct Result: Sendable {
        public var diagnostics: [Diagnostic]
        public var pages: Int = 0
        public var written: SiteWriter.Report?
        /// True when the build was skipped because nothing had changed.
        public var upToDate = false
        /// What the samples stage did (nil when the course has no samples).
        public var samples: SamplesStage.Report?
        /// The site's files, with `keepFiles`.
        public var files: [SiteFile]?
        /// Seconds per stage, in order.
        public var timings: [(stage: String, seconds: Double)] = []
        public var succeeded: Bool { !diagnostics.hasErrors }
    }

    /// A mistake in how Primer was called rather than in the course (exit code 2).
    public struct UsageError: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    public static func run(_ options: Options) throws(UsageError) -> Result {
        var result = Result(diagnostics: [])
        var clock = ContinuousClock.now
        func lap(_ stage: String) {
            let now = ContinuousClock.now
            let elapsed = now - clock
            result.timings.append((stage, elapsed.seconds))
            clock = now
        }

        // An output folder that is not Primer's to replace stops the build before anything runs.
        if options.write {
            let problems = OutputFolder.problems(options.output, protecting: [options.content, options.templates])
            if !problems.isEmpty {
                result.diagnostics = problems
                return result
            }
        }

        // Nothing changed since the last successful build? Then the site is already right.
        let cache = BuildCache(output: options.output)
        var fingerprint = ""
        if options.write && options.useCache && !options.bless {
            fingerprint = BuildCache.fingerprint(options)
            if let manifest = cache.validManifest(fingerprint: fingerprint) {
                result.upToDate = true
                result.pages = manifest.pages
                result.diagnostics = manifest.warnings
                result.written = SiteWriter.Report(written: 0, unchanged: manifest.files.count, removed: 0, swapped: false)
                lap("cache")
                return result
            }
            cache.invalidate()
        }

        // Load
        let (loaded, loadDiagnostics) = CourseLoader.load(.init(contentPath: options.content, templatesPath: options.templates))
        result.diagnostics += loadDiagnostics
        guard let sources = loaded else { return result }
        var locales = sources.config.locales
        if let wanted = options.locale {
            guard let tag = sources.config.locales.first(where: { $0.rawValue.lowercased() == wanted.lowercased() }) else {
                let known = sources.config.locales.map(\.rawValue)
                let guess = closestMatch(to: wanted, in: known).map { " Did you mean '\($0)'?" } ?? ""
                throw UsageError(description: "unknown locale '\(wanted)': the course has \(known.joined(separator: ", ")).\(guess)")
            }
            locales = [tag]
        }
        let source = sources.config.sourceLocale
        let catalog = sources.catalog ?? StringCatalog(sourceLanguage: source, entries: [:], path: options.content + "/Localizable.xcstrings")
        // A catalog that could not be read has its own error; every word it holds would otherwise
        // be reported missing as well.
        let catalogUnreadable = loadDiagnostics.contains { $0.isError && $0.location?.path == catalog.path }
        if sources.catalog == nil && !catalogUnreadable {
            result.diagnostics.append(.error("the course has no string catalog", at: SourceLocation(path: catalog.path),
                                             suggestion: "copy Localizable.xcstrings from Primer's own Content/ folder and translate it"))
        } else {
            result.diagnostics += Localizer.check(catalog, locales: sources.config.locales, source: source)
        }
        var strings: [LocaleTag: UIStrings] = [:]
        for locale in Set(sources.config.locales) {
            strings[locale] = Localizer.strings(for: locale, catalog: catalog, source: source)
            // A locale without its own words still names itself in its own language (CLDR, via ICU).
            let own = locale.fallbackChain(source: source).filter { $0 != source || locale == source }
            if !own.contains(where: { catalog.entries["language_name"]?.localizations[$0] != nil }),
               let name = Locale(identifier: locale.rawValue).localizedString(forIdentifier: locale.rawValue) {
                strings[locale]?.entries["language_name"] = name.prefix(1).uppercased() + name.dropFirst()
            }
        }
        lap("load")

        // Parse (cmark serialized inside; conventions in parallel)
        let needed = Set(locales.flatMap { $0.fallbackChain(source: source) })
        let toParse = sources.chapters.values.flatMap { $0.values }.filter { needed.contains($0.locale) }
            .sorted { ($0.id, $0.locale) < ($1.id, $1.locale) }
        let session = options.session
        session?.beginParse()
        // Each chapter's snippets (code to run) are gathered on the same thread as its parse, and
        // a chapter without samples is numbered there too (see `Resolver.prenumbered`).
        let numbers = Dictionary(sources.config.chapterIDs.enumerated().map { ($1, $0 + 1) }, uniquingKeysWith: { a, _ in a })
        @Sendable func numbered(_ chapter: Resolver.ParsedChapter) -> Resolver.ParsedChapter {
            numbers[chapter.source.id].map { Resolver.prenumbered(chapter, number: $0) } ?? chapter
        }
        let parsed = parallelMap(toParse) { chapter -> (Resolver.ParsedChapter, [Diagnostic], [Snippet]) in
            // Only a session (the preview) looks parsed chapters up by their text's hash.
            var key: String?
            if let session {
                var hash = StableHash()
                hash.add(chapter.body)
                hash.add(String(chapter.bodyLine))
                key = hash.hex
                if let (document, diagnostics) = session.parsed(path: chapter.path, hash: hash.hex) {
                    return (numbered(Resolver.ParsedChapter(source: chapter, document: document)), diagnostics, collectSnippets(document.blocks))
                }
            }
            let (document, diagnostics) = ChapterParser.parse(chapter.body, path: chapter.path, lineOffset: chapter.bodyLine - 1)
            if let session, let key { session.store(path: chapter.path, hash: key, document: document, diagnostics: diagnostics) }
            return (numbered(Resolver.ParsedChapter(source: chapter, document: document)), diagnostics, collectSnippets(document.blocks))
        }
        var chapters: [String: [LocaleTag: Resolver.ParsedChapter]] = [:]
        for (chapter, diagnostics, _) in parsed {
            chapters[chapter.source.id, default: [:]][chapter.source.locale] = chapter
            result.diagnostics += diagnostics
        }
        lap("parse")

        // Run samples: build, run, cache, verify
        var sampleResults = SampleResults.none
        let snippets = parsed.filter { !$0.2.isEmpty }.sorted { $0.0.source.path < $1.0.source.path }
            .flatMap { chapter, _, snippets in snippets.map { SamplesStage.SnippetUse(snippet: $0, path: chapter.source.path) } }
        if sources.samples != nil || !snippets.isEmpty {
            // In a session, samples whose sources did not change are not even looked up again.
            var samplesKey = StableHash()
            if let samples = sources.samples {
                samplesKey.add(samples.manifest)
                samplesKey.add("\(samples.buildTimeout)")
                for (path, text) in samples.files.sorted(by: { $0.key < $1.key }) { samplesKey.add(path); samplesKey.add(text) }
                for (name, text) in samples.expected.sorted(by: { $0.key < $1.key }) { samplesKey.add(name); samplesKey.add(text) }
                for (name, bytes) in samples.inputs.sorted(by: { $0.key < $1.key }) { samplesKey.add(name); samplesKey.add(bytes) }
                for (name, settings) in samples.settings.sorted(by: { $0.key < $1.key }) {
                    samplesKey.add("\(name) \(settings.runKey)")
                    samplesKey.add("\(settings.expectFailure) \(settings.deterministic) \(settings.perLocale)")
                    for (tag, text) in settings.description.sorted(by: { $0.key < $1.key }) { samplesKey.add(tag.rawValue); samplesKey.add(text) }
                }
            }
            for snippet in snippets { samplesKey.add(snippet.path); samplesKey.add(snippet.snippet.code); samplesKey.add(snippet.snippet.expected ?? "") }
            samplesKey.add(locales.map(\.rawValue).joined(separator: ","))
            let reused = options.bless ? nil : options.session?.samplesReport(key: samplesKey.hex)
            let report = reused ?? SamplesStage.run(sources.samples, snippets: snippets,
                                                    options: .init(cacheDirectory: cache.folder, locales: locales, bless: options.bless,
                                                                   progress: options.sampleProgress))
            if reused == nil, !report.diagnostics.hasErrors { options.session?.store(samplesKey: samplesKey.hex, report: report) }
            result.samples = report
            result.diagnostics += report.diagnostics
            sampleResults = SampleResults(package: report.package, outcomes: report.outcomes, snippets: report.snippets)
            sampleResults.packageFailed = sources.samples != nil && report.package == nil
            lap("samples")
        }

        // Templates and the words they need
        var renderer: SiteRenderer?
        do {
            renderer = try SiteRenderer(templates: sources.templates)
        } catch {
            result.diagnostics += error.diagnostics
        }
        if let renderer, !catalogUnreadable {
            result.diagnostics += checkStrings(sources: sources, strings: strings, locales: locales,
                                               templateKeys: renderer.templateKeys())
        }

        // Resolve
        var (course, resolveDiagnostics) = Resolver.resolve(config: sources.config, chapters: chapters, strings: strings,
                                                            contentFiles: sources.contentFiles, locales: locales, samples: sampleResults)
        result.diagnostics += resolveDiagnostics
        lap("resolve")

        // Sample gallery and API index
        if let package = sampleResults.package {
            let (gallery, galleryDiagnostics) = Extras.gallery(course, package: package, outcomes: sampleResults.outcomes)
            course.samples = gallery
            result.diagnostics += galleryDiagnostics
        }
        let (index, indexDiagnostics) = Extras.apiIndex(course, package: sampleResults.package)
        course.apiIndex = index
        result.diagnostics += indexDiagnostics
        lap("extras")
        guard let renderer, !result.diagnostics.hasErrors else {
            result.diagnostics = result.diagnostics.sortedForDisplay()
            return result
        }

        // Render (in a session, only the pages whose inputs changed). A one-shot build writes each
        // file into the staging folder as soon as it is rendered, and forgets it: writing overlaps
        // rendering, and the pages are never all in memory at once.
        let search = sources.config.search && options.search && !SearchIndex.switchedOff
        var staged: StagedSite?
        if options.write {
            do {
                staged = try StagedSite(output: options.output, regenerated: search ? [SearchIndex.folder] : [],
                                        protecting: [options.content, options.templates])
            } catch {
                result.diagnostics += error.diagnostics
                result.diagnostics = result.diagnostics.sortedForDisplay()
                return result
            }
        }
        let streaming = staged != nil && session == nil && !options.keepFiles
        var reuse: (@Sendable (String, ChapterPage) -> String?)?
        if let session {
            session.beginRender(surroundings: surroundings(of: course, sources: sources))
            reuse = { path, page in session.rendered(path: path, page: page) }
        }
        var emit: (@Sendable (SiteFile) -> Void)?
        if streaming, let staged { emit = { staged.add($0) } }
        var files = renderer.render(course, assets: sources.assets, reuse: reuse, emit: emit)
        if let session {
            let pages = Dictionary(course.pages.flatMap { locale, pages in pages.map { ("\(locale.rawValue)/\($0.id).html", $0) } },
                                   uniquingKeysWith: { a, _ in a })
            for file in files {
                guard let page = pages[file.path], case .text(let html) = file.contents,
                      session.rendered(path: file.path, page: page) == nil else { continue }
                session.store(path: file.path, page: page, html: html)
            }
        }
        let used = Set(course.pages.values.flatMap { $0.flatMap(\.files) })
        let contentRoot = options.content.hasSuffix("/") ? options.content : options.content + "/"
        var later = used.sorted().map { SiteFile(path: $0, contents: .copy(from: contentRoot + $0)) }
        result.pages = course.pages.values.reduce(0) { $0 + $1.count }
        lap("render")
        if let package = sampleResults.package {
            later += Downloads.archives(course, package: package, cacheFolder: cache.folder + "/archives")
            lap("downloads")
        }
        if streaming { later.forEach { staged?.add($0) } } else { files += later }

        if options.keepFiles { result.files = files }

        // Write (what was not written while rendering), index for search, swap
        if let staged {
            if !streaming { _ = parallelMap(files) { staged.add($0) } }
            nonisolated(unsafe) var searchSeconds = 0.0
            do {
                // The search index is made in the staging folder, so the swapped-in site always has
                // an index that matches its pages.
                nonisolated(unsafe) var searchWarning: Diagnostic?
                result.written = try staged.commit { staging in
                    guard search else { return }
                    let start = ContinuousClock.now
                    searchWarning = SearchIndex.build(site: staging, shownAs: options.output)
                    searchSeconds = (ContinuousClock.now - start).seconds
                }
                if let searchWarning { result.diagnostics.append(searchWarning) }
                if options.useCache {
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
        result.diagnostics = result.diagnostics.sortedForDisplay()
        if options.keepUntilExit {
            Build.keptUntilExit.withLock { $0 += [course, files, sources, chapters, parsed, toParse, snippets] as [any Sendable] }
        }
        return result
    }

    /// What a one-shot build leaves for the process's exit to reclaim (see `Options.keepUntilExit`).
    static let keptUntilExit = Mutex<[any Sendable]>([])

    /// Everything a chapter page shows besides its own content (see `Surroundings`).
    static func surroundings(of course: ResolvedCourse, sources: CourseSources) -> Surroundings {
        Surroundings(course: course, sources: sources)
    }

    /// Every `{run}` snippet of a chapter, containers (footnotes, solutions…) included.
    static func collectSnippets(_ blocks: [Block]) -> [Snippet] {
        var snippets: [Snippet] = []
        blocks.walk { block, _ in
            if case .snippet(_, let snippet) = block { snippets.append(snippet) }
        }
        return snippets
    }

    /// Every word a page needs must exist for every locale built, at least through fallback.
    static func checkStrings(sources: CourseSources, strings: [LocaleTag: UIStrings], locales: [LocaleTag],
                             templateKeys: [(key: String, location: SourceLocation)]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var uses: [(String, SourceLocation?)] = SiteRenderer.codeKeys.map { ($0, nil) }
        uses += templateKeys.map { ($0.key, $0.location) }
        var reported = Set<String>()
        let tablePlace: SourceLocation? = sources.catalog.map { SourceLocation(path: $0.path) }
        for (key, location) in uses {
            for locale in locales where strings[locale]?.entries[key] == nil && !reported.contains(key) {
                reported.insert(key)
                let known = strings[locale]?.entries.keys.map { $0 } ?? []
                diagnostics.append(.error("string '\(key)' is not in the string catalog for '\(locale)' or its fallbacks",
                                          at: location ?? tablePlace,
                                          suggestion: closestMatch(to: key, in: known).map { "did you mean '\($0)'?" }
                                            ?? "add \"\(key)\" to Localizable.xcstrings"))
            }
        }
        let translated = Set(sources.catalog?.entries.values.flatMap { $0.localizations.keys } ?? [])
        for locale in locales where !locale.fallbackChain(source: sources.config.sourceLocale).dropLast().contains(where: translated.contains)
            && locale != sources.config.sourceLocale {
            diagnostics.append(.warning("the string catalog has no '\(locale)' localizations; its pages use the words of '\(sources.config.sourceLocale)'",
                                        at: sources.catalog.map { SourceLocation(path: $0.path) } ?? SourceLocation(path: sources.config.path),
                                        suggestion: "translate the catalog's strings into \(locale)"))
        }
        return diagnostics
    }
}
