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

/// One build in progress: every stage is a method that takes what the stages before it made
/// and returns what it made, adding its diagnostics and its time to `result`. `Build.run` is
/// the list of stages in order.
struct BuildRun {
    let options: Build.Options
    var result = Build.Result(diagnostics: [])
    let cache: BuildCache
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

    /// What the last build of a site build that may reuse left. When nothing changed since that
    /// build and its site is still on disk, the site is already right: `result.upToDate`.
    mutating func lookBack() -> BuildHistory? {
        guard case .site(_, let reuse) = options.product, reuse, !options.bless else { return nil }
        let inputs = BuildCache.inputs(options)
        let fingerprint = BuildCache.fingerprint(inputs, excluding: [])
        let last = cache.lastManifest()
        guard let manifest = last, manifest.fingerprint == fingerprint, cache.siteIsAsWritten(by: manifest) else {
            cache.invalidate()
            lap("cache: not up to date")
            return BuildHistory(inputs: inputs, fingerprint: fingerprint, previous: last)
        }
        result.upToDate = true
        result.pages = manifest.pages
        result.diagnostics = manifest.warnings
        result.written = SiteWriter.Report(written: 0, unchanged: manifest.files.count, removed: 0, swapped: false)
        lap("cache")
        return BuildHistory(inputs: inputs, fingerprint: fingerprint, previous: manifest)
    }

    // MARK: Load

    struct Loaded {
        var sources: CourseSources
        /// The locales being built (all, or the one asked for).
        var locales: [LocaleTag]
        var strings: [LocaleTag: UIStrings]
        /// The catalog has an error of its own: the words it would have held are not reported missing.
        var catalogUnreadable: Bool

        var resolveContext: ResolveContext { ResolveContext(sources, locales: locales, strings: strings) }
    }

    mutating func load() throws(Build.UsageError) -> Loaded? {
        let (loaded, loadDiagnostics) = CourseLoader.load(.init(contentPath: options.content, templatesPath: options.templates, memo: options.session?.loadMemo,
                                                                checkTerms: options.checksTerms))
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

    // MARK: Run samples

    /// Build, run, cache and verify the samples and snippets. In a preview, a report whose
    /// inputs did not change is reused without looking at a single sample.
    /// An incremental build runs none: its edited texts have no samples, and the other pages are kept.
    mutating func runSamples(_ loaded: Loaded, _ parsed: Parsed, _ policy: BuildPolicy) -> SampleResults {
        let samples = loaded.sources.samples
        guard policy.reuse == nil, samples != nil || !parsed.snippets.isEmpty else { return .none }
        let checkPrints = loaded.sources.config.checkPrints
        let key = SamplesStage.inputsKey(samples, snippets: parsed.snippets, locales: loaded.locales, figures: loaded.sources.figures,
                                         checkPrints: checkPrints, deterministicHashing: loaded.sources.config.deterministicHashing)
        let reused = options.bless ? nil : options.session?.samplesReport(key: key)
        var stageOptions = SamplesStage.Options(cacheDirectory: cache.folder, locales: loaded.locales, bless: options.bless,
                                                progress: options.sampleProgress)
        stageOptions.figures = loaded.sources.figures
        stageOptions.figuresFolder = loaded.sources.figuresFolder
        stageOptions.checkPrints = checkPrints
        stageOptions.deterministicHashing = loaded.sources.config.deterministicHashing
        let report = reused ?? SamplesStage.run(samples, snippets: parsed.snippets, options: stageOptions)
        if reused == nil { options.session?.samplesRan() }
        if reused == nil, !report.diagnostics.hasErrors { options.session?.store(samplesKey: key, report: report) }
        result.samples = report
        result.diagnostics += report.diagnostics
        var results = SampleResults(package: report.package, outcomes: report.outcomes, snippets: report.snippets)
        results.packageFailed = samples != nil && report.package == nil
        lap("samples")
        return results
    }

    // MARK: Templates

    /// The templates, and every word they and the pages need, in every locale built (what an
    /// incremental build's templates and words miss is in the last build's warnings).
    mutating func templates(_ loaded: Loaded, _ policy: BuildPolicy) -> SiteRenderer? {
        let renderer: SiteRenderer
        do {
            renderer = try SiteRenderer(templates: loaded.sources.templates)
        } catch {
            result.diagnostics += error.diagnostics
            return nil
        }
        if !loaded.catalogUnreadable, policy.reuse == nil {
            result.diagnostics += renderer.missingWords(sources: loaded.sources, strings: loaded.strings, locales: loaded.locales,
                                                        builtIn: (CourseLoader.builtInLocales, CourseLoader.builtInKeys))
        }
        return renderer
    }

    // MARK: Resolve and extras

    /// The resolved course, with what each page shows the others when this build writes the page
    /// cache, and what the pages of streamed chapters need to be made whole. An incremental build
    /// resolves the edited pages against the others' exports (nil: a full build is needed).
    mutating func resolve(_ loaded: Loaded, _ parsed: Parsed, _ samples: SampleResults, _ policy: BuildPolicy) -> Resolver.Resolution? {
        if let plan = policy.reuse { return resolveEdited(plan, parsed, loaded) }
        let resolution = Resolver.resolveWithExports(parsed.chapters, in: loaded.resolveContext, samples: samples,
                                                     exports: policy.savesPages)
        result.diagnostics += resolution.diagnostics
        lap("resolve")
        return resolution
    }

    /// The edited pages resolved against the other pages' exports, each showing the others what it
    /// showed before, among the other pages' headers: the course as the render stage reads it.
    mutating func resolveEdited(_ plan: PageCache.Plan, _ parsed: Parsed, _ loaded: Loaded) -> Resolver.Resolution? {
        guard let exportsFile = try? Data(contentsOf: plan.store.exportsURL, options: .alwaysMapped) else { return nil }
        @Sendable func slice(_ offset: Int, _ length: Int) -> [UInt8]? {
            guard offset >= 0, length >= 0, offset + length <= exportsFile.count else { return nil }
            return [UInt8](exportsFile.subdata(in: offset..<(offset + length)))
        }
        let manifestLocales = plan.manifest.locales
        // Which chapter defines each explicit id, for the locales of the edited pages.
        var owners: [Int: [String: String]] = [:]
        for localeIndex in Set(plan.edited.map(\.locale)) {
            guard let data = slice(manifestLocales[localeIndex].ownersOffset, manifestLocales[localeIndex].ownersLength) else { return nil }
            var table: [String: String] = [:]
            for record in Fields.decode(data) {
                guard record.count == 2 else { return nil }
                table[record[0]] = record[1]
            }
            owners[localeIndex] = table
        }
        let ownersByLocale = owners, chapters = parsed.chapters, sources = loaded.sources, context = loaded.resolveContext
        let resolved = parallelMap(plan.edited) { edit -> (ChapterPage, [Diagnostic])? in
            let cached = manifestLocales[edit.locale]
            let pageIndex = Dictionary(cached.pages.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
            let staleness = PageCache.staleness(id: edit.id, source: edit.source, sources: sources)
            guard let chapter = chapters[edit.source.id]?[edit.source.locale],
                  let (page, exports, diagnostics) = Resolver.resolvePage(
                    chapter, locale: cached.tag, in: context, staleness: staleness,
                    exports: { id in pageIndex[id].flatMap { slice(cached.pages[$0].offset, cached.pages[$0].length) }.flatMap(Resolver.PageExports.init(decoding:)) },
                    owner: { ownersByLocale[edit.locale]?[$0] }),
                  let before = slice(cached.pages[edit.index].offset, cached.pages[edit.index].length).flatMap(Resolver.PageExports.init(decoding:)),
                  before == exports, !diagnostics.hasErrors else { return nil }
            return (page, diagnostics)
        }
        var pages: [LocaleTag: [ChapterPage]] = [:]
        for cached in manifestLocales { pages[cached.tag] = cached.pages.map(\.header) }
        var diagnostics = Set<Diagnostic>()
        for (edit, outcome) in zip(plan.edited, resolved) {
            guard let (page, found) = outcome else { return nil }
            pages[manifestLocales[edit.locale].tag]?[edit.index] = page
            diagnostics.formUnion(found)
        }
        let course = ResolvedCourse(config: loaded.sources.config, locales: loaded.locales, pages: pages, strings: loaded.strings)
        let sorted = Array(diagnostics).sortedForDisplay()
        result.diagnostics += sorted
        lap("resolve")
        return Resolver.Resolution(course: course, diagnostics: sorted)
    }

    /// What the extras stage makes of the resolved course: the sample gallery and the API index,
    /// which locales link to them, and (for the page cache) each page's `Extras.PageInput.key`.
    struct CourseExtras: Sendable {
        var gallery: [SampleSummary] = []
        var apiIndex: [LocaleTag: [IndexEntry]] = [:]
        var subjectIndex: [LocaleTag: [IndexEntry]] = [:]
        var errorIndex: [LocaleTag: [ErrorGroup]] = [:]
        var links = SiteLinks()
        /// By locale, in the order of the course's pages (empty unless asked for).
        var pageKeys: [LocaleTag: [String]] = [:]
    }

    /// The gallery and the API index, made from the pages' `Extras.PageInput`s only; with
    /// `keys`, those inputs' keys too (for the page cache). An incremental build keeps the last
    /// build's when each edited page gives them what it gave (nil: a full build is needed); a
    /// preview keeps the last build's when nothing they are made from changed (most edits).
    mutating func extras(_ course: ResolvedCourse, _ samples: SampleResults, _ parsed: Parsed, _ policy: BuildPolicy) -> CourseExtras? {
        if let plan = policy.reuse {
            for edit in plan.edited {
                let cached = plan.manifest.locales[edit.locale]
                guard let page = course.pages[cached.tag]?[edit.index], Extras.PageInput(page, config: course.config).key == cached.pages[edit.index].extras else { return nil }
            }
            lap("extras")
            var links = plan.manifest.links
            links.subjectIndex = course.config.subjectIndex.locales.intersection(course.locales)
            return CourseExtras(links: links)
        }
        // A streamed chapter's code is not in its page; the preview streams none. The pages'
        // inputs are made once: for the preview's key, and for the extras when it changed.
        let session = parsed.code.isEmpty ? options.session : nil
        let inputs = session?.inputs(course)
        let key = inputs.flatMap { inputs in session?.extrasKey(course, inputs: inputs) }
        if let key, let (kept, diagnostics) = session?.extras(for: key) {
            result.diagnostics += diagnostics
            lap("extras (kept)")
            return kept
        }
        let before = result.diagnostics.count
        let extras = makeExtras(course, samples, parsed, keys: policy.savesPages, inputs: inputs)
        if let key { session?.keep(extras, diagnostics: Array(result.diagnostics[before...]), for: key) }
        lap("extras")
        return extras
    }

    /// `inputs`: the pages' inputs when the caller has made them already.
    private mutating func makeExtras(_ course: ResolvedCourse, _ samples: SampleResults, _ parsed: Parsed, keys: Bool,
                                     inputs made: [LocaleTag: [Extras.PageInput]]?) -> CourseExtras {
        var extras = CourseExtras()
        let indexed = course.config.apiIndex.enabled
        let subjects = !course.config.subjectIndex.terms.isEmpty
        let errors = parsed.snippets.contains { $0.snippet.mode == .fails }
        if samples.package != nil || indexed || subjects || errors || keys {
            let inputs = made ?? Extras.inputs(course, code: parsed.code)
            if let package = samples.package {
                let (gallery, diagnostics) = Extras.gallery(inputs, config: course.config, package: package, outcomes: samples.outcomes)
                extras.gallery = gallery
                result.diagnostics += diagnostics
            }
            if indexed {
                let (index, diagnostics) = Extras.apiIndex(inputs, config: course.config, package: samples.package)
                extras.apiIndex = index
                result.diagnostics += diagnostics
            }
            if subjects { extras.subjectIndex = Extras.subjectIndex(inputs, config: course.config) }
            if errors { extras.errorIndex = Extras.errorIndex(inputs) }
            if keys { extras.pageKeys = inputs.mapValues { parallelMap($0) { $0.key } } }
        }
        extras.links = SiteLinks(gallery: extras.gallery.isEmpty ? [] : Set(course.locales),
                                 apiIndex: Set(extras.apiIndex.filter { !$0.value.isEmpty }.keys),
                                 subjectIndex: course.config.subjectIndex.locales.intersection(course.locales),
                                 errorIndex: Set(extras.errorIndex.keys))
        return extras
    }

    // MARK: Write

    /// What was not written while rendering, the search index (made in the staging folder, so
    /// the swapped-in site always has an index that matches its pages), then the swap, and the
    /// build manifest with the inputs' fingerprint (see `BuildCache`).
    mutating func write(_ staged: StagedSite?, unwritten: [SiteFile], search: Bool, _ history: BuildHistory?) {
        guard let staged else { return }
        // Only a streamed chapter's page finds an error this late (a reference linked as it is rendered).
        guard !result.diagnostics.hasErrors else {
            result.pages = 0
            return staged.abandon()
        }
        _ = parallelMap(unwritten) { staged.add($0) }
        nonisolated(unsafe) var searchSeconds = 0.0
        nonisolated(unsafe) var searchWarning: Diagnostic?
        let output = options.output
        do {
            result.written = try staged.commit { staging in
                guard search else { return }
                let start = ContinuousClock.now
                searchWarning = SearchIndex.build(site: staging, shownAs: output)
                searchSeconds = (ContinuousClock.now - start).seconds
            }
            if let searchWarning { result.diagnostics.append(searchWarning) }
            lap("write: commit")
            if case .site(_, let reuse) = options.product, reuse {
                cache.save(fingerprint: history?.fingerprint ?? "", pages: result.pages, warnings: result.diagnostics)
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

extension ResolvedCourse {
    /// The course as its pages show it: the resolved course with what the extras and editions
    /// stages made of it (the render stage's input; no stage changes another's output).
    func showing(_ extras: BuildRun.CourseExtras, editions: [LocaleTag: [EditionFile]] = [:]) -> ResolvedCourse {
        var course = self
        course.samples = extras.gallery
        course.apiIndex = extras.apiIndex
        course.subjectIndex = extras.subjectIndex
        course.errorIndex = extras.errorIndex
        course.links = extras.links
        course.editions = editions
        return course
    }
}
