import CourseModel
import Foundation
import Renderer
import Resolver

extension PageCache {
    /// What an incremental build makes again: the pages that show an edited text. The build
    /// policy carries it (`BuildPolicy.reuse`) and every stage reads it: the parse stage parses
    /// those texts, the resolve stage resolves their pages against the others' exports, the extras
    /// stage keeps the last build's gallery and API index, the render stage renders their pages
    /// and splices the print versions, and the write stage keeps every other file.
    struct Plan {
        /// A page that shows an edited text: its place in the page cache's locale, and that text.
        struct Edit: Sendable {
            var locale: Int
            var index: Int
            var id: String
            var source: ChapterSource
        }

        var store: PageCache
        var previous: BuildCache.Manifest
        var manifest: Manifest
        var inputs: BuildCache.Inputs
        /// Every chapter file's text hash, by path.
        var hashes: [String: String]
        var edited: [Edit]
        var pageCount: Int
        /// The chapter files read again (each once, whichever pages show them).
        var reparsed: Set<String>
    }
}

extension BuildRun {
    /// The page cache as the last build left it, and which pages show a changed text when that
    /// cache, the site on disk and everything but the chapter texts are what the last build left,
    /// and the edits are few and without samples (else no plan: a full build).
    mutating func reusablePages(_ loaded: Loaded, _ policy: BuildPolicy) -> (PageCache.Manifest?, PageCache.Plan?) {
        guard policy.keepsPages, let inputs = policy.history?.inputs, let previous = policy.history?.previous,
              !result.diagnostics.hasErrors else { return (nil, nil) }
        let store = PageCache(cache: cache)
        guard let manifest = store.load() else { return (nil, nil) }
        guard cache.siteIsAsWritten(by: previous) else { return (manifest, nil) }
        let sources = loaded.sources
        let global = BuildCache.fingerprint(inputs, excluding: Self.chapterPaths(sources))
        guard manifest.global == global, manifest.locales.map(\.tag) == loaded.locales else { return (manifest, nil) }
        let hashes = PageCache.hashes(sources.chapters.values.flatMap { $0.values }, stamps: inputs.stamps, reusing: manifest)
        var edited: [PageCache.Plan.Edit] = []
        var pageCount = 0
        for (localeIndex, cached) in manifest.locales.enumerated() {
            let order = PageCache.plan(sources, locale: cached.tag)
            guard order.map(\.id) == cached.pages.map(\.id) else { return (manifest, nil) }
            for (index, (id, source)) in order.enumerated()
            where PageCache.pageKey(locale: cached.tag, id: id, source: source, hashes: hashes, sources: sources) != cached.pages[index].key {
                edited.append(PageCache.Plan.Edit(locale: localeIndex, index: index, id: id, source: source))
            }
            pageCount += order.count
        }
        lap("plan: \(edited.count) of \(pageCount) pages edited")
        // Beyond a few pages, a full build (which parses in parallel from the start) is as quick.
        guard edited.count <= max(12, pageCount / 10) else { return (manifest, nil) }
        let reparsed = Set(edited.map(\.source.path))
        guard reparsed.allSatisfy({ manifest.sources[$0]?.withoutSamples == true }) else { return (manifest, nil) }
        return (manifest, PageCache.Plan(store: store, previous: previous, manifest: manifest, inputs: inputs, hashes: hashes,
                                         edited: edited, pageCount: pageCount, reparsed: reparsed))
    }
}
