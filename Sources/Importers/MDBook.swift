import CourseModel
import Foundation

/// `primer import mdbook`: an mdBook (book.toml, src/SUMMARY.md and the chapters it lists)
/// turned into a Primer project. Reads the book; writes nothing.
public enum MDBookImporter {
    /// Converts the book at `root`. `locale` overrides book.toml's `language` (default `en`).
    public static func convert(book root: String, locale requested: String? = nil) -> ImportResult {
        var conversion = MDBookConversion(root: Paths.normalize(root))
        return conversion.run(locale: requested)
    }
}

struct MDBookConversion {
    let root: String
    var builder = ProjectBuilder(locale: "en")
    var src = ""
    /// Chapter files (normalized paths) → index into `builder.chapters`.
    var chapterByPath: [String: Int] = [:]
    /// What the book may make the importer read: files inside `root`.
    let files: BookFiles
    /// The files being expanded (the chapter, then what it includes): real path and name.
    var includeStack: [(real: String, name: String)] = []
    /// Bytes the chapter's includes may still read, and whether it was told it ran out.
    var includeBudget = 0
    var includeBudgetSpent = false
    /// mdbook-spec's rules (`r[name]` lines): the chapter each is in and the heading's fragment.
    var rules: [String: (chapter: Int, heading: String?)] = [:]

    init(root: String) {
        self.root = root
        files = BookFiles(root: root, noun: "book")
    }

    mutating func run(locale requested: String?) -> ImportResult {
        if let problem = ProjectBuilder.notAFolder(root, hint: "pass the folder that holds book.toml") {
            return ImportResult(failure: problem)
        }
        let tomlPath = Paths.join(root, "book.toml")
        var diagnostics: [Diagnostic] = []
        guard let settings = readSettings(tomlPath, &diagnostics) else { return ImportResult(failure: diagnostics) }
        switch ProjectBuilder.inLocale(requested, book: settings.language,
                                       bookPlace: SourceLocation(path: tomlPath, line: settings.languageLine, column: 1), said: diagnostics) {
        case .failure(let problem): return ImportResult(failure: problem.diagnostics)
        case .success(let opened): builder = opened
        }
        src = Paths.join(root, settings.src)
        if case .outside(let real) = files.place(of: src) {
            let place = settings.srcLine > 0 ? SourceLocation(path: tomlPath, line: settings.srcLine, column: 1) : SourceLocation(path: src)
            return ImportResult(failure: builder.diagnostics + [files.diagnostic("book.toml's src '\(settings.src)'", real, at: place, error: true)])
        }
        let summaryPath = Paths.join(src, "SUMMARY.md")
        let summaryText: String
        switch readSummary(summaryPath) {
        case .failure(let problem): return ImportResult(failure: builder.diagnostics + [problem])
        case .success(let text): summaryText = text
        }
        let title = settings.title ?? Paths.name(of: root == "." ? FileManager.default.currentDirectoryPath : root)
        let outline = SummaryOutline.parse(summaryText)
        let contents = addChapters(outline, summaryPath: summaryPath)
        if builder.diagnostics.hasErrors { return ImportResult(failure: builder.diagnostics) }
        linkChapters()
        let parts = courseParts(contents, outline: outline, title: title, summaryPath: summaryPath)
        if parts.allSatisfy({ $0.chapters.isEmpty }) {
            builder.diagnostics.append(.error(.importInput, "\(summaryPath) lists no chapter", at: SourceLocation(path: summaryPath),
                                              suggestion: "list chapters as - [Title](file.md)"))
        }
        return builder.finish(title: title, parts: parts)
    }

    /// book.toml's settings (the defaults when there is none), their title and language without
    /// control characters; nil when the file cannot be read (the error is then in `diagnostics`).
    func readSettings(_ tomlPath: String, _ diagnostics: inout [Diagnostic]) -> BookSettings? {
        var settings = BookSettings()
        switch files.place(of: tomlPath) {
        case .missing: break
        case .outside(let real): diagnostics.append(files.diagnostic("book.toml", real, at: SourceLocation(path: tomlPath)))
        case .inside(let real):
            switch Paths.read(real, display: tomlPath) {
            case .success(let text): settings = BookSettings.parse(text)
            case .failure(let error): diagnostics = [error]; return nil
            }
        }
        func tomlPlace(_ line: Int) -> SourceLocation { SourceLocation(path: tomlPath, line: line, column: 1) }
        settings.title = settings.title.map {
            ProjectBuilder.withoutControls($0, "book.toml's title", at: tomlPlace(settings.titleLine), into: &diagnostics)
        }
        settings.language = settings.language.map {
            ProjectBuilder.withoutControls($0, "book.toml's language", at: tomlPlace(settings.languageLine), into: &diagnostics)
        }
        return settings
    }

    /// SUMMARY.md's text, or the error that stops the import.
    func readSummary(_ summaryPath: String) -> Result<String, Diagnostic> {
        switch files.place(of: summaryPath) {
        case .inside(let real):
            return Paths.read(real, display: summaryPath)
        case .outside(let real):
            return .failure(files.diagnostic("SUMMARY.md", real, at: SourceLocation(path: summaryPath), error: true))
        case .missing:
            return .failure(.error(.importInput, "\(summaryPath) not found: an mdBook lists its chapters in SUMMARY.md",
                                   at: SourceLocation(path: summaryPath),
                                   suggestion: "pass the book's root folder (the one with book.toml); book.toml's src names the folder of SUMMARY.md"))
        }
    }

    /// The chapters SUMMARY.md lists, read and converted in its order: the ids of the prefix
    /// chapters, of each part's numbered chapters and of the suffix chapters.
    mutating func addChapters(_ outline: SummaryOutline, summaryPath: String) -> (prefix: [String], numbered: [[String]], suffix: [String]) {
        for line in outline.unreadable {
            builder.diagnostics.append(.warning(.importStructure, "this line of SUMMARY.md names no chapter the importer can read; it is left out",
                                                at: SourceLocation(path: summaryPath, line: line, column: 1),
                                                suggestion: "write entries as - [Title](file.md); put a path with spaces in <…> or write %20"))
        }
        var prefix: [String] = [], suffix: [String] = []
        var numbered = Array(repeating: [String](), count: outline.partTitles.count)
        var parents: [String] = []
        for entry in outline.entries {
            let place = SourceLocation(path: summaryPath, line: entry.line, column: 1)
            if entry.kind == .numbered {
                parents = Array(parents.prefix(entry.depth))
                if entry.depth > 0, let parent = parents.last {
                    builder.diagnostics.append(.warning(.importStructure, "'\(entry.title)' is nested under '\(parent)'; Primer has no sub-chapters, so it becomes a chapter after it",
                                                        at: place, suggestion: "turn it into sections (##) of its parent if it is short"))
                }
                parents.append(entry.title)
            }
            guard let path = entry.path else {
                builder.diagnostics.append(.warning(.importStructure, "'\(entry.title)' is a draft chapter (no file); it is left out", at: place))
                continue
            }
            let file = Paths.join(src, String(path.split(separator: "#", maxSplits: 1).first ?? ""))
            if chapterByPath[file] != nil {
                builder.diagnostics.append(.warning(.importStructure, "\(path) is listed twice; only its first place is kept", at: place))
                continue
            }
            guard let id = addChapter(file: file, title: entry.title, listedAt: place) else { continue }
            switch entry.kind {
            case .prefix: prefix.append(id)
            case .suffix: suffix.append(id)
            case .numbered: numbered[entry.part ?? 0].append(id)
            }
        }
        return (prefix, numbered, suffix)
    }

    /// Every chapter's headings named as mdBook names them, then its links and raw HTML done.
    mutating func linkChapters() {
        for index in builder.chapters.indices {
            builder.collectHeadings(of: index) { heading, seen in
                if let explicit = heading.explicitID { return [explicit] }
                let base = Self.mdBookID(Words.plain(heading.text))
                let count = seen[base, default: 0]
                seen[base] = count + 1
                return [count == 0 ? base : "\(base)-\(count)"]
            }
        }
        for index in builder.chapters.indices {
            rewriteLinks(in: index)
            builder.warnAboutRawHTML(in: builder.chapters[index])
        }
    }

    /// The course's parts: prefix chapters unnumbered, a part per SUMMARY.md part (an appendix
    /// when its title says so), suffix chapters unnumbered.
    func courseParts(_ contents: (prefix: [String], numbered: [[String]], suffix: [String]), outline: SummaryOutline,
                     title: String, summaryPath: String) -> [Part] {
        var parts: [Part] = []
        if !contents.prefix.isEmpty { parts.append(Part(title: nil, numbering: Part.Numbering.none, chapters: contents.prefix)) }
        for (index, chapters) in contents.numbered.enumerated() {
            let partTitle = outline.partTitles[index] ?? title
            let line = outline.partLines[index]
            parts.append(Part(title: partTitle, numbering: Self.isAppendix(partTitle) ? .appendix : nil, chapters: chapters,
                              place: line > 0 ? SourceLocation(path: summaryPath, line: line, column: 1) : nil))
        }
        if !contents.suffix.isEmpty { parts.append(Part(title: nil, numbering: Part.Numbering.none, chapters: contents.suffix)) }
        return parts
    }


    static func isAppendix(_ title: String) -> Bool {
        let lower = title.lowercased()
        return lower.hasPrefix("appendix") || lower.hasPrefix("appendices")
    }

    /// mdBook's id for a heading's text: letters, digits, `_` and `-` kept (lower case), spaces
    /// become `-`, everything else goes.
    static func mdBookID(_ text: String) -> String {
        var id = ""
        for c in text {
            if c.isLetter || c.isNumber || c == "_" || c == "-" { id += c.lowercased() } else if c.isWhitespace { id.append("-") }
        }
        return id
    }

    /// Reads and converts one chapter; returns its id, or nil (with an error) when it cannot be read.
    mutating func addChapter(file: String, title: String, listedAt place: SourceLocation) -> String? {
        let real: String
        switch files.place(of: file) {
        case .inside(let path): real = path
        case .outside(let path):
            builder.diagnostics.append(files.diagnostic("chapter file \(file)", path, at: place))
            return nil
        case .missing:
            builder.diagnostics.append(.error(.importInput, "chapter file \(file) not found", at: place,
                                              suggestion: "create the file, or make the entry a draft: - [\(title)]()"))
            return nil
        }
        let text: String
        switch Paths.read(real, display: file) {
        case .success(let t): text = t
        case .failure(let error): builder.diagnostics.append(error); return nil
        }
        let id = builder.chapterID(for: Paths.name(of: file))
        includeStack = [(real, Paths.name(of: file))]
        includeBudget = Self.includeLimit
        includeBudgetSpent = false
        var lines = expandDirectives(in: [Line].numbered(text), file: file, depth: 0)
        lines = alerts(in: admonitions(in: lines, path: file), path: file)
        lines = ruleMarkers(in: tidy(lines, path: file), chapter: builder.chapters.count)
        let heading = ProjectBuilder.takeTitle(&lines)
        var chapter = Chapter(id: id, path: file, title: heading.map { Words.plain($0.text) } ?? title, lines: lines)
        if let heading {
            chapter.titleAliases = [heading.explicitID ?? Self.mdBookID(Words.plain(heading.text))]
        }
        chapterByPath[file] = builder.chapters.count
        builder.chapters.append(chapter)
        return id
    }
}
