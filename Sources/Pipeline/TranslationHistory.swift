import CourseModel
import Foundation
import Loader
import Samples

/// The source text a translation was made from, for `primer status --diff`: from git history
/// when the course is in git, from the snapshots Primer keeps otherwise.
///
/// A snapshot is a source section's text at the time a translation of it was marked, stored
/// under its fingerprint in `<content>/.primer/sources/<fingerprint>.md`. It is written only
/// when git cannot give that text back (the course is not in git, or the source file has
/// changes not committed), and removed when no translation refers to it any more.
struct SectionSnapshots {
    let folder: String
    let content: String
    /// Whether git has each source file as it is, asked once per file (each has several translations).
    private var committed: [String: Bool] = [:]

    init(content: String) {
        self.content = content
        folder = (content as NSString).appendingPathComponent(".primer/sources")
    }

    func path(_ fingerprint: String) -> String { (folder as NSString).appendingPathComponent(fingerprint + ".md") }

    func read(_ fingerprint: String) -> String? { try? String(contentsOfFile: path(fingerprint), encoding: .utf8) }

    /// Keeps `sections` of the source file at `sourcePath`, unless git has the file as it is.
    mutating func keep(_ sections: [ChapterSection], of sourcePath: String) {
        guard !sections.isEmpty else { return }
        if committed[sourcePath] == nil { committed[sourcePath] = GitHistory.hasCommitted(sourcePath) }
        guard committed[sourcePath] == false else { return }
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for section in sections where read(section.fingerprint) == nil {
            try? Data(section.raw.utf8).write(to: URL(fileURLWithPath: path(section.fingerprint)), options: .atomic)
        }
    }

    /// Removes the snapshots no translation refers to.
    func prune(keeping referenced: Set<String>) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasSuffix(".md") && !referenced.contains(String(name.dropLast(3))) {
            try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(name))
        }
        if (try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty == true {
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent)
        }
    }
}

/// Earlier versions of a file, asked of git.
enum GitHistory {
    /// Whether `path` is in a git work tree, tracked, and the same as in the last commit.
    static func hasCommitted(_ path: String) -> Bool {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        guard Shell.which("git") != nil else { return false }
        let tracked = Shell.run(["git", "ls-files", "--error-unmatch", "--", name], in: folder, timeout: 30)
        guard tracked.status == 0 else { return false }
        return Shell.run(["git", "diff", "--quiet", "HEAD", "--", name], in: folder, timeout: 30).status == 0
    }

    /// The versions of `path` in git history, newest first (at most `limit`).
    static func versions(of path: String, limit: Int = 200) -> [(commit: String, date: String, text: String)] {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        guard Shell.which("git") != nil else { return [] }
        let log = Shell.run(["git", "log", "--format=%H %cs", "-n", String(limit), "--", name], in: folder, timeout: 60)
        guard log.status == 0 else { return [] }
        let prefix = Shell.run(["git", "rev-parse", "--show-prefix"], in: folder, timeout: 30).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return log.stdout.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ")
            guard parts.count == 2 else { return nil }
            let show = Shell.run(["git", "show", "\(parts[0]):\(prefix)\(name)"], in: folder, timeout: 60)
            guard show.status == 0 else { return nil }
            return (String(parts[0]), String(parts[1]), show.stdout)
        }
    }
}

/// `primer status --diff`: what changed in the source since each stale section was translated.
public enum TranslationDiff {
    public struct SectionDiff: Sendable {
        public var section: TranslationStaleness.Section
        /// A unified diff from the text translated to the source now; nil when that text could
        /// not be found (see `note`).
        public var diff: String?
        /// Where the old text came from (`git 1a2b3c4 (2026-11-20)`, `snapshot`), or why there is none.
        public var note: String
    }

    public static func compute(content: String, templates: String, locale: String, chapter: String) -> ([SectionDiff], [Diagnostic]) {
        let (loaded, diagnostics) = CourseLoader.load(.init(contentPath: content, templatesPath: templates))
        guard let sources = loaded else { return ([], diagnostics) }
        let location = SourceLocation(path: content)
        guard let tag = sources.config.locales.first(where: { $0.rawValue == locale }), tag != sources.config.sourceLocale else {
            return ([], diagnostics + [.error(.settingValue, "'\(locale)' is not one of the course's translations", at: location,
                                              suggestion: "the translations are " + sources.config.locales.filter { $0 != sources.config.sourceLocale }
                                                .map(\.rawValue).joined(separator: ", "))])
        }
        guard let versions = sources.chapters[chapter], let original = versions[sources.config.sourceLocale] else {
            return ([], diagnostics + [.error(.settingValue, "there is no chapter '\(chapter)'", at: location,
                                              suggestion: closestMatch(to: chapter, in: Array(sources.chapters.keys)).map { "did you mean '\($0)'?" })])
        }
        guard let translation = versions[tag] else {
            return ([], diagnostics + [.error(.settingValue, "'\(chapter)' has no \(locale) translation yet", at: SourceLocation(path: original.path))])
        }
        let staleness = TranslationStaleness.compare(source: original, translation: translation)
        var earlier = EarlierSource(content: content, original: original)
        func oldText(key: String, print: String?, chapterPrint: String?) -> (String, String)? {
            earlier.text(key: key, print: print, chapterPrint: chapterPrint)
        }
        let relative = original.path
        let result = staleness.sections.compactMap { section -> SectionDiff? in
            let now = section.source.raw
            let name = "\(relative)#\(section.key)"
            switch section.reason {
            case .missing:
                return SectionDiff(section: section, diff: unifiedDiff(expected: "", actual: now, expectedName: "/dev/null", actualName: name),
                                   note: "the translation has no such section: translate it all")
            case .changed, .unmarked:
                let chapterPrint = section.reason == .unmarked ? translation.translatedFrom : nil
                guard section.recorded != nil || chapterPrint != nil,
                      let (old, origin) = oldText(key: section.key, print: section.recorded, chapterPrint: chapterPrint) else {
                    let why = section.recorded == nil && chapterPrint == nil
                        ? "never marked translated: compare it with the source by hand, then run primer status --mark-translated"
                        : "the text it was translated from is in neither git history nor a snapshot"
                    return SectionDiff(section: section, diff: nil, note: why)
                }
                // A translation marked before sections were recorded: its unchanged sections are current.
                if chapterPrint != nil, ChapterSection.fingerprint(of: old) == section.source.fingerprint { return nil }
                let diff = unifiedDiff(expected: old, actual: now, expectedName: "\(name) (translated, \(origin))", actualName: "\(name) (now)")
                return SectionDiff(section: section, diff: fileLines(diff, from: section.source.line), note: origin)
            }
        }
        return (result, diagnostics)
    }
}

/// The source a stale section of a translation was made from: a snapshot, else git history
/// (asked once per source file, and only when a snapshot does not have it).
struct EarlierSource {
    let snapshots: SectionSnapshots
    let original: ChapterSource
    private var history: [(commit: String, date: String, text: String)]?

    init(content: String, original: ChapterSource) {
        snapshots = SectionSnapshots(content: content)
        self.original = original
    }

    /// The source section `key` as it was when its fingerprint was `print` (or, for a
    /// translation marked before sections were recorded, when the chapter's was `chapterPrint`),
    /// and where it was found.
    mutating func text(key: String, print: String?, chapterPrint: String?) -> (raw: String, origin: String)? {
        if let print, let text = snapshots.read(print) { return (text, "snapshot \(print)") }
        if history == nil { history = GitHistory.versions(of: original.path) }
        for version in history ?? [] {
            guard let old = CourseLoader.parseChapter(version.text, path: original.path, id: original.id, locale: original.locale).0 else { continue }
            let sections = ChapterSections.split(old)
            let match = print.flatMap { p in sections.first { $0.key == key && $0.fingerprint == p } ?? sections.first { $0.fingerprint == p } }
                ?? (chapterPrint == old.fingerprint ? sections.first { $0.key == key } : nil)
            if let match { return (match.raw, "git \(version.commit.prefix(7)) (\(version.date))") }
        }
        return nil
    }

    /// The earlier text of each of `staleness`'s changed sections that can be found, by key.
    mutating func texts(for staleness: TranslationStaleness, translation: ChapterSource) -> [String: String] {
        var found: [String: String] = [:]
        for section in staleness.sections where section.reason != .missing {
            let chapterPrint = section.reason == .unmarked ? translation.translatedFrom : nil
            guard section.recorded != nil || chapterPrint != nil,
                  let (raw, _) = text(key: section.key, print: section.recorded, chapterPrint: chapterPrint) else { continue }
            found[section.key] = raw
        }
        return found
    }
}

/// A section's diff with its hunks numbered by the source file's lines now (the section starts
/// at `line`).
func fileLines(_ diff: String, from line: Int) -> String {
    diff.split(separator: "\n", omittingEmptySubsequences: false).map { row -> String in
        guard row.hasPrefix("@@ -"), let end = row.dropFirst(3).range(of: " @@") else { return String(row) }
        let ranges = row[row.index(row.startIndex, offsetBy: 3)..<end.lowerBound].split(separator: " ").map { range -> String in
            let sign = range.prefix(1)
            let parts = range.dropFirst().split(separator: ",")
            guard let start = Int(parts.first ?? ""), start > 0 else { return String(range) }
            return sign + String(start + line - 1) + (parts.count > 1 ? "," + parts[1] : "")
        }
        return "@@ " + ranges.joined(separator: " ") + " @@" + row[end.upperBound...]
    }.joined(separator: "\n")
}

/// Which sample source each per-locale expected output (`Outputs/<sample>.<locale>.txt`, not
/// the source locale's) was checked against: `Content/Samples/translations.yml`, written by
/// `primer status --mark-translated`, one line `<sample>.<locale>: <fingerprint>` each. A
/// sample whose source changed since is stale in that locale: its localized output (strings,
/// plural forms) may no longer say what the source's does.
struct SampleOutputMarks {
    struct Output { var file: String; var key: String; var fingerprint: String; var isCurrent: Bool; var wasMarked: Bool }

    let path: String
    private var marks: [String: String]
    private var current: [String: String] = [:]  // sample name → fingerprint of its sources now
    private var files: [(key: String, file: String, sample: String, locale: LocaleTag)] = []

    static let fileName = "translations.yml"

    static func read(_ sources: CourseSources) -> SampleOutputMarks {
        guard let samples = sources.samples else { return SampleOutputMarks(path: "", marks: [:]) }
        let path = (samples.root as NSString).appendingPathComponent(fileName)
        var marks: [String: String] = [:]
        for line in ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2 { marks[parts[0]] = parts[1] }
        }
        var result = SampleOutputMarks(path: path, marks: marks)
        for (name, settings) in samples.settings.sorted(by: { $0.key < $1.key }) where settings.perLocale {
            var hash = StableHash()
            for (file, text) in samples.files.sorted(by: { $0.key < $1.key }) where file.hasPrefix("Sources/\(name)/") {
                hash.add(file); hash.add("\u{0}"); hash.add(text); hash.add("\u{0}")
            }
            result.current[name] = String(hash.short.suffix(8))
            for locale in sources.config.locales where locale != sources.config.sourceLocale {
                let file = SamplesPackage.expectedFileName(name, locale: locale)
                guard samples.expected[file] != nil else { continue }
                result.files.append(("\(name).\(locale.rawValue)", file, name, locale))
            }
        }
        return result
    }

    private init(path: String, marks: [String: String]) { self.path = path; self.marks = marks }

    func outputs(for locale: LocaleTag) -> [Output] {
        files.filter { $0.locale == locale }.map { entry in
            let now = current[entry.sample] ?? ""
            return Output(file: "Outputs/" + entry.file, key: entry.key, fingerprint: now, isCurrent: marks[entry.key] == now,
                          wasMarked: marks[entry.key] != nil)
        }
    }

    /// Marks the outputs of `locales` current; whether anything changed.
    mutating func mark(locales: [LocaleTag]) -> Bool {
        var changed = false
        for entry in files where locales.contains(entry.locale) {
            let now = current[entry.sample] ?? ""
            if marks[entry.key] != now { marks[entry.key] = now; changed = true }
        }
        return changed
    }

    func write() throws {
        let header = "# Written by primer status --mark-translated: the sample source (a fingerprint of Sources/<sample>/)\n"
            + "# each per-locale expected output was last checked against. Do not edit by hand.\n"
        let lines = marks.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)\n" }.joined()
        try Data((header + lines).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
