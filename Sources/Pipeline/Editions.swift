import ContentCache
import CourseModel
import Editions
import Foundation
import Resolver

extension Build {
    /// The book editions' input for each locale built: the resolved course (stages load to
    /// extras, as `primer check` runs them) and the bytes of every file the pages show.
    /// Nil with the diagnostics when the course has errors.
    public static func editionInputs(_ options: Options) throws(UsageError) -> ([EditionInput]?, [Diagnostic]) {
        var options = options
        options.product = .check
        options.documentBudget = nil  // the books read every page's document
        var run = BuildRun(options)
        guard let loaded = try run.load() else { return (nil, run.finish().diagnostics) }
        let policy = run.policy(loaded, history: nil)  // nothing reused: each stage answers
        guard let parsed = run.parse(loaded, policy) else { return (nil, run.finish().diagnostics) }
        let samples = run.runSamples(loaded, parsed, policy)
        guard let resolved = run.resolve(loaded, parsed, samples, policy)?.course,
              let extras = run.extras(resolved, samples, parsed, policy) else { return (nil, run.finish().diagnostics) }
        let course = resolved.showing(extras)
        let result = run.finish()
        guard !result.diagnostics.hasErrors else { return (nil, result.diagnostics) }
        return (makeEditionInputs(course, content: options.content, samples: samples), result.diagnostics)
    }

    static func makeEditionInputs(_ course: ResolvedCourse, content: String, samples: SampleResults) -> [EditionInput] {
        let root = content.hasSuffix("/") ? content : content + "/"
        return course.locales.map { locale in
            let pages = course.pages[locale] ?? []
            var files: [String: [UInt8]] = [:]
            for path in Set(pages.flatMap(\.files)) {
                if let data = FileManager.default.contents(atPath: root + path) { files[path] = [UInt8](data) }
            }
            var drawn: [String: [UInt8]] = [:]
            for figure in pages.flatMap(\.drawnFigures) {
                let outcome = samples.outcomes[figure.run] ?? samples.snippets[figure.run.name]
                if let bytes = outcome?.figures[figure.file] { drawn[figure.path] = bytes }
            }
            return EditionInput(course: course, locale: locale, files: files, drawn: drawn)
        }
    }
}

extension BuildRun {
    /// What to do when Typst failed on a book (not when it is missing), and what happened when the editions are optional.
    static let typesettingSuggestion = "with `editions: {optional: true}` in course.yml a PDF that cannot be made is left out "
        + "with a warning; --no-editions makes no books"
    static let leftOut = "the site is built without this PDF, as `editions: {optional: true}` in course.yml asks"

    /// The book editions of every locale built (a one-shot `primer build` only): the PDF
    /// typeset by Typst, then the EPUB written by Primer, whose page list follows the PDF's pages
    /// (so without Typst the EPUB has none). Each PDF is cached in `.primer-cache/editions/` with
    /// its page map by a hash of what it is made from, so a build that changes nothing in a
    /// locale's book does not typeset it again. Their paths and sizes are the home pages' links
    /// (`EditionsMade.links`).
    mutating func editions(_ course: ResolvedCourse, _ samples: SampleResults) -> EditionsMade {
        let formats = options.formats.editionFormats(course.config)
        guard options.writes, !formats.isEmpty else { return EditionsMade() }
        let inputs = Build.makeEditionInputs(course, content: options.content, samples: samples)
        let slug = SitePaths.slug(course.config.title.text(for: course.config.sourceLocale, source: course.config.sourceLocale))
        let folder = cache.folder + "/editions"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let typesetter = Typesetter(folder: folder, typst: formats.contains(.pdf) ? TypstCompiler.identity(remembering: folder + "/typst-identity") : "",
                                    optional: course.config.editionsOptional)
        let made = parallelMap(inputs) { input -> [(EditionFormat, [UInt8]?, [Diagnostic], Bool)] in
            var input = input
            var books: [EditionFormat: ([UInt8]?, [Diagnostic], Bool)] = [:]
            if formats.contains(.pdf) {
                let pdf = typesetter.pdf(input)
                books[.pdf] = (pdf.bytes, pdf.diagnostics, pdf.typeset)
                if pdf.bytes != nil, let map = pdf.pageMap {
                    input.pageMap = map
                    input.pageSource = SitePaths.edition(course: slug, locale: input.locale, format: .pdf).split(separator: "/").last.map(String.init)
                }
            }
            if formats.contains(.epub) {
                let (bytes, diagnostics) = EPUBWriter.epub(input)
                books[.epub] = (bytes, diagnostics, false)
            }
            return formats.compactMap { format in books[format].map { (format, $0.0, $0.1, $0.2) } }
        }
        var books = EditionsMade()
        for (input, made) in zip(inputs, made) {
            for (format, bytes, diagnostics, typeset) in made {
                result.diagnostics += diagnostics
                if typeset { result.typeset.append(input.locale) }
                guard let bytes else { continue }
                let path = SitePaths.edition(course: slug, locale: input.locale, format: format)
                books.files.append(SiteFile(path: SitePaths.page(path, in: input.locale), contents: .bytes(bytes)))
                books.links[input.locale, default: []].append(EditionFile(format: format, path: path, size: bytes.count))
            }
        }
        // Cached editions no build has used for a week go (the cache may be shared by several
        // outputs and locales, so what this build did not use is not removed at once).
        typesetter.pdfs.removeUnused(olderThan: 7 * 24 * 3600)
        typesetter.pageMaps.removeUnused(olderThan: 7 * 24 * 3600)
        lap("editions")
        return books
    }

    /// A book edition must describe every picture: when the build makes one, the resolver's
    /// warnings about images without alt text become errors (the site alone keeps them warnings).
    mutating func requireAltText(_ config: CourseConfig) {
        guard options.writes, !options.formats.editionFormats(config).isEmpty else { return }
        for index in result.diagnostics.indices where result.diagnostics[index].code == .altText {
            result.diagnostics[index].severity = .error
            result.diagnostics[index].message += " (the EPUB and PDF editions describe every picture)"
        }
    }

    /// Makes a locale's PDF, or takes it from the cache, with the page map Typst gave with it.
    struct Typesetter: Sendable {
        let pdfs: ContentCache
        let pageMaps: ContentCache
        /// `TypstCompiler.identity`.
        let typst: String
        /// `editions: {optional: true}`: Typst failing on a book is a warning.
        let optional: Bool

        init(folder: String, typst: String, optional: Bool) {
            pdfs = ContentCache(folder: folder, suffix: ".pdf")
            pageMaps = ContentCache(folder: folder, suffix: ".pages")
            self.typst = typst
            self.optional = optional
        }

        func pdf(_ input: EditionInput) -> (bytes: [UInt8]?, pageMap: TypstPageMap?, diagnostics: [Diagnostic], typeset: Bool) {
            let book = TypstWriter.book(input)
            let key = book.pdfKey(typst: typst)
            if let cached = pdfs.bytes(for: key) {
                pdfs.touch(key)  // still in use
                pageMaps.touch(key)
                return (cached, pageMaps.bytes(for: key).flatMap { TypstPageMap(json: $0) }, book.diagnostics, false)
            }
            // Without Typst or its fonts the site is still right: the PDF is left out with a
            // warning. Typst failing on the book is an error, unless the course says its
            // editions are optional (`editions: {optional: true}`).
            let report = TypstCompiler.typeset(book)
            let diagnostics = book.diagnostics + report.diagnostics.map { problem in
                guard problem.severity == .error else { return problem }
                let message = "the \(input.locale) PDF edition was not made: " + problem.message
                if report.missingTools { return Diagnostic.warning(.typesetting, message, at: problem.location, suggestion: problem.suggestion) }
                return optional ? Diagnostic.warning(.typesetting, message, at: problem.location, suggestion: BuildRun.leftOut)
                    : Diagnostic.error(.typesetting, message, at: problem.location, suggestion: BuildRun.typesettingSuggestion)
            }
            if let pdf = report.pdf {
                pdfs.store(pdf, for: key)
                if let map = report.pageMap { pageMaps.store(map.json, for: key) }
            }
            return (report.pdf, report.pageMap, diagnostics, true)
        }
    }

    /// What the editions stage made: the books, and each locale's links to them for the home pages.
    struct EditionsMade {
        var files: [SiteFile] = []
        var links: [LocaleTag: [EditionFile]] = [:]
    }
}
