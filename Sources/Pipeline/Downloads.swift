import ContentCache
import CourseModel
import Extras
import Foundation

/// The downloadable packages: one per sample and one per chapter, per locale (the README is in
/// the page's language). Archives are cached by their inputs, so an unchanged one is not rebuilt.
enum Downloads {
    static func archives(_ course: ResolvedCourse, package: SamplesPackage, cacheFolder: String) -> [SiteFile] {
        var jobs: [(path: String, folder: String, entries: [Archiver.Entry])] = []
        for locale in course.locales {
            let strings = course.strings[locale]!
            for sample in course.samples where !sample.listingOnly {
                let readme = sampleReadme(sample, locale: locale, strings: strings, course: course)
                let entries = Archiver.packageFiles(for: [sample.name], in: package, name: sample.name, readme: readme,
                                                    expected: expectedOutputs(of: [sample.name], in: package))
                jobs.append((SitePaths.page(SitePaths.sampleDownload(sample.name), in: locale), sample.name, entries))
            }
            for page in course.pages[locale] ?? [] {
                let names = course.samples.filter { !$0.listingOnly && $0.places[locale]?.contains { $0.chapterID == page.id } == true }.map(\.name)
                guard !names.isEmpty else { continue }
                var readme = "# \(strings.chapterLabel(page.numbering.label).map { $0 + strings["label_title_separator"] } ?? "")\(page.title)\n\n"
                readme += strings.format("zip_readme_chapter", page.title) + "\n\n"
                readme += names.map { "    swift run \($0)\n" }.joined()
                let entries = Archiver.packageFiles(for: names, in: package, name: "chapter-\(page.id)", readme: readme,
                                                    expected: expectedOutputs(of: names, in: package))
                jobs.append((SitePaths.page(SitePaths.chapterDownload(page.id), in: locale), "chapter-\(page.id)", entries))
            }
        }
        let cache = ContentCache(folder: cacheFolder, suffix: ".zip")
        return parallelMap(jobs) { job in
            let key = Archiver.key(job.entries, folder: job.folder)
            if let bytes = cache.bytes(for: key) { return SiteFile(path: job.path, contents: .bytes(bytes)) }
            let bytes = (try? Archiver.zip(job.entries, folder: job.folder)) ?? []
            cache.store(bytes, for: key)
            return SiteFile(path: job.path, contents: .bytes(bytes))
        }
    }

    static func expectedOutputs(of names: [String], in package: SamplesPackage) -> [String: String] {
        package.expected.filter { file, _ in names.contains { file == "\($0).txt" || file.hasPrefix("\($0).") } }
    }

    static func sampleReadme(_ sample: SampleSummary, locale: LocaleTag, strings: UIStrings, course: ResolvedCourse) -> String {
        var readme = "# \(sample.name)\n\n"
        let und = LocaleTag("und")!
        if let description = sample.description[locale] ?? sample.description[und]
            ?? locale.fallbackChain(source: course.config.sourceLocale).lazy.compactMap({ sample.description[$0] }).first {
            readme += description + "\n\n"
        }
        readme += strings["zip_readme_run"] + "\n\n    swift run\n\n"
        if let output = sample.output[locale] ?? sample.output[nil], !output.isEmpty {
            readme += strings["zip_readme_expected"] + "\n\n" + output.split(separator: "\n", omittingEmptySubsequences: false)
                .map { "    " + $0 }.joined(separator: "\n") + "\n"
        }
        return readme
    }
}
