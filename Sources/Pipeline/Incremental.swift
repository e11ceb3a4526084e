import CourseModel
import Extras
import Foundation
import Localization
import Markdown
import Renderer
import Resolver
import Synchronization
import Writer

/// The command line's incremental build: after a site build, `PageCache` keeps what each page
/// shows the others; the next `primer build` whose only changes are to the text of a few
/// chapters parses, resolves and renders just their pages (and the print version around them),
/// checks that what they show the rest of the course is what it was, and keeps every other file
/// of the site as it is. Anything else (a changed template, word or setting, a new chapter, an
/// edited chapter with samples, a new heading or id, an error) is a full build, which is
/// byte for byte what the incremental one would have written.
extension BuildRun {
    /// Whether this build keeps the page cache: a site build that may reuse, with no book editions
    /// (they read every chapter's document) and not blessing outputs.
    func keepsPages(_ config: CourseConfig) -> Bool {
        guard case .site(_, let reuse) = options.product, reuse, !options.bless else { return false }
        return !(options.editions && !config.editions.isEmpty)
    }

    /// Whether this build will write the page cache (see `savePageCache`: not on an output's
    /// first build), so it gathers what the cache needs while it resolves and renders.
    func savesPages(_ config: CourseConfig) -> Bool { previous != nil && keepsPages(config) }

    /// The chapter files: left out of the page cache's whole-course key.
    static func chapterPaths(_ sources: CourseSources) -> Set<String> {
        Set(sources.chapters.values.flatMap { $0.values.map(\.path) })
    }

    // MARK: The incremental build

    /// Builds the site from the page cache when only chapter texts changed, returning false (having
    /// changed nothing) when a full build is needed.
    mutating func incremental(_ loaded: Loaded) -> Bool {
        guard keepsPages(loaded.sources.config), let previous, !result.diagnostics.hasErrors, let renderer = try? SiteRenderer(templates: loaded.sources.templates) else { return false }
        let store = PageCache(cache: cache)
        guard let manifest = store.load() else { return false }
        pageManifest = manifest
        guard cache.siteIsAsWritten(by: previous) else { return false }
        lap("incremental: manifest")
        let sources = loaded.sources
        let inputs = self.inputs ?? BuildCache.inputs(options)
        let global = BuildCache.fingerprint(inputs, excluding: Self.chapterPaths(sources))
        guard manifest.global == global, manifest.locales.map(\.tag) == loaded.locales else { return false }
        let all = sources.chapters.values.flatMap { $0.values }
        lap("incremental: fingerprint")
        let hashes = PageCache.hashes(all, stamps: inputs.stamps, reusing: manifest)
        lap("incremental: hashes")

        // Which pages show a changed text.
        struct Job: Sendable { var locale: Int; var index: Int; var id: String; var source: ChapterSource }
        var jobs: [Job] = []
        var total = 0
        var localesByTag: [LocaleTag: PageCache.Locale] = [:]
        for (localeIndex, cached) in manifest.locales.enumerated() {
            let plan = PageCache.plan(sources, locale: cached.tag)
            guard plan.map(\.id) == cached.pages.map(\.id) else { return false }
            for (index, (id, source)) in plan.enumerated()
            where PageCache.pageKey(locale: cached.tag, id: id, source: source, hashes: hashes, sources: sources) != cached.pages[index].key {
                jobs.append(Job(locale: localeIndex, index: index, id: id, source: source))
            }
            total += plan.count
            localesByTag[cached.tag] = cached
        }
        // Beyond a few pages, a full build (which parses in parallel from the start) is as quick.
        guard jobs.count <= max(12, total / 10) else { return false }
        let reparsed = Set(jobs.map(\.source.path))
        guard reparsed.allSatisfy({ manifest.sources[$0]?.quiet == true }) else { return false }

        // Parse the changed texts (once each), then resolve their pages against the others' exports.
        let config = sources.config
        let toParse = reparsed.sorted().compactMap { path in all.first { $0.path == path } }
        let calloutKinds = Set(config.calloutKinds.keys)
        let parsedSources = parallelMap(toParse) { source in
            let quotes = config.smartPunctuation ? LocaleQuotes.marks(for: source.locale) : nil
            return ChapterParser.parse(source.body, path: source.path, lineOffset: source.bodyLine - 1, quotes: quotes, calloutKinds: calloutKinds,
                                       rawHTML: config.rawHTML)
        }
        var documents: [String: Document] = [:]
        var diagnostics: [Diagnostic] = []
        var tally = manifest.tally
        var unverified: [String: Int] = [:]
        let strict = config.strictVerify
        for (source, (document, parseDiagnostics)) in zip(toParse, parsedSources) {
            let swift = Build.swiftBlocks(document.blocks)
            guard swift.snippets.isEmpty, !Resolver.holdsSamples(document) else { return false }
            documents[source.path] = document
            tally.unverified += swift.tally.unverified - (manifest.sources[source.path]?.unverified ?? 0)
            unverified[source.path] = swift.tally.unverified
            diagnostics += parseDiagnostics
            diagnostics += swift.unmarked.map { Build.unmarkedSwift(at: $0, path: source.path, strict: strict) }
        }
        guard !diagnostics.hasErrors else { return false }
        lap("incremental: parse")
        let parsedDocuments = documents
        let exportsFile = try? Data(contentsOf: store.exportsURL, options: .alwaysMapped)
        guard let exportsFile else { return false }
        let manifestLocales = manifest.locales
        @Sendable func slice(_ offset: Int, _ length: Int) -> Data? {
            guard offset >= 0, length >= 0, offset + length <= exportsFile.count else { return nil }
            return exportsFile.subdata(in: offset..<(offset + length))
        }
        // Which chapter defines each explicit id, for the locales of the edited pages.
        var owners: [Int: [String: String]] = [:]
        for localeIndex in Set(jobs.map(\.locale)) {
            let locale = manifestLocales[localeIndex]
            guard let data = slice(locale.ownersOffset, locale.ownersLength) else { return false }
            var table: [String: String] = [:]
            for record in Fields.decode([UInt8](data)) {
                guard record.count == 2 else { return false }
                table[record[0]] = record[1]
            }
            owners[localeIndex] = table
        }
        let ownersByLocale = owners
        let strings = loaded.strings
        let contentFiles = sources.contentFiles, imageSizes = sources.imageSizes
        let resolved = parallelMap(jobs) { job -> (ChapterPage, Bool, [Diagnostic])? in
            let cached = manifestLocales[job.locale]
            let pageIndex = Dictionary(cached.pages.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
            let chapter = Resolver.ParsedChapter(source: job.source, document: parsedDocuments[job.source.path]!)
            let isStale = PageCache.isStale(id: job.id, source: job.source, sources: sources)
            guard let (page, exports, pageDiagnostics) = Resolver.resolvePage(
                chapter, locale: cached.tag, config: config, strings: strings, contentFiles: contentFiles, imageSizes: imageSizes,
                isStale: isStale,
                exports: { id in
                    guard let index = pageIndex[id], let data = slice(cached.pages[index].offset, cached.pages[index].length) else { return nil }
                    return Resolver.PageExports(decoding: [UInt8](data))
                },
                owner: { ownersByLocale[job.locale]?[$0] }) else { return nil }
            // What the page shows the others, and the gallery and index, must be what it was.
            let page0 = cached.pages[job.index]
            guard let before = slice(page0.offset, page0.length).flatMap({ Resolver.PageExports(decoding: [UInt8]($0)) }) else { return nil }
            let same = before == exports && Extras.pageDigest(page) == page0.extras
            return (page, same, pageDiagnostics)
        }
        var pageDiagnostics = Set<Diagnostic>()
        for outcome in resolved {
            guard let (_, same, found) = outcome, same, !found.hasErrors else { return false }
            pageDiagnostics.formUnion(found)
        }
        lap("incremental: resolve \(jobs.count) of \(total) pages")

        // The course as the renderer sees it: headers, and the edited pages whole.
        var pages: [LocaleTag: [ChapterPage]] = [:]
        for cached in manifestLocales { pages[cached.tag] = cached.pages.map(\.header) }
        var indices: [LocaleTag: [Int]] = [:]
        for (job, outcome) in zip(jobs, resolved) {
            let tag = manifestLocales[job.locale].tag
            pages[tag]![job.index] = outcome!.0
            indices[tag, default: []].append(job.index)
        }
        var course = ResolvedCourse(config: config, locales: loaded.locales, pages: pages, strings: strings)
        // Only whether they exist shows on the pages rendered here (each page links to them).
        for cached in manifestLocales where cached.hasIndex {
            course.apiIndex[cached.tag] = [IndexEntry(name: "", places: [])]
        }
        if manifestLocales.contains(where: \.hasGallery) {
            course.samples = [SampleSummary(name: "", listingOnly: false, description: [:], output: [:], places: [:])]
        }
        // The print versions' other bodies, as the site has them.
        var oldPrints: [LocaleTag: Data] = [:]
        for tag in indices.keys {
            guard let layout = localesByTag[tag]?.print, layout.count == (pages[tag]?.count ?? -1),
                  let data = try? Data(contentsOf: URL(fileURLWithPath: cache.outputPath + "/" + SitePaths.page(SitePaths.print, in: tag))),
                  layout.allSatisfy({ $0.count == 2 && $0[0] >= 0 && $0[1] >= 0 && $0[0] + $0[1] <= data.count }) else { return false }
            oldPrints[tag] = data
        }
        let printLayouts = localesByTag.mapValues { $0.print ?? [] }
        let oldPrintBodies = oldPrints
        let files = renderer.renderChapters(course, indices) { tag, index in
            let range = printLayouts[tag]![index]
            let data = oldPrintBodies[tag]!
            return [UInt8](data[(data.startIndex + range[0])..<(data.startIndex + range[0] + range[1])])
        }
        lap("incremental: render")

        // Write: the new files, and every other file of the site kept as it is.
        var search = false
        if case .site(let asked, _) = options.product { search = asked && config.search && !SearchIndex.switchedOff }
        let staged: StagedSite
        do {
            staged = try StagedSite(output: options.output, regenerated: search ? [SearchIndex.folder] : [],
                                    protecting: [options.content, options.templates])
        } catch {
            return false
        }
        var newLayouts: [LocaleTag: [[Int]]] = [:]
        for file in files {
            staged.add(file)
            if case .chunks(let chunks) = file.contents, let tag = indices.keys.first(where: { SitePaths.page(SitePaths.print, in: $0) == file.path }) {
                newLayouts[tag] = Self.printLayout(chunks, pages: pages[tag]?.count ?? 0)
            }
        }
        let made = Set(files.map(\.path))
        for path in staged.existing.subtracting(made).sorted() { staged.keep(path) }
        // The warnings are the last build's, but those of the texts read again are new.
        result.diagnostics = previous.warnings.filter { !reparsed.contains($0.location?.path ?? "") } + diagnostics + Array(pageDiagnostics).sortedForDisplay()
        result.pages = total
        result.listings = tally
        result.incremental = files.map(\.path).sorted()
        lap("incremental: stage")
        write(Rendered(files: [], staged: staged, streaming: true, search: search))
        guard result.succeeded else { return true }

        // The cache now describes the new site.
        var updated = manifest
        updated.tally = tally
        for source in all {
            updated.sources[source.path]?.hash = hashes[source.path] ?? ""
            updated.sources[source.path]?.stamp = PageCache.settled(inputs.stamps[source.path])
        }
        for path in reparsed { updated.sources[path]?.unverified = unverified[path] ?? 0 }
        for job in jobs {
            let cached = manifestLocales[job.locale]
            updated.locales[job.locale].pages[job.index].key = PageCache.pageKey(locale: cached.tag, id: job.id, source: job.source,
                                                                                hashes: hashes, sources: sources)
            updated.locales[job.locale].pages[job.index].header = PageCache.header(pages[cached.tag]![job.index])
        }
        for (index, cached) in manifestLocales.enumerated() {
            if let layout = newLayouts[cached.tag] { updated.locales[index].print = layout }
        }
        store.save(updated, exports: nil)
        lap("incremental: save")
        return true
    }

    /// Where each chapter's body is in a print version made of chunks (frame, body, frame…), or
    /// nil when the template did not place every body.
    static func printLayout(_ chunks: [Chunk], pages: Int) -> [[Int]]? { printLayout(lengths: chunks.map(\.count), pages: pages) }

    // MARK: After a full build

    /// Writes the page cache for the site a full build just wrote. Not on an output's first build
    /// (no build manifest was there):
    /// most of those are never built again (a CI job, a fresh clone), and the cache costs a tenth
    /// of the build; the second build of an output writes it, and the third can use it. A page
    /// whose text and whole-course key are what the last page cache had keeps its entry as it was.
    func savePageCache(_ loaded: Loaded, _ parsed: Parsed, _ course: ResolvedCourse, printChunks: [String: [Int]]) {
        let store = PageCache(cache: cache)
        guard savesPages(loaded.sources.config), result.succeeded, result.written != nil else { return store.invalidate() }
        let sources = loaded.sources
        let all = sources.chapters.values.flatMap { $0.values }
        let inputs = self.inputs ?? BuildCache.inputs(options)
        let old = pageManifest
        let hashes = PageCache.hashes(all, stamps: inputs.stamps, reusing: old)
        let global = BuildCache.fingerprint(inputs, excluding: Self.chapterPaths(sources))
        var manifest = PageCache.Manifest(global: global, tally: result.listings, sources: [:], locales: [])
        // The last page cache's entries stay right for a page with the same key: what a page shows
        // the others depends only on its text and the whole-course key (samples aside).
        let reusable = old?.global == global ? (try? Data(contentsOf: store.exportsURL, options: .alwaysMapped)) : nil
        let oldPages = Dictionary((reusable == nil ? [] : old?.locales ?? []).map { ($0.tag, Dictionary($0.pages.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })) },
                                  uniquingKeysWith: { a, _ in a })
        for source in all {
            manifest.sources[source.path] = PageCache.Source(hash: hashes[source.path]!, stamp: PageCache.settled(inputs.stamps[source.path]),
                                                             quiet: parsed.quiet.contains(source.path),
                                                             unverified: parsed.unverified[source.path] ?? 0)
        }
        var blob = Data()
        for locale in loaded.locales {
            guard let exports = exports[locale] else { return store.invalidate() }
            let plan = PageCache.plan(sources, locale: locale)
            let pages = course.pages[locale] ?? []
            guard plan.map(\.id) == pages.map(\.id) else { return store.invalidate() }
            let keys = plan.map { PageCache.pageKey(locale: locale, id: $0.id, source: $0.source, hashes: hashes, sources: sources) }
            let before = oldPages[locale] ?? [:]
            let encoded = parallelMap(Array(pages.indices)) { index -> ([UInt8], String)? in
                if let reusable, let entry = before[plan[index].id], entry.key == keys[index], parsed.quiet.contains(plan[index].source.path),
                   entry.offset >= 0, entry.length >= 0, entry.offset + entry.length <= reusable.count {
                    return ([UInt8](reusable[entry.offset..<(entry.offset + entry.length)]), entry.extras)
                }
                guard let page = exports.pages[pages[index].id] else { return nil }
                return (page.encoded(), streamedDigests[locale]?[pages[index].id] ?? Extras.pageDigest(pages[index]))
            }
            var cached: [PageCache.Page] = []
            for (index, id) in plan.map(\.id).enumerated() {
                guard let (data, extras) = encoded[index] else { return store.invalidate() }
                cached.append(PageCache.Page(id: id, key: keys[index], header: PageCache.header(pages[index]), extras: extras,
                                             offset: blob.count, length: data.count))
                blob.append(contentsOf: data)
            }
            var ownersWriter = Fields.Writer()
            for (id, chapter) in exports.owners.sorted(by: { $0.key < $1.key }) { ownersWriter.record(id); ownersWriter.add(chapter) }
            let owners = Data(ownersWriter.encoded)
            let layout = printChunks[SitePaths.page(SitePaths.print, in: locale)]
            manifest.locales.append(PageCache.Locale(tag: locale, pages: cached, ownersOffset: blob.count, ownersLength: owners.count,
                                                     print: layout.flatMap { Self.printLayout(lengths: $0, pages: pages.count) },
                                                     hasGallery: !course.samples.isEmpty, hasIndex: !(course.apiIndex[locale] ?? []).isEmpty))
            blob.append(owners)
        }
        store.save(manifest, exports: blob)
    }

    static func printLayout(lengths: [Int], pages: Int) -> [[Int]]? {
        guard lengths.count == 2 * pages + 1 else { return nil }
        var offset = 0
        var layout: [[Int]] = []
        for (index, length) in lengths.enumerated() {
            if index % 2 == 1 { layout.append([offset, length]) }
            offset += length
        }
        return layout
    }
}
