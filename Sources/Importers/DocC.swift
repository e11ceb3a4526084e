import CourseModel
import Foundation

/// `primer import docc`: the articles of a DocC catalog (a `.docc` folder) turned into a Primer
/// project, its root page's topic groups becoming the parts. Reads the catalog; writes nothing.
public enum DocCImporter {
    /// Converts the catalog at `catalog`; the course's locale is `locale` (default `en`).
    public static func convert(catalog: String, locale requested: String? = nil) -> ImportResult {
        var conversion = DocCConversion(root: Paths.normalize(catalog))
        return conversion.run(locale: requested)
    }
}

/// One Markdown page of the catalog, read before anything is converted.
struct DocCPage {
    var path: String
    /// The file's name without `.md`: what `<doc:Name>` uses.
    var name: String
    var lines: [Line]
    var title: String?
    var isTechnologyRoot = false
    /// A page whose title is a symbol (``` # ``MyKit`` ```): the module's page or a symbol's extension.
    var isSymbolPage = false
    var topics: [TopicGroup] = []

    var linkedArticles: [String] { topics.flatMap { $0.items.compactMap(\.docName) } }
}

struct TopicGroup {
    var title: String?
    var items: [TopicItem] = []
}

struct TopicItem {
    /// `<doc:Name>`'s name, or nil for a symbol.
    var docName: String?
    var symbol: String?
    var line: Int
}

/// A parsed directive: `@Name(arguments) { body }`.
struct Directive {
    var name: String
    var arguments: String
    /// The body's lines, nil when the directive has no `{ }`.
    var body: [Line]?
    /// Index of the last line the directive takes.
    var lastLine: Int

    /// `key: value` arguments (quoted or not); unnamed ones under "".
    var namedArguments: [String: String] {
        var result: [String: String] = [:]
        var key = ""
        var value = ""
        var quoted = false
        var inQuote = false
        func flush() {
            let v = quoted ? value : value.trimmingSpaces()
            if !key.isEmpty || !v.isEmpty { result[key.trimmingSpaces(), default: v] = v }
            key = ""; value = ""; quoted = false
        }
        var escaped = false
        for c in arguments {
            if inQuote {
                if escaped { value.append(c); escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inQuote = false } else { value.append(c) }
                continue
            }
            switch c {
            case "\"": inQuote = true; quoted = true; value = ""
            case ":" where key.isEmpty && !quoted: key = value; value = ""
            case ",": flush()
            default: if !quoted { value.append(c) }
            }
        }
        flush()
        return result
    }
}

struct DocCConversion {
    let root: String
    var builder = ProjectBuilder(locale: "en")
    var pages: [DocCPage] = []
    /// Image files of the catalog by their base name (no extension, `@2x` or `~dark`).
    var images: [String: [String]] = [:]
    /// Page index → chapter index.
    var chapterOfPage: [Int: Int] = [:]
    var pageOfChapter: [Int: Int] = [:]
    /// Custom aside kinds, in the order met: kind → label.
    var customCallouts: [(kind: String, label: String)] = []
    /// Per chapter: the lines of its abstract (before links were rewritten).
    var abstracts: [Int: Range<Int>] = [:]
    /// What the catalog may make the importer read: files inside `root`.
    let files: BookFiles

    init(root: String) {
        self.root = root
        files = BookFiles(root: root, noun: "catalog")
    }

    mutating func run(locale requested: String?) -> ImportResult {
        var result = ImportResult()
        guard Paths.isFolder(root) else {
            result.diagnostics = [.error(.importInput, "\(root) is not a folder", at: SourceLocation(path: root),
                                         suggestion: "pass the .docc folder of the documentation")]
            return result
        }
        var diagnostics: [Diagnostic] = []
        guard let locale = chooseLocale(requested, book: nil, bookPlace: nil, diagnostics: &diagnostics) else {
            result.diagnostics = diagnostics
            return result
        }
        builder = ProjectBuilder(locale: locale)
        // Files and links to files; a link is followed only when it stays in the catalog.
        let tree = FileTree.scan(under: root, hidden: false, linkedFiles: true)
        var leaving = Set<String>()
        for link in tree.links {
            let path = Paths.join(root, link)
            switch files.place(of: path) {
            case .inside: continue
            case .outside(let real): builder.diagnostics.append(files.diagnostic(link, real, at: SourceLocation(path: path)))
            case .missing: break
            }
            leaving.insert(link)
        }
        for file in tree.files where !leaving.contains(file) {
            let path = Paths.join(root, file)
            let ext = (file as NSString).pathExtension.lowercased()
            if ext == "md" {
                switch Paths.read(path, display: path) {
                case .success(let text): pages.append(Self.page(path: path, text: text))
                case .failure(let error): builder.diagnostics.append(error)
                }
            } else if ext == "tutorial" {
                builder.diagnostics.append(.warning(.importStructure, "DocC tutorials (.tutorial files) are not converted; \(file) is left out",
                                                    at: SourceLocation(path: path, line: 1, column: 1),
                                                    suggestion: "rewrite the tutorial's steps as a chapter"))
            } else if Paths.imageExtensions.contains(ext) {
                images[Self.imageBase(Paths.name(of: file)), default: []].append(path)
            }
        }
        if builder.diagnostics.hasErrors {
            result.diagnostics = builder.diagnostics
            return result
        }
        guard let rootIndex = findRoot() else {
            result.diagnostics = builder.diagnostics + [.error(.importInput, "\(root) has no root page: no article with @TechnologyRoot in its @Metadata, and no page whose ## Topics lists articles",
                                                               at: SourceLocation(path: root),
                                                               suggestion: "add @Metadata { @TechnologyRoot } to the catalog's main article")]
            return result
        }
        let rootPage = pages[rootIndex]
        let courseTitle = rootPage.title ?? Paths.name(of: root).replacingOccurrences(of: ".docc", with: "")
        let rootPlace = SourceLocation(path: rootPage.path)

        // Symbol pages other than the root document code Primer has no pages for.
        for (index, page) in pages.enumerated() where page.isSymbolPage && index != rootIndex {
            builder.diagnostics.append(.warning(.importStructure, "\(Paths.name(of: page.path)) documents the symbol \(page.title ?? page.name); symbol documentation is not converted",
                                                at: SourceLocation(path: page.path, line: 1, column: 1)))
        }

        // The table of contents: the root's topic groups, each article followed by what it curates.
        var placed = Set<Int>()
        var parts: [(title: String?, pages: [Int])] = []
        var order: [Int] = []
        func place(_ index: Int, into part: inout [Int], parentName: String?, line: Int, from page: DocCPage) {
            guard !placed.contains(index) else { return }
            placed.insert(index)
            if let parentName {
                builder.diagnostics.append(.warning(.importStructure, "'\(pages[index].title ?? pages[index].name)' is curated under '\(parentName)'; Primer has no sub-chapters, so it becomes a chapter after it",
                                                    at: SourceLocation(path: page.path, line: line, column: 1)))
            }
            part.append(index)
            for group in pages[index].topics {
                for item in group.items {
                    guard let name = item.docName, let child = lookup(name), child != rootIndex, !pages[child].isSymbolPage else { continue }
                    place(child, into: &part, parentName: pages[index].title ?? pages[index].name, line: item.line, from: pages[index])
                }
            }
        }
        var warnedSymbols = false
        for group in rootPage.topics {
            var part: [Int] = []
            for item in group.items {
                if let name = item.docName {
                    guard let index = lookup(name) else {
                        builder.diagnostics.append(.warning(.importLink, "<doc:\(name)> names no article of the catalog; it is left out of the contents",
                                                            at: SourceLocation(path: rootPage.path, line: item.line, column: 1)))
                        continue
                    }
                    if index == rootIndex || pages[index].isSymbolPage { continue }
                    place(index, into: &part, parentName: nil, line: item.line, from: rootPage)
                } else if !warnedSymbols {
                    warnedSymbols = true
                    builder.diagnostics.append(.warning(.importStructure, "symbols in Topics (``\(item.symbol ?? "")``) are not converted: Primer has no symbol pages",
                                                        at: SourceLocation(path: rootPage.path, line: item.line, column: 1)))
                }
            }
            if !part.isEmpty { parts.append((group.title ?? courseTitle, part)) }
        }
        var rest: [Int] = []
        for (index, page) in pages.enumerated() where index != rootIndex && !page.isSymbolPage && !placed.contains(index) {
            builder.diagnostics.append(.warning(.importStructure, "'\(page.title ?? page.name)' is in no topic group of the root page; it goes into a last part, 'More articles'",
                                                at: SourceLocation(path: page.path, line: 1, column: 1),
                                                suggestion: "list it under ## Topics in \(Paths.name(of: rootPage.path)) to place it"))
            var part: [Int] = []
            place(index, into: &part, parentName: nil, line: 1, from: page)
            rest += part
        }
        if !rest.isEmpty { parts.append(("More articles", rest)) }

        // The root page's own text, when it has more than a title and an abstract, opens the course.
        var rootChapter: Int?
        let rootLines = convert(rootIndex, isRoot: true)
        if Self.hasBody(rootLines.lines, after: rootLines.abstract) {
            rootChapter = addChapter(rootIndex, rootLines)
            order.append(rootIndex)
        }
        var partChapters: [(title: String?, chapters: [Int])] = []
        for part in parts {
            var chapters: [Int] = []
            for index in part.pages {
                chapters.append(addChapter(index, convert(index, isRoot: false)))
                order.append(index)
            }
            partChapters.append((part.title, chapters))
        }
        for index in builder.chapters.indices {
            builder.collectHeadings(of: index) { heading, _ in
                [Words.plain(heading.text).replacingOccurrences(of: " ", with: "-")]
            }
        }
        for index in builder.chapters.indices {
            if let range = abstracts[index] {
                let text = builder.chapters[index].lines[range].map(\.text).joined(separator: " ")
                builder.chapters[index].summary = summaryText(text)
            }
            rewriteLinks(in: index)
            builder.warnAboutRawHTML(in: builder.chapters[index])
        }

        var outline: [Part] = []
        if let rootChapter { outline.append(Part(title: nil, numbering: Part.Numbering.none, chapters: [builder.chapters[rootChapter].id])) }
        for part in partChapters {
            let title = part.title ?? courseTitle
            outline.append(Part(title: title, numbering: MDBookConversion.isAppendix(title) ? .appendix : nil,
                                chapters: part.chapters.map { builder.chapters[$0].id }, place: rootPlace))
        }
        if outline.allSatisfy({ $0.chapters.isEmpty }) {
            builder.diagnostics.append(.error(.importInput, "\(rootPage.path) curates no article: the course would have no chapter",
                                              at: SourceLocation(path: rootPage.path, line: 1, column: 1),
                                              suggestion: "list articles under ## Topics as - <doc:Article>"))
        }
        return builder.finish(title: courseTitle, parts: outline, callouts: customCallouts)
    }

    // MARK: Reading pages

    static func page(path: String, text: String) -> DocCPage {
        let lines = [Line].numbered(text)
        var page = DocCPage(path: path, name: (Paths.name(of: path) as NSString).deletingPathExtension, lines: lines)
        let code = MarkdownText.codeMask(lines)
        var inMetadata = false
        var group: TopicGroup?
        var inTopics = false
        for (index, line) in lines.enumerated() where !code[index] {
            let trimmed = line.text.trimmingSpaces()
            if trimmed.hasPrefix("@Metadata") { inMetadata = true }
            if inMetadata {
                if trimmed.hasPrefix("@TechnologyRoot") || trimmed.contains("@TechnologyRoot") { page.isTechnologyRoot = true }
                if trimmed == "}" || (trimmed.hasSuffix("}") && trimmed.hasPrefix("@Metadata")) { inMetadata = false }
                continue
            }
            if let heading = HeadingLine(line.text) {
                if heading.level == 1, page.title == nil {
                    page.title = Words.plain(heading.text)
                    page.isSymbolPage = heading.text.hasPrefix("``")
                    continue
                }
                if heading.level <= 2 {
                    if let open = group, inTopics { page.topics.append(open) }
                    group = nil
                    inTopics = heading.level == 2 && Words.plain(heading.text) == "Topics"
                    if inTopics { group = TopicGroup(title: nil) }
                    continue
                }
                if inTopics, heading.level == 3 {
                    if let open = group, open.title != nil || !open.items.isEmpty { page.topics.append(open) }
                    group = TopicGroup(title: Words.plain(heading.text))
                    continue
                }
            }
            guard inTopics, MarkdownText.containerPrefixLength(Substring(line.text)) > line.text.prefix(while: { $0 == " " }).count else { continue }
            Inline.scan(line.text) { item in
                switch item {
                case .angle(let body) where body.hasPrefix("doc:"):
                    group?.items.append(TopicItem(docName: Self.docTarget(body).name, line: line.origin))
                case .link(false, _, let destination, _) where destination.hasPrefix("doc:"):
                    group?.items.append(TopicItem(docName: Self.docTarget(destination).name, line: line.origin))
                case .code(2, let content):
                    group?.items.append(TopicItem(docName: nil, symbol: content, line: line.origin))
                default: break
                }
            }
        }
        if let open = group, inTopics { page.topics.append(open) }
        return page
    }

    /// `doc:Name#Heading`, `doc:Module/Name`, `doc://bundle/documentation/Module/Name`: the
    /// article's name and the heading's anchor.
    static func docTarget(_ body: String) -> (name: String, fragment: String?) {
        var text = body.hasPrefix("doc:") ? String(body.dropFirst(4)) : body
        if text.hasPrefix("//") {
            text.removeFirst(2)
            text = String(text.drop { $0 != "/" })
        }
        let pieces = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(pieces[0])
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        return (name, pieces.count > 1 ? String(pieces[1]) : nil)
    }

    /// The page `<doc:name>` names.
    func lookup(_ name: String) -> Int? {
        if let exact = pages.firstIndex(where: { $0.name == name }) { return exact }
        let wanted = Words.loose(name)
        return pages.firstIndex { Words.loose($0.name) == wanted }
    }

    /// The root: the page with @TechnologyRoot, else a page whose Topics lists articles and
    /// that no other page lists.
    mutating func findRoot() -> Int? {
        let roots = pages.indices.filter { pages[$0].isTechnologyRoot }
        if let first = roots.first {
            for other in roots.dropFirst() {
                builder.diagnostics.append(.warning(.importStructure, "a second page with @TechnologyRoot; \(Paths.name(of: pages[first].path)) is the root",
                                                    at: SourceLocation(path: pages[other].path, line: 1, column: 1)))
            }
            return first
        }
        let linked = Set(pages.flatMap(\.linkedArticles).compactMap { lookup($0) })
        let candidates = pages.indices.filter { !pages[$0].linkedArticles.isEmpty }
        let unlinked = candidates.filter { !linked.contains($0) }
        return unlinked.first { pages[$0].isSymbolPage } ?? unlinked.first ?? candidates.first
    }

    // MARK: Converting a page

    /// A page's lines with directives, asides and its title done, and where its abstract is.
    mutating func convert(_ index: Int, isRoot: Bool) -> (lines: [Line], title: String?, abstract: Range<Int>?) {
        let page = pages[index]
        var lines = directives(page.lines, path: page.path)
        if isRoot { lines = Self.removingTopics(lines) }
        lines = asides(lines)
        let heading = ProjectBuilder.takeTitle(&lines)
        return (lines, heading.map { Words.plain($0.text) }, Self.abstract(in: lines))
    }

    mutating func addChapter(_ page: Int, _ converted: (lines: [Line], title: String?, abstract: Range<Int>?)) -> Int {
        let id = builder.chapterID(for: pages[page].name)
        let chapter = Chapter(id: id, path: pages[page].path, title: converted.title ?? pages[page].name, lines: converted.lines)
        let index = builder.chapters.count
        builder.chapters.append(chapter)
        chapterOfPage[page] = index
        pageOfChapter[index] = page
        if let abstract = converted.abstract { abstracts[index] = abstract }
        return index
    }

    /// The first paragraph (DocC's abstract): its lines.
    static func abstract(in lines: [Line]) -> Range<Int>? {
        var start = 0
        while start < lines.count {
            let text = lines[start].text.trimmingSpaces()
            if text.isEmpty || (text.hasPrefix("<!--") && text.hasSuffix("-->")) { start += 1 } else { break }
        }
        guard start < lines.count, startsParagraph(lines[start].text) else { return nil }
        var end = start + 1
        while end < lines.count, !lines[end].text.trimmingSpaces().isEmpty, HeadingLine(lines[end].text) == nil,
              MarkdownText.fenceOpening(lines[end].text) == nil {
            end += 1
        }
        return start..<end
    }

    static func startsParagraph(_ line: String) -> Bool {
        let text = line.trimmingSpaces()
        guard let first = text.first else { return false }
        if HeadingLine(line) != nil || MarkdownText.fenceOpening(line) != nil { return false }
        if MarkdownText.containerPrefixLength(Substring(line)) > line.prefix(while: { $0 == " " }).count { return false }
        if "<|@".contains(first) || text.hasPrefix("![") { return false }
        if line.hasPrefix("    ") { return false }
        return true
    }

    /// Whether the root has text beyond its abstract.
    static func hasBody(_ lines: [Line], after abstract: Range<Int>?) -> Bool {
        lines.enumerated().contains { index, line in
            !(abstract?.contains(index) ?? false) && !line.text.trimmingSpaces().isEmpty
        }
    }

    /// The root's `## Topics` section taken out: the course's parts say the same.
    static func removingTopics(_ lines: [Line]) -> [Line] {
        let code = MarkdownText.codeMask(lines)
        var output: [Line] = []
        var skipping = false
        for (index, line) in lines.enumerated() {
            if !code[index], let heading = HeadingLine(line.text), heading.level <= 2 {
                skipping = heading.level == 2 && Words.plain(heading.text) == "Topics"
            }
            if !skipping { output.append(line) }
        }
        return output
    }

    // MARK: Asides

    static let builtInAsides = ["note": "NOTE", "tip": "TIP", "important": "IMPORTANT", "warning": "WARNING", "caution": "CAUTION"]

    /// `> Note: text` → `> [!NOTE]` / `> text`; other `> Word:` kinds become the course's own callouts.
    mutating func asides(_ lines: [Line]) -> [Line] {
        let code = MarkdownText.codeMask(lines)
        var output: [Line] = []
        var previousWasQuote = false
        for (index, line) in lines.enumerated() {
            guard !code[index] else { output.append(line); previousWasQuote = false; continue }
            let indent = line.text.prefix { $0 == " " }
            let isQuote = indent.count <= 3 && line.text.dropFirst(indent.count).hasPrefix(">")
            defer { previousWasQuote = isQuote || (previousWasQuote && !line.text.trimmingSpaces().isEmpty) }
            guard isQuote, !previousWasQuote else { output.append(line); continue }
            var content = line.text.dropFirst(indent.count + 1)
            if content.hasPrefix(" ") { content = content.dropFirst() }
            let word = content.prefix { $0.isLetter }
            let afterWord = content.dropFirst(word.count)
            guard !word.isEmpty, afterWord.hasPrefix(":"), afterWord.dropFirst().first.map({ $0 == " " || $0 == "\t" }) ?? true else {
                output.append(line); continue
            }
            let kind = kindOfAside(String(word))
            output.append(Line(text: indent + "> [!\(kind)]", origin: line.origin))
            let text = afterWord.dropFirst().trimmingSpaces()
            if !text.isEmpty { output.append(Line(text: indent + "> " + text, origin: line.origin)) }
        }
        return output
    }

    mutating func kindOfAside(_ word: String) -> String {
        if let builtIn = Self.builtInAsides[word.lowercased()] { return builtIn }
        let kind = word.lowercased()
        if !customCallouts.contains(where: { $0.kind == kind }) {
            let label = Words.spacedCamelCase(word.prefix(1).uppercased() + word.dropFirst())
            customCallouts.append((kind, label))
        }
        return kind.uppercased()
    }

    // MARK: Links, symbols, images

    mutating func rewriteLinks(in index: Int) {
        let chapter = builder.chapters[index]
        let code = MarkdownText.codeMask(chapter.lines)
        let comments = MarkdownText.commentMask(chapter.lines, code: code)
        var lines = chapter.lines
        var warnedSymbol = false
        for (number, line) in lines.enumerated() where !code[number] && !comments[number] {
            let place = SourceLocation(path: chapter.path, line: line.origin, column: 1)
            lines[number].text = rewrite(line.text, in: index, at: place, warnedSymbol: &warnedSymbol)
        }
        builder.chapters[index].lines = lines
    }

    mutating func rewrite(_ text: String, in index: Int, at place: SourceLocation, warnedSymbol: inout Bool) -> String {
        var warned = warnedSymbol
        let result = Inline.rewrite(text) { item in
            switch item {
            case .angle(let body) where body.hasPrefix("doc:"):
                let target = Self.docTarget(body)
                guard let destination = docDestination(target, from: index, at: place, original: "<\(body)>") else {
                    return target.fragment.map { $0.replacingOccurrences(of: "-", with: " ") } ?? target.name
                }
                return "[{title}](\(destination))"
            case .link(false, let text, let destination, let title) where destination.hasPrefix("doc:"):
                let inner = rewrite(text, in: index, at: place, warnedSymbol: &warned)
                guard let target = docDestination(Self.docTarget(destination), from: index, at: place, original: destination) else { return inner }
                return Inline.link(image: false, text: inner, destination: target, title: title)
            case .link(false, let text, let destination, let title):
                let inner = rewrite(text, in: index, at: place, warnedSymbol: &warned)
                if destination.isEmpty || Paths.isExternal(destination) {
                    return Inline.link(image: false, text: inner, destination: destination, title: title)
                }
                if destination.hasPrefix("#") {
                    if let target = builder.reference(to: index, fragment: String(destination.dropFirst())) {
                        return Inline.link(image: false, text: inner, destination: target, title: title)
                    }
                    builder.diagnostics.append(.warning(.importLink, "no heading of this article is '\(destination.dropFirst())'; the link is left out, its text kept", at: place))
                    return inner
                }
                builder.diagnostics.append(.warning(.importLink, "a link to \(destination) is not converted; its text is kept", at: place,
                                                    suggestion: "link to an article with <doc:Name>, or to a web page"))
                return inner
            case .link(true, let text, let destination, let title):
                if Paths.isExternal(destination) { return nil }
                guard let target = image(destination, at: place) else { return ProjectBuilder.missingImage(alt: text, destination: destination) }
                return Inline.link(image: true, text: text, destination: target, title: title)
            case .code(2, let content):
                if !warned {
                    warned = true
                    builder.diagnostics.append(.warning(.importLink, "symbol links (``\(content)``) become code: Primer has no symbol documentation",
                                                        at: place, suggestion: "link to the symbol's documentation on the web if the reader needs it"))
                }
                return "`\(Self.symbolName(content))`"
            default:
                return nil
            }
        }
        warnedSymbol = warned
        return result
    }

    /// What a reader sees of a symbol link: its last path component (`MyKit/Shape/area` → `area`).
    static func symbolName(_ content: String) -> String {
        let trimmed = content.trimmingSpaces()
        let head = trimmed.prefix { $0 != "(" }
        guard let slash = head.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// Where `<doc:…>` goes: `other.md`, or `#id` of a heading; nil (with a warning) when it names nothing.
    mutating func docDestination(_ target: (name: String, fragment: String?), from index: Int, at place: SourceLocation, original: String) -> String? {
        var chapter = index
        if !target.name.isEmpty {
            guard let page = lookup(target.name), let found = chapterOfPage[page] else {
                let why = lookup(target.name) == nil ? "names no article of the catalog" : "is not a chapter of the course"
                builder.diagnostics.append(.warning(.importLink, "\(original) \(why); its name is kept as text", at: place))
                return nil
            }
            chapter = found
        }
        guard let fragment = target.fragment, !fragment.isEmpty else { return builder.chapters[chapter].id + ".md" }
        if let reference = builder.reference(to: chapter, fragment: fragment) { return reference }
        builder.diagnostics.append(.warning(.importLink, "\(original): no heading of \(Paths.name(of: builder.chapters[chapter].path)) is '\(fragment)'; the link goes to the chapter",
                                            at: place))
        return builder.chapters[chapter].id + ".md"
    }

    /// The abstract as plain text for the front matter: links by their text, symbols by name.
    func summaryText(_ markdown: String) -> String {
        let rewritten = Inline.rewrite(markdown) { item in
            switch item {
            case .angle(let body) where body.hasPrefix("doc:"):
                let target = Self.docTarget(body)
                if let page = lookup(target.name) { return pages[page].title ?? target.name }
                return target.name
            case .code(2, let content): return Self.symbolName(content)
            default: return nil
            }
        }
        return Words.plain(rewritten)
    }

    static func imageBase(_ name: String) -> String {
        var base = (name as NSString).deletingPathExtension
        if let at = base.range(of: "@", options: .backwards), base[at.upperBound...].hasSuffix("x"),
           Int(base[at.upperBound...].dropLast()) != nil {
            base = String(base[..<at.lowerBound])
        }
        if base.hasSuffix("~dark") { base.removeLast("~dark".count) }
        return base
    }

    /// Copies a picture the catalog has (found by name anywhere in it) with its `@2x`, `~dark`
    /// and `~dark@2x` variants; returns `../images/name.ext` (chapters are in Content/<locale>/), or nil with a warning.
    mutating func image(_ reference: String, at place: SourceLocation) -> String? {
        let name = Paths.name(of: reference.removingPercentEncoding ?? reference)
        let requestedExtension = (name as NSString).pathExtension.lowercased()
        let hasExtension = Paths.imageExtensions.contains(requestedExtension)
        let base = Self.imageBase(hasExtension ? name : name + ".png")
        var files = images[base] ?? []
        if files.isEmpty, let key = images.keys.first(where: { $0.lowercased() == base.lowercased() }) { files = images[key]! }
        if hasExtension { files = files.filter { ($0 as NSString).pathExtension.lowercased() == requestedExtension } }
        guard !files.isEmpty else {
            builder.diagnostics.append(.warning(.importImage, "image '\(reference)' is not in the catalog; its alt text is kept", at: place,
                                                suggestion: "add the picture to Content/images/ and put the image back"))
            return nil
        }
        let plain = files.first { Self.imageBase(Paths.name(of: $0)) == (Paths.name(of: $0) as NSString).deletingPathExtension }
        let ext = hasExtension ? requestedExtension
            : ((plain ?? files.first { $0.hasSuffix(".png") } ?? files[0]) as NSString).pathExtension
        let stem = Self.imageBase(Paths.name(of: files[0]))
        for file in files.sorted() where (file as NSString).pathExtension.lowercased() == ext.lowercased() {
            let fileName = Paths.name(of: file)
            let suffix = String((fileName as NSString).deletingPathExtension.dropFirst(stem.count))
            guard ["", "@2x", "~dark", "~dark@2x"].contains(suffix) else { continue }
            let target = "Content/images/\(stem)\(suffix).\(ext)"
            if builder.result.copies[target] == nil { builder.result.copies[target] = file }
        }
        return "../images/\(stem).\(ext)"
    }
}
