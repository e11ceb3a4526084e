import CourseModel
import Defaults
import Foundation

/// `primer init`: a small course that builds, checks and serves as it is: `course.yml`, the
/// chapter `getting-started` in every locale asked for, and a samples package with one sample.
public enum CourseStarter {
    public struct Failure: Error, CustomStringConvertible { public var description: String }

    /// The locales Primer has a starter chapter (and the site's words) for.
    public static var locales: [String] { ["en", "ru", "zh-Hans", "de", "fr", "es", "ja", "ko", "pt"] }

    /// Writes the course into `folder` (made if missing) and returns the files written, relative
    /// to it. Nothing is written when any of them, or `Content/`, is already there. The first
    /// locale is the source; the other chapters are marked translated from it.
    public static func create(in folder: String, locales requested: [String]) throws(Failure) -> [String] {
        let files = try self.files(locales: requested)
        let fm = FileManager.default
        let content = joined(folder, "Content")
        let existing = (fm.fileExists(atPath: content) ? ["Content/"] : [])
            + files.map(\.path).filter { fm.fileExists(atPath: joined(folder, $0)) }
        guard existing.isEmpty else {
            throw Failure(description: "\(folder) already has \(existing.joined(separator: ", ")); primer init overwrites nothing. Choose an empty folder: primer init NEW-FOLDER")
        }
        do {
            for file in files {
                let url = URL(fileURLWithPath: joined(folder, file.path))
                try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.text.utf8).write(to: url, options: .withoutOverwriting)
            }
        } catch {
            throw Failure(description: "could not write the course into \(folder): \(error.localizedDescription)")
        }
        // The translations match the source chapter as written: say so in their front matter.
        let (_, diagnostics) = TranslationStatus.markTranslated(content: content, templates: joined(folder, "Templates"), locale: nil, chapter: nil)
        if let error = diagnostics.first(where: \.isError) { throw Failure(description: error.description) }
        return files.map(\.path)
    }

    static func files(locales requested: [String]) throws(Failure) -> [(path: String, text: String)] {
        guard let words = try? JSONSerialization.jsonObject(with: Data(Starter.words.utf8)) as? [String: [String: String]] else {
            throw Failure(description: "the built-in starter course does not read")
        }
        var tags: [String] = []
        for raw in requested.map({ $0.trimmingCharacters(in: .whitespaces) }).filter({ !$0.isEmpty }) {
            // `EN` and `en` are one locale: written once, in the usual case (`zh-hans` → `zh-Hans`).
            guard let tag = LocaleTag(raw)?.canonicalCase else {
                throw Failure(description: "'\(raw)' is not a BCP 47 language tag (e.g. en, ru, zh-Hans, pt-BR)")
            }
            guard starterLocale(for: tag) != nil else {
                throw Failure(description: "Primer has no starter chapter or site words for '\(raw)'; it has "
                              + locales.joined(separator: ", ") + ". Start with those and add '\(raw)' later: its chapters in Content/\(raw)/, its site words in Content/Localizable.xcstrings")
            }
            if !tags.contains(tag.rawValue) { tags.append(tag.rawValue) }
        }
        guard let source = tags.first else { throw Failure(description: "--locales needs at least one language tag") }
        func text(_ key: String, _ locale: String) -> String { words[starterLocale(for: LocaleTag(locale)!)!]?[key] ?? "" }
        func perLocale(_ key: String, indent: String) -> String {
            tags.map { "\(indent)\($0): \(doubleQuoted(text(key, $0)))" }.joined(separator: "\n")
        }
        let course = """
            # Your course, made by `primer init`. Replace the titles and chapters with your own;
            # "Writing a course" in Primer's README describes every key.
            # title: the course's name in each locale. source_locale: the language you write first.
            # locales: every language of the site, one folder of chapters each (Content/<locale>/).
            # parts: the table of contents; a chapter id is its file name without .md.
            title:
            \(perLocale("course", indent: "  "))
            source_locale: \(source)
            locales: [\(tags.joined(separator: ", "))]
            # strict: every Swift block must be checked ({run}, {compile}, {fails}, {listing-only} or a sample).
            verify: strict
            # "Quotes", -- and ... become each language's own typographic marks.
            smart_punctuation: true
            parts:
              - title:
            \(perLocale("part", indent: "      "))
                chapters:
                  - \(Starter.chapterID)

            """
        let samples = """
            # Settings and gallery descriptions for the samples (see Primer's README, "Runnable samples").
            # Every executable target should have a description; per-sample settings such as
            # timeout, stdin, arguments, per_locale or expect_failure go next to it.
            samples:
              \(Starter.sampleName):
                description:
            \(perLocale("sample", indent: "      "))

            """
        var files: [(path: String, text: String)] = [("Content/course.yml", course)]
        for tag in tags {
            files.append(("Content/\(tag)/\(Starter.chapterID).md", Starter.chapters[starterLocale(for: LocaleTag(tag)!)!]!))
        }
        files += [
            ("Content/Samples/Package.swift", Starter.packageManifest),
            ("Content/Samples/samples.yml", samples),
            ("Content/Samples/Sources/\(Starter.sampleName)/main.swift", Starter.sampleSource),
            ("Content/Samples/Outputs/\(Starter.sampleName).txt", Starter.sampleOutput),
            (".gitignore", "# What Primer builds and caches.\nsite/\n.primer-cache/\nContent/Samples/.build/\n"),
        ]
        return files
    }

    /// The starter locale whose text serves `tag`: the same tag, or its language alone (en-GB
    /// takes en; zh-Hant takes nothing, as Primer's Chinese is Simplified).
    static func starterLocale(for tag: LocaleTag) -> String? {
        if let exact = locales.first(where: { $0.lowercased() == tag.rawValue.lowercased() }) { return exact }
        let script = tag.subtags.dropFirst().first { $0.count == 4 }
        return script == nil ? locales.first { $0 == tag.language } : nil
    }
}

private func joined(_ base: String, _ component: String) -> String {
    base.isEmpty || base == "." ? component : (base.hasSuffix("/") ? base + component : base + "/" + component)
}
