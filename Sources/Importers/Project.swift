import CourseModel
import Foundation

/// A chapter on its way into Primer: its text as lines of the book, its headings, and what the
/// front matter will say.
struct Chapter {
    var id: String
    /// The book's file, as the diagnostics name it.
    var path: String
    var title: String
    var summary: String?
    var lines: [Line]
    var headings: [Heading] = []
    /// Fragments that name the chapter's own title heading (a link to one is a link to the chapter).
    var titleAliases: Set<String> = []
}

/// A heading of a chapter and the names other pages may know it by.
struct Heading {
    /// Index into the chapter's lines.
    var line: Int
    var heading: HeadingLine
    /// What links may use after `#`: the book's id for it (mdBook's, DocC's), its explicit id.
    var aliases: [String]
    /// The explicit id it has in Primer, once it has one.
    var id: String?
    /// Whether the heading's line must be written again with `id`.
    var rewrite = false
}

/// A part of the table of contents.
struct Part {
    enum Numbering: String { case none, appendix }
    var title: String?
    var numbering: Numbering?
    var chapters: [String]
    /// Where the book names the part (for messages about its title).
    var place: SourceLocation? = nil
}

/// Pieces both importers use: chapter ids, the title, levels and ids of headings, references
/// to headings, images and their variants, raw HTML, and writing the project's files.
struct ProjectBuilder {
    var locale: String
    var chapters: [Chapter] = []
    var diagnostics: [Diagnostic] = []
    var result = ImportResult()
    /// Chapter ids given so far.
    private var takenChapterIDs = Set<String>()
    /// Explicit ids of headings in the whole course (Primer's explicit ids are course-wide).
    private var usedIDs = Set<String>()
    /// Images copied: destination (relative to Content/) → source path.
    private var imageSources: [String: String] = [:]

    /// The course's own callout kinds (DocC's `> Experiment:`, mdBook's `> [!EXAMPLE]`) and their labels.
    var customCallouts: [(kind: String, label: String)] = []

    init(locale: String) { self.locale = locale }

    static let builtInCallouts = ["note": "NOTE", "tip": "TIP", "important": "IMPORTANT", "warning": "WARNING", "caution": "CAUTION"]

    /// The `[!KIND]` of a callout named `word`: a built-in kind, or one of the course's own,
    /// declared in course.yml with `word` as its label.
    mutating func calloutKind(_ word: String) -> String {
        if let builtIn = Self.builtInCallouts[word.lowercased()] { return builtIn }
        let kind = word.lowercased()
        if !customCallouts.contains(where: { $0.kind == kind }) {
            let rest = word.dropFirst()
            let label = Words.spacedCamelCase(word.prefix(1).uppercased() + (rest.allSatisfy(\.isUppercase) ? rest.lowercased() : String(rest)))
            customCallouts.append((kind, label))
        }
        return kind.uppercased()
    }

    // MARK: Chapter ids

    /// An id from a file name: lower case, `[a-z0-9-]`, unique, never a page Primer makes.
    mutating func chapterID(for fileName: String) -> String {
        Self.unique(Self.chapterIDBase(fileName), in: &takenChapterIDs)
    }

    /// The id the next `chapterID(for: fileName)` gives, not taken yet.
    func nextChapterID(for fileName: String) -> String {
        var taken = takenChapterIDs
        return Self.unique(Self.chapterIDBase(fileName), in: &taken)
    }

    /// A chapter id before it is made unique.
    static func chapterIDBase(_ fileName: String) -> String {
        var base = ""
        for c in (fileName as NSString).deletingPathExtension.lowercased() {
            if ("a"..."z").contains(c) || ("0"..."9").contains(c) || c == "-" {
                base.append(c)
            } else if !base.hasSuffix("-") {
                base.append("-")
            }
        }
        while base.hasPrefix("-") { base.removeFirst() }
        while base.hasSuffix("-") { base.removeLast() }
        if base.isEmpty { base = "chapter" }
        if base == "index" { base = "introduction" } else if CourseConfig.reservedPageIDs[base] != nil { base += "-chapter" }
        return base
    }

    // MARK: Title and headings

    /// Takes the chapter's `#` heading out of its lines (it becomes the front matter's title)
    /// and, when other `#` headings remain, moves every heading one level down so that sections
    /// start at `##`. Returns the title heading.
    static func takeTitle(_ lines: inout [Line]) -> HeadingLine? {
        lines = atxHeadings(lines)
        var code = MarkdownText.codeMask(lines)
        var title: HeadingLine?
        for index in lines.indices where !code[index] {
            if let heading = HeadingLine(lines[index].text), heading.level == 1 {
                title = heading
                lines.remove(at: index)
                break
            }
        }
        code = MarkdownText.codeMask(lines)
        let moreTitles = lines.indices.contains { !code[$0] && HeadingLine(lines[$0].text)?.level == 1 }
        if moreTitles {
            for index in lines.indices where !code[index] {
                guard var heading = HeadingLine(lines[index].text) else { continue }
                heading.level = min(heading.level + 1, 6)
                lines[index].text = heading.rendered
            }
        }
        closeLevelGaps(&lines, code: code)
        while lines.first?.text.trimmingSpaces().isEmpty == true { lines.removeFirst() }
        return title
    }

    /// Headings that skip a level (`####` right under the title, which a tagged PDF may not
    /// have) moved up to one level below the heading they come under; siblings stay siblings.
    static func closeLevelGaps(_ lines: inout [Line], code: [Bool]) {
        var open: [(written: Int, level: Int)] = []
        for index in lines.indices where !code[index] {
            guard var heading = HeadingLine(lines[index].text) else { continue }
            while let last = open.last, last.written >= heading.level { open.removeLast() }
            let level = (open.last?.level ?? 1) + 1
            open.append((heading.level, level))
            if level < heading.level {
                heading.level = level
                lines[index].text = heading.rendered
            }
        }
    }

    /// Setext headings ("Title" over `===` or `---`, after a blank line) written as `#` headings,
    /// so that titles, levels and ids treat them alike.
    static func atxHeadings(_ lines: [Line]) -> [Line] {
        let code = MarkdownText.codeMask(lines)
        var output: [Line] = []
        var index = 0
        while index < lines.count {
            let text = lines[index].text
            if !code[index], index + 1 < lines.count, !code[index + 1], !text.trimmingSpaces().isEmpty,
               index == 0 || lines[index - 1].text.trimmingSpaces().isEmpty,
               text.prefix(while: { $0 == " " }).count <= 3, HeadingLine(text) == nil,
               MarkdownText.containerPrefixLength(Substring(text)) == text.prefix(while: { $0 == " " }).count,
               !text.trimmingSpaces().hasPrefix("<"), !text.trimmingSpaces().hasPrefix("|"),
               let level = setextLevel(lines[index + 1].text) {
                output.append(Line(text: String(repeating: "#", count: level) + " " + text.trimmingSpaces(), origin: lines[index].origin))
                index += 2
                continue
            }
            output.append(lines[index])
            index += 1
        }
        return output
    }

    static func setextLevel(_ line: String) -> Int? {
        let text = line.trimmingSpaces()
        guard line.prefix(while: { $0 == " " }).count <= 3, let first = text.first, first == "=" || first == "-",
              text.allSatisfy({ $0 == first }) else { return nil }
        return first == "=" ? 1 : 2
    }

    /// Records the chapter's headings; `aliases` gives the names the book knows each by. Explicit
    /// ids that another chapter has taken, or that Primer's pages use, are renamed.
    mutating func collectHeadings(of chapter: Int, aliases: (HeadingLine, inout [String: Int]) -> [String]) {
        var seen: [String: Int] = [:]
        var headings: [Heading] = []
        let code = MarkdownText.codeMask(chapters[chapter].lines)
        let comments = MarkdownText.commentMask(chapters[chapter].lines, code: code)
        for (index, line) in chapters[chapter].lines.enumerated() where !code[index] && !comments[index] {
            guard let heading = HeadingLine(line.text) else { continue }
            var entry = Heading(line: index, heading: heading, aliases: aliases(heading, &seen))
            if let explicit = heading.explicitID {
                entry.aliases.append(explicit)
                if usedIDs.contains(explicit) || SitePaths.isReservedID(explicit) {
                    entry.id = uniqueID(chapters[chapter].id + "-" + explicit)
                    entry.rewrite = true
                } else {
                    usedIDs.insert(explicit)
                    entry.id = explicit
                }
            }
            headings.append(entry)
        }
        chapters[chapter].headings = headings
    }

    /// A heading id no other heading has; one that would not start with a letter (a chapter
    /// named `6.4.md`), which Primer does not take for an id, starts with `chapter-`.
    mutating func uniqueID(_ base: String) -> String {
        Self.unique(base.first?.isLetter == true ? base : "chapter-" + base, in: &usedIDs)
    }

    /// `base`, or `base-2`, `base-3`… the first that `taken` lacks, which then holds it.
    static func unique(_ base: String, in taken: inout Set<String>) -> String {
        var id = base
        var number = 2
        while taken.contains(id) {
            id = "\(base)-\(number)"
            number += 1
        }
        taken.insert(id)
        return id
    }

    /// Where a link to `fragment` of a chapter goes in Primer: `#id` (the heading gets an explicit
    /// id when it has none), the chapter itself for its title, or nil when no heading matches.
    mutating func reference(to chapter: Int, fragment: String, loose: Bool = true) -> String? {
        let decoded = fragment.removingPercentEncoding ?? fragment
        if chapters[chapter].titleAliases.contains(decoded) { return chapters[chapter].id + ".md" }
        var match = chapters[chapter].headings.firstIndex { $0.aliases.contains(decoded) }
        if match == nil, loose {
            let wanted = Words.loose(decoded)
            match = chapters[chapter].headings.firstIndex { Words.loose(Words.plain($0.heading.text)) == wanted }
            if match == nil, Words.loose(Words.plain(chapters[chapter].title)) == wanted { return chapters[chapter].id + ".md" }
        }
        guard let index = match else { return nil }
        if let id = chapters[chapter].headings[index].id { return "#" + id }
        let id = uniqueID(chapters[chapter].id + "-" + Words.slug(chapters[chapter].headings[index].heading.text))
        chapters[chapter].headings[index].id = id
        chapters[chapter].headings[index].rewrite = true
        return "#" + id
    }

    /// The title a reference shows with `{title}`: the chapter's for `id.md`, the heading's for `#id`.
    func title(of destination: String) -> String? {
        if destination.hasSuffix(".md") {
            return chapters.first { $0.id + ".md" == destination }?.title
        }
        guard destination.hasPrefix("#") else { return nil }
        let id = String(destination.dropFirst())
        for chapter in chapters {
            if let heading = chapter.headings.first(where: { $0.id == id }) { return Words.plain(heading.heading.text) }
        }
        return nil
    }

    // MARK: Images

    /// The picture at `source` (a file of the book, or only its variants) copied into
    /// Content/images/ as `destination` (relative to images/), with its `@2x`, `~dark` and
    /// `~dark@2x` variants. Returns the path the chapter uses (`../images/…`: chapters are in Content/<locale>/), or nil when neither
    /// the picture nor a variant exists.
    /// A version that is outside the book (`files`) is not copied: a warning at `place` says so.
    mutating func copyImage(_ source: String, as destination: String, inside files: BookFiles, at place: SourceLocation) -> String? {
        let folder = (source as NSString).deletingLastPathComponent
        let name = (source as NSString).lastPathComponent
        let ext = (name as NSString).pathExtension
        let base = (name as NSString).deletingPathExtension
        let destinationFolder = (destination as NSString).deletingLastPathComponent
        let destinationBase = ((destination as NSString).lastPathComponent as NSString).deletingPathExtension
        var found = false
        let stem = (destinationFolder.isEmpty ? "" : destinationFolder + "/") + destinationBase
        for suffix in ["", "@2x", "~dark", "~dark@2x"] {
            let file = base + suffix + (ext.isEmpty ? "" : "." + ext)
            var path = folder.isEmpty ? file : folder + "/" + file
            switch files.place(of: path) {
            case .missing: continue
            case .outside(let real):
                diagnostics.append(files.diagnostic("image \(file)" + (suffix.isEmpty ? "" : " (a version of \(name))"), real, at: place))
                continue
            case .inside(let real):
                guard BookFiles.regularFileSize(real) != nil else { continue }
                path = real
            }
            found = true
            let target = stem + suffix + (ext.isEmpty ? "" : "." + ext)
            imageSources[destination] = source
            result.copies["Content/images/" + target] = path
        }
        return found ? "../images/" + destination : nil
    }

    /// A destination under images/ for `relative` that no other picture has taken.
    func freeImageName(_ relative: String, for source: String) -> String {
        var candidate = relative
        var number = 2
        let ext = (relative as NSString).pathExtension
        let stem = (relative as NSString).deletingPathExtension
        while let taken = imageSources[candidate], taken != source {
            candidate = "\(stem)-\(number)" + (ext.isEmpty ? "" : "." + ext)
            number += 1
        }
        return candidate
    }

    /// What replaces an image that cannot be found: its alt text, and a comment marking the place.
    /// The alt text of a picture the import shows: the book's, or when it has none (which the
    /// build rejects for a book, PRM074) words made from the file's name, with a warning.
    mutating func altText(_ alt: String, image destination: String, at place: SourceLocation) -> String {
        guard alt.allSatisfy(\.isWhitespace) else { return alt }
        let words = Self.words(ofImage: destination)
        diagnostics.append(.warning(.altText, "the image \(destination) has no alt text; it is given '\(words)', made from its file name",
                                    at: place, suggestion: "say in the brackets what the picture shows: ![What it shows](\(destination))"))
        return words
    }

    /// `../img/bitwiseNOT@2x.png` → `bitwise NOT`: the file's name without its folder, extension,
    /// `@2x` and `~dark`, words split at `-`, `_` and where lower case meets upper case.
    static func words(ofImage destination: String) -> String {
        var stem = (Paths.name(of: destination.removingPercentEncoding ?? destination) as NSString).deletingPathExtension
        if let at = stem.range(of: "@", options: .backwards) { stem = String(stem[..<at.lowerBound]) }
        if stem.hasSuffix("~dark") { stem.removeLast("~dark".count) }
        var words = ""
        var previous: Character = " "
        for c in stem {
            if c == "-" || c == "_" || c == " " {
                if !words.hasSuffix(" ") { words.append(" ") }
            } else {
                if c.isUppercase, previous.isLowercase { words.append(" ") }
                words.append(c)
            }
            previous = c
        }
        let trimmed = words.trimmingSpaces()
        return trimmed.isEmpty ? "A picture" : trimmed
    }

    static func missingImage(alt: String, destination: String) -> String {
        let comment = destination.replacingOccurrences(of: "--", with: "- -")
        return alt + "<!-- image not found: \(comment) -->"
    }

    // MARK: Raw HTML

    /// A warning for each block of raw HTML (and each line with inline HTML) outside code and
    /// comments: Primer shows it only with `raw_html: true`.
    mutating func warnAboutRawHTML(in chapter: Chapter) {
        let code = MarkdownText.codeMask(chapter.lines)
        let comments = MarkdownText.commentMask(chapter.lines, code: code)
        var inBlock = false
        for (index, line) in chapter.lines.enumerated() {
            if code[index] || comments[index] || line.text.trimmingSpaces().isEmpty { inBlock = false; continue }
            let content = line.text.dropFirst(MarkdownText.containerPrefixLength(Substring(line.text)))
            if !inBlock, let tag = Self.htmlTag(at: content) {
                inBlock = true
                diagnostics.append(.warning(.importRawHTML, "raw HTML (<\(tag)>) is kept; Primer shows it as text unless course.yml has raw_html: true",
                                            at: SourceLocation(path: chapter.path, line: line.origin, column: 1),
                                            suggestion: "rewrite it in Markdown, or set raw_html: true"))
                continue
            }
            if inBlock { continue }
            var inline: String?
            let prose = Inline.rewrite(line.text) { item in
                if case .code = item { return "" }
                if case .angle = item { return "" }
                return nil
            }
            let chars = Array(prose)
            for (position, c) in chars.enumerated() where c == "<" && (position == 0 || chars[position - 1] != "\\") {
                if let tag = Self.htmlTag(at: Substring(String(chars[position...]))) { inline = tag; break }
            }
            if let inline {
                diagnostics.append(.warning(.importRawHTML, "inline HTML (<\(inline)>) is kept; Primer shows it as text unless course.yml has raw_html: true",
                                            at: SourceLocation(path: chapter.path, line: line.origin, column: 1),
                                            suggestion: "rewrite it in Markdown, or set raw_html: true"))
            }
        }
    }

    /// The tag name when `text` starts with an HTML tag (`<div`, `</span>`), not a comment.
    static func htmlTag(at text: Substring) -> String? {
        guard text.hasPrefix("<") else { return nil }
        var rest = text.dropFirst()
        if rest.hasPrefix("/") { rest = rest.dropFirst() }
        let name = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        guard let first = name.first, first.isLetter else { return nil }
        let after = rest.dropFirst(name.count)
        guard after.first == nil || after.first == ">" || after.first == " " || after.first == "/" || after.first == "\t",
              after.contains(">") else { return nil }
        return String(name).lowercased()
    }

    // MARK: Writing

    /// The chapter's file: front matter, then its lines with the ids references need.
    static func render(_ chapter: Chapter) -> String {
        var lines = chapter.lines
        for heading in chapter.headings where heading.rewrite {
            guard let id = heading.id, let parsed = HeadingLine(lines[heading.line].text) else { continue }
            let indent = String(lines[heading.line].text.prefix { $0 == " " })
            lines[heading.line].text = indent + parsed.withID(id).rendered
        }
        var text = "---\ntitle: \(doubleQuoted(chapter.title))\n"
        if let summary = chapter.summary, !summary.isEmpty { text += "summary: \(doubleQuoted(summary))\n" }
        text += "---\n\n"
        // Runs of blank lines (what dropped directives leave) become one, outside code.
        let code = MarkdownText.codeMask(lines)
        var body: [String] = []
        for (index, line) in lines.enumerated() {
            if !code[index], line.text.trimmingSpaces().isEmpty, body.last?.isEmpty ?? true { continue }
            body.append(!code[index] && line.text.trimmingSpaces().isEmpty ? "" : line.text)
        }
        while body.first?.trimmingSpaces().isEmpty == true { body.removeFirst() }
        while body.last?.trimmingSpaces().isEmpty == true { body.removeLast() }
        text += body.joined(separator: "\n")
        return text + (body.isEmpty ? "" : "\n")
    }

    /// course.yml, every chapter, and the string catalog when custom callouts need labels.
    /// `settings`: lines of course.yml after the locales (`check_prints: true`).
    mutating func finish(title: String, parts: [Part], settings: [String] = []) -> ImportResult {
        let callouts = customCallouts
        // Titles go on every page: no control characters (a page cannot show them).
        let title = withoutControls(title, "the course's title", at: nil)
        let parts = parts.map { part in
            var part = part
            part.title = part.title.map { withoutControls($0, "the part's title", at: part.place) }
            return part
        }
        for index in chapters.indices {
            let place = SourceLocation(path: chapters[index].path)
            chapters[index].title = withoutControls(chapters[index].title, "the chapter's title", at: place)
            chapters[index].summary = chapters[index].summary.map { withoutControls($0, "the chapter's abstract", at: place) }
            removeControls(fromLinesOf: index)
        }
        for chapter in chapters {
            result.files["Content/\(locale)/\(chapter.id).md"] = Data(Self.render(chapter).utf8)
        }
        var yaml = "title: \(doubleQuoted(title))\n"
        yaml += "source_locale: \(Self.yamlKey(locale))\n"
        yaml += "locales: [\(Self.yamlKey(locale))]\n"
        for setting in settings { yaml += setting + "\n" }
        if !callouts.isEmpty {
            yaml += "callouts: [\(callouts.map { Self.yamlKey($0.kind) }.joined(separator: ", "))]\n"
        }
        yaml += "parts:\n"
        for part in parts where !part.chapters.isEmpty {
            var first = true
            func entry(_ text: String) {
                yaml += (first ? "  - " : "    ") + text + "\n"
                first = false
            }
            if let title = part.title { entry("title: \(doubleQuoted(title))") }
            if let numbering = part.numbering { entry("numbering: \(numbering.rawValue)") }
            entry("chapters: [\(part.chapters.map(Self.yamlKey).joined(separator: ", "))]")
        }
        result.files["Content/course.yml"] = Data(yaml.utf8)
        if !callouts.isEmpty {
            result.files["Content/Localizable.xcstrings"] = Data(Self.catalog(locale: locale, callouts: callouts).utf8)
        }
        result.diagnostics = diagnostics
        return result
    }

    /// A chapter id or locale as a YAML scalar: plain unless YAML would read it as something else.
    static func yamlKey(_ text: String) -> String {
        let special: Set<String> = ["true", "false", "yes", "no", "on", "off", "null", "y", "n", "~"]
        let plain = text.first.map { $0.isLetter } == true && !special.contains(text.lowercased())
            && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        return plain ? text : doubleQuoted(text)
    }

    /// A String Catalog with the labels of the course's own callout kinds.
    static func catalog(locale: String, callouts: [(kind: String, label: String)]) -> String {
        var text = "{\n  \"sourceLanguage\" : \(doubleQuoted(locale)),\n  \"strings\" : {\n"
        text += callouts.map { callout in
            """
                \(doubleQuoted("callout_" + callout.kind)) : {
                  "comment" : "The label of the \(callout.kind) callout (imported).",
                  "extractionState" : "manual",
                  "localizations" : {
                    \(doubleQuoted(locale)) : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : \(doubleQuoted(callout.label))
                      }
                    }
                  }
                }
            """
        }.joined(separator: ",\n")
        return text + "\n  },\n  \"version\" : \"1.0\"\n}\n"
    }
}
