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

    /// Sets `key: value` in the front matter of the chapter at `path`, keeping its line endings
    /// (LF or CRLF) and a byte order mark. Throws when there is no front matter to change, so
    /// that nothing is reported as marked that was not written.
    static func setFrontMatter(key: String, value: String, in path: String) throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let hasBOM = bytes.starts(with: bom)
        if hasBOM { bytes.removeFirst(bom.count) }
        // Lines split at LF only: a CRLF line keeps its CR, compared without it.
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        func bare(_ line: String) -> Substring { line.hasSuffix("\r") ? line.dropLast() : Substring(line) }
        guard let first = lines.first, bare(first) == "---",
              let close = lines.indices.dropFirst().first(where: { bare(lines[$0]) == "---" || bare(lines[$0]) == "..." }) else {
            throw FrontMatterMissing()
        }
        let entry = "\(key): \(value)" + (first.hasSuffix("\r") ? "\r" : "")
        if let existing = (1..<close).first(where: { lines[$0].hasPrefix(key + ":") }) {
            lines[existing] = entry
        } else {
            lines.insert(entry, at: close)
        }
        try Data((hasBOM ? bom : []) + Array(lines.joined(separator: "\n").utf8)).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    struct FrontMatterMissing: LocalizedError {
        var errorDescription: String? { "the file has no front matter (between --- lines) to record it in" }
    }
}
