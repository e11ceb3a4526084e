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
        var run = BuildRun(options)
        guard let loaded = try run.load() else { return (nil, run.finish().diagnostics) }
        let parsed = run.parse(loaded)
        let samples = run.runSamples(loaded, parsed)
        var course = run.resolve(loaded, parsed, samples)
        run.extras(&course, samples)
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
