import CourseModel

/// Pass 2 over one chapter: every link whose target is an id (`#id`) or a chapter file
/// (`memory.md`, `memory.md#id`) becomes a resolved reference; empty link text gets a label
/// such as "Section 2.3" in the text's language. Local files (images…) must exist.
struct Linker {
    let chapter: NumberedChapter
    let global: [String: Resolver.Target]
    let chapters: [String: NumberedChapter]
    let labels: UIStrings
    let contentFiles: Set<String>
    let contentLocaleFolder: String
    var diagnostics: [Diagnostic] = []
    var files: Set<String> = []
    /// Explicit ids of the source locale, to say which translation lacks an id.
    var sourceIDs: [String: Resolver.Target] = [:]

    init(chapter: NumberedChapter, global: [String: Resolver.Target], chapters: [String: NumberedChapter],
         labels: UIStrings, contentFiles: Set<String>, contentLocaleFolder: String) {
        self.chapter = chapter; self.global = global; self.chapters = chapters
        self.labels = labels; self.contentFiles = contentFiles; self.contentLocaleFolder = contentLocaleFolder
    }

    var path: String { chapter.parsed.source.path }
    func location(_ p: Position) -> SourceLocation { SourceLocation(path: path, line: p.line, column: p.column) }

    mutating func link(_ document: Document) -> Document {
        Document(blocks: document.blocks.map { block($0) })
    }

    private mutating func block(_ block: Block) -> Block {
        switch block {
        case .paragraph(let inlines, let p):
            guard Self.hasLinks(inlines) else { return block }
            return .paragraph(self.inlines(inlines, at: p), p)
        case .heading(var h): h.content = inlines(h.content, at: h.position); return .heading(h)
        case .table(var t):
            t.header = t.header.map { inlines($0, at: t.position) }
            t.rows = t.rows.map { $0.map { inlines($0, at: t.position) } }
            t.caption = t.caption.map { inlines($0, at: t.position) }
            return .table(t)
        case .figure(var f):
            f.image.alt = inlines(f.image.alt, at: f.image.position)
            if !refuseScript(f.image.source, at: f.image.position, what: "a figure") {
                checkFile(f.image.source, at: f.image.position, what: "image")
            }
            return .figure(f)
        default:
            return block.mappingContainedBlocks { $0.map { self.block($0) } }
        }
    }

    /// Whether any inline (nested ones too) is a link or an image: most runs of text have none,
    /// and are kept as they are instead of being copied.
    static func hasLinks(_ inlines: [Inline]) -> Bool {
        inlines.containsInline { inline in
            switch inline {
            case .link, .image: return true
            default: return false
            }
        }
    }

    private mutating func inlines(_ inlines: [Inline], at position: Position) -> [Inline] {
        guard Self.hasLinks(inlines) else { return inlines }
        return inlines.map { inline in
            switch inline {
            case .emphasis(let c): return .emphasis(self.inlines(c, at: position))
            case .strong(let c): return .strong(self.inlines(c, at: position))
            case .strikethrough(let c): return .strikethrough(self.inlines(c, at: position))
            case .image(let image):
                let place = image.position.line > 0 ? image.position : position
                if refuseScript(image.source, at: place, what: "an image") { return inline }
                checkFile(image.source, at: place, what: "image")
                return inline
            case .link(var link):
                if link.position.line == 0 { link.position = position }
                link.content = self.inlines(link.content, at: position)
                if refuseScript(link.destination, at: link.position, what: "a link") { return .link(link) }
                link.reference = resolve(link.destination, at: link.position)
                return .link(link)
            default:
                return inline
            }
        }
    }

    /// A URL that would run script in the reader's browser is not published (the renderer
    /// leaves it out, as GitHub does); the author hears why.
    private mutating func refuseScript(_ url: String, at position: Position, what: String) -> Bool {
        guard URLSafety.isDangerous(url) else { return false }
        diagnostics.append(.warning(.scriptURL, "\(what) to a \(URLSafety.scheme(url)) URL is not published: it could run script or open files in the reader's browser",
                                    at: location(position), suggestion: "link to an http(s) page or a file of the course instead"))
        return true
    }

    static func hasScheme(_ destination: String) -> Bool {
        guard let colon = destination.firstIndex(of: ":") else { return false }
        let scheme = destination[..<colon]
        return !scheme.isEmpty && scheme.first!.isLetter && scheme.allSatisfy { $0.isLetter || $0.isNumber || "+.-".contains($0) }
    }

    private mutating func resolve(_ destination: String, at position: Position) -> ResolvedReference? {
        if destination.isEmpty || Self.hasScheme(destination) || destination.hasPrefix("/") { return nil }
        let hash = destination.firstIndex(of: "#")
        let pathPart = String(destination[..<(hash ?? destination.endIndex)])
        let fragment = hash.map { String(destination[destination.index(after: $0)...]) }

        if pathPart.isEmpty {
            // `[top](#)` is a link to the top of the page.
            guard let fragment, !fragment.isEmpty else { return nil }
            if let target = chapter.targets.local[fragment] ?? global[fragment] { return reference(to: target) }
            if let original = sourceIDs[fragment], let translation = chapters[original.chapterID] {
                let file = translation.parsed.source.path
                diagnostics.append(.error(.unknownReference, "the id '\(fragment)' exists in \(original.location.path) but not in its translation \(file)",
                                          at: location(position),
                                          suggestion: "add {#\(fragment)} to the matching \(original.kind.rawValue) in \(file)"))
                return nil
            }
            let candidates = Set(global.keys).union(chapter.targets.local.keys)
            diagnostics.append(.error(.unknownReference, "no section, listing, figure, table or exercise has the id '\(fragment)'", at: location(position),
                                      suggestion: closestMatch(to: fragment, in: candidates).map { "did you mean '#\($0)'?" }
                                        ?? "give the target an id with {#\(fragment)}"))
            return nil
        }
        if pathPart.hasSuffix(".md") {
            let name = String(pathPart.split(separator: "/").last!.dropLast(3))
            guard let target = chapters[name] else {
                diagnostics.append(.error(.unknownReference, "no chapter '\(name)' in the table of contents", at: location(position),
                                          suggestion: closestMatch(to: name, in: chapters.keys).map { "did you mean '\($0).md'?" }))
                return nil
            }
            guard let fragment, !fragment.isEmpty else {
                let label = labels.format("ref_chapter", String(target.number))
                return ResolvedReference(href: chapterHref(target.parsed.source.id), label: label)
            }
            if let anchor = target.targets.local[fragment] { return reference(to: anchor) }
            diagnostics.append(.error(.unknownReference, "chapter '\(name)' has no id '\(fragment)'", at: location(position),
                                      suggestion: closestMatch(to: fragment, in: target.targets.local.keys).map { "did you mean '\(name).md#\($0)'?" }))
            return nil
        }
        checkFile(pathPart, at: position, what: "linked file")
        return nil
    }

    func chapterHref(_ id: String) -> String { SitePaths.chapter(id) }

    func reference(to target: Resolver.Target) -> ResolvedReference {
        let page = target.chapterID == chapter.parsed.source.id ? "" : SitePaths.chapter(target.chapterID)
        let href = page + "#" + (target.anchor ?? "")
        let label: String
        if let number = target.number {
            switch target.kind {
            case .chapter: label = labels.format("ref_chapter", String(target.chapterNumber))
            case .section: label = labels.format("ref_section", number.dotted)
            case .listing, .figure, .table, .exercise:
                label = labels.format("ref_" + target.kind.rawValue, String(number.parts[0]), String(number.parts[1]))
            }
        } else {
            label = target.title
        }
        return ResolvedReference(href: href, label: label)
    }

    /// A relative path in a chapter names a file of the content folder; it must exist.
    private mutating func checkFile(_ source: String, at position: Position, what: String) {
        if source.isEmpty || Self.hasScheme(source) || source.hasPrefix("/") || source.hasPrefix("#") { return }
        let clean = String(source.split(separator: "#").first ?? "").split(separator: "?").first.map(String.init) ?? ""
        var parts = contentLocaleFolder.split(separator: "/").map(String.init)
        for component in clean.split(separator: "/") {
            if component == ".." { if !parts.isEmpty { parts.removeLast() } else { parts.append("..") } }
            else if component != "." { parts.append(String(component)) }
        }
        let relative = parts.joined(separator: "/")
        if contentFiles.contains(relative) {
            files.insert(relative)
            return
        }
        let guess = closestMatch(to: relative, in: contentFiles)
        diagnostics.append(.error(.fileNotFound, "\(what) '\(source)' not found (looked for \(relative) in the content folder)",
                                  at: location(position),
                                  suggestion: guess.map { "did you mean '\(relativePath(to: $0))'?" }
                                    ?? "paths are relative to the chapter file, e.g. ../images/picture.svg"))
    }

    func relativePath(to contentPath: String) -> String {
        String(repeating: "../", count: contentLocaleFolder.split(separator: "/").count) + contentPath
    }
}
