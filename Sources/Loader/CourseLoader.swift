import CourseModel
import Defaults
import Foundation
import Localization
import Yams

/// The load stage: the only stage that reads the disk. Everything it finds wrong is
/// collected as diagnostics; it stops early only when nothing useful can follow.
public enum CourseLoader {
    public struct Options: Sendable {
        /// The content folder as the user wrote it (used in messages).
        public var contentPath: String
        public var templatesPath: String
        /// The preview's: chapters and catalogs whose text did not change are not parsed again.
        public var memo: LoadMemo?
        /// `primer check`'s: the translations are checked against the term base (`TermCheck`),
        /// which reads every translated section; builds and the preview leave it out.
        public var checkTerms: Bool
        public init(contentPath: String, templatesPath: String, memo: LoadMemo? = nil, checkTerms: Bool = false) {
            self.contentPath = contentPath; self.templatesPath = templatesPath; self.memo = memo; self.checkTerms = checkTerms
        }
    }

    public static func load(_ options: Options) -> (CourseSources?, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let fm = FileManager.default
        let content = URL(fileURLWithPath: options.contentPath)
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: content.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return (nil, [.error(.folderMissing, "content folder not found", at: SourceLocation(path: options.contentPath),
                                 suggestion: "run from the course's root folder or pass --content PATH")])
        }
        let configPath = join(options.contentPath, "course.yml")
        guard fm.fileExists(atPath: configPath) else {
            return (nil, [.error(.folderMissing, "course.yml not found", at: SourceLocation(path: configPath),
                                 suggestion: "every course needs Content/course.yml; see \"Writing a course\" in README.md")])
        }
        let configText: String
        switch readUTF8(URL(fileURLWithPath: configPath), displayPath: configPath) {
        case .success(let text): configText = text
        case .failure(let diagnostic): return (nil, [diagnostic])
        }
        let (read, configDiagnostics) = ConfigReader.read(configText, path: configPath)
        diagnostics += configDiagnostics
        guard var config = read else { return (nil, diagnostics) }
        let (termDiagnostics, checkedTerms) = loadTerms(&config, contentPath: options.contentPath)
        diagnostics += termDiagnostics

        // Chapters: every locale folder, every chapter of the table of contents.
        var chapters: [String: [LocaleTag: ChapterSource]] = [:]
        let tocIDs = Set(config.chapterIDs)
        for locale in config.locales {
            let folder = join(options.contentPath, locale.rawValue)
            let files = ((try? fm.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".md") }.sorted()
            let present = Set(files.map { String($0.dropLast(3)) })
            for file in files where !tocIDs.contains(String(file.dropLast(3))) {
                let id = String(file.dropLast(3))
                diagnostics.append(.warning(.chapterFile, "chapter '\(id)' is not in the table of contents, so it is not built",
                                            at: SourceLocation(path: join(folder, file)),
                                            suggestion: "add '\(id)' to a part's chapters in \(configPath), or remove the file"))
            }
            var toRead: [(id: String, path: String)] = []
            for part in config.parts {
                for entry in part.chapters {
                    guard present.contains(entry.id) else {
                        if locale == config.sourceLocale {
                            let guess = closestMatch(to: entry.id, in: present.subtracting(tocIDs))
                            diagnostics.append(.error(.chapterFile, "chapter '\(entry.id)' is in the table of contents but \(join(folder, entry.id + ".md")) does not exist",
                                                      at: entry.location,
                                                      suggestion: guess.map { "did you mean '\($0)' (\(join(folder, $0 + ".md")))?" }
                                                        ?? "create the file, or remove the entry"))
                        }
                        continue
                    }
                    toRead.append((entry.id, join(folder, entry.id + ".md")))
                }
            }
            // Reading and splitting front matter is independent per file.
            for (chapter, chapterDiagnostics) in parallelMap(toRead, { readChapter(path: $0.path, id: $0.id, locale: locale, memo: options.memo) }) {
                diagnostics += chapterDiagnostics
                if let chapter { chapters[chapter.id, default: [:]][locale] = chapter }
            }
        }
        // Folders that look like locales the course does not declare.
        let configured = Set(config.locales.map(\.rawValue))
        for name in ((try? fm.contentsOfDirectory(atPath: options.contentPath)) ?? []).sorted()
        where !configured.contains(name) && !reservedFolders.contains(name) {
            let folder = join(options.contentPath, name)
            let markdown = ((try? fm.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".md") }
            guard !markdown.isEmpty else { continue }
            diagnostics.append(.warning(.localeNotInCourse, "folder '\(name)' holds chapters but '\(name)' is not one of the course's locales",
                                        at: SourceLocation(path: folder),
                                        suggestion: closestMatch(to: name, in: configured).map { "did you mean '\($0)'?" }
                                            ?? "add it to 'locales' in \(configPath)"))
        }

        let (catalog, catalogDiagnostics) = loadCatalog(options.contentPath, templatesPath: options.templatesPath, memo: options.memo)
        diagnostics += catalogDiagnostics
        let (templates, assets, templateDiagnostics) = loadTemplates(options)
        diagnostics += templateDiagnostics

        let (samples, sampleDiagnostics) = loadSamples(join(options.contentPath, "Samples"))
        diagnostics += sampleDiagnostics
        let figures = loadFigures(join(options.contentPath, "Samples/Figures"))
        // One walk of the content folder gives the files chapters may use and the links to check.
        let contentTree = FileTree.scan(under: options.contentPath, hidden: false, linkedFiles: true)
        diagnostics += linksLeaving(options.contentPath, links: contentTree.links)
        diagnostics += linksLeaving(options.templatesPath, links: FileTree.scan(under: options.templatesPath, hidden: false).links)
        var sources = CourseSources(config: config, chapters: chapters, catalog: catalog, templates: templates,
                                    assets: assets, contentFiles: contentFiles(contentTree.files, locales: configured),
                                    samples: samples)
        sources.figures = figures
        sources.imageSizes = ImageSizes.read(sources.contentFiles, in: options.contentPath)
        sources.figuresFolder = join(options.contentPath, "Samples/Figures")
        // The translations against the term base (the one subject_index names), for primer check.
        if options.checkTerms { diagnostics += TermCheck.check(checkedTerms, chapters: chapters, source: config.sourceLocale) }
        return (sources, diagnostics)
    }

    static let reservedFolders: Set<String> = ["strings", "templates", "images", "Samples"]

    static func join(_ base: String, _ component: String) -> String {
        base.hasSuffix("/") ? base + component : base + "/" + component
    }

    /// Reads one chapter file: UTF-8, front matter with a title, and the Markdown body.
    public static func readChapter(path: String, id: String, locale: LocaleTag, memo: LoadMemo? = nil) -> (ChapterSource?, [Diagnostic]) {
        let text: String
        switch readUTF8(URL(fileURLWithPath: path), displayPath: path) {
        case .success(let t): text = t
        case .failure(let d): return (nil, [d])
        }
        guard let memo else { return parseChapter(text, path: path, id: id, locale: locale) }
        return memo.reading("chapter\u{0}\(path)\u{0}\(id)\u{0}\(locale.rawValue)", text: text) {
            parseChapter(text, path: path, id: id, locale: locale)
        }
    }

    public static func parseChapter(_ text: String, path: String, id: String, locale: LocaleTag) -> (ChapterSource?, [Diagnostic]) {
        if let (cleaned, warning) = withoutControlCharacters(text, path: path) {
            let (chapter, diagnostics) = parseChapter(cleaned, path: path, id: id, locale: locale)
            return (chapter, [warning] + diagnostics)
        }
        let start = SourceLocation(path: path, line: 1, column: 1)
        if text.allSatisfy(\.isWhitespace) {
            return (nil, [.error(.frontMatter, "the chapter file is empty", at: start,
                                                     suggestion: "start it with front matter:\n    ---\n    title: Chapter title\n    ---")])
        }
        // Only the front matter is split into lines; the body is taken whole.
        var lines: [Substring] = []
        var cursor = text.startIndex
        var bodyStart: String.Index?
        while cursor < text.endIndex {
            let newline = text.utf8[cursor...].firstIndex(of: 0x0A) ?? text.endIndex
            var line = text[cursor..<newline]
            if line.hasSuffix("\r") { line = line.dropLast() }
            cursor = newline < text.endIndex ? text.index(after: newline) : newline
            if lines.isEmpty && line != "---" {
                return (nil, [.error(.frontMatter, "the chapter has no front matter", at: start,
                                     suggestion: "start it with:\n    ---\n    title: Chapter title\n    ---")])
            }
            if !lines.isEmpty && (line == "---" || line == "...") { bodyStart = cursor; break }
            lines.append(line)
        }
        guard let bodyStart else {
            return (nil, [.error(.frontMatter, "the front matter is not closed", at: start,
                                 suggestion: "end it with a line holding only ---")])
        }
        let close = lines.count
        var diagnostics: [Diagnostic] = []
        var title: String?
        var summary: String?
        var translatedFrom: String?
        var translatedSections: [String: String]?
        var sectionsNode: Node?
        var updated: String?
        let entries: [(key: String, value: String?, location: SourceLocation)]
        if let simple = SimpleYAML.flatMapping(lines.dropFirst(), path: path, firstLine: 2) {
            entries = simple
        } else {
            switch YAML.compose(lines.dropFirst().joined(separator: "\n"), path: path, lineOffset: 1) {
            case .failure(let d): return (nil, [d])
            case .success(let node):
                guard let node, node.mapping != nil else {
                    return (nil, [.error(.frontMatter, "the front matter must be a mapping with a 'title'",
                                         at: SourceLocation(path: path, line: 2, column: 1),
                                         suggestion: "write: title: Chapter title")])
                }
                entries = YAML.entries(node).map { ($0.key, $0.value.scalar?.string, YAML.location($0.keyNode, path: path, lineOffset: 1)) }
                sectionsNode = YAML.entries(node).first { $0.key == "translated_sections" }?.value
            }
        }
        for (key, value, location) in entries {
            switch key {
            case "title":
                guard let value, !value.isEmpty else {
                    diagnostics.append(.error(.settingValue, "'title' must be a non-empty text", at: location)); continue
                }
                title = value
            case "summary":
                guard let value else {
                    diagnostics.append(.error(.settingValue, "'summary' must be a text", at: location)); continue
                }
                summary = value
            case "translated_from":
                guard let value, value.count == 16, value.allSatisfy(\.isHexDigit) else {
                    diagnostics.append(.error(.settingValue, "'translated_from' must be the 16-digit fingerprint primer status writes", at: location,
                                              suggestion: "run: primer status --mark-translated"))
                    continue
                }
                translatedFrom = value
            case "translated_sections":
                var marks: [String: String] = [:]
                let pairs = sectionsNode.map { YAML.entries($0) } ?? []
                for (section, _, fingerprint) in pairs {
                    guard let print = fingerprint.scalar?.string, print.count == 8, print.allSatisfy(\.isHexDigit) else {
                        diagnostics.append(.error(.settingValue, "'translated_sections' maps each section to the 8-digit fingerprint primer status writes",
                                                  at: YAML.location(fingerprint, path: path, lineOffset: 1),
                                                  suggestion: "run: primer status --mark-translated"))
                        continue
                    }
                    marks[section] = print
                }
                if sectionsNode?.mapping == nil, value?.isEmpty != true {
                    diagnostics.append(.error(.settingValue, "'translated_sections' must be a mapping of section to fingerprint", at: location,
                                              suggestion: "run: primer status --mark-translated"))
                }
                translatedSections = marks
            case "updated":
                let parts = value?.split(separator: "-").compactMap { Int($0) } ?? []
                guard parts.count == 3, (1...12).contains(parts[1]), (1...31).contains(parts[2]) else {
                    diagnostics.append(.error(.settingValue, "'updated' must be a date written YYYY-MM-DD", at: location)); continue
                }
                updated = value
            default:
                let known = ["title", "summary", "translated_from", "translated_sections", "updated"]
                diagnostics.append(.warning(.unknownKey, "unknown front matter key '\(key)' is ignored", at: location,
                                            suggestion: closestMatch(to: key, in: known).map { "did you mean '\($0)'?" }))
            }
        }
        if title == nil, !diagnostics.hasErrors {
            diagnostics.append(.error(.frontMatter, "the front matter has no 'title'", at: start, suggestion: "add: title: Chapter title"))
        }
        guard let title, !diagnostics.hasErrors else { return (nil, diagnostics) }
        let body = String(text[bodyStart...])
        return (ChapterSource(id: id, locale: locale, path: path, title: title, summary: summary,
                              body: body, bodyLine: close + 2, translatedFrom: translatedFrom,
                              translatedSections: translatedSections, updated: updated), diagnostics)
    }

    /// A chapter's text without its control characters (C0 but tab, newline and carriage return,
    /// DEL, C1), and one warning at the first of them; nil when it has none (the common case,
    /// found by one pass over the bytes). A page cannot show them, an EPUB's XHTML may not hold
    /// them, and on a terminal they retitle the window or clear the screen.
    static func withoutControlCharacters(_ text: String, path: String) -> (String, Diagnostic)? {
        var text = text
        let first: (line: Int, column: Int)? = text.withUTF8 { bytes in
            var line = 1, lineStart = 0, previous: UInt8 = 0
            for (offset, byte) in bytes.enumerated() {
                let control = (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F
                    || (previous == 0xC2 && (0x80...0x9F).contains(byte))
                if control {
                    let start = byte >= 0x80 ? offset - 1 : offset
                    let column = String(decoding: bytes[lineStart..<start], as: UTF8.self).unicodeScalars.count + 1
                    return (line, column)
                }
                if byte == 0x0A { line += 1; lineStart = offset + 1 }
                previous = byte
            }
            return nil
        }
        guard let first else { return nil }
        var kept = "", found: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars {
            if scalar == "\r" || !ControlCharacters.contains(scalar) {
                kept.unicodeScalars.append(scalar)
            } else if !found.contains(scalar) {
                found.append(scalar)
            }
        }
        let listed = found.map(ControlCharacters.escaped).joined(separator: ", ")
        return (kept, .warning(.fileUnreadable, "the chapter holds control characters (\(listed)); they are left out",
                               at: SourceLocation(path: path, line: first.line, column: first.column),
                               suggestion: "delete them: a page cannot show them"))
    }

    /// `Content/Samples/Figures`: the recorded drawings of samples and snippets, by folder
    /// (`house-plan`, `house-plan.ru`, `lst-house.en`) and file name.
    static func loadFigures(_ folder: String) -> [String: [String: [UInt8]]] {
        var figures: [String: [String: [UInt8]]] = [:]
        for path in allFiles(under: folder) where !path.hasPrefix(".") {
            let parts = path.split(separator: "/")
            guard parts.count == 2, let data = FileManager.default.contents(atPath: join(folder, path)) else { continue }
            figures[String(parts[0]), default: [:]][String(parts[1])] = [UInt8](data)
        }
        return figures
    }

    /// `Content/Samples`: the manifest, the sources, settings, expected outputs and inputs.
    static func loadSamples(_ root: String) -> (SamplesSources?, [Diagnostic]) {
        let manifestPath = join(root, "Package.swift")
        guard FileManager.default.fileExists(atPath: manifestPath) else { return (nil, []) }
        var diagnostics: [Diagnostic] = []
        func text(_ path: String) -> String? {
            switch readUTF8(URL(fileURLWithPath: path), displayPath: path) {
            case .success(let t): return t
            case .failure(let d): diagnostics.append(d); return nil
            }
        }
        guard let manifest = text(manifestPath) else { return (nil, diagnostics) }
        var files: [String: String] = [:]
        for folder in ["Sources", "ListingOnly"] {
            for path in allFiles(under: join(root, folder), hidden: false) {
                if let t = text(join(root, "\(folder)/\(path)")) { files["\(folder)/\(path)"] = t }
            }
        }
        var expected: [String: String] = [:]
        for name in allFiles(under: join(root, "Outputs")) where !name.hasPrefix(".") {
            if let t = text(join(root, "Outputs/\(name)")) { expected[name] = t }
        }
        var inputs: [String: [UInt8]] = [:]
        for name in allFiles(under: join(root, "Inputs")) where !name.hasPrefix(".") {
            if let data = FileManager.default.contents(atPath: join(root, "Inputs/\(name)")) { inputs["Inputs/\(name)"] = [UInt8](data) }
        }
        let settingsPath = join(root, "samples.yml")
        var settings: [String: SampleSettings] = [:]
        var locations: [String: SourceLocation] = [:]
        var buildTimeout = SamplesSources.defaultBuildTimeout
        if FileManager.default.fileExists(atPath: settingsPath), let yaml = text(settingsPath) {
            (settings, locations, buildTimeout) = SampleSettingsReader.read(yaml, path: settingsPath, inputs: Set(inputs.keys), diagnostics: &diagnostics)
        }
        return (SamplesSources(root: root, manifest: manifest, files: files, settings: settings, settingsLocations: locations,
                               expected: expected, inputs: inputs, buildTimeout: buildTimeout), diagnostics)
    }

    /// `Localizable.xcstrings`, then any legacy `<locale>.lproj/Localizable.strings` and
    /// `.stringsdict`, which fill what the catalog does not have.
    /// Then the templates folder's catalog, if it has one, and Primer's built-in catalog fill
    /// every key and locale the course's own tables leave out.
    public static func loadCatalog(_ contentPath: String, templatesPath: String? = nil, memo: LoadMemo? = nil) -> (StringCatalog?, [Diagnostic]) {
        var (catalog, diagnostics) = readCatalog(join(contentPath, "Localizable.xcstrings"), memo: memo)
        let folders = ((try? FileManager.default.contentsOfDirectory(atPath: contentPath)) ?? []).filter { $0.hasSuffix(".lproj") }.sorted()
        for folder in folders {
            let name = String(folder.dropLast(".lproj".count))
            guard let locale = LocaleTag(name.replacingOccurrences(of: "_", with: "-")) else {
                diagnostics.append(.error(.localeTag, "'\(name)' is not a language tag", at: SourceLocation(path: join(contentPath, folder)),
                                          suggestion: "name the folder after its locale, e.g. ru.lproj or zh-Hans.lproj"))
                continue
            }
            var legacy = StringCatalog(sourceLanguage: catalog?.sourceLanguage ?? locale, entries: [:], path: join(contentPath, folder))
            for (file, reader) in [("Localizable.strings", { StringsFileReader.read($0, path: $1, locale: locale) }),
                                   ("Localizable.stringsdict", { StringsDictReader.read($0, path: $1) })]
                as [(String, ([UInt8], String) -> ([String: CatalogValue], [Diagnostic]))] {
                let path = join(contentPath, "\(folder)/\(file)")
                guard let data = FileManager.default.contents(atPath: path) else { continue }
                let (values, valueDiagnostics) = reader([UInt8](data), path)
                diagnostics += valueDiagnostics
                for (key, value) in values {
                    var entry = legacy.entries[key] ?? CatalogEntry(key: key, comment: nil, localizations: [:], location: value.location)
                    // A .stringsdict plural wins over the same key's plain .strings text.
                    if entry.localizations[locale]?.plural == nil || value.plural != nil { entry.localizations[locale] = value }
                    legacy.entries[key] = entry
                }
            }
            if catalog == nil { catalog = legacy } else { catalog!.fill(from: legacy) }
        }
        var merged = catalog ?? StringCatalog(sourceLanguage: builtInCatalog.sourceLanguage, entries: [:],
                                              path: join(contentPath, "Localizable.xcstrings"))
        if let templatesPath, case let (folderCatalog?, folderDiagnostics) = readCatalog(join(templatesPath, "Localizable.xcstrings"), memo: memo) {
            diagnostics += folderDiagnostics
            merged.fill(from: folderCatalog)
        }
        merged.fill(from: builtInCatalog)
        return (merged, diagnostics)
    }

    /// The keys of Primer's own words.
    public static let builtInKeys: Set<String> = Set(builtInCatalog.entries.keys)

    /// The languages Primer has the site's words for.
    public static let builtInLocales: Set<LocaleTag> = Set(builtInCatalog.entries.values.flatMap { $0.localizations.keys })

    /// Primer's own words, read once per process.
    static let builtInCatalog: StringCatalog = {
        let (catalog, diagnostics) = XCStringsReader.read(BuiltIn.catalog, path: BuiltIn.catalogPath)
        precondition(diagnostics.allSatisfy { !$0.isError }, "the built-in string catalog does not read: \(diagnostics)")
        return catalog ?? StringCatalog(sourceLanguage: LocaleTag("en")!, entries: [:], path: BuiltIn.catalogPath)
    }()

    static func readCatalog(_ path: String, memo: LoadMemo? = nil) -> (StringCatalog?, [Diagnostic]) {
        guard FileManager.default.fileExists(atPath: path) else { return (nil, []) }
        switch readUTF8(URL(fileURLWithPath: path), displayPath: path) {
        case .failure(let d): return (nil, [d])
        case .success(let text):
            guard let memo else { return XCStringsReader.read(text, path: path) }
            return memo.reading("catalog\u{0}" + path, text: text) { XCStringsReader.read(text, path: path) }
        }
    }

    /// Primer's built-in templates and assets, replaced file by file by the templates folder's
    /// (when there is one) and then by `Content/templates/`.
    static func loadTemplates(_ options: Options) -> ([String: TemplateSource], [AssetFile], [Diagnostic]) {
        var templates: [String: TemplateSource] = [:]
        var assets: [String: AssetFile] = [:]
        var diagnostics: [Diagnostic] = []
        for (name, text) in BuiltIn.templates {
            templates[name] = TemplateSource(name: name, path: "\(BuiltIn.folder)/\(name).mustache", text: text)
        }
        for (relative, bytes) in BuiltIn.assets {
            assets[relative] = AssetFile(sitePath: "assets/" + relative, sourcePath: "\(BuiltIn.folder)/assets/\(relative)", bytes: bytes)
        }
        let fm = FileManager.default
        for folder in [options.templatesPath, join(options.contentPath, "templates")] {
            for file in ((try? fm.contentsOfDirectory(atPath: folder)) ?? []).sorted() where file.hasSuffix(".mustache") {
                let path = join(folder, file)
                switch readUTF8(URL(fileURLWithPath: path), displayPath: path) {
                case .success(let text):
                    let name = String(file.dropLast(".mustache".count))
                    templates[name] = TemplateSource(name: name, path: path, text: text)
                case .failure(let d): diagnostics.append(d)
                }
            }
            let assetFolder = join(folder, "assets")
            for relative in allFiles(under: assetFolder) {
                assets[relative] = AssetFile(sitePath: "assets/" + relative, sourcePath: join(assetFolder, relative))
            }
        }
        return (templates, assets.keys.sorted().map { assets[$0]! }, diagnostics)
    }

    /// Files a chapter may embed or link to: everything but chapters, tables and templates.
    /// `files`: the content folder's files and links to files, hidden folders (Samples/.build
    /// among them) not entered.
    static func contentFiles(_ files: [String], locales: Set<String>) -> Set<String> {
        Set(files.filter { path in
            let first = path.split(separator: "/").first.map(String.init) ?? ""
            if path == "course.yml" || first == "strings" || first == "templates" || first == "Samples" { return false }
            if locales.contains(first) && path.hasSuffix(".md") { return false }
            return true
        })
    }

    /// Symbolic links under `root` that lead out of it. A file behind one would be published (or
    /// shown as a listing) from wherever it points: a link to /etc/passwd would put that file on
    /// the site. Links that stay inside are fine, and their files are copied, never the links.
    static func linksLeaving(_ root: String, links: [String]) -> [Diagnostic] {
        guard let base = realpath(root, nil) else { return [] }
        let inside = String(cString: base)
        free(base)
        var diagnostics: [Diagnostic] = []
        for relative in links {
            let path = join(root, relative)
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
            guard let resolved = realpath(path, nil) else {
                diagnostics.append(.warning(.symbolicLink, "the symbolic link points to '\(target)', which does not exist; it is left out", at: SourceLocation(path: path)))
                continue
            }
            let real = String(cString: resolved)
            free(resolved)
            if real == inside || real.hasPrefix(inside == "/" ? "/" : inside + "/") { continue }
            diagnostics.append(.error(.symbolicLink, "the symbolic link points to '\(real)', outside \(root); the site would publish a file from elsewhere on this machine",
                                      at: SourceLocation(path: path),
                                      suggestion: "copy the file into \(root) instead of linking to it"))
        }
        return diagnostics
    }

    /// Files and links to files under `folder`, relative and sorted.
    static func allFiles(under folder: String, hidden: Bool = true) -> [String] {
        FileTree.regularFiles(under: folder, hidden: hidden, linkedFiles: true)
    }
}
