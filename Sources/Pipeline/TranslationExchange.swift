import CourseModel
import Exchange
import Foundation
import Loader

/// `primer translations`: the course's chapters and string catalogs exported for translation
/// tools (PO, XLIFF 1.2) and their translations imported back.
public enum TranslationExchange {
    public enum Format: String, Sendable, CaseIterable { case po, xliff }

    /// A file to write: its path and text.
    public struct File: Sendable, Hashable { public var path: String; public var text: String }

    /// The files an export makes, in memory: PO `<output>/<locale>/<chapter>.po` and
    /// `<output>/templates/<chapter>.pot`; XLIFF `<output>/<locale>/chapters.xliff` and
    /// `<output>/<locale>/Localizable.xliff`.
    public static func export(content: String, templates: String, locale: String, format: Format, output: String,
                              chapter: String? = nil) -> ([File], [Diagnostic]) {
        let (loaded, loadDiagnostics) = CourseLoader.load(.init(contentPath: content, templatesPath: templates))
        guard let sources = loaded else { return ([], loadDiagnostics) }
        var diagnostics = loadDiagnostics.filter(\.isError)
        guard let target = LocaleTag(locale), sources.config.locales.contains(target), target != sources.config.sourceLocale else {
            return ([], diagnostics + [.error(.localeNotInCourse, "'\(locale)' is not one of the course's translations",
                                              suggestion: "use one of: \(sources.config.locales.filter { $0 != sources.config.sourceLocale }.map(\.rawValue).joined(separator: ", "))")])
        }
        let ids = sources.config.chapterIDs.filter { chapter == nil || $0 == chapter }
        if let chapter, ids.isEmpty {
            return ([], diagnostics + [.error(.chapterID, "the course has no chapter '\(chapter)'",
                                              suggestion: closestMatch(to: chapter, in: sources.config.chapterIDs).map { "did you mean '\($0)'?" })])
        }
        let chapters: [(id: String, path: String, units: [ChapterUnit])] = ids.compactMap { id in
            guard let source = sources.chapters[id]?[sources.config.sourceLocale] else { return nil }
            let translation = sources.chapters[id]?[target]
            // The source each stale section was translated from (git or a snapshot): PO's `#| msgid`.
            var previous: [String: String] = [:]
            if format == .po, let translation {
                let staleness = TranslationStaleness.compare(source: source, translation: translation)
                if !staleness.isCurrent {
                    var earlier = EarlierSource(content: content, original: source)
                    previous = earlier.texts(for: staleness, translation: translation)
                }
            }
            return (id, source.path, ChapterExchange.units(source: source, translation: translation, previous: previous))
        }
        var files: [File] = []
        switch format {
        case .po:
            for chapter in chapters {
                files.append(File(path: join(output, target.rawValue, "\(chapter.id).po"), text: ChapterFiles.po(chapter.units, chapter: chapter.id, locale: target)))
                files.append(File(path: join(output, "templates", "\(chapter.id).pot"), text: ChapterFiles.po(chapter.units, chapter: chapter.id, locale: nil)))
            }
        case .xliff:
            files.append(File(path: join(output, target.rawValue, "chapters.xliff"),
                              text: ChapterFiles.xliff(chapters, source: sources.config.sourceLocale, target: target)))
            var catalogs: [String] = []
            for catalog in catalogPaths(content: content, templates: templates) {
                guard let text = try? String(contentsOfFile: catalog.path, encoding: .utf8) else { continue }
                let (xliff, problems) = CatalogExchange.xliff(catalog: text, path: catalog.path, original: catalog.original, target: target)
                diagnostics += problems
                if let xliff { catalogs.append(xliff) }
            }
            if !catalogs.isEmpty {
                // One document: the first's opening and each catalog's <file>.
                let files2 = catalogs.enumerated().map { index, xliff -> String in
                    var text = Substring(xliff)
                    if index > 0, let start = text.range(of: "  <file ") { text = text[start.lowerBound...] }
                    if index < catalogs.count - 1, let end = text.range(of: "</xliff>\n", options: .backwards) { text = text[..<end.lowerBound] }
                    return String(text)
                }
                files.append(File(path: join(output, target.rawValue, "Localizable.xliff"), text: files2.joined()))
            }
        }
        return (files, diagnostics)
    }

    /// The catalogs a course exports: the templates folder's (`original` "Localizable.xcstrings",
    /// as Xcode names a catalog) and the course's own, named by its path.
    static func catalogPaths(content: String, templates: String) -> [(path: String, original: String)] {
        var paths: [(String, String)] = []
        let templatesCatalog = join(templates, "Localizable.xcstrings")
        if FileManager.default.fileExists(atPath: templatesCatalog) { paths.append((templatesCatalog, "Localizable.xcstrings")) }
        let own = join(content, "Localizable.xcstrings")
        if FileManager.default.fileExists(atPath: own) { paths.append((own, own)) }
        return paths
    }

    /// What an import changes: each file's new text, and the report's lines.
    public struct Plan: Sendable {
        public var writes: [File] = []
        /// Translation path → section key → source fingerprint, marked after writing.
        public var marks: [String: [String: String]] = [:]
        public var report: [String] = []
    }

    /// Reads and checks every file; nothing is written. An error anywhere means no plan.
    public static func plan(importing paths: [String], content: String, templates: String) -> (Plan?, [Diagnostic]) {
        let (loaded, loadDiagnostics) = CourseLoader.load(.init(contentPath: content, templatesPath: templates))
        guard let sources = loaded else { return (nil, loadDiagnostics) }
        var diagnostics = loadDiagnostics.filter(\.isError)
        var plan = Plan()
        // Chapters: units gathered per locale and chapter over every file.
        var units: [LocaleTag: [String: [ImportedUnit]]] = [:]
        var catalogTargets: [(catalog: String, locale: String, targets: [CatalogExchange.Target])] = []
        let catalogs = catalogPaths(content: content, templates: templates)
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else {
                diagnostics.append(.error(.fileUnreadable, "cannot read \(path)", at: SourceLocation(path: path))); continue
            }
            let text = String(decoding: data, as: UTF8.self)
            var locale: String?
            var read: [ImportedUnit] = []
            if text.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" }).hasPrefix("<") {
                let (root, problems) = XMLElementNode.parse(data, path: path)
                diagnostics += problems
                guard let root else { continue }
                for file in root.elements(named: "file") where (file.attribute("original") ?? "").hasSuffix(".xcstrings") {
                    let original = file.attribute("original") ?? ""
                    guard let catalog = catalogs.first(where: { $0.original == original }) else {
                        diagnostics.append(.error(.exchangeFile, "the course has no catalog '\(original)'", at: SourceLocation(path: path, line: file.line, column: file.column),
                                                  suggestion: "catalogs: \(catalogs.map(\.original).joined(separator: ", "))"))
                        continue
                    }
                    let language = file.attribute("target-language") ?? ""
                    guard let tag = LocaleTag(language), sources.config.locales.contains(tag), tag != sources.config.sourceLocale else {
                        diagnostics.append(.error(.exchangeFile, "the catalog's target-language '\(language)' is not one of the course's translations",
                                                  at: SourceLocation(path: path, line: file.line, column: file.column)))
                        continue
                    }
                    catalogTargets.append((catalog.path, tag.rawValue, CatalogExchange.targets(of: file, path: path)))
                }
                var chaptersOnly = root
                chaptersOnly.children = root.children.filter {
                    if case .element(let file) = $0 { return !(file.attribute("original") ?? "").hasSuffix(".xcstrings") } else { return true }
                }
                let (tag, found, problems2) = ChapterFiles.read(xliff: chaptersOnly, path: path)
                locale = tag; read = found; diagnostics += problems2
            } else {
                let (file, problems) = PO.read(text, path: path)
                diagnostics += problems
                guard let file else { continue }
                let (tag, found, problems2) = ChapterFiles.read(po: file, path: path)
                locale = tag; read = found; diagnostics += problems2
                if tag == nil, !found.isEmpty {
                    diagnostics.append(.error(.exchangeFile, "the PO file has no Language in its header", at: SourceLocation(path: path, line: 1, column: 1),
                                              suggestion: "import a translated .po file (the .pot template has no language), or add \"Language: ru\\n\" to its header"))
                    continue
                }
            }
            guard !read.isEmpty else { continue }
            guard let tag = locale.flatMap(LocaleTag.init), sources.config.locales.contains(tag), tag != sources.config.sourceLocale else {
                diagnostics.append(.error(.exchangeFile, "'\(locale ?? "")' is not one of the course's translations", at: SourceLocation(path: path, line: 1, column: 1)))
                continue
            }
            for unit in read {
                guard sources.chapters[unit.chapter]?[sources.config.sourceLocale] != nil else {
                    diagnostics.append(.error(.exchangeFile, "\(unit.context): the course has no chapter '\(unit.chapter)'", at: unit.location,
                                              suggestion: closestMatch(to: unit.chapter, in: sources.config.chapterIDs).map { "did you mean '\($0)'?" }))
                    continue
                }
                units[tag, default: [:]][unit.chapter, default: []].append(unit)
            }
        }

        for (locale, chapters) in units.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            for (id, imported) in chapters.sorted(by: { $0.key < $1.key }) {
                let source = sources.chapters[id]![sources.config.sourceLocale]!
                let translation = sources.chapters[id]?[locale]
                let path = translation?.path ?? join(content, locale.rawValue, (source.path as NSString).lastPathComponent)
                let file = translation.flatMap { try? String(contentsOfFile: $0.path, encoding: .utf8) }
                let result = ChapterExchange.apply(imported, source: source, translation: translation, translationFile: file, translationPath: path)
                diagnostics += result.diagnostics
                guard let text = result.text else { continue }
                if text != file { plan.writes.append(File(path: path, text: text)) }
                if !result.marks.isEmpty { plan.marks[path] = result.marks }
                if text != file || !result.marks.isEmpty {
                    plan.report.append("\(relative(path, to: content)): \(count(result.changedSections.count, "section")) changed, \(result.marks.count) marked translated")
                }
            }
        }
        for catalog in catalogTargets {
            guard let text = (plan.writes.last { $0.path == catalog.catalog }?.text) ?? (try? String(contentsOfFile: catalog.catalog, encoding: .utf8)) else { continue }
            let (edited, changed, problems) = CatalogExchange.apply(catalog.targets, to: text, path: catalog.catalog, locale: catalog.locale)
            diagnostics += problems
            guard let edited, edited != text else { continue }
            plan.writes.removeAll { $0.path == catalog.catalog }
            plan.writes.append(File(path: catalog.catalog, text: edited))
            plan.report.append("\(catalog.catalog): \(count(changed, "string")) changed (\(catalog.locale))")
        }
        return diagnostics.hasErrors ? (nil, diagnostics) : (plan, diagnostics)
    }

    /// Writes a plan's files, then marks the sections imported as translated.
    public static func write(_ plan: Plan, content: String, templates: String) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for file in plan.writes {
            do {
                try FileManager.default.createDirectory(atPath: (file.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(file.text.utf8).write(to: URL(fileURLWithPath: file.path), options: .atomic)
            } catch {
                diagnostics.append(.error(.blessWrite, "cannot write \(file.path): \(error.localizedDescription)", at: SourceLocation(path: file.path)))
            }
        }
        guard !diagnostics.hasErrors else { return diagnostics }
        return TranslationStatus.markSections(plan.marks, content: content, templates: templates)
    }

    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    static func relative(_ path: String, to folder: String) -> String {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    static func join(_ parts: String...) -> String {
        parts.dropFirst().reduce(parts[0]) { $0.hasSuffix("/") ? $0 + $1 : $0 + "/" + $1 }
    }
}
