import CourseModel
import Extras
import Foundation
import Renderer
import Resolver
import Samples
import Writer

/// The incremental build's phases, each a function of what the one before found; any of them
/// may find that a full build is needed (nil), before anything was written.
extension BuildRun {
    /// A page that shows an edited text: its place in the page cache's locale, and that text.
    struct EditedPage: Sendable {
        var locale: Int
        var index: Int
        var id: String
        var source: ChapterSource
    }

    /// What the page cache says must be made again.
    struct IncrementalPlan {
        var store: PageCache
        var previous: BuildCache.Manifest
        var manifest: PageCache.Manifest
        var inputs: BuildCache.Inputs
        /// Every chapter file's text hash, by path.
        var hashes: [String: String]
        var edited: [EditedPage]
        var pageCount: Int
        /// The chapter files read again (each once, whichever pages show them).
        var reparsed: Set<String>
    }

    /// The edited texts parsed, and what parsing them found.
    struct ReparsedTexts {
        var documents: [String: Document] = [:]
        var diagnostics: [Diagnostic] = []
        var tally: ListingTally
        var unverified: [String: Int] = [:]
    }

    enum IncrementalOutcome {
        case built
        /// Nothing was changed; with the page cache as this build found it (its hashes spare the full build's).
        case fullBuildNeeded(pageCache: PageCache.Manifest?)
    }

    /// Builds the site from the page cache when only chapter texts changed.
    mutating func incremental(_ loaded: Loaded, _ policy: BuildPolicy) -> IncrementalOutcome {
        var pageCache: PageCache.Manifest?
        guard let plan = incrementalPlan(loaded, policy, pageCache: &pageCache), let renderer = try? SiteRenderer(templates: loaded.sources.templates),
              let texts = reparse(plan, loaded), let (pages, diagnostics) = resolveEdited(plan, texts, loaded) else {
            return .fullBuildNeeded(pageCache: pageCache)
        }
        lap("incremental: resolve \(plan.edited.count) of \(plan.pageCount) pages")
        guard let files = renderEdited(plan, pages, loaded, renderer) else { return .fullBuildNeeded(pageCache: pageCache) }
        lap("incremental: render")
        let search = policy.searches
        guard let staged = stageIncremental(files, search: search) else { return .fullBuildNeeded(pageCache: pageCache) }
        // The warnings are the last build's, but those of the texts read again are new.
        result.diagnostics = plan.previous.warnings.filter { !plan.reparsed.contains($0.location?.path ?? "") } + texts.diagnostics + diagnostics
        result.pages = plan.pageCount
        result.listings = texts.tally
        result.incremental = files.map(\.path).sorted()
        lap("incremental: stage")
        write(staged, unwritten: [], search: search, policy.history)
        if result.succeeded {
            updatePageCache(plan, texts, pages, files, loaded)
            lap("incremental: save")
        }
        return .built
    }

    /// Which pages show a changed text, when the page cache, the site on disk and everything but
    /// the chapter texts are what the last build left, and the edits are few and without samples.
    mutating func incrementalPlan(_ loaded: Loaded, _ policy: BuildPolicy, pageCache: inout PageCache.Manifest?) -> IncrementalPlan? {
        guard policy.keepsPages, let inputs = policy.history?.inputs, let previous = policy.history?.previous,
              !result.diagnostics.hasErrors else { return nil }
        let store = PageCache(cache: cache)
        guard let manifest = store.load() else { return nil }
        pageCache = manifest
        guard cache.siteIsAsWritten(by: previous) else { return nil }
        lap("incremental: manifest")
        let sources = loaded.sources
        let global = BuildCache.fingerprint(inputs, excluding: Self.chapterPaths(sources))
        guard manifest.global == global, manifest.locales.map(\.tag) == loaded.locales else { return nil }
        lap("incremental: fingerprint")
        let hashes = PageCache.hashes(sources.chapters.values.flatMap { $0.values }, stamps: inputs.stamps, reusing: manifest)
        lap("incremental: hashes")
        var edited: [EditedPage] = []
        var pageCount = 0
        for (localeIndex, cached) in manifest.locales.enumerated() {
            let order = PageCache.plan(sources, locale: cached.tag)
            guard order.map(\.id) == cached.pages.map(\.id) else { return nil }
            for (index, (id, source)) in order.enumerated()
            where PageCache.pageKey(locale: cached.tag, id: id, source: source, hashes: hashes, sources: sources) != cached.pages[index].key {
                edited.append(EditedPage(locale: localeIndex, index: index, id: id, source: source))
            }
            pageCount += order.count
        }
        // Beyond a few pages, a full build (which parses in parallel from the start) is as quick.
        guard edited.count <= max(12, pageCount / 10) else { return nil }
        let reparsed = Set(edited.map(\.source.path))
        guard reparsed.allSatisfy({ manifest.sources[$0]?.withoutSamples == true }) else { return nil }
        return IncrementalPlan(store: store, previous: previous, manifest: manifest, inputs: inputs, hashes: hashes, edited: edited,
                               pageCount: pageCount, reparsed: reparsed)
    }

    /// The changed texts parsed (once each), as the parse stage would: still without samples, and without errors.
    mutating func reparse(_ plan: IncrementalPlan, _ loaded: Loaded) -> ReparsedTexts? {
        let all = loaded.sources.chapters.values.flatMap { $0.values }
        let toParse = plan.reparsed.sorted().compactMap { path in all.first { $0.path == path } }
        let settings = ParseSettings(loaded)
        let parsedSources = parallelMap(toParse) { settings.parse($0) }
        var texts = ReparsedTexts(tally: plan.manifest.tally)
        for (source, (document, parseDiagnostics)) in zip(toParse, parsedSources) {
            let swift = SwiftBlocks(document.blocks)
            guard swift.snippets.isEmpty, !Resolver.holdsSamples(document) else { return nil }
            texts.documents[source.path] = document
            texts.tally.unverified += swift.tally.unverified - (plan.manifest.sources[source.path]?.unverified ?? 0)
            texts.unverified[source.path] = swift.tally.unverified
            texts.diagnostics += parseDiagnostics
            texts.diagnostics += swift.unmarkedDiagnostics(path: source.path, strict: loaded.sources.config.strictVerify)
        }
        guard !texts.diagnostics.hasErrors else { return nil }
        lap("incremental: parse")
        return texts
    }

    /// The edited pages resolved against the other pages' exports, each showing the others and the
    /// gallery and API index what it showed before; with what resolving them found.
    func resolveEdited(_ plan: IncrementalPlan, _ texts: ReparsedTexts, _ loaded: Loaded) -> ([ChapterPage], [Diagnostic])? {
        guard let exportsFile = try? Data(contentsOf: plan.store.exportsURL, options: .alwaysMapped) else { return nil }
        @Sendable func slice(_ offset: Int, _ length: Int) -> Data? {
            guard offset >= 0, length >= 0, offset + length <= exportsFile.count else { return nil }
            return exportsFile.subdata(in: offset..<(offset + length))
        }
        let manifestLocales = plan.manifest.locales
        // Which chapter defines each explicit id, for the locales of the edited pages.
        var owners: [Int: [String: String]] = [:]
        for localeIndex in Set(plan.edited.map(\.locale)) {
            guard let data = slice(manifestLocales[localeIndex].ownersOffset, manifestLocales[localeIndex].ownersLength) else { return nil }
            var table: [String: String] = [:]
            for record in Fields.decode([UInt8](data)) {
                guard record.count == 2 else { return nil }
                table[record[0]] = record[1]
            }
            owners[localeIndex] = table
        }
        let ownersByLocale = owners, documents = texts.documents, sources = loaded.sources, context = loaded.resolveContext
        let resolved = parallelMap(plan.edited) { edit -> (ChapterPage, [Diagnostic])? in
            let cached = manifestLocales[edit.locale]
            let pageIndex = Dictionary(cached.pages.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
            let chapter = Resolver.ParsedChapter(source: edit.source, document: documents[edit.source.path]!)
            let isStale = PageCache.isStale(id: edit.id, source: edit.source, sources: sources)
            guard let (page, exports, diagnostics) = Resolver.resolvePage(
                chapter, locale: cached.tag, in: context, isStale: isStale,
                exports: { id in
                    guard let index = pageIndex[id], let data = slice(cached.pages[index].offset, cached.pages[index].length) else { return nil }
                    return Resolver.PageExports(decoding: [UInt8](data))
                },
                owner: { ownersByLocale[edit.locale]?[$0] }) else { return nil }
            let cachedPage = cached.pages[edit.index]
            guard let before = slice(cachedPage.offset, cachedPage.length).flatMap({ Resolver.PageExports(decoding: [UInt8]($0)) }),
                  before == exports, Extras.PageInput(page).key == cachedPage.extras, !diagnostics.hasErrors else { return nil }
            return (page, diagnostics)
        }
        var pages: [ChapterPage] = []
        var diagnostics = Set<Diagnostic>()
        for outcome in resolved {
            guard let (page, found) = outcome else { return nil }
            pages.append(page)
            diagnostics.formUnion(found)
        }
        return (pages, Array(diagnostics).sortedForDisplay())
    }

    /// The course as the renderer sees it (headers, and the edited pages whole), rendered: the
    /// edited pages, and the print versions around them with the other bodies as the site has them.
    func renderEdited(_ plan: IncrementalPlan, _ edited: [ChapterPage], _ loaded: Loaded, _ renderer: SiteRenderer) -> [SiteFile]? {
        let manifestLocales = plan.manifest.locales
        var pages: [LocaleTag: [ChapterPage]] = [:]
        for cached in manifestLocales { pages[cached.tag] = cached.pages.map(\.header) }
        var indices: [LocaleTag: [Int]] = [:]
        for (edit, page) in zip(plan.edited, edited) {
            let tag = manifestLocales[edit.locale].tag
            pages[tag]![edit.index] = page
            indices[tag, default: []].append(edit.index)
        }
        var course = ResolvedCourse(config: loaded.sources.config, locales: loaded.locales, pages: pages, strings: loaded.strings)
        course.links = plan.manifest.links
        var printVersions: [LocaleTag: (layout: [[Int]], data: Data)] = [:]
        for tag in indices.keys {
            guard let layout = manifestLocales.first(where: { $0.tag == tag })?.print, layout.count == (pages[tag]?.count ?? -1),
                  let data = try? Data(contentsOf: URL(fileURLWithPath: cache.outputPath + "/" + SitePaths.page(SitePaths.print, in: tag))),
                  layout.allSatisfy({ $0.count == 2 && $0[0] >= 0 && $0[1] >= 0 && $0[0] + $0[1] <= data.count }) else { return nil }
            printVersions[tag] = (layout, data)
        }
        let oldPrints = printVersions
        return renderer.renderChapters(course, indices, outputs: options.formats.siteOutputs(loaded.sources.config)) { tag, index in
            let (layout, data) = oldPrints[tag]!
            return [UInt8](data[(data.startIndex + layout[index][0])..<(data.startIndex + layout[index][0] + layout[index][1])])
        }
    }

    /// The staged site: the files made again, and every other file kept as it is (every other
    /// format is one an edit leaves as it was, which `BuildPolicy.keepsPages` asked the formats).
    func stageIncremental(_ files: [SiteFile], search: Bool) -> StagedSite? {
        let staged: StagedSite
        do {
            staged = try StagedSite(output: options.output, regenerated: search ? [SearchIndex.folder] : [],
                                    protecting: [options.content, options.templates])
        } catch {
            return nil
        }
        for file in files { staged.add(file) }
        let remade = Set(files.map(\.path))
        for path in staged.existing.subtracting(remade).sorted() { staged.keep(path) }
        return staged
    }

    /// The page cache, made to describe the site just written.
    func updatePageCache(_ plan: IncrementalPlan, _ texts: ReparsedTexts, _ edited: [ChapterPage], _ files: [SiteFile], _ loaded: Loaded) {
        let sources = loaded.sources
        var updated = plan.manifest
        updated.tally = texts.tally
        for source in sources.chapters.values.flatMap({ $0.values }) {
            updated.sources[source.path]?.hash = plan.hashes[source.path] ?? ""
            updated.sources[source.path]?.stamp = PageCache.settled(plan.inputs.stamps[source.path])
        }
        for path in plan.reparsed { updated.sources[path]?.unverified = texts.unverified[path] ?? 0 }
        for (edit, page) in zip(plan.edited, edited) {
            let tag = plan.manifest.locales[edit.locale].tag
            updated.locales[edit.locale].pages[edit.index].key = PageCache.pageKey(locale: tag, id: edit.id, source: edit.source,
                                                                                  hashes: plan.hashes, sources: sources)
            updated.locales[edit.locale].pages[edit.index].header = PageCache.header(page)
        }
        for (index, cached) in plan.manifest.locales.enumerated() {
            let path = SitePaths.page(SitePaths.print, in: cached.tag)
            guard let file = files.first(where: { $0.path == path }), case .chunks(let chunks) = file.contents,
                  let layout = Self.printLayout(chunks, pages: cached.pages.count) else { continue }
            updated.locales[index].print = layout
        }
        plan.store.save(updated, exports: nil)
    }
}
