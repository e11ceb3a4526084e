import CourseModel
import Foundation
import Loader

/// `primer status`: what each locale has translated, what went stale, what is missing.
public enum TranslationStatus {
    public struct Counts: Sendable { public var done = 0, stale = 0, missing = 0, total = 0 }

    public struct Row: Sendable {
        public var locale: LocaleTag
        /// Chapters: done = every section translated from the current source; stale = some section not.
        public var chapters = Counts()
        /// Sections of the chapters that exist in this locale: done = current; stale = changed,
        /// missing or never marked.
        public var sections = Counts()
        /// Strings: done = translated; stale = needs review (or new/stale in the catalog).
        public var strings = Counts()
        /// Per-locale sample outputs: done = checked against the current sample source.
        public var outputs = Counts()
        public var staleChapters: [String] = []
        /// Each stale chapter's stale sections, by chapter id.
        public var staleSections: [String: TranslationStaleness] = [:]
        public var missingChapters: [String] = []
        public var reviewStrings: [String] = []
        public var missingStrings: [String] = []
        /// Per-locale expected outputs (`Outputs/<sample>.<locale>.txt`) whose sample changed
        /// since they were checked, and whether they were ever marked.
        public var staleOutputs: [(file: String, wasMarked: Bool)] = []
        public var isComplete: Bool {
            chapters.stale + chapters.missing + strings.stale + strings.missing + outputs.stale == 0
        }
    }

    public static func compute(content: String, templates: String) -> ([Row], [Diagnostic]) {
        let (loaded, diagnostics) = CourseLoader.load(.init(contentPath: content, templatesPath: templates))
        guard let sources = loaded else { return ([], diagnostics) }
        return (compute(sources), diagnostics)
    }

    public static func compute(_ sources: CourseSources) -> [Row] {
        let source = sources.config.sourceLocale
        let split = Dictionary(uniqueKeysWithValues: sources.config.chapterIDs.compactMap { id in
            sources.chapters[id]?[source].map { (id, ChapterSections.split($0)) }
        })
        let marks = SampleOutputMarks.read(sources)
        var rows: [Row] = []
        for locale in sources.config.locales where locale != source {
            var row = Row(locale: locale)
            for id in sources.config.chapterIDs {
                guard let original = sources.chapters[id]?[source], let sections = split[id] else { continue }
                row.chapters.total += 1
                guard let translation = sources.chapters[id]?[locale] else {
                    row.chapters.missing += 1; row.missingChapters.append(id); continue
                }
                let staleness = TranslationStaleness.compare(sourceSections: sections, sourceFingerprint: { original.fingerprint },
                                                             translation: translation)
                row.sections.total += sections.count
                row.sections.stale += staleness.sections.count
                row.sections.done += sections.count - staleness.sections.count
                if staleness.isCurrent { row.chapters.done += 1 } else {
                    row.chapters.stale += 1; row.staleChapters.append(id); row.staleSections[id] = staleness
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
            for output in marks.outputs(for: locale) {
                row.outputs.total += 1
                if output.isCurrent { row.outputs.done += 1 } else { row.outputs.stale += 1; row.staleOutputs.append((output.file, output.wasMarked)) }
            }
            rows.append(row)
        }
        return rows
    }

    /// Records that translations match the current source: every section of each chapter (or
    /// only `section`, an id or a place) gets the source section's fingerprint in the front
    /// matter's `translated_sections`; with no chapter and no section named, the locale's
    /// per-locale sample outputs are marked too. Returns the files changed.
    public static func markTranslated(content: String, templates: String, locale: String?, chapter: String?,
                                      section: String? = nil) -> ([String], [Diagnostic]) {
        let (loaded, diagnostics) = CourseLoader.load(.init(contentPath: content, templatesPath: templates))
        guard let sources = loaded else { return ([], diagnostics) }
        let source = sources.config.sourceLocale
        var changed: [String] = []
        var problems = diagnostics
        if let chapter, sources.chapters[chapter] == nil {
            problems.append(.error(.settingValue, "there is no chapter '\(chapter)'", at: SourceLocation(path: content),
                                   suggestion: closestMatch(to: chapter, in: Array(sources.chapters.keys)).map { "did you mean '\($0)'?" }))
            return ([], problems)
        }
        if let locale, !sources.config.locales.contains(where: { $0.rawValue == locale }) {
            problems.append(.error(.settingValue, "the course has no locale '\(locale)'", at: SourceLocation(path: content),
                                   suggestion: "the locales are " + sources.config.locales.map(\.rawValue).joined(separator: ", ")))
            return ([], problems)
        }
        var snapshots = SectionSnapshots(content: content)
        // Each translation's marks as they stand after this run: what the snapshots must keep.
        var referenced: [String: [String: String]] = [:]
        for versions in sources.chapters.values {
            for (tag, translation) in versions where tag != source { referenced[translation.path] = translation.translatedSections ?? [:] }
        }
        for (id, versions) in sources.chapters.sorted(by: { $0.key < $1.key }) where chapter == nil || chapter == id {
            guard let original = versions[source] else { continue }
            let sections = ChapterSections.split(original)
            var wanted = sections
            if let section {
                wanted = sections.filter { $0.key == section }
                guard !wanted.isEmpty else {
                    problems.append(.error(.settingValue, "\(original.path) has no section '\(section)'", at: SourceLocation(path: original.path),
                                           suggestion: "its sections are " + sections.map(\.key).joined(separator: ", ")))
                    continue
                }
            }
            for (tag, translation) in versions.sorted(by: { $0.key < $1.key }) where tag != source && (locale == nil || locale == tag.rawValue) {
                // A section the translation leaves out is marked too: the translator saw it.
                var marks = recordedMarks(translation, sections: sections, original: original)
                for section in wanted { marks[section.key] = section.fingerprint }
                guard marks != translation.translatedSections || translation.translatedFrom != nil else { continue }
                do {
                    try writeMarks(marks, order: sections.map(\.key), in: translation.path)
                    changed.append(translation.path)
                    referenced[translation.path] = marks
                    snapshots.keep(wanted, of: original.path)
                } catch {
                    problems.append(.error(.blessWrite, "cannot update the front matter: \(error.localizedDescription)", at: SourceLocation(path: translation.path)))
                }
            }
        }
        if chapter == nil && section == nil, let samples = sources.samples {
            var outputs = SampleOutputMarks.read(sources)
            if outputs.mark(locales: sources.config.locales.filter { $0 != source && (locale == nil || $0.rawValue == locale) }) {
                do {
                    try outputs.write()
                    changed.append(outputs.path)
                } catch {
                    problems.append(.error(.blessWrite, "cannot write \(outputs.path): \(error.localizedDescription)",
                                           at: SourceLocation(path: samples.root)))
                }
            }
        }
        if !changed.isEmpty, !problems.hasErrors {
            // Snapshots no translation refers to any more are removed.
            snapshots.prune(keeping: Set(referenced.values.flatMap(\.values)))
        }
        return (changed, problems)
    }

    /// Sets, for each translation file in `marksByPath`, its marks (section key → source
    /// fingerprint) in its `translated_sections`, keeping the others and everything else in the
    /// file; the course is loaded once. A translation marked before sections were recorded, and
    /// current, keeps every section marked.
    public static func markSections(_ marksByPath: [String: [String: String]], content: String, templates: String) -> [Diagnostic] {
        guard !marksByPath.isEmpty else { return [] }
        let (loaded, diagnostics) = CourseLoader.load(.init(contentPath: content, templatesPath: templates))
        guard let sources = loaded else { return diagnostics.filter(\.isError) }
        var translations: [String: (ChapterSource, ChapterSource)] = [:]  // path → (translation, source)
        for versions in sources.chapters.values {
            guard let original = versions[sources.config.sourceLocale] else { continue }
            for (tag, translation) in versions where tag != sources.config.sourceLocale { translations[translation.path] = (translation, original) }
        }
        var problems: [Diagnostic] = []
        var snapshots = SectionSnapshots(content: content)
        for (path, marks) in marksByPath.sorted(by: { $0.key < $1.key }) {
            guard let (translation, original) = translations[path] else {
                problems.append(.error(.settingValue, "\(path) is not a translation of the course's chapters", at: SourceLocation(path: path)))
                continue
            }
            let sections = ChapterSections.split(original)
            var merged = recordedMarks(translation, sections: sections, original: original)
            merged.merge(marks) { _, new in new }
            do {
                try writeMarks(merged, order: sections.map(\.key), in: path)
                snapshots.keep(sections.filter { marks[$0.key] == $0.fingerprint }, of: original.path)
            } catch {
                problems.append(.error(.blessWrite, "cannot mark the sections translated: \(error.localizedDescription)", at: SourceLocation(path: path)))
            }
        }
        return problems
    }

    /// What a translation has recorded, as section marks: its `translated_sections`, or, for one
    /// marked before sections were recorded, every section when its `translated_from` is current.
    static func recordedMarks(_ translation: ChapterSource, sections: [ChapterSection], original: ChapterSource) -> [String: String] {
        if let marks = translation.translatedSections { return marks }
        guard translation.translatedFrom == original.fingerprint else { return [:] }
        return Dictionary(uniqueKeysWithValues: sections.map { ($0.key, $0.fingerprint) })
    }

    /// Writes `translated_sections` (in the source's section order) and drops `translated_from`.
    static func writeMarks(_ marks: [String: String], order: [String], in path: String) throws {
        let ordered = order.compactMap { key in marks[key].map { (key, $0) } }
            + marks.filter { !order.contains($0.key) }.sorted { $0.key < $1.key }
        try editFrontMatter(in: path) { lines, close, newline in
            var close = close
            if let old = lines[1..<close].firstIndex(where: { $0.hasPrefix("translated_from:") }) {
                lines.remove(at: old)
                close -= 1
            }
            if let start = lines[1..<close].firstIndex(where: { $0.hasPrefix("translated_sections:") }) {
                var end = start + 1
                while end < close, lines[end].hasPrefix(" ") || lines[end].hasPrefix("\t") { end += 1 }
                lines.removeSubrange(start..<end)
                close -= end - start
            }
            let block = ["translated_sections:" + newline] + ordered.map { key, print in
                let plain = key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" } && !key.hasPrefix("-")
                return "  \(plain ? key : "\"" + key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""): \(print)" + newline
            }
            lines.insert(contentsOf: block, at: close)
        }
    }

    static func bare(_ line: String) -> Substring { line.hasSuffix("\r") ? line.dropLast() : Substring(line) }

    /// Edits the front matter of the chapter at `path`, keeping its line endings (LF or CRLF)
    /// and a byte order mark: `edit` gets the file's lines (split at LF, a CRLF line keeping its
    /// CR), the index of the closing `---` line and the line ending to end a new line with.
    /// Throws when there is no front matter to change, so that nothing is reported as marked
    /// that was not written.
    static func editFrontMatter(in path: String, _ edit: (inout [String], Int, String) -> Void) throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let hasBOM = bytes.starts(with: bom)
        if hasBOM { bytes.removeFirst(bom.count) }
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard let first = lines.first, bare(first) == "---",
              let close = lines.indices.dropFirst().first(where: { bare(lines[$0]) == "---" || bare(lines[$0]) == "..." }) else {
            throw FrontMatterMissing()
        }
        edit(&lines, close, first.hasSuffix("\r") ? "\r" : "")
        try Data((hasBOM ? bom : []) + Array(lines.joined(separator: "\n").utf8)).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    struct FrontMatterMissing: LocalizedError {
        var errorDescription: String? { "the file has no front matter (between --- lines) to record it in" }
    }
}
