import CourseModel
import Extras
import Foundation
import Loader
import Markdown
import Renderer
import Samples
import Synchronization

/// What one build leaves for the next, so a preview rebuild redoes only what a change affects:
/// a chapter whose text did not change is not parsed again, and a page whose resolved content
/// and surroundings (templates, words, table of contents) did not change is not rendered again.
/// Samples have their own cache (see SamplesStage).
public final class BuildSession: PageMemo {
    struct State {
        /// Chapter path → what its last parse read, and gave.
        var parsed: [String: (input: ParseInput, document: Document, diagnostics: [Diagnostic])] = [:]
        /// Page path → (page as resolved, the page rendered), valid while `surroundings` is unchanged.
        var rendered: [String: (page: ChapterPage, rendered: RenderedPage)] = [:]
        var surroundings: Surroundings?
        var parsedLast: [String] = []
        var renderedLast: [String] = []
        /// The samples stage's report and the inputs it was made from.
        var samples: (key: String, report: SamplesStage.Report)?
        /// Counts the builds whose samples stage ran instead of reusing the report.
        var samplesGeneration = 0
        /// The extras stage's output and what it was made from.
        var extras: (key: ExtrasKey, extras: BuildRun.CourseExtras, diagnostics: [Diagnostic])?
        /// Page path → (page as resolved, what the extras read from it), made under `inputsConfig`.
        var inputs: [String: (page: ChapterPage, input: Extras.PageInput)] = [:]
        var inputsConfig: CourseConfig?
        /// The downloadable archives and what they were made from.
        var downloads: (key: Downloads.Key, files: [SiteFile])?
    }

    /// What the gallery and the API index are made from: the course's settings and locales, the
    /// samples report, and what each page shows them (`Extras.PageInput`).
    struct ExtrasKey: Equatable {
        var config: CourseConfig
        var locales: [LocaleTag]
        var samplesGeneration: Int
        /// Compared whole: cheaper than encoding and hashing each (`Extras.PageInput.key`).
        var pages: [Extras.PageInput]
    }

    let state = Mutex(State())
    /// Chapters and catalogs as the last load parsed them.
    let loadMemo = LoadMemo()

    public init() {}

    /// Chapters parsed by the last build (the others came from the session).
    public var parsedInLastBuild: [String] { state.withLock { $0.parsedLast.sorted() } }
    /// Chapter pages and their Markdown twins rendered by the last build.
    public var renderedInLastBuild: [String] { state.withLock { $0.renderedLast.sorted() } }

    /// The last parse of the chapter, when it read what `input` holds.
    func parsed(_ input: ParseInput) -> (Document, [Diagnostic])? {
        guard let entry = state.withLock({ $0.parsed[input.path] }), entry.input == input else { return nil }
        return (entry.document, entry.diagnostics)
    }

    func store(_ input: ParseInput, document: Document, diagnostics: [Diagnostic]) {
        state.withLock { $0.parsed[input.path] = (input, document, diagnostics); $0.parsedLast.append(input.path) }
    }

    func beginRender(surroundings: Surroundings) {
        state.withLock { state in
            if state.surroundings != surroundings { state.rendered = [:]; state.surroundings = surroundings }
            state.renderedLast = []
        }
    }

    func samplesReport(key: String) -> SamplesStage.Report? {
        state.withLock { $0.samples?.key == key ? $0.samples?.report : nil }
    }

    func store(samplesKey: String, report: SamplesStage.Report) {
        state.withLock { $0.samples = (samplesKey, report) }
    }

    /// This build ran the samples stage (its report may differ from the last).
    func samplesRan() { state.withLock { $0.samplesGeneration += 1 } }

    var samplesGeneration: Int { state.withLock { $0.samplesGeneration } }

    func downloads(for key: Downloads.Key) -> [SiteFile]? {
        state.withLock { state in state.downloads.flatMap { $0.key == key ? $0.files : nil } }
    }

    func keep(downloads files: [SiteFile], for key: Downloads.Key) {
        state.withLock { $0.downloads = (key, files) }
    }

    func extrasKey(_ course: ResolvedCourse, inputs: [LocaleTag: [Extras.PageInput]]) -> ExtrasKey {
        let pages = course.locales.flatMap { inputs[$0] ?? [] }
        return ExtrasKey(config: course.config, locales: course.locales, samplesGeneration: samplesGeneration,
                         pages: pages)
    }

    /// The pages' inputs, each kept from the last build when its page is the same (and the
    /// configuration, which says which terms the subject index looks for).
    func inputs(_ course: ResolvedCourse) -> [LocaleTag: [Extras.PageInput]] {
        let kept = state.withLock { state in state.inputsConfig == course.config ? state.inputs : [:] }
        let inputs = Extras.inputs(course) { page in
            kept[page.locale.rawValue + "/" + page.id].flatMap { $0.page == page ? $0.input : nil }
        }
        var made: [String: (page: ChapterPage, input: Extras.PageInput)] = [:]
        for (locale, pages) in course.pages {
            for (page, input) in zip(pages, inputs[locale] ?? []) { made[locale.rawValue + "/" + page.id] = (page, input) }
        }
        state.withLock { $0.inputs = made; $0.inputsConfig = course.config }
        return inputs
    }

    func extras(for key: ExtrasKey) -> (BuildRun.CourseExtras, [Diagnostic])? {
        state.withLock { state in state.extras.flatMap { $0.key == key ? ($0.extras, $0.diagnostics) : nil } }
    }

    func keep(_ extras: BuildRun.CourseExtras, diagnostics: [Diagnostic], for key: ExtrasKey) {
        state.withLock { $0.extras = (key, extras, diagnostics) }
    }

    func beginParse() { state.withLock { $0.parsedLast = [] } }

    public func rendered(path: String, page: ChapterPage) -> RenderedPage? {
        state.withLock { state in
            guard let entry = state.rendered[path], entry.page == page else { return nil }
            return entry.rendered
        }
    }

    public func keep(_ rendered: RenderedPage, path: String, page: ChapterPage) {
        state.withLock { $0.rendered[path] = (page, rendered); $0.renderedLast.append(path) }
    }
}

/// Everything a chapter page shows besides its own content, compared whole with the last
/// build's: the course configuration, the templates and assets, the site's words in every
/// locale, and every page as the others see it (all of it but its body and outline). A field
/// added to any of these is compared without anyone having to remember it, so a change to
/// `edit_url` or `search` in course.yml re-renders every page.
struct Surroundings: Equatable {
    struct Words: Equatable {
        var entries: [String: String]
        var plurals: [String: [String: String]]
    }

    var config: CourseConfig
    var locales: [LocaleTag]
    var templates: [TemplateSource]
    var assets: [AssetFile]
    var words: [LocaleTag: Words]
    var pages: [LocaleTag: [ChapterPage]]
    /// Whether the gallery and the API index exist (every page links to them); their contents
    /// are pages of their own, rendered on every build.
    var links: SiteLinks

    init(course: ResolvedCourse, sources: CourseSources) {
        config = course.config
        locales = course.locales
        templates = sources.templates.values.sorted { $0.name < $1.name }
        assets = sources.assets
        words = course.strings.mapValues { Words(entries: $0.entries, plurals: $0.plurals) }
        pages = course.pages.mapValues { pages in
            pages.map { page in
                var header = page.header  // its sample count kept: the table of contents shows it
                header.outline = []
                // Only the home page, made on every build, shows a chapter's reading time: a
                // chapter whose edit crosses a minute re-renders itself, not every page.
                header.knownReadingMinutes = nil
                return header
            }
        }
        links = course.links
    }
}
