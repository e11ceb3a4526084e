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

    /// The book editions of every locale built (a one-shot `primer build` only): the EPUB written
    /// by Primer, the PDF typeset by Typst. Each is cached in `.primer-cache/editions/` by a hash
    /// of what it is made from, so a build that changes nothing in a locale's book does not
    /// typeset it again. Their paths and sizes are the home pages' links (`EditionsMade.links`).
    mutating func editions(_ course: ResolvedCourse, _ samples: SampleResults) -> EditionsMade {
        let formats = options.formats.editionFormats(course.config)
        guard options.writes, !formats.isEmpty else { return EditionsMade() }
        let inputs = Build.makeEditionInputs(course, content: options.content, samples: samples)
        let slug = SitePaths.slug(course.config.title.text(for: course.config.sourceLocale, source: course.config.sourceLocale))
        let folder = cache.folder + "/editions"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let pdfs = ContentCache(folder: folder, suffix: ".pdf")
        let jobs = inputs.flatMap { input in formats.map { (input, $0) } }
        let typst = formats.contains(.pdf) ? TypstCompiler.identity(remembering: folder + "/typst-identity") : ""
        let optionalPDF = course.config.editionsOptional
        let made = parallelMap(jobs) { input, format -> ([UInt8]?, [Diagnostic], Bool) in
            switch format {
            case .epub:
                let (bytes, diagnostics) = EPUBWriter.epub(input)
                return (bytes, diagnostics, false)
            case .pdf:
                let book = TypstWriter.book(input)
                let key = book.pdfKey(typst: typst)
                if let cached = pdfs.bytes(for: key) {
                    pdfs.touch(key)  // still in use
                    return (cached, book.diagnostics, false)
                }
                // Without Typst or its fonts the site is still right: the PDF is left out with a
                // warning. Typst failing on the book is an error, unless the course says its
                // editions are optional (`editions: {optional: true}`).
                let report = TypstCompiler.typeset(book)
                let pdf = report.pdf
                let diagnostics = book.diagnostics + report.diagnostics.map { problem in
                    guard problem.severity == .error else { return problem }
                    let message = "the \(input.locale) PDF edition was not made: " + problem.message
                    if report.missingTools { return Diagnostic.warning(.typesetting, message, at: problem.location, suggestion: problem.suggestion) }
                    return optionalPDF ? Diagnostic.warning(.typesetting, message, at: problem.location, suggestion: Self.leftOut)
                        : Diagnostic.error(.typesetting, message, at: problem.location, suggestion: Self.typesettingSuggestion)
                }
                if let pdf { pdfs.store(pdf, for: key) }
                return (pdf, diagnostics, true)
            }
        }
        var books = EditionsMade()
        for ((input, format), (bytes, diagnostics, typeset)) in zip(jobs, made) {
            result.diagnostics += diagnostics
            if typeset { result.typeset.append(input.locale) }
            guard let bytes else { continue }
            let path = SitePaths.edition(course: slug, locale: input.locale, format: format)
            books.files.append(SiteFile(path: SitePaths.page(path, in: input.locale), contents: .bytes(bytes)))
            books.links[input.locale, default: []].append(EditionFile(format: format, path: path, size: bytes.count))
        }
        // Cached editions no build has used for a week go (the cache may be shared by several
        // outputs and locales, so what this build did not use is not removed at once).
        pdfs.removeUnused(olderThan: 7 * 24 * 3600)
        lap("editions")
        return books
    }

    /// What the editions stage made: the books, and each locale's links to them for the home pages.
    struct EditionsMade {
        var files: [SiteFile] = []
        var links: [LocaleTag: [EditionFile]] = [:]
    }
}
