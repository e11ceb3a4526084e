import CourseModel
import Foundation

extension SiteRenderer {
    /// One kind of file the renderer makes. `render` makes exactly the outputs it is given (the
    /// build's list is `Pipeline.OutputFormat`'s registry), each through `jobs`: the switch there
    /// is the one place that knows how an output is made.
    public enum Output: String, Sendable, CaseIterable {
        /// Each locale's home page (the table of contents, the editions' links).
        case homePages
        /// Each locale's sample gallery, when the course has samples.
        case galleryPages
        /// Each locale's API index, when it has entries.
        case apiIndexPages
        /// Each locale's subject index, when the course has a term base.
        case subjectIndexPages
        /// Each locale's index of compiler errors, when its chapters quote one.
        case errorIndexPages
        /// Each locale's one-page print version: made after the chapter pages, whose bodies it gathers.
        case printPages
        /// One page per chapter and locale.
        case chapterPages
        /// `index.html` (the language chooser).
        case rootPage
        /// `404.html`.
        case notFoundPage
        /// Each locale's changes feed (Atom), when its chapters have `updated` dates.
        case feeds
        /// One sitemap per locale and their index, with a base URL.
        case sitemaps
        case robots
        /// `.nojekyll`, so GitHub Pages serves the files as they are.
        case noJekyll
        /// The templates' assets (CSS, script, fonts).
        case assets
        /// Each chapter page's Markdown twin (`memory.md`), linked from the page's head.
        case markdownTwins
        /// Each locale's `llms.txt`, and the source locale's at the site's root.
        case llmsIndex
        /// Each locale's `llms-full.txt`: made after the twins, which it gathers.
        case llmsFull

        /// Whether its files are made after every other output's (they read what those left).
        var isLast: Bool { self == .printPages || self == .llmsFull }
    }

    /// What the jobs of one locale share.
    struct LocaleJobs: Sendable {
        var locale: LocaleTag
        var context: LocaleContext
        var memo: (any PageMemo)?
        var wholePage: (@Sendable (_ header: ChapterPage) -> ChapterPage?)?
    }

    typealias Job = @Sendable () -> SiteFile

    /// The jobs that make `output` for one locale (none for a site-wide output).
    func jobs(_ output: Output, course: ResolvedCourse, for shared: LocaleJobs) -> [Job] {
        let locale = shared.locale, context = shared.context
        switch output {
        case .homePages:
            return [{ [self] in SiteFile(path: SitePaths.page(SitePaths.home, in: locale), contents: .text(renderHome(context))) }]
        case .galleryPages:
            guard course.links.gallery.contains(locale) else { return [] }
            return [{ [self] in SiteFile(path: SitePaths.page(SitePaths.gallery, in: locale), contents: .text(renderGallery(context))) }]
        case .apiIndexPages:
            guard course.links.apiIndex.contains(locale) else { return [] }
            return [{ [self] in SiteFile(path: SitePaths.page(SitePaths.apiIndex, in: locale), contents: .text(renderAPIIndex(context))) }]
        case .subjectIndexPages:
            guard course.links.subjectIndex.contains(locale) else { return [] }
            return [{ [self] in SiteFile(path: SitePaths.page(SitePaths.subjectIndex, in: locale), contents: .text(renderSubjectIndex(context))) }]
        case .errorIndexPages:
            guard course.links.errorIndex.contains(locale) else { return [] }
            return [{ [self] in SiteFile(path: SitePaths.page(SitePaths.errorIndex, in: locale), contents: .text(renderErrorIndex(context))) }]
        case .printPages:
            guard !context.pages.isEmpty else { return [] }
            return [{ [self] in SiteFile(path: SitePaths.page(SitePaths.print, in: locale), contents: .chunks(renderPrint(context))) }]
        case .chapterPages:
            let pages = context.pages, memo = shared.memo, wholePage = shared.wholePage
            return pages.indices.map { index -> Job in
                { [self] in
                    let path = SitePaths.page(SitePaths.chapter(pages[index].id), in: locale)
                    if let kept = memo?.rendered(path: path, page: pages[index]) {
                        context.bodies.store(kept.printable, locale: locale, index: index)
                        return SiteFile(path: path, contents: .text(kept.html))
                    }
                    let html = renderChapter(context, index: index, page: wholePage?(pages[index]))
                    // A template without the body leaves none kept: the print version renders it.
                    if let memo, case .bytes(let printable)? = context.bodies.body(locale: locale, index: index) {
                        memo.keep(RenderedPage(html: html, printable: printable), path: path, page: pages[index])
                    }
                    return SiteFile(path: path, contents: .text(html))
                }
            }
        case .markdownTwins:
            let pages = context.pages, memo = shared.memo, wholePage = shared.wholePage
            return pages.indices.map { index -> Job in
                { [self] in
                    // The preview keeps a twin like its page: rendered again only when the page changed.
                    let path = SitePaths.page(Self.twinPath(pages[index].id), in: locale)
                    let twin: String
                    if let kept = memo?.rendered(path: path, page: pages[index]) {
                        twin = kept.html
                    } else {
                        twin = renderTwin(context, page: wholePage?(pages[index]) ?? pages[index])
                        memo?.keep(RenderedPage(html: twin, printable: []), path: path, page: pages[index])
                    }
                    context.twins.store(twin, locale: locale, index: index)
                    return SiteFile(path: path, contents: .text(twin))
                }
            }
        case .llmsIndex:
            return [{ SiteFile(path: SitePaths.page(Self.llmsIndex, in: locale), contents: .text(Self.llmsIndex(context, folder: ""))) }]
        case .llmsFull:
            let pages = context.pages, wholePage = shared.wholePage
            return [{ [self] in
                let twins = pages.indices.map { index in
                    context.twins.twin(locale: locale, index: index) ?? renderTwin(context, page: wholePage?(pages[index]) ?? pages[index])
                }
                return SiteFile(path: SitePaths.page(Self.llmsFull, in: locale), contents: .text(Self.llmsFull(context, twins: twins)))
            }]
        case .feeds:
            guard context.hasFeed else { return [] }
            return [{ [self] in SiteFile(path: SitePaths.page(SitePaths.feed, in: locale), contents: .text(atomFeed(context) ?? "")) }]
        case .rootPage, .notFoundPage, .sitemaps, .robots, .noJekyll, .assets:
            return []
        }
    }

    /// The jobs that make a site-wide `output` (none for a per-locale one).
    func jobs(_ output: Output, course: ResolvedCourse, assets: [AssetFile]) -> [Job] {
        switch output {
        case .rootPage:
            return [{ [self] in SiteFile(path: SitePaths.root, contents: .text(renderRoot(course))) }]
        case .notFoundPage:
            return [{ [self] in SiteFile(path: SitePaths.notFound, contents: .text(renderNotFound(course))) }]
        case .sitemaps:
            guard let base = course.config.baseURL else { return [] }
            return sitemaps(course, base: base).map { file -> Job in { file } }
        case .robots:
            // For any static host: crawlers find the sitemap.
            let robots = "User-agent: *\nAllow: /\n" + (course.config.baseURL.map { "\nSitemap: \($0)sitemap.xml\n" } ?? "")
            return [{ SiteFile(path: "robots.txt", contents: .text(robots)) }]
        case .noJekyll:
            return [{ SiteFile(path: ".nojekyll", contents: .text("")) }]
        case .assets:
            return assets.map { asset -> Job in
                let file = SiteFile(path: asset.sitePath, contents: asset.bytes.map { .bytes($0) } ?? .copy(from: asset.sourcePath))
                return { file }
            }
        case .llmsIndex:
            // The source locale's at the root, where a reader looks for it first.
            let source = course.config.sourceLocale
            guard course.locales.contains(source) else { return [] }
            return [{
                let context = LocaleContext(course: course, locale: source, library: nil)
                return SiteFile(path: Self.llmsIndex, contents: .text(Self.llmsIndex(context, folder: SitePaths.page("", in: source))))
            }]
        case .chapterPages, .homePages, .galleryPages, .apiIndexPages, .subjectIndexPages, .errorIndexPages, .printPages, .feeds, .markdownTwins, .llmsFull:
            return []
        }
    }
}
