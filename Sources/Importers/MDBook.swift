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
    var src = "src"
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
            case "title": settings.title = value
            case "src": settings.src = value
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
                    if outline.partTitles.isEmpty { outline.partTitles.append(nil) }
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

    init(root: String) { self.root = root }

    mutating func run(locale requested: String?) -> ImportResult {
        var result = ImportResult()
        guard Paths.isFolder(root) else {
            result.diagnostics = [.error(.importInput, "\(root) is not a folder", at: SourceLocation(path: root),
                                         suggestion: "pass the folder that holds book.toml")]
            return result
        }
        var settings = BookSettings()
        let tomlPath = Paths.join(root, "book.toml")
        if FileManager.default.fileExists(atPath: tomlPath) {
            switch Paths.read(tomlPath, display: tomlPath) {
            case .success(let text): settings = BookSettings.parse(text)
            case .failure(let error): result.diagnostics = [error]; return result
            }
        }
        var diagnostics: [Diagnostic] = []
        guard let locale = chooseLocale(requested, book: settings.language,
                                        bookPlace: SourceLocation(path: tomlPath, line: settings.languageLine, column: 1),
                                        diagnostics: &diagnostics) else {
            result.diagnostics = diagnostics
            return result
        }
        builder = ProjectBuilder(locale: locale)
        builder.diagnostics = diagnostics
        src = Paths.join(root, settings.src)
        let summaryPath = Paths.join(src, "SUMMARY.md")
        let summaryText: String
        switch Paths.read(summaryPath, display: summaryPath) {
        case .success(let text): summaryText = text
        case .failure:
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
            parts.append(Part(title: partTitle, numbering: Self.isAppendix(partTitle) ? .appendix : nil, chapters: chapters))
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
        guard FileManager.default.fileExists(atPath: file) else {
            builder.diagnostics.append(.error(.importInput, "chapter file \(file) not found", at: place,
                                              suggestion: "create the file, or make the entry a draft: - [\(title)]()"))
            return nil
        }
        let text: String
        switch Paths.read(file, display: file) {
        case .success(let t): text = t
        case .failure(let error): builder.diagnostics.append(error); return nil
        }
        let id = builder.chapterID(for: Paths.name(of: file))
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

    // MARK: {{#include}} and friends

    /// Expands `{{#include}}`, `{{#rustdoc_include}}` and `{{#playground}}`, drops `{{#title}}`.
    mutating func expandDirectives(in lines: [Line], file: String, depth: Int) -> [Line] {
        let code = MarkdownText.codeMask(lines)
        var output: [Line] = []
        for (index, line) in lines.enumerated() {
            guard line.text.contains("{{#") else { output.append(line); continue }
            let expanded = expandLine(line, inCode: code[index], file: file, depth: depth)
            output += expanded
        }
        return output
    }

    mutating func expandLine(_ line: Line, inCode: Bool, file: String, depth: Int) -> [Line] {
        var text = line.text
        var result = ""
        var removedAll = true
        while let open = text.range(of: "{{#") {
            let before = text[..<open.lowerBound]
            if before.hasSuffix("\\") {
                // Escaped: mdBook writes it as it is, without the backslash. In prose the Markdown
                // escape says the same, so only code loses the backslash.
                result += inCode ? String(before.dropLast()) : String(before)
                result += "{{#"
                text = String(text[open.upperBound...])
                removedAll = false
                continue
            }
            guard let close = text.range(of: "}}", range: open.upperBound..<text.endIndex) else { break }
            result += before
            if !before.trimmingSpaces().isEmpty { removedAll = false }
            let directive = String(text[open.lowerBound..<close.upperBound])
            let inside = text[open.upperBound..<close.lowerBound].trimmingSpaces()
            let name = String(inside.prefix { !$0.isWhitespace })
            let arguments = inside.dropFirst(name.count).trimmingSpaces()
            let place = SourceLocation(path: file, line: line.origin, column: 1)
            text = String(text[close.upperBound...])
            switch name {
            case "include", "rustdoc_include", "playground":
                removedAll = false
                if let included = include(arguments, rustdoc: name == "rustdoc_include", from: file, at: place, depth: depth) {
                    result += name == "playground" ? "```rust\n" + included + "\n```" : included
                } else {
                    result += inCode ? directive : "`\(directive)`"
                }
            case "title":
                builder.diagnostics.append(.warning(.importDirective, "{{#title}} sets the browser's title in mdBook; Primer uses the chapter's title, so it is left out",
                                                    at: place, suggestion: "put the title you want in the chapter's front matter"))
            default:
                removedAll = false
                builder.diagnostics.append(.warning(.importInclude, "{{#\(name)}} is not an mdBook directive the importer knows; it is kept as text", at: place))
                result += inCode ? directive : "`\(directive)`"
            }
        }
        result += text
        if removedAll && result.trimmingSpaces().isEmpty { return [] }
        return result.split(separator: "\n", omittingEmptySubsequences: false).map { Line(text: String($0), origin: line.origin) }
    }

    /// The text an include brings in, or nil (with a warning) when the file or anchor is missing.
    mutating func include(_ arguments: String, rustdoc: Bool, from file: String, at place: SourceLocation, depth: Int) -> String? {
        let spec = String(arguments.prefix { !$0.isWhitespace })
        let pieces = spec.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard let relative = pieces.first, !relative.isEmpty else {
            builder.diagnostics.append(.warning(.importInclude, "this include names no file", at: place))
            return nil
        }
        guard depth < 10 else {
            builder.diagnostics.append(.warning(.importInclude, "includes nest more than 10 deep here; \(relative) is not included", at: place))
            return nil
        }
        let path = Paths.join(Paths.folder(of: file), relative)
        guard !Paths.isFolder(path), FileManager.default.fileExists(atPath: path), case .success(let text) = Paths.read(path, display: path) else {
            builder.diagnostics.append(.warning(.importInclude, "cannot include \(relative): \(path) is not a readable text file", at: place,
                                                suggestion: "fix the path (it is relative to the chapter's file)"))
            return nil
        }
        var lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        func number(_ text: String) -> Int? { Int(text) }
        var selected: [String]
        if pieces.count == 1 {
            selected = lines
        } else if pieces.count == 2, !pieces[1].isEmpty, number(pieces[1]) == nil {
            let anchor = pieces[1]
            guard let start = lines.firstIndex(where: { Self.anchorName($0, end: false) == anchor }) else {
                builder.diagnostics.append(.warning(.importInclude, "\(relative) has no anchor '\(anchor)' (a line with ANCHOR: \(anchor))", at: place,
                                                    suggestion: "mark the lines with ANCHOR: \(anchor) … ANCHOR_END: \(anchor)"))
                return nil
            }
            let end = lines[(start + 1)...].firstIndex { Self.anchorName($0, end: true) == anchor } ?? lines.count
            selected = Array(lines[(start + 1)..<end])
        } else {
            let first = pieces.count > 1 ? number(pieces[1]) : nil
            let last = pieces.count > 2 ? number(pieces[2]) : (pieces.count == 2 ? first : nil)
            let from = max(1, first ?? 1)
            let to = min(lines.count, last ?? lines.count)
            if (pieces.count > 1 && !pieces[1].isEmpty && first == nil) || (pieces.count > 2 && !pieces[2].isEmpty && last == nil) || pieces.count > 3 {
                builder.diagnostics.append(.warning(.importInclude, "cannot read the line range in '\(spec)'", at: place,
                                                    suggestion: "write file:10, file:2:10, file:2: or file::10"))
                return nil
            }
            if from > lines.count {
                builder.diagnostics.append(.warning(.importInclude, "\(relative) has \(lines.count) lines; line \(from) is past its end", at: place))
                return nil
            }
            selected = from <= to ? Array(lines[(from - 1)..<to]) : []
        }
        selected.removeAll { Self.anchorName($0, end: false) != nil || Self.anchorName($0, end: true) != nil }
        if rustdoc {
            // Lines Rust hides (`# ` or a lone `#`) are not shown by mdBook either; `##` is a literal `#`.
            selected = selected.compactMap { line in
                let trimmed = line.drop { $0 == " " || $0 == "\t" }
                if trimmed == "#" || trimmed.hasPrefix("# ") { return nil }
                if trimmed.hasPrefix("##") { return String(line.prefix(line.count - trimmed.count)) + String(trimmed.dropFirst()) }
                return line
            }
        }
        // What the included file includes, relative to it.
        let nested = expandDirectives(in: selected.enumerated().map { Line(text: $1, origin: $0 + 1) }, file: path, depth: depth + 1)
        return nested.map(\.text).joined(separator: "\n")
    }

    /// The anchor a line opens (`ANCHOR: name`) or, with `end`, closes (`ANCHOR_END: name`).
    static func anchorName(_ line: String, end: Bool) -> String? {
        let marker = end ? "ANCHOR_END:" : "ANCHOR:"
        guard let range = line.range(of: marker) else { return nil }
        if !end, range.lowerBound > line.startIndex, line[line.index(before: range.lowerBound)] == "_" { return nil }
        let name = line[range.upperBound...].drop { $0 == " " || $0 == "\t" }.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
        return name.isEmpty ? nil : String(name)
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
                lines[number].text = definition.prefix + (target.map(Inline.destination) ?? definition.destination) + definition.rest
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
        var relative = Paths.relative(file, to: src) ?? Paths.relative(file, to: root) ?? Paths.name(of: file)
        if relative.hasPrefix("images/") { relative.removeFirst("images/".count) }
        let name = builder.freeImageName(relative, for: file)
        guard let target = builder.copyImage(file, as: name) else {
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
