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

/// book.toml's `[book]` table: the only keys the importer uses.
struct BookSettings {
    var title: String?
    var titleLine = 0
    var src = "src"
    var srcLine = 0
    var language: String?
    var languageLine = 0

    /// Reads `title`, `src` and `language` from `[book]` (basic and literal TOML strings).
    static func parse(_ text: String) -> BookSettings {
        var settings = BookSettings()
        var table = ""
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingSpaces()
            if line.hasPrefix("[") {
                table = line.trimmingCharacters(in: CharacterSet(charactersIn: "[] "))
                continue
            }
            guard let equals = line.firstIndex(of: "="), !line.hasPrefix("#") else { continue }
            var key = line[..<equals].trimmingSpaces()
            if table.isEmpty, key.hasPrefix("book.") { key.removeFirst(5) } else if table != "book" { continue }
            guard let value = tomlString(line[line.index(after: equals)...].trimmingSpaces()) else { continue }
            switch key {
            case "title": settings.title = value; settings.titleLine = index + 1
            case "src": settings.src = value; settings.srcLine = index + 1
            case "language": settings.language = value; settings.languageLine = index + 1
            default: break
            }
        }
        return settings
    }

    static func tomlString(_ text: String) -> String? {
        if text.hasPrefix("'") {
            let body = text.dropFirst()
            return body.firstIndex(of: "'").map { String(body[..<$0]) }
        }
        guard text.hasPrefix("\"") else { return nil }
        var out = ""
        var chars = text.dropFirst().makeIterator()
        while let c = chars.next() {
            if c == "\"" { return out }
            if c == "\\", let next = chars.next() {
                switch next {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "u", "U":
                    var hex = ""
                    for _ in 0..<(next == "u" ? 4 : 8) { if let h = chars.next() { hex.append(h) } }
                    if let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) { out.unicodeScalars.append(scalar) }
                default: out.append(next)
                }
                continue
            }
            out.append(c)
        }
        return nil
    }
}

/// One line of SUMMARY.md that names a chapter.
struct SummaryEntry {
    enum Kind { case prefix, numbered, suffix }
    var kind: Kind
    var title: String
    /// Nil for a draft chapter (`[Title]()`).
    var path: String?
    var line: Int
    var depth: Int
    /// The part a numbered chapter belongs to (index into `SummaryOutline.parts`).
    var part: Int?
}

struct SummaryOutline {
    var partTitles: [String?] = []
    /// The line of each part's heading (0 for the part without one).
    var partLines: [Int] = []
    var entries: [SummaryEntry] = []
    /// Lines that look like entries but hold no link mdBook could read.
    var unreadable: [Int] = []

    /// SUMMARY.md as mdBook reads it: an optional title, prefix chapters, `# Part` headings with
    /// (nested) numbered chapters, suffix chapters; separators and other lines ignored.
    static func parse(_ text: String) -> SummaryOutline {
        var outline = SummaryOutline()
        var sawAnything = false
        var numberedStarted = false
        var indents: [Int] = []
        let lines = [Line].numbered(text)
        let code = MarkdownText.codeMask(lines)
        let comments = MarkdownText.commentMask(lines, code: code)
        for (index, line) in lines.enumerated() where !code[index] && !comments[index] {
            let text = line.text
            let trimmed = text.trimmingSpaces()
            if trimmed.isEmpty { continue }
            if let heading = HeadingLine(text), heading.level == 1 {
                if !sawAnything {
                    sawAnything = true   // the book's own title ("# Summary"): mdBook ignores it
                    continue
                }
                outline.partTitles.append(Words.plain(heading.text))
                outline.partLines.append(line.origin)
                indents = []
                numberedStarted = true
                continue
            }
            sawAnything = true
            let marker = MarkdownText.containerPrefixLength(Substring(text))
            let indent = text.prefix { $0 == " " || $0 == "\t" }.reduce(0) { $0 + ($1 == "\t" ? 4 : 1) }
            let isItem = marker > indent
            guard let open = text.firstIndex(of: "["),
                  let link = Inline.link(Array(text), text.distance(from: text.startIndex, to: open)) else {
                if isItem || trimmed.hasPrefix("[") { outline.unreadable.append(line.origin) }
                continue
            }
            let title = Words.plain(link.1)
            let destination = link.2.trimmingSpaces()
            let path = destination.isEmpty ? nil : (destination.removingPercentEncoding ?? destination)
            if isItem {
                if !numberedStarted || outline.partTitles.isEmpty {
                    if outline.partTitles.isEmpty { outline.partTitles.append(nil); outline.partLines.append(0) }
                    numberedStarted = true
                }
                while let last = indents.last, indent <= last { indents.removeLast() }
                let depth = indents.count
                indents.append(indent)
                outline.entries.append(SummaryEntry(kind: .numbered, title: title, path: path, line: line.origin, depth: depth,
                                                    part: outline.partTitles.count - 1))
            } else {
                let kind: SummaryEntry.Kind = outline.entries.contains { $0.kind == .numbered } ? .suffix : .prefix
                outline.entries.append(SummaryEntry(kind: kind, title: title, path: path, line: line.origin, depth: 0, part: nil))
            }
        }
        return outline
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

    init(root: String) {
        self.root = root
        files = BookFiles(root: root, noun: "book")
    }

    mutating func run(locale requested: String?) -> ImportResult {
        var result = ImportResult()
        guard Paths.isFolder(root) else {
            result.diagnostics = [.error(.importInput, "\(root) is not a folder", at: SourceLocation(path: root),
                                         suggestion: "pass the folder that holds book.toml")]
            return result
        }
        var settings = BookSettings()
        var diagnostics: [Diagnostic] = []
        let tomlPath = Paths.join(root, "book.toml")
        switch files.place(of: tomlPath) {
        case .missing: break
        case .outside(let real): diagnostics.append(files.diagnostic("book.toml", real, at: SourceLocation(path: tomlPath)))
        case .inside(let real):
            switch Paths.read(real, display: tomlPath) {
            case .success(let text): settings = BookSettings.parse(text)
            case .failure(let error): result.diagnostics = [error]; return result
            }
        }
        func tomlPlace(_ line: Int) -> SourceLocation { SourceLocation(path: tomlPath, line: line, column: 1) }
        settings.title = settings.title.map {
            ProjectBuilder.withoutControls($0, "book.toml's title", at: tomlPlace(settings.titleLine), into: &diagnostics)
        }
        settings.language = settings.language.map {
            ProjectBuilder.withoutControls($0, "book.toml's language", at: tomlPlace(settings.languageLine), into: &diagnostics)
        }
        guard let locale = chooseLocale(requested, book: settings.language,
                                        bookPlace: SourceLocation(path: tomlPath, line: settings.languageLine, column: 1),
                                        diagnostics: &diagnostics) else {
            result.diagnostics = diagnostics
            return result
        }
        builder = ProjectBuilder(locale: locale)
        builder.diagnostics = diagnostics
        src = Paths.join(root, settings.src)
        if case .outside(let real) = files.place(of: src) {
            let place = settings.srcLine > 0 ? tomlPlace(settings.srcLine) : SourceLocation(path: src)
            result.diagnostics = builder.diagnostics + [files.diagnostic("book.toml's src '\(settings.src)'", real, at: place, error: true)]
            return result
        }
        let summaryPath = Paths.join(src, "SUMMARY.md")
        let summaryText: String
        switch files.place(of: summaryPath) {
        case .inside(let real):
            switch Paths.read(real, display: summaryPath) {
            case .success(let text): summaryText = text
            case .failure(let error): result.diagnostics = builder.diagnostics + [error]; return result
            }
        case .outside(let real):
            result.diagnostics = builder.diagnostics + [files.diagnostic("SUMMARY.md", real, at: SourceLocation(path: summaryPath), error: true)]
            return result
        case .missing:
            result.diagnostics = builder.diagnostics + [.error(.importInput, "\(summaryPath) not found: an mdBook lists its chapters in SUMMARY.md",
                                                               at: SourceLocation(path: summaryPath),
                                                               suggestion: "pass the book's root folder (the one with book.toml); book.toml's src names the folder of SUMMARY.md")]
            return result
        }
        let title = settings.title ?? Paths.name(of: root == "." ? FileManager.default.currentDirectoryPath : root)
        let outline = SummaryOutline.parse(summaryText)

        for line in outline.unreadable {
            builder.diagnostics.append(.warning(.importStructure, "this line of SUMMARY.md names no chapter the importer can read; it is left out",
                                                at: SourceLocation(path: summaryPath, line: line, column: 1),
                                                suggestion: "write entries as - [Title](file.md); put a path with spaces in <…> or write %20"))
        }
        // The chapters, in the order of the table of contents.
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
        if builder.diagnostics.hasErrors {
            result.diagnostics = builder.diagnostics
            return result
        }
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

        var parts: [Part] = []
        if !prefix.isEmpty { parts.append(Part(title: nil, numbering: Part.Numbering.none, chapters: prefix)) }
        for (index, chapters) in numbered.enumerated() {
            let partTitle = outline.partTitles[index] ?? title
            let line = outline.partLines[index]
            parts.append(Part(title: partTitle, numbering: Self.isAppendix(partTitle) ? .appendix : nil, chapters: chapters,
                              place: line > 0 ? SourceLocation(path: summaryPath, line: line, column: 1) : nil))
        }
        if !suffix.isEmpty { parts.append(Part(title: nil, numbering: Part.Numbering.none, chapters: suffix)) }
        if parts.allSatisfy({ $0.chapters.isEmpty }) {
            builder.diagnostics.append(.error(.importInput, "\(summaryPath) lists no chapter", at: SourceLocation(path: summaryPath),
                                              suggestion: "list chapters as - [Title](file.md)"))
        }
        return builder.finish(title: title, parts: parts, callouts: [])
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
        lines = admonitions(in: lines, path: file)
        lines = tidy(lines, path: file)
        let heading = ProjectBuilder.takeTitle(&lines)
        var chapter = Chapter(id: id, path: file, title: heading.map { Words.plain($0.text) } ?? title, lines: lines)
        if let heading {
            chapter.titleAliases = [heading.explicitID ?? Self.mdBookID(Words.plain(heading.text))]
        }
        chapterByPath[file] = builder.chapters.count
        builder.chapters.append(chapter)
        return id
    }

    // MARK: mdbook-admonish

    static let admonishKinds: [String: String] = {
        var kinds: [String: String] = [:]
        for kind in ["note", "info", "todo", "abstract", "summary", "tldr", "question", "help", "faq", "quote", "cite", "example"] { kinds[kind] = "NOTE" }
        for kind in ["tip", "hint", "success", "check", "done"] { kinds[kind] = "TIP" }
        kinds["important"] = "IMPORTANT"
        for kind in ["warning", "caution", "attention"] { kinds[kind] = "WARNING" }
        for kind in ["danger", "error", "failure", "fail", "missing", "bug"] { kinds[kind] = "CAUTION" }
        return kinds
    }()

    /// ```` ```admonish warning "Title" ```` blocks → `> [!WARNING] Title` callouts.
    mutating func admonitions(in lines: [Line], path: String) -> [Line] {
        var output: [Line] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            guard let fence = MarkdownText.fenceOpening(line.text) else { output.append(line); index += 1; continue }
            var end = index + 1
            while end < lines.count, !MarkdownText.closesFence(lines[end].text, fence) { end += 1 }
            let info = fence.info
            guard info == "admonish" || info.hasPrefix("admonish ") else {
                output += lines[index..<min(end + 1, lines.count)]
                index = end + 1
                continue
            }
            let (kind, title) = admonishHeader(String(info.dropFirst("admonish".count)), at: SourceLocation(path: path, line: line.origin, column: 1))
            let continuation = String(fence.prefix.map { $0 == ">" ? ">" : " " })
            var marker = "> [!\(kind)]"
            if let title, !title.isEmpty { marker += " " + title }
            output.append(Line(text: fence.prefix + marker, origin: line.origin))
            let body = admonitions(in: lines[(index + 1)..<min(end, lines.count)].map { body in
                var text = body.text
                if text.hasPrefix(continuation) {
                    text.removeFirst(continuation.count)
                } else {
                    text = String(text.drop { $0 == " " })
                }
                return Line(text: text, origin: body.origin)
            }, path: path)
            for bodyLine in body {
                output.append(Line(text: continuation + (bodyLine.text.isEmpty ? ">" : "> " + bodyLine.text), origin: bodyLine.origin))
            }
            index = end + 1
        }
        return output
    }

    /// The callout kind and title of an admonish block's info string (after `admonish`).
    mutating func admonishHeader(_ text: String, at place: SourceLocation) -> (String, String?) {
        var tokens: [String] = []
        var current = ""
        var quote: Character?
        for c in text {
            if let q = quote {
                if c == q { quote = nil } else { current.append(c) }
                continue
            }
            if c == "\"" || c == "'" {
                quote = c
                if current.isEmpty { current = "\u{0}" }   // marks a quoted token
                continue
            }
            if c == " " || c == "\t" {
                if !current.isEmpty { tokens.append(current); current = "" }
                continue
            }
            current.append(c)
        }
        if !current.isEmpty { tokens.append(current) }
        var kindName: String?
        var title: String?
        for token in tokens {
            if token.hasPrefix("\u{0}") {
                title = String(token.dropFirst())
            } else if let equals = token.firstIndex(of: "=") {
                let key = token[..<equals].lowercased()
                let value = token[token.index(after: equals)...].replacingOccurrences(of: "\u{0}", with: "")
                if key == "title" { title = value } else if key == "kind" || key == "type" { kindName = value }
            } else if kindName == nil {
                kindName = token
            }
        }
        let name = (kindName ?? "note").lowercased()
        guard let kind = Self.admonishKinds[name] else {
            builder.diagnostics.append(.warning(.importCallout, "admonish kind '\(name)' is not one the importer knows; it becomes a note", at: place,
                                                suggestion: "known: " + Self.admonishKinds.keys.sorted().joined(separator: ", ")))
            return ("NOTE", title ?? name.capitalized)
        }
        return (kind, title)
    }

    // MARK: Code fences, hidden lines, math

    /// `rust,ignore` → `rust`; lines Rust hides dropped from Rust blocks; a warning for math.
    mutating func tidy(_ lines: [Line], path: String) -> [Line] {
        var output: [Line] = []
        var open: FenceOpening?
        var rust = false
        for var line in lines {
            if let fence = open {
                if MarkdownText.closesFence(line.text, fence) {
                    open = nil
                } else if rust {
                    let content = line.text.hasPrefix(fence.prefix) ? line.text.dropFirst(fence.prefix.count) : Substring(line.text)
                    let trimmed = content.drop { $0 == " " || $0 == "\t" }
                    if trimmed == "#" || trimmed.hasPrefix("# ") { continue }
                }
                output.append(line)
                continue
            }
            if var fence = MarkdownText.fenceOpening(line.text) {
                let language = fence.info.prefix { $0 != "," && $0 != " " && $0 != "{" }
                if fence.info.dropFirst(language.count).hasPrefix(",") {
                    let rest = line.text.dropFirst(fence.prefix.count + fence.count)
                    let attributes = rest.drop { $0 != " " && $0 != "{" }.trimmingSpaces()
                    line.text = fence.prefix + String(repeating: fence.marker, count: fence.count) + language + (attributes.hasPrefix("{") ? " " + attributes : "")
                    fence.info = String(language)
                }
                rust = language == "rust"
                open = fence
                output.append(line)
                continue
            }
            let prose = Inline.rewrite(line.text) { item in
                if case .code = item { return "" }
                return nil
            }
            if prose.contains("\\\\(") || prose.contains("\\\\[") || prose.contains("$$") {
                builder.diagnostics.append(.warning(.importDirective, "math (MathJax \\\\( … \\\\)) is not converted; Primer shows it as written",
                                                    at: SourceLocation(path: path, line: line.origin, column: 1),
                                                    suggestion: "write the formula as text or Unicode, or as a picture"))
            }
            output.append(line)
        }
        return output
    }

    // MARK: Links and images

    mutating func rewriteLinks(in index: Int) {
        let chapter = builder.chapters[index]
        let code = MarkdownText.codeMask(chapter.lines)
        let comments = MarkdownText.commentMask(chapter.lines, code: code)
        var lines = chapter.lines
        for (number, line) in lines.enumerated() where !code[number] && !comments[number] {
            let place = SourceLocation(path: chapter.path, line: line.origin, column: 1)
            if let definition = Self.referenceDefinition(line.text) {
                let isImage = Paths.imageExtensions.contains((definition.destination as NSString).pathExtension.lowercased())
                let target: String? = isImage ? image(definition.destination, in: chapter, at: place) : link(definition.destination, in: index, at: place)
                // A picture that is not copied leaves a comment, not a path Primer would look for.
                lines[number].text = isImage && target == nil ? ProjectBuilder.missingImage(alt: "", destination: definition.destination)
                    : definition.prefix + (target.map(Inline.destination) ?? definition.destination) + definition.rest
                continue
            }
            lines[number].text = rewrite(line.text, in: index, at: place)
        }
        builder.chapters[index].lines = lines
    }

    mutating func rewrite(_ text: String, in index: Int, at place: SourceLocation) -> String {
        Inline.rewrite(text) { item in
            guard case .link(let isImage, let text, let destination, let title) = item else { return nil }
            if isImage {
                guard !Paths.isExternal(destination), !destination.isEmpty else { return nil }
                guard let target = image(destination, in: builder.chapters[index], at: place) else {
                    return ProjectBuilder.missingImage(alt: text, destination: destination)
                }
                return Inline.link(image: true, text: text, destination: target, title: title)
            }
            let inner = rewrite(text, in: index, at: place)
            switch linkTarget(destination, in: index, at: place) {
            case .keep: return Inline.link(image: false, text: inner, destination: destination, title: title)
            case .target(let target):
                // Text that is the target's title becomes {title}, which follows the title when it changes.
                let shown = builder.title(of: target).map { Words.plain($0) == Words.plain(inner) } == true ? "{title}" : inner
                return Inline.link(image: false, text: shown, destination: target, title: title)
            case .textOnly: return inner
            }
        }
    }

    enum LinkTarget { case keep, target(String), textOnly }

    /// For a reference definition: the new destination, or nil to keep it.
    mutating func link(_ destination: String, in index: Int, at place: SourceLocation) -> String? {
        if case .target(let target) = linkTarget(destination, in: index, at: place) { return target }
        return nil
    }

    mutating func linkTarget(_ destination: String, in index: Int, at place: SourceLocation) -> LinkTarget {
        if destination.isEmpty || Paths.isExternal(destination) { return .keep }
        let pieces = destination.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let pathPart = (String(pieces[0]).removingPercentEncoding ?? String(pieces[0]))
        let fragment = pieces.count > 1 ? String(pieces[1]) : nil
        var target = index
        if !pathPart.isEmpty {
            let file = Paths.join(Paths.folder(of: builder.chapters[index].path), pathPart)
            var candidates = [file]
            if file.hasSuffix(".html") { candidates.append(String(file.dropLast(5)) + ".md") }
            if Paths.isFolder(file) { candidates += [Paths.join(file, "README.md"), Paths.join(file, "index.md")] }
            let chapters = chapterByPath
            guard let found = candidates.compactMap({ chapters[$0] }).first else {
                if file.hasSuffix(".md") || file.hasSuffix(".html") {
                    builder.diagnostics.append(.warning(.importLink, "\(pathPart) is not a chapter of the book; the link is left out, its text kept", at: place,
                                                        suggestion: "add the chapter to SUMMARY.md and import again, or link to a web page"))
                } else {
                    builder.diagnostics.append(.warning(.importLink, "a link to the file \(pathPart) is not converted; its text is kept", at: place,
                                                        suggestion: "copy the file into Content/ and link to it, or link to where it is published"))
                }
                return .textOnly
            }
            target = found
        }
        guard let fragment, !fragment.isEmpty else {
            return pathPart.isEmpty ? .keep : .target(builder.chapters[target].id + ".md")
        }
        if let reference = builder.reference(to: target, fragment: fragment) {
            return .target(reference)
        }
        let sameChapter = target == index && pathPart.isEmpty
        builder.diagnostics.append(.warning(.importLink, "no heading of \(Paths.name(of: builder.chapters[target].path)) has the id '\(fragment)'; "
                                                + (sameChapter ? "the link is left out, its text kept" : "the link goes to the chapter"),
                                            at: place, suggestion: "give the heading an id {#\(fragment)} and link to #\(fragment)"))
        return sameChapter ? .textOnly : .target(builder.chapters[target].id + ".md")
    }

    /// Copies the picture a chapter shows and returns its new path, or nil (with a warning).
    mutating func image(_ destination: String, in chapter: Chapter, at place: SourceLocation) -> String? {
        let clean = String(destination.prefix { $0 != "?" && $0 != "#" })
        let file = Paths.join(Paths.folder(of: chapter.path), clean.removingPercentEncoding ?? clean)
        if case .outside(let real) = files.place(of: file) {
            builder.diagnostics.append(files.diagnostic("image \(destination)", real, at: place))
            return nil
        }
        var relative = Paths.relative(file, to: src) ?? Paths.relative(file, to: root) ?? Paths.name(of: file)
        if relative.hasPrefix("images/") { relative.removeFirst("images/".count) }
        let name = builder.freeImageName(relative, for: file)
        guard let target = builder.copyImage(file, as: name, inside: files, at: place) else {
            builder.diagnostics.append(.warning(.importImage, "image \(destination) not found (looked for \(file)); its alt text is kept",
                                                at: place, suggestion: "add the picture to Content/images/ and put the image back"))
            return nil
        }
        return target
    }

    /// `[label]: destination "title"`: the text before the destination, the destination, the rest.
    static func referenceDefinition(_ line: String) -> (prefix: String, destination: String, rest: String)? {
        let indent = line.prefix { $0 == " " }
        guard indent.count <= 3 else { return nil }
        let body = line.dropFirst(indent.count)
        guard body.hasPrefix("["), !body.hasPrefix("[^"), let close = body.range(of: "]:") else { return nil }
        let afterColon = body[close.upperBound...]
        let spaces = afterColon.prefix { $0 == " " }
        let destination = afterColon.dropFirst(spaces.count).prefix { $0 != " " }
        guard !destination.isEmpty else { return nil }
        let prefix = String(line[..<destination.startIndex])
        let clean = destination.hasPrefix("<") && destination.hasSuffix(">") ? String(destination.dropFirst().dropLast()) : String(destination)
        return (prefix, clean, String(line[destination.endIndex...]))
    }
}
