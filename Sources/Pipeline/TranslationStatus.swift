import CourseModel
import Foundation
import Loader

/// `primer status`: what each locale has translated, what went stale, what is missing.
public enum TranslationStatus {
    public struct Counts: Sendable { public var done = 0, stale = 0, missing = 0, total = 0 }

    public struct Row: Sendable {
        public var locale: LocaleTag
        /// Chapters: done = translated from the current source; stale = from an older one (or never marked).
        public var chapters = Counts()
        /// Strings: done = translated; stale = needs review (or new/stale in the catalog).
        public var strings = Counts()
        public var staleChapters: [String] = []
        public var missingChapters: [String] = []
        public var reviewStrings: [String] = []
        public var missingStrings: [String] = []
        public var isComplete: Bool { chapters.stale + chapters.missing + strings.stale + strings.missing == 0 }
    }

    public static func compute(content: String, templates: String) -> ([Row], [Diagnostic]) {
        let (loaded, diagnostics) = CourseLoader.load(.init(contentPath: content, templatesPath: templates))
        guard let sources = loaded else { return ([], diagnostics) }
        let source = sources.config.sourceLocale
        var rows: [Row] = []
        for locale in sources.config.locales where locale != source {
            var row = Row(locale: locale)
            for id in sources.config.chapterIDs {
                guard let original = sources.chapters[id]?[source] else { continue }
                row.chapters.total += 1
                guard let translation = sources.chapters[id]?[locale] else {
                    row.chapters.missing += 1; row.missingChapters.append(id); continue
                }
                if translation.translatedFrom == original.fingerprint { row.chapters.done += 1 } else {
                    row.chapters.stale += 1; row.staleChapters.append(id)
                }
            }
            for (key, entry) in (sources.catalog?.entries ?? [:]).sorted(by: { $0.key < $1.key }) where entry.localizations[source] != nil {
                row.strings.total += 1
                switch entry.localizations[locale]?.state {
                case .translated?: row.strings.done += 1
                case .needsReview?, .stale?: row.strings.stale += 1; row.reviewStrings.append(key)
                case .new?, nil: row.strings.missing += 1; row.missingStrings.append(key)
                }
            }
            rows.append(row)
        }
        return (rows, diagnostics)
    }

    /// Records the current source fingerprint in translations' front matter (`translated_from`).
    /// Returns the files changed.
    public static func markTranslated(content: String, templates: String, locale: String?, chapter: String?) -> ([String], [Diagnostic]) {
        let (loaded, diagnostics) = CourseLoader.load(.init(contentPath: content, templatesPath: templates))
        guard let sources = loaded else { return ([], diagnostics) }
        let source = sources.config.sourceLocale
        var changed: [String] = []
        var problems = diagnostics
        for (id, versions) in sources.chapters.sorted(by: { $0.key < $1.key }) where chapter == nil || chapter == id {
            guard let original = versions[source] else { continue }
            for (tag, translation) in versions.sorted(by: { $0.key < $1.key }) where tag != source && (locale == nil || locale == tag.rawValue) {
                guard translation.translatedFrom != original.fingerprint else { continue }
                do {
                    try setFrontMatter(key: "translated_from", value: original.fingerprint, in: translation.path)
                    changed.append(translation.path)
                } catch {
                    problems.append(.error(.blessWrite, "cannot update the front matter: \(error.localizedDescription)", at: SourceLocation(path: translation.path)))
                }
            }
        }
        return (changed, problems)
    }

    static func setFrontMatter(key: String, value: String, in path: String) throws {
        var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.first == "---", let close = lines.indices.dropFirst().first(where: { lines[$0] == "---" }) else { return }
        if let existing = (1..<close).first(where: { lines[$0].hasPrefix(key + ":") }) {
            lines[existing] = "\(key): \(value)"
        } else {
            lines.insert("\(key): \(value)", at: close)
        }
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
    }
}
