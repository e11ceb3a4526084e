import ContentCache
import CourseModel
import Foundation
import Resolver

/// What the command line's incremental build keeps between `primer build` runs, beside the
/// build manifest: `.primer-cache/pages-<output>.manifest` and `.exports`, both in `Fields`' form.
///
/// The manifest holds a key for everything but the chapters (`global`: the build fingerprint
/// without the chapter files), each chapter file's text hash, and per locale and page: a key of
/// the text it shows, its header, a digest of what the gallery and API index take from it, and
/// where its body is in the print version. What each page shows the others (`Resolver.PageExports`:
/// header, outline, ids) is in the `.exports` file, read only for the pages edited and the
/// chapters they link to. Nothing here is trusted beyond its keys: a manifest that does
/// not decode, comes from another Primer or another format, or disagrees with the site on disk
/// only means a full build.
struct PageCache {
    static let format = "primer-pages-10"

    struct Source {
        var hash: String
        /// The file's size and time when it had that text ("size:mtime").
        var stamp: String
        /// No sample, snippet or drawn figure (see `BuildRun.Parsed.withoutSamples`).
        var withoutSamples: Bool
        /// Its Swift blocks as the listings' tally counts them.
        var tally: ListingTally
    }

    struct Page {
        var id: String
        var key: String
        /// Without its outline (only the page itself shows that).
        var header: ChapterPage
        /// What the gallery and the API index read from the page: `Extras.PageInput.key`.
        var extras: String
        /// The exports' bytes in the `.exports` file.
        var offset: Int
        var length: Int
    }

    struct Locale {
        var tag: LocaleTag
        var pages: [Page]
        /// Explicit id → chapter id, in the `.exports` file.
        var ownersOffset: Int
        var ownersLength: Int
        /// Each page's body in the print version: offset and length (nil when the print template
        /// does not place every body, which leaves the incremental build to a full one).
        var print: [[Int]]?
        var hasGallery: Bool
        var hasIndex: Bool
        /// Has an index of compiler errors.
        var hasErrors: Bool
    }

    struct Manifest {
        var global: String
        /// The listings of the whole course (`primer build` prints it).
        var tally: ListingTally
        var sources: [String: Source]
        var locales: [Locale]

        /// What the last full build's extras stage found (see `SiteLinks`).
        var links: SiteLinks {
            SiteLinks(gallery: Set(locales.filter(\.hasGallery).map(\.tag)), apiIndex: Set(locales.filter(\.hasIndex).map(\.tag)),
                      errorIndex: Set(locales.filter(\.hasErrors).map(\.tag)))
        }
    }

    let manifestURL: URL
    let exportsURL: URL

    init(cache: BuildCache) {
        let name = URL(fileURLWithPath: cache.outputPath).lastPathComponent
        manifestURL = URL(fileURLWithPath: cache.folder).appendingPathComponent("pages-\(name).manifest")
        exportsURL = URL(fileURLWithPath: cache.folder).appendingPathComponent("pages-\(name).exports")
    }

    func load() -> Manifest? {
        guard let data = FileManager.default.contents(atPath: manifestURL.path) else { return nil }
        return Self.decode([UInt8](data))
    }

    func save(_ manifest: Manifest, exports: Data?) {
        do {
            try FileManager.default.createDirectory(at: manifestURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            if let exports { try exports.write(to: exportsURL, options: .atomic) }
            try Data(Self.encode(manifest)).write(to: manifestURL, options: .atomic)
        } catch {
            invalidate()  // the cache only saves time
        }
    }

    func invalidate() {
        try? FileManager.default.removeItem(at: manifestURL)
        try? FileManager.default.removeItem(at: exportsURL)
    }

    // MARK: The manifest's form (see `Fields`)

    static func encode(_ manifest: Manifest) -> [UInt8] {
        var writer = Fields.Writer()
        writer.record(format)
        writer.record("global"); writer.add(manifest.global)
        writer.record("tally")
        add(manifest.tally, to: &writer)
        for (path, source) in manifest.sources.sorted(by: { $0.key < $1.key }) {
            writer.record("source")
            writer.add(path); writer.add(source.hash); writer.add(source.stamp); writer.add(source.withoutSamples)
            add(source.tally, to: &writer)
        }
        for locale in manifest.locales {
            writer.record("locale")
            writer.add(locale.tag.rawValue); writer.add(locale.ownersOffset); writer.add(locale.ownersLength)
            writer.add(locale.hasGallery); writer.add(locale.hasIndex); writer.add(locale.hasErrors)
            writer.optional(locale.print.map { $0.map { "\($0[0]),\($0[1])" }.joined(separator: ";") })
            for page in locale.pages {
                writer.record("page")
                for field in [page.id, page.key, page.extras] { writer.add(field) }
                writer.add(page.offset); writer.add(page.length)
                page.header.writeHeader(into: &writer)
            }
        }
        return writer.encoded
    }

    static func decode(_ bytes: [UInt8]) -> Manifest? {
        let records = Fields.decode(bytes)
        guard records.first == [format], records.count > 1, records[1].count == 2, records[1][0] == "global" else { return nil }
        var manifest = Manifest(global: records[1][1], tally: ListingTally(), sources: [:], locales: [])
        for record in records.dropFirst(2) {
            var reader = Fields.Reader(record)
            switch record.first {
            case "tally":
                guard let tally = tally(record.dropFirst()) else { return nil }
                manifest.tally = tally
            case "source":
                guard record.count == 5 + tallyFields, let tally = tally(record.dropFirst(5)) else { return nil }
                manifest.sources[record[1]] = Source(hash: record[2], stamp: record[3], withoutSamples: record[4] == "1", tally: tally)
            case "locale":
                guard let tag = LocaleTag(reader.string()) else { return nil }
                let offset = reader.int(), length = reader.int(), gallery = reader.bool(), index = reader.bool(), errors = reader.bool()
                let print = reader.optional().map { text in
                    text.isEmpty ? [] : text.split(separator: ";").map { $0.split(separator: ",").compactMap { Int($0) } }
                }
                guard !reader.failed, reader.atEnd else { return nil }
                manifest.locales.append(Locale(tag: tag, pages: [], ownersOffset: offset, ownersLength: length, print: print,
                                               hasGallery: gallery, hasIndex: index, hasErrors: errors))
            case "page":
                guard !manifest.locales.isEmpty else { return nil }
                let id = reader.string(), key = reader.string(), extras = reader.string()
                let offset = reader.int(), length = reader.int()
                guard let header = ChapterPage.readHeader(id: id, &reader), !reader.failed, reader.atEnd else { return nil }
                manifest.locales[manifest.locales.count - 1].pages.append(
                    Page(id: id, key: key, header: header, extras: extras, offset: offset, length: length))
            default: return nil
            }
        }
        return manifest
    }

    /// How many fields a `ListingTally` takes in a record.
    private static let tallyFields = 8

    private static func add(_ tally: ListingTally, to writer: inout Fields.Writer) {
        for count in [tally.samples, tally.run, tally.compiled, tally.failing, tally.listingOnly, tally.unverified, tally.appleOnly, tally.severalModules] { writer.add(count) }
    }

    private static func tally(_ fields: ArraySlice<String>) -> ListingTally? {
        let counts = fields.compactMap { Int($0) }
        guard counts.count == tallyFields, fields.count == tallyFields else { return nil }
        var tally = ListingTally()
        (tally.samples, tally.run, tally.compiled) = (counts[0], counts[1], counts[2])
        (tally.failing, tally.listingOnly, tally.unverified) = (counts[3], counts[4], counts[5])
        (tally.appleOnly, tally.severalModules) = (counts[6], counts[7])
        return tally
    }

    // MARK: Keys

    /// A chapter file's text and front matter: every field of its `ChapterSource`.
    static func hash(_ source: ChapterSource) -> String { ContentKey("chapter-source-v2", encoding: source).hex }

    /// Every chapter file's hash by path; a file with the size and time it had in `last` is not
    /// read again (as git's index does).
    static func hashes(_ sources: [ChapterSource], stamps: [String: String], reusing last: Manifest?) -> [String: String] {
        Dictionary(uniqueKeysWithValues: zip(sources.map(\.path), parallelMap(sources) { source in
            if let cached = last?.sources[source.path], !cached.stamp.isEmpty, cached.stamp == stamps[source.path] { return cached.hash }
            return hash(source)
        }))
    }

    /// One locale's pages in table-of-contents order: each chapter's text in the locale or the
    /// first of its fallbacks that has it (as `Resolver` chooses).
    static func plan(_ sources: CourseSources, locale: LocaleTag) -> [(id: String, source: ChapterSource)] {
        let chain = locale.fallbackChain(source: sources.config.sourceLocale)
        return sources.config.chapterIDs.compactMap { id in
            guard let versions = sources.chapters[id], let source = chain.lazy.compactMap({ versions[$0] }).first else { return nil }
            return (id, source)
        }
    }

    /// What resolving one page reads besides the whole-course key (`Manifest.global`): the
    /// chapter text it shows (its file's `hash`), in which locale, and where that text is a
    /// stale translation. The page's key is this value's.
    struct PageKeyInput: Encodable {
        var locale: LocaleTag
        var path: String
        var text: String
        var staleness: PageStaleness
    }

    static func pageKey(locale: LocaleTag, id: String, source: ChapterSource, hashes: [String: String], sources: CourseSources) -> String {
        let input = PageKeyInput(locale: locale, path: source.path, text: hashes[source.path] ?? "",
                                 staleness: staleness(id: id, source: source, sources: sources))
        return ContentKey("page-key-v3", encoding: input).hex
    }

    static func staleness(id: String, source: ChapterSource, sources: CourseSources) -> PageStaleness {
        let original = sources.chapters[id]?[sources.config.sourceLocale]
        return Resolver.staleness(source, sourceLocale: sources.config.sourceLocale, original: original.map { ($0, ChapterSections.split($0)) })
    }

    /// The stamp to remember for a file: none when it changed in the last two seconds, since a
    /// second change within the file system's clock tick could keep its size and time (git's
    /// "racy" files): such a file is read and hashed again by the next build.
    static func settled(_ stamp: String?) -> String {
        guard let stamp, let colon = stamp.firstIndex(of: ":"),
              let seconds = Int(stamp[stamp.index(after: colon)...].prefix { $0 != "." }) else { return "" }
        return seconds < Int(Date().timeIntervalSince1970) - 2 ? stamp : ""
    }

    /// A page's header as the manifest keeps it: without its outline.
    static func header(_ page: ChapterPage) -> ChapterPage {
        var header = page.header
        header.outline = []
        return header
    }

}
