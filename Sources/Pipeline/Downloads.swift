import Blocks
import ContentCache
import CourseModel
import Extras
import Foundation
import Renderer

/// The downloadable packages: one per sample and one per chapter, per locale (the README is in
/// the page's language). Archives are cached by their inputs, so an unchanged one is not rebuilt.
enum Downloads {
    /// Everything the archives are made from besides the samples package (which a session names
    /// by its samples generation): an edit to a chapter's text leaves it as it was, so a preview
    /// rebuild hands back the last archives without reading or hashing a file.
    struct Key: Equatable {
        struct Sample: Equatable {
            var name: String
            var description: [LocaleTag: String]
            var output: [LocaleTag?: String]
            var chapters: [LocaleTag: [String]]
        }
        struct Page: Equatable {
            var id: String
            var title: String
            var label: ChapterLabel
        }
        var samplesGeneration: Int
        var locales: [LocaleTag]
        var samples: [Sample]
        var pages: [LocaleTag: [Page]]
        var words: [LocaleTag: [String: String]]

        init(_ course: ResolvedCourse, samplesGeneration: Int) {
            self.samplesGeneration = samplesGeneration
            locales = course.locales
            samples = course.samples.filter { !$0.listingOnly }.map { sample in
                Sample(name: sample.name, description: sample.description, output: sample.output,
                       chapters: sample.places.mapValues { $0.map(\.chapterID) })
            }
            pages = course.pages.mapValues { $0.map { Page(id: $0.id, title: $0.title, label: $0.numbering.label) } }
            words = course.strings.mapValues(\.entries)
        }
    }

    /// The archives, and whether they are the session's from the last build (their key is the same).
    static func archives(_ course: ResolvedCourse, package: SamplesPackage, cacheFolder: String,
                         session: BuildSession?) -> (files: [SiteFile], kept: Bool) {
        guard let session else { return (archives(course, package: package, cacheFolder: cacheFolder), false) }
        let key = Key(course, samplesGeneration: session.samplesGeneration)
        if let files = session.downloads(for: key) { return (files, true) }
        let files = archives(course, package: package, cacheFolder: cacheFolder)
        session.keep(downloads: files, for: key)
        return (files, false)
    }

    static func archives(_ course: ResolvedCourse, package: SamplesPackage, cacheFolder: String) -> [SiteFile] {
        var jobs: [(path: String, folder: String, entries: [Archiver.Entry])] = []
        for locale in course.locales {
            let strings = course.strings[locale]!
            for sample in course.samples where !sample.listingOnly {
                let readme = sampleReadme(sample, locale: locale, strings: strings, course: course,
                                          command: runCommand(sample.name, locale: locale, in: package))
                let entries = Archiver.packageFiles(for: [sample.name], in: package, name: sample.name, readme: readme,
                                                    expected: expectedOutputs(of: [sample.name], in: package))
                jobs.append((SitePaths.page(SitePaths.sampleDownload(sample.name), in: locale), sample.name, entries))
            }
            for page in course.pages[locale] ?? [] {
                let names = course.samples.filter { !$0.listingOnly && $0.places[locale]?.contains { $0.chapterID == page.id } == true }.map(\.name)
                guard !names.isEmpty else { continue }
                var readme = "# \(strings.labeledTitle(page.numbering.label, page.title))\n\n"
                readme += strings.format("zip_readme_chapter", page.title) + "\n\n"
                readme += names.map { "    \(runCommand($0, locale: locale, in: package))\n" }.joined()
                let entries = Archiver.packageFiles(for: names, in: package, name: "chapter-\(page.id)", readme: readme,
                                                    expected: expectedOutputs(of: names, in: package))
                jobs.append((SitePaths.page(SitePaths.chapterDownload(page.id), in: locale), "chapter-\(page.id)", entries))
            }
        }
        return zipped(jobs, cacheFolder: cacheFolder)
    }

    /// The archives, each from the cache when its entries are unchanged.
    static func zipped(_ jobs: [(path: String, folder: String, entries: [Archiver.Entry])], cacheFolder: String) -> [SiteFile] {
        let cache = ContentCache(folder: cacheFolder, suffix: ".zip")
        return parallelMap(jobs) { job in
            let key = Archiver.key(job.entries, folder: job.folder)
            if let bytes = cache.bytes(for: key) { return SiteFile(path: job.path, contents: .bytes(bytes)) }
            let bytes = (try? Archiver.zip(job.entries, folder: job.folder)) ?? []
            cache.store(bytes, for: key)
            return SiteFile(path: job.path, contents: .bytes(bytes))
        }
    }

    /// One package per graded exercise per locale (`<locale>/exercises/<id>.zip`, folder `<id>/`):
    /// the starter as `Sources/check/Answer.swift`, the harness and the checks as
    /// `Sources/check/main.swift` (its words in the locale's language), and a README with the
    /// exercise's text. Made with or without a samples package; cached like the samples' archives.
    static func exerciseArchives(_ course: ResolvedCourse, cacheFolder: String) -> [SiteFile] {
        var jobs: [(path: String, folder: String, entries: [Archiver.Entry])] = []
        for locale in course.locales {
            let strings = course.strings[locale]!
            var seen = Set<String>()
            for page in course.pages[locale] ?? [] {
                page.document.blocks.walk { block, _ in
                    guard case .custom(let exercise) = block, let id = exercise.id, let parts = Exercises.gradedParts(of: exercise),
                          seen.insert(id).inserted else { return }
                    jobs.append((SitePaths.page(SitePaths.exerciseDownload(id), in: locale), id,
                                 exerciseFiles(exercise, id: id, starter: parts.starter.code, check: parts.check.code, strings: strings)))
                }
            }
        }
        return zipped(jobs, cacheFolder: cacheFolder)
    }

    static func exerciseFiles(_ exercise: CustomBlock, id: String, starter: String, check: String, strings: UIStrings) -> [Archiver.Entry] {
        var markdown = MarkdownRenderer(strings: strings)
        // The text without its parts (they are the package's files) and its proof, hidden.
        let text = (exercise.blocks.first ?? []).filter { block in
            if case .snippet(_, let snippet) = block, snippet.proof != nil { return false }
            return Exercises.part(of: block) == nil
        }
        var readme = "# " + (exercise.number.map { $0.label(strings["ref_exercise_start"]) } ?? id) + "\n\n"
        readme += markdown.markdown(text).trimmingCharacters(in: .whitespacesAndNewlines) + "\n\n"
        readme += strings["exercise_readme_run"] + "\n\n    swift run check\n\n" + strings["exercise_readme_verdict"] + "\n"
        let main = ExerciseHarness.packageMain(check: check, words: .init(summary: strings["exercise_checks_passed"]))
        return [Archiver.Entry(path: "Package.swift", contents: Array(ExerciseHarness.manifest(name: id).utf8)),
                Archiver.Entry(path: "README.md", contents: Array(readme.utf8)),
                Archiver.Entry(path: "Sources/check/Answer.swift", contents: Array(starter.utf8)),
                Archiver.Entry(path: "Sources/check/main.swift", contents: Array(main.utf8))]
    }

    static func expectedOutputs(of names: [String], in package: SamplesPackage) -> [String: String] {
        package.expected.filter { file, _ in names.contains { file == "\($0).txt" || file.hasPrefix("\($0).") } }
    }

    /// The command that runs the sample in its download's folder as the build ran it for
    /// `locale`: with a per-locale sample's environment, its arguments and its input, as the page says.
    static func runCommand(_ sample: String, locale: LocaleTag, in package: SamplesPackage) -> String {
        RunCommand(packageRoot: package.root, sample: sample, settings: package.targets[sample]?.settings ?? SampleSettings(),
                   locale: locale).text(inPackage: true)
    }

    static func sampleReadme(_ sample: SampleSummary, locale: LocaleTag, strings: UIStrings, course: ResolvedCourse, command: String) -> String {
        var readme = "# \(sample.name)\n\n"
        let und = LocaleTag("und")!
        if let description = sample.description[locale] ?? sample.description[und]
            ?? locale.fallbackChain(source: course.config.sourceLocale).lazy.compactMap({ sample.description[$0] }).first {
            readme += description + "\n\n"
        }
        readme += strings["zip_readme_run"] + "\n\n    \(command)\n\n"
        if let output = sample.output[locale] ?? sample.output[nil], !output.isEmpty {
            readme += strings["zip_readme_expected"] + "\n\n" + output.split(separator: "\n", omittingEmptySubsequences: false)
                .map { "    " + $0 }.joined(separator: "\n") + "\n"
        }
        return readme
    }
}
