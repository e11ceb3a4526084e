import Blocks
import CourseModel
import Foundation
import Synchronization

/// The render stage: resolved course + templates + strings → the site's files.
/// Pages render in parallel; nothing here touches the disk but the `Spill` a big course's
/// print bodies may be given to.
public struct SiteRenderer: Sendable {
    public static let requiredTemplates = ["layout", "toc", "index", "home", "chapter", "404", "gallery", "api-index", "print"]
    /// Keys the code itself looks up (templates add theirs; see `templateKeys`), then the words
    /// of every kind of block (callouts, exercises…), so a new kind's words are checked in every locale.
    public static let codeKeys = coreKeys + BlockKinds.standard.words.filter { !coreKeys.contains($0) }
    static let coreKeys = [
        "language_name", "ref_chapter", "ref_section", "ref_listing", "ref_figure", "ref_table", "ref_exercise",
        "ref_chapter_start", "ref_section_start", "ref_listing_start", "ref_figure_start", "ref_table_start", "ref_exercise_start",
        "ref_number", "ref_abbreviations", "compiler_errors_label", "snippet_listing_only",
        "part_label", "chapter_label", "appendix_label", "ref_appendix", "ref_appendix_start", "heading_anchor", "footnote_back", "task_done", "task_open",
        "edition_epub", "edition_pdf", "edition_size_kb", "edition_size_mb", "edition_page_ref", "edition_cover", "edition_start", "edition_colophon", "nav_contents",
        "epub_a11y_summary", "epub_a11y_summary_images", "epub_a11y_summary_pages",
        "fallback_banner", "output_label", "output_exit_status", "output_signal", "output_timeout",
        "sample_run_yourself", "sample_listing_only", "label_title_separator", "stale_translation_banner", "stale_opening_note", "stale_section_note", "updated_on",
        "sample_gallery_link", "sample_download", "gallery_runs_on_linux", "gallery_listing_only", "gallery_download_chapter", "gallery_other_samples",
        "index_other_heading", "index_chapter_short", "index_appendix_short", "subject_index_title", "zip_readme_run", "zip_readme_expected", "zip_readme_chapter", "listing_continued", "feed_title",
        "exercise_checks_passed", "exercise_readme_run", "exercise_readme_verdict",
        "llms_full_text", "gallery_title", "gallery_intro", "api_index_title", "api_index_intro", "subject_index_intro", "nav_contents",
        "errors_title", "errors_intro",
    ]

    let library: TemplateLibrary
    let templates: [String: TemplateSource]

    /// Parses the templates; errors point into the template file.
    /// The last templates this process parsed, and what they gave: a preview's rebuilds after
    /// an edit to a chapter parse none again.
    private static let parsed = Mutex<(templates: [String: TemplateSource], library: TemplateLibrary)?>(nil)

    public init(templates: [String: TemplateSource]) throws(DiagnosticsError) {
        if let last = Self.parsed.withLock({ $0 }), last.templates == templates {
            self.library = last.library
            self.templates = templates
            return
        }
        var library = TemplateLibrary()
        var diagnostics: [Diagnostic] = []
        for name in Self.requiredTemplates where templates[name] == nil {
            diagnostics.append(.error(.template, "template '\(name).mustache' is missing",
                                      suggestion: "Primer's Templates/ folder has one; copy it into the course's templates/"))
        }
        for (name, template) in templates.sorted(by: { $0.key < $1.key }) {
            do {
                try library.register(Template(template.text), named: name)
            } catch {
                diagnostics.append(.error(.template, "template syntax: \(error.message)",
                                          at: SourceLocation(path: template.path, line: error.line, column: error.column)))
            }
        }
        if diagnostics.hasErrors { throw DiagnosticsError(diagnostics) }
        self.library = library
        self.templates = templates
        Self.parsed.withLock { $0 = (templates, library) }
    }

    /// The built-in transforms (swift-mustache's, and a list item's place), which are not string keys.
    static let builtInTransforms: Set<String> = ["capitalized", "lowercased", "uppercased", "reversed", "count", "empty", "first",
                                                 "last", "even", "odd", "enumerated", "sorted", "minusone", "plusone", "equalzero", "index"]

    /// Every `{{t.key}}` and counted `{{ key(number) }}` a template uses, with where it is used.
    public func templateKeys() -> [(key: String, location: SourceLocation)] {
        var result: [(String, SourceLocation)] = []
        for template in templates.values.sorted(by: { $0.path < $1.path }) {
            for (lineIndex, line) in template.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                var rest = line[...]
                while let range = rest.range(of: "t.") {
                    let before = rest[..<range.lowerBound].last
                    let key = rest[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                    if (before == "{" || before == " " || before == "#" || before == "^" || before == "/" || before == "&"), !key.isEmpty {
                        let column = line.distance(from: line.startIndex, to: range.lowerBound) + 1
                        result.append((String(key), SourceLocation(path: template.path, line: lineIndex + 1, column: column)))
                    }
                    rest = rest[range.upperBound...]
                }
                // {{ key(number) }}
                var scan = line[...]
                while let open = scan.range(of: "{{") {
                    let inside = scan[open.upperBound...].prefix { $0 != "}" }
                    let trimmed = inside.drop { $0 == " " || $0 == "{" || $0 == "&" }
                    if let paren = trimmed.firstIndex(of: "("), trimmed[..<paren].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                        let key = String(trimmed[..<paren])
                        if !key.isEmpty && !Self.builtInTransforms.contains(key) {
                            let column = line.distance(from: line.startIndex, to: trimmed.startIndex) + 1
                            result.append((key, SourceLocation(path: template.path, line: lineIndex + 1, column: column)))
                        }
                    }
                    scan = scan[open.upperBound...]
                }
            }
        }
        return result
    }

    /// The files of `outputs` (every kind by default). `memo` may hand back a chapter page
    /// rendered before from the same inputs, and keeps those rendered now (the preview's
    /// rebuilds). With `emit`, each file goes there as soon as it is made (from the rendering thread) and
    /// is not kept: the result is empty. Without it, the files come back.
    ///
    /// A big course holds only the header of some pages (see `Resolver.Deferred`): `wholePage`
    /// gives such a page whole, on the thread about to render it, which then lets it go. The
    /// print versions' bodies wait in `spill` rather than in memory when there is one.
    public func render(_ course: ResolvedCourse, assets: [AssetFile], outputs: [Output] = Output.allCases,
                       memo: (any PageMemo)? = nil,
                       emit: (@Sendable (SiteFile) -> Void)? = nil,
                       wholePage: (@Sendable (_ header: ChapterPage) -> ChapterPage?)? = nil,
                       spill: Spill? = nil) -> [SiteFile] {
        var jobs: [Job] = []
        var lastJobs: [Job] = []
        let bodies = BodyMemo(spill: spill)
        // Each locale's table of contents is rendered as its context is made: in parallel too.
        let contexts = parallelMap(course.locales) { [library] locale in
            var context = LocaleContext(course: course, locale: locale, library: library, bodies: bodies)
            context.linksTwins = outputs.contains(.markdownTwins)
            return context
        }
        for (locale, context) in zip(course.locales, contexts) {
            let shared = LocaleJobs(locale: locale, context: context, memo: memo, wholePage: wholePage)
            for output in outputs where !output.isLast { jobs += self.jobs(output, course: course, for: shared) }
            for output in outputs where output.isLast { lastJobs += self.jobs(output, course: course, for: shared) }
        }
        for output in outputs where output != .assets { jobs += self.jobs(output, course: course, assets: assets) }
        let assetFiles = outputs.contains(.assets) ? self.jobs(.assets, course: course, assets: assets).map { $0() } : []
        guard let emit else {
            return parallelMap(jobs) { $0() } + parallelMap(lastJobs) { $0() } + assetFiles
        }
        _ = parallelMap(jobs) { emit($0()) }
        _ = parallelMap(lastJobs) { emit($0()) }
        assetFiles.forEach(emit)
        return []
    }

    /// The page's own template, then the layout around it (which can read the page's fields too).
    func render<Page: FramedPage>(_ page: Page, template: String) -> String {
        var framed = page
        framed.frame.content = library.render(page, withTemplate: template) ?? ""
        return library.render(framed, withTemplate: "layout") ?? ""
    }

    /// The same, but a page whose model and templates are what they were when this process last
    /// rendered it (the API index and the gallery, in a preview, after most edits) is not rendered again.
    func renderRemembering<Page: FramedPage & Hashable>(_ page: Page, template: String) -> String {
        remembering(page, template: template, lang: page.frame.lang) { page }
    }

    /// The same for a page whose model is costly to make: `inputs` are what it is made from, and
    /// with the same inputs as last time the model is not even made.
    func remembering<Inputs: Hashable & Sendable, Page: FramedPage>(_ inputs: Inputs, template: String, lang: String,
                                                                    model: () -> Page) -> String {
        let key = template + "\u{0}" + lang
        let texts = [templates[template]?.text ?? "", templates["layout"]?.text ?? ""]
        if let last = Self.remembered.withLock({ $0[key] }), last.texts == texts, let known = last.inputs as? Inputs, known == inputs {
            return last.html
        }
        let html = render(model(), template: template)
        Self.remembered.withLock { $0[key] = (texts, inputs, html) }
        return html
    }

    private static let remembered = Mutex<[String: (texts: [String], inputs: any Hashable & Sendable, html: String)]>([:])
}

extension SiteRenderer {
    /// The chapter pages at `indices` (per locale) of a course whose other pages are headers only
    /// (`ChapterPage.header`), and the print version of each of those locales, the other chapters'
    /// bodies taken from `printBodies` as the print version had them (the command line's
    /// incremental build: every other file of the site is what it was). Of the two, only those
    /// in `outputs` come back (the print version still reads the edited pages' bodies).
    /// The same holds for the twins of the edited pages and `llms-full.txt`, the other twins
    /// taken from `twins` as the site has them.
    public func renderChapters(_ course: ResolvedCourse, _ indices: [LocaleTag: [Int]], outputs: [Output] = Output.allCases,
                               printBodies: @Sendable (LocaleTag, Int) -> [UInt8],
                               twins: @Sendable (LocaleTag, Int) -> String = { _, _ in "" }) -> [SiteFile] {
        let bodies = BodyMemo()
        let locales = course.locales.filter { indices[$0]?.isEmpty == false }
        var partOf: [String: Int] = [:]
        for (index, part) in course.config.parts.enumerated() {
            for entry in part.chapters { partOf[entry.id] = index }
        }
        let contexts = parallelMap(locales) { [library, partOf] locale in
            // Only the parts of the pages rendered have their table of contents rendered expanded.
            let pages = course.pages[locale] ?? []
            let parts = Set((indices[locale] ?? []).compactMap { pages.indices.contains($0) ? partOf[pages[$0].id] : nil })
            var context = LocaleContext(course: course, locale: locale, library: library, bodies: bodies, parts: parts)
            context.linksTwins = outputs.contains(.markdownTwins)
            return context
        }
        let jobs = zip(locales, contexts).flatMap { locale, context in (indices[locale] ?? []).map { (context, $0) } }
        var files = parallelMap(jobs) { [self] context, index in
            SiteFile(path: SitePaths.page(SitePaths.chapter(context.pages[index].id), in: context.locale),
                     contents: .text(renderChapter(context, index: index)))
        }
        if !outputs.contains(.chapterPages) { files = [] }
        files += machineFiles(locales: locales, contexts: contexts, indices: indices, outputs: outputs, twins: twins)
        guard outputs.contains(.printPages) else { return files }
        files += parallelMap(Array(zip(locales, contexts))) { [self] locale, context in
            for index in context.pages.indices where bodies.body(locale: locale, index: index) == nil {
                bodies.store(printBodies(locale, index), locale: locale, index: index)
            }
            return SiteFile(path: SitePaths.page(SitePaths.print, in: locale), contents: .chunks(renderPrint(context)))
        }
        return files
    }
}

extension SiteRenderer {
    /// The incremental build's twins of the edited pages, and `llms-full.txt` with the others' as `twins` gives them.
    func machineFiles(locales: [LocaleTag], contexts: [LocaleContext], indices: [LocaleTag: [Int]], outputs: [Output],
                      twins: @Sendable (LocaleTag, Int) -> String) -> [SiteFile] {
        guard outputs.contains(.markdownTwins) || outputs.contains(.llmsFull) else { return [] }
        let jobs = zip(locales, contexts).flatMap { locale, context in (indices[locale] ?? []).map { (context, $0) } }
        let edited = parallelMap(jobs) { [self] context, index in
            let twin = renderTwin(context, page: context.pages[index])
            context.twins.store(twin, locale: context.locale, index: index)
            return SiteFile(path: SitePaths.page(Self.twinPath(context.pages[index].id), in: context.locale), contents: .text(twin))
        }
        var files = outputs.contains(.markdownTwins) ? edited : []
        guard outputs.contains(.llmsFull) else { return files }
        for (locale, context) in zip(locales, contexts) {
            let all = context.pages.indices.map { context.twins.twin(locale: locale, index: $0) ?? twins(locale, $0) }
            files.append(SiteFile(path: SitePaths.page(Self.llmsFull, in: locale), contents: .text(Self.llmsFull(context, twins: all))))
        }
        return files
    }
}
