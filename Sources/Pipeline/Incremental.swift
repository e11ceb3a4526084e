import CourseModel
import Extras
import Foundation
import Markdown
import Renderer
import Resolver
import Samples
import Synchronization
import Writer

/// The command line's incremental build: after a site build, `PageCache` keeps what each page
/// shows the others; the next `primer build` whose only changes are to the text of a few
/// chapters runs the stages under a policy that reuses the last build (`BuildPolicy.reuse`):
/// they parse, resolve and render just those chapters' pages (and the print version around
/// them), check that what the pages show the rest of the course and the extras is what it was,
/// and keep every other file of the site as it is. Anything else (a changed template, word or
/// setting, a new chapter, an edited chapter with samples, a new heading or id, an error) is a
/// full build, which is byte for byte what the incremental one would have written.
extension BuildRun {
    /// The chapter files: left out of the page cache's whole-course key.
    static func chapterPaths(_ sources: CourseSources) -> Set<String> {
        Set(sources.chapters.values.flatMap { $0.values.map(\.path) })
    }

    // MARK: After a full build

    /// Writes the page cache for the site a full build just wrote. Not on an output's first build
    /// (no build manifest was there):
    /// most of those are never built again (a CI job, a fresh clone), and the cache costs a tenth
    /// of the build; the second build of an output writes it, and the third can use it.
    func savePageCache(_ loaded: Loaded, _ parsed: Parsed, _ course: ResolvedCourse, _ exports: [LocaleTag: Resolver.Exports],
                       _ extras: CourseExtras, _ rendered: Rendered, _ policy: BuildPolicy) {
        let store = PageCache(cache: cache)
        guard policy.savesPages, let inputs = policy.history?.inputs, result.succeeded, result.written != nil else { return store.invalidate() }
        let sources = loaded.sources
        let all = sources.chapters.values.flatMap { $0.values }
        let hashes = PageCache.hashes(all, stamps: inputs.stamps, reusing: policy.lastPages)
        let global = BuildCache.fingerprint(inputs, excluding: Self.chapterPaths(sources))
        var manifest = PageCache.Manifest(global: global, tally: result.listings, sources: [:], locales: [])
        for source in all {
            manifest.sources[source.path] = PageCache.Source(hash: hashes[source.path]!, stamp: PageCache.settled(inputs.stamps[source.path]),
                                                             withoutSamples: parsed.withoutSamples.contains(source.path),
                                                             tally: parsed.tallies[source.path] ?? ListingTally())
        }
        let entries = PageCacheEntries(sources: sources, hashes: hashes, course: course, pageKeys: extras.pageKeys,
                                       streamedPages: rendered.streamedPages, printChunks: rendered.printChunks,
                                       withoutSamples: parsed.withoutSamples, last: policy.lastPages, global: global, store: store)
        var blob = Data()
        for locale in loaded.locales {
            guard let entry = entries.locale(locale, exports: exports[locale], into: &blob) else { return store.invalidate() }
            manifest.locales.append(entry)
        }
        store.save(manifest, exports: blob)
    }

    /// Where each chapter's body is in a print version made of chunks (frame, body, frame…), from
    /// the chunks' lengths, or nil when the template did not place every body.
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

    // MARK: After an incremental build

    /// The page cache, made to describe the site an incremental build just wrote.
    func updatePageCache(_ plan: PageCache.Plan, _ parsed: Parsed, _ course: ResolvedCourse, _ rendered: Rendered, _ loaded: Loaded) {
        let sources = loaded.sources
        var updated = plan.manifest
        updated.tally = result.listings
        for source in sources.chapters.values.flatMap({ $0.values }) {
            updated.sources[source.path]?.hash = plan.hashes[source.path] ?? ""
            updated.sources[source.path]?.stamp = PageCache.settled(plan.inputs.stamps[source.path])
        }
        for path in plan.reparsed { updated.sources[path]?.tally = parsed.tallies[path] ?? ListingTally() }
        for edit in plan.edited {
            let tag = plan.manifest.locales[edit.locale].tag
            guard let page = course.pages[tag]?[edit.index] else { return plan.store.invalidate() }
            updated.locales[edit.locale].pages[edit.index].key = PageCache.pageKey(locale: tag, id: edit.id, source: edit.source,
                                                                                  hashes: plan.hashes, sources: sources)
            updated.locales[edit.locale].pages[edit.index].header = PageCache.header(page)
        }
        for (index, cached) in plan.manifest.locales.enumerated() {
            guard let lengths = rendered.printChunks[SitePaths.page(SitePaths.print, in: cached.tag)],
                  let layout = Self.printLayout(lengths: lengths, pages: cached.pages.count) else { continue }
            updated.locales[index].print = layout
        }
        plan.store.save(updated, exports: nil)
    }
}

/// What a full build's page cache entries are made from, locale by locale.
private struct PageCacheEntries {
    let sources: CourseSources
    let hashes: [String: String]
    let course: ResolvedCourse
    let pageKeys: [LocaleTag: [String]]
    let streamedPages: [LocaleTag: [String: StreamedPages.Made]]
    let printChunks: [String: [Int]]
    let withoutSamples: Set<String>
    /// The last page cache's exports, when its whole-course key is this build's: the entry of a
    /// page with the same key stays right, since what a page shows the others depends only on its
    /// text and that key (samples aside).
    let reusable: Data?
    let before: [LocaleTag: [String: PageCache.Page]]

    init(sources: CourseSources, hashes: [String: String], course: ResolvedCourse, pageKeys: [LocaleTag: [String]],
         streamedPages: [LocaleTag: [String: StreamedPages.Made]], printChunks: [String: [Int]], withoutSamples: Set<String>,
         last: PageCache.Manifest?, global: String, store: PageCache) {
        self.sources = sources; self.hashes = hashes; self.course = course; self.pageKeys = pageKeys
        self.streamedPages = streamedPages; self.printChunks = printChunks; self.withoutSamples = withoutSamples
        reusable = last?.global == global ? (try? Data(contentsOf: store.exportsURL, options: .alwaysMapped)) : nil
        before = Dictionary((reusable == nil ? [] : last?.locales ?? []).map { locale in
            (locale.tag, Dictionary(locale.pages.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a }))
        }, uniquingKeysWith: { a, _ in a })
    }

    /// One locale's entries, their exports and then its owners table appended to `blob` (nil: the
    /// cache cannot describe this build).
    func locale(_ locale: LocaleTag, exports: Resolver.Exports?, into blob: inout Data) -> PageCache.Locale? {
        guard var localeExports = exports else { return nil }
        // A streamed page's files were found as it was rendered.
        for (id, page) in streamedPages[locale] ?? [:] { localeExports.pages[id]?.header.files = page.files }
        let plan = PageCache.plan(sources, locale: locale)
        let pages = course.pages[locale] ?? []
        let extrasKeys = pageKeys[locale] ?? []
        guard plan.map(\.id) == pages.map(\.id), extrasKeys.count == pages.count else { return nil }
        let keys = plan.map { PageCache.pageKey(locale: locale, id: $0.id, source: $0.source, hashes: hashes, sources: sources) }
        let pageExports = localeExports.pages, reusable = reusable, before = before[locale] ?? [:], withoutSamples = withoutSamples
        let encoded = parallelMap(Array(pages.indices)) { index -> [UInt8]? in
            let path = plan[index].source.path
            if let reusable, let entry = before[plan[index].id], entry.key == keys[index], withoutSamples.contains(path),
               entry.offset >= 0, entry.length >= 0, entry.offset + entry.length <= reusable.count {
                return [UInt8](reusable[entry.offset..<(entry.offset + entry.length)])
            }
            return pageExports[pages[index].id]?.encoded()
        }
        var cached: [PageCache.Page] = []
        for (index, page) in pages.enumerated() {
            guard let data = encoded[index] else { return nil }
            cached.append(PageCache.Page(id: page.id, key: keys[index], header: PageCache.header(page), extras: extrasKeys[index],
                                         offset: blob.count, length: data.count))
            blob.append(contentsOf: data)
        }
        var owners = Fields.Writer()
        for (id, chapter) in localeExports.owners.sorted(by: { $0.key < $1.key }) { owners.record(id); owners.add(chapter) }
        let ownersOffset = blob.count
        blob.append(contentsOf: owners.encoded)
        let layout = printChunks[SitePaths.page(SitePaths.print, in: locale)]
        return PageCache.Locale(tag: locale, pages: cached, ownersOffset: ownersOffset, ownersLength: blob.count - ownersOffset,
                                print: layout.flatMap { BuildRun.printLayout(lengths: $0, pages: pages.count) },
                                hasGallery: course.links.gallery.contains(locale), hasIndex: course.links.apiIndex.contains(locale),
                                hasErrors: course.links.errorIndex.contains(locale))
    }
}
