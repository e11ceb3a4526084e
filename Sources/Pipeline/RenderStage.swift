import CourseModel
import Foundation
import Extras
import Renderer
import Resolver
import Synchronization
import Writer

/// The pages of streamed chapters, made whole on the thread about to render each one (parsed,
/// numbered and linked again), and what making them found, gathered for after the render.
final class StreamedPages: Sendable {
    struct Made: Sendable {
        var files: Set<String>
        var diagnostics: [Diagnostic]
    }

    let deferred: Resolver.Deferred
    let chapters: [String: [LocaleTag: ChapterSource]]
    let settings: BuildRun.ParseSettings
    let made = Mutex<[LocaleTag: [String: Made]]>([:])

    init(_ deferred: Resolver.Deferred, chapters: [String: [LocaleTag: ChapterSource]], settings: BuildRun.ParseSettings) {
        self.deferred = deferred; self.chapters = chapters; self.settings = settings
    }

    /// The page `header` stands for, whole; nil when it is a page kept whole by the resolve stage.
    func wholePage(_ header: ChapterPage) -> ChapterPage? {
        guard deferred.isDeferred(header) else { return nil }
        guard let source = chapters[header.id]?[header.contentLocale],
              let (page, diagnostics) = deferred.page(header, document: settings.parse(source).0) else {
            // Cannot happen (the text is the one parsed before); if it did, no site is written.
            let lost = Diagnostic.error(.siteWrite, "cannot write the site: the page of chapter '\(header.id)' could not be made again for '\(header.locale)'",
                                        at: SourceLocation(path: header.sourcePath), suggestion: "please report this")
            made.withLock { $0[header.locale, default: [:]][header.id] = Made(files: [], diagnostics: [lost]) }
            return nil
        }
        made.withLock { $0[header.locale, default: [:]][header.id] = Made(files: page.files, diagnostics: diagnostics) }
        return page
    }
}

/// The print versions' chunk lengths by path, noted from the rendering threads as they are written.
final class PrintChunks: Sendable {
    let lengths = Mutex<[String: [Int]]>([:])
}

extension BuildRun {
    struct Rendered {
        /// The course as rendered: the streamed chapters' pages hold the files they show.
        var course: ResolvedCourse
        /// The files not yet handed to the staging folder (none when there is one; the preview's and
        /// `primer check`'s files otherwise).
        var files: [SiteFile]
        var staged: StagedSite?
        var search: Bool
        /// The streamed chapters' pages as they were made whole, by locale and chapter id.
        var streamedPages: [LocaleTag: [String: StreamedPages.Made]] = [:]
        /// The print versions' chunk lengths by path, when the build writes the page cache.
        var printChunks: [String: [Int]] = [:]
    }

    /// Every page, in parallel. A one-shot build hands each file to the staging folder as soon as
    /// it is rendered and forgets it: writing overlaps rendering, and the pages are never all in
    /// memory at once. A preview renders only the pages whose inputs changed. The pages of streamed
    /// chapters are parsed, numbered and linked again as they are rendered; the files they show
    /// and what linking found join the course and the diagnostics afterwards. An incremental build
    /// renders only the edited pages (nil: a full build is needed; see `renderEdited`).
    mutating func render(_ shown: ResolvedCourse, _ loaded: Loaded, _ parsed: Parsed, _ deferred: Resolver.Deferred?,
                         _ renderer: SiteRenderer, _ samples: SampleResults, _ policy: BuildPolicy, editions: [SiteFile] = []) -> Rendered? {
        if let plan = policy.reuse { return renderEdited(plan, shown, loaded, renderer, policy) }
        var course = shown
        let search = policy.searches
        var staged: StagedSite?
        if policy.writes {
            do {
                staged = try StagedSite(output: options.output, regenerated: search ? [SearchIndex.folder] : [],
                                        protecting: [options.content, options.templates])
            } catch {
                result.diagnostics += error.diagnostics
                return Rendered(course: course, files: [], staged: nil, search: false)
            }
        }
        let session = policy.session
        session?.beginRender(surroundings: Surroundings(course: course, sources: loaded.sources))
        let printChunks = PrintChunks()
        let emit = emitter(staged, policy, printChunks: policy.savesPages ? printChunks : nil)
        let streamed = deferred.map { StreamedPages($0, chapters: loaded.sources.chapters, settings: parsed.settings) }
        var files = renderer.render(course, assets: loaded.sources.assets, outputs: options.formats.siteOutputs(course.config), memo: session,
                                    emit: emit, wholePage: streamed.map { pages in { @Sendable header in pages.wholePage(header) } },
                                    spill: streamed == nil ? nil : Spill(folder: cache.folder))
        let streamedPages = streamed?.made.withLock { $0 } ?? [:]
        join(streamedPages, into: &course)
        var filesAfterPages = self.filesAfterPages(course, loaded, samples) + editions
        result.pages = course.pages.values.reduce(0) { $0 + $1.count }
        lap("render")
        if let package = samples.package, options.formats.makesDownloads(course.config) {
            let archives = Downloads.archives(course, package: package, cacheFolder: cache.folder + "/archives", session: session)
            filesAfterPages += archives.files
            lap(archives.kept ? "downloads (kept)" : "downloads")
        }
        if options.formats.makesDownloads(course.config) {
            filesAfterPages += Downloads.exerciseArchives(course, cacheFolder: cache.folder + "/archives")
        }
        if let staged { filesAfterPages.forEach { staged.add($0) } } else { files += filesAfterPages }
        if session != nil { result.files = files }
        return Rendered(course: course, files: staged != nil ? [] : files, staged: staged, search: search,
                        streamedPages: streamedPages, printChunks: printChunks.lengths.withLock { $0 })
    }

    /// The edited pages, and the print versions around them with the other bodies as the site has
    /// them, staged with every other file of the site kept as it is: every other format on is one
    /// an edit leaves as it was (`BuildPolicy.keepsPages` asked the formats).
    mutating func renderEdited(_ plan: PageCache.Plan, _ course: ResolvedCourse, _ loaded: Loaded, _ renderer: SiteRenderer,
                               _ policy: BuildPolicy) -> Rendered? {
        var indices: [LocaleTag: [Int]] = [:]
        for edit in plan.edited { indices[plan.manifest.locales[edit.locale].tag, default: []].append(edit.index) }
        var printVersions: [LocaleTag: (layout: [[Int]], data: Data)] = [:]
        for tag in indices.keys {
            guard let layout = plan.manifest.locales.first(where: { $0.tag == tag })?.print, layout.count == (course.pages[tag]?.count ?? -1),
                  let data = try? Data(contentsOf: URL(fileURLWithPath: cache.outputPath + "/" + SitePaths.page(SitePaths.print, in: tag))),
                  layout.allSatisfy({ $0.count == 2 && $0[0] >= 0 && $0[1] >= 0 && $0[0] + $0[1] <= data.count }) else { return nil }
            printVersions[tag] = (layout, data)
        }
        let oldPrints = printVersions
        let outputs = options.formats.siteOutputs(loaded.sources.config)
        guard let oldTwins = outputs.contains(.llmsFull) ? keptTwins(course, edited: indices) : [:] else { return nil }
        let files = renderer.renderChapters(course, indices, outputs: outputs, printBodies: { tag, index in
            let (layout, data) = oldPrints[tag]!
            return [UInt8](data[(data.startIndex + layout[index][0])..<(data.startIndex + layout[index][0] + layout[index][1])])
        }, twins: { tag, index in oldTwins[tag]?[index] ?? "" })
        guard let staged = try? StagedSite(output: options.output, regenerated: policy.searches ? [SearchIndex.folder] : [],
                                           protecting: [options.content, options.templates]) else { return nil }
        var printChunks: [String: [Int]] = [:]
        for file in files {
            staged.add(file)
            if case .chunks(let chunks) = file.contents { printChunks[file.path] = chunks.map(\.count) }
        }
        for path in staged.existing.subtracting(files.map(\.path)).sorted() { staged.keep(path) }
        result.pages = plan.pageCount
        result.incremental = files.map(\.path).sorted()
        lap("render")
        return Rendered(course: course, files: [], staged: staged, search: policy.searches, printChunks: printChunks)
    }

    /// The Markdown twins of the pages not edited in the locales with edits, as the site has them
    /// (`llms-full.txt` is remade from them); nil when one is missing (a full build makes them).
    func keptTwins(_ course: ResolvedCourse, edited: [LocaleTag: [Int]]) -> [LocaleTag: [Int: String]]? {
        var twins: [LocaleTag: [Int: String]] = [:]
        for (tag, indices) in edited {
            let pages = course.pages[tag] ?? []
            for index in pages.indices where !indices.contains(index) {
                let path = cache.outputPath + "/" + SitePaths.page(SiteRenderer.twinPath(pages[index].id), in: tag)
                guard let data = FileManager.default.contents(atPath: path) else { return nil }
                twins[tag, default: [:]][index] = String(decoding: data, as: UTF8.self)
            }
        }
        return twins
    }

    /// Where each rendered file goes: to the staging folder as it is made (its chunk lengths noted
    /// for the page cache when `printChunks` is given), nowhere for `primer check` (rendered to find
    /// what rendering finds), or back to the caller for the preview (nil).
    func emitter(_ staged: StagedSite?, _ policy: BuildPolicy, printChunks: PrintChunks?) -> (@Sendable (SiteFile) -> Void)? {
        guard let staged else {
            if policy.session != nil { return nil }
            return { _ in }
        }
        return { file in
            if let printChunks, case .chunks(let chunks) = file.contents { printChunks.lengths.withLock { $0[file.path] = chunks.map(\.count) } }
            staged.add(file)
        }
    }

    /// The files the streamed chapters' pages show join the course, and what linking them found the diagnostics.
    mutating func join(_ streamedPages: [LocaleTag: [String: StreamedPages.Made]], into course: inout ResolvedCourse) {
        guard !streamedPages.isEmpty else { return }
        var streamedDiagnostics = Set<Diagnostic>()
        for (locale, made) in streamedPages {
            guard var pages = course.pages[locale] else { continue }
            for index in pages.indices {
                guard let page = made[pages[index].id] else { continue }
                pages[index].files = page.files
                streamedDiagnostics.formUnion(page.diagnostics)
            }
            course.pages[locale] = pages
        }
        result.diagnostics += Array(streamedDiagnostics).sortedForDisplay()
    }

    /// The files of the formats made after the pages: the files the pages show, and those of
    /// the formats made by a function of the course.
    func filesAfterPages(_ course: ResolvedCourse, _ loaded: Loaded, _ samples: SampleResults) -> [SiteFile] {
        let formats = options.formats
        var files = formats.makesShownFiles(course.config) ? shownFiles(course, samples) : []
        let input = OutputInput(course: course, sources: loaded.sources)
        for make in formats.fileMakers(course.config) { files += make(input) }
        return files
    }

    /// The content files the pages show, and the figures samples drew beside the pages of each
    /// locale that shows them.
    func shownFiles(_ course: ResolvedCourse, _ samples: SampleResults) -> [SiteFile] {
        let used = Set(course.pages.values.flatMap { $0.flatMap(\.files) })
        let contentRoot = options.content.hasSuffix("/") ? options.content : options.content + "/"
        let copies = used.sorted().map { SiteFile(path: $0, contents: .copy(from: contentRoot + $0)) }
        var drawn: [String: [UInt8]] = [:]
        for (locale, pages) in course.pages {
            for figure in pages.flatMap(\.drawnFigures) {
                let outcome = samples.outcomes[figure.run] ?? samples.snippets[figure.run.name]
                if let bytes = outcome?.figures[figure.file] { drawn[SitePaths.page(figure.path, in: locale)] = bytes }
            }
        }
        return copies + drawn.sorted(by: { $0.key < $1.key }).map { SiteFile(path: $0.key, contents: .bytes($0.value)) }
    }
}
