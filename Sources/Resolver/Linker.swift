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
    /// Sizes of the content folder's images (`CourseSources.imageSizes`).
    let imageSizes: [String: ImageSize]
    let contentLocaleFolder: String
    var diagnostics: [Diagnostic] = []
    var files: Set<String> = []
    var drawnFigures: Set<DrawnFigure> = []
    /// Explicit ids of the source locale, to say which translation lacks an id.
    let sourceIDs: [String: Resolver.Target]
    /// Words ending in a period that do not end a sentence ("см.", "e.g."), lower-cased.
    let abbreviations: Set<String>

    /// Links `chapter` against `scope`'s ids, with labels in its text's language.
    init(chapter: NumberedChapter, scope: Resolver.LinkScope, context: ResolveContext) {
        let textLocale = chapter.parsed.source.locale
        self.chapter = chapter; global = scope.global; chapters = scope.chapters; sourceIDs = scope.sourceIDs
        labels = context.labels(for: textLocale); contentFiles = context.contentFiles; imageSizes = context.imageSizes
        contentLocaleFolder = textLocale.rawValue
        abbreviations = Set(labels["ref_abbreviations"].split(separator: " ").map { $0.lowercased() })
    }

    var path: String { chapter.parsed.source.path }
    func location(_ p: Position) -> SourceLocation { SourceLocation(path: path, line: p.line, column: p.column) }

    mutating func link(_ document: Document) -> Document {
        Document(blocks: document.blocks.map { block($0) }, rawIDs: document.rawIDs)
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
            checkAltText(f.image, at: f.image.position)
            if let drawn = f.drawn {
                drawnFigures.insert(drawn)
                return .figure(f)
            }
            if !refuseScript(f.image.source, at: f.image.position, what: "a figure") {
                f.image = image(f.image, at: f.image.position)
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
        var sentenceStart = true
        return self.inlines(inlines, at: position, sentenceStart: &sentenceStart)
    }

    /// Links resolved in document order; `sentenceStart` says whether the text so far ends a
    /// sentence (or nothing came before), where an automatic label is capitalised.
    private mutating func inlines(_ inlines: [Inline], at position: Position, sentenceStart: inout Bool) -> [Inline] {
        inlines.map { inline in
            switch inline {
            case .text(let text):
                if let last = text.last(where: { !$0.isWhitespace }) {
                    sentenceStart = ".!?…".contains(last) && !endsWithAbbreviation(text)
                }
                return inline
            case .code: sentenceStart = false; return inline
            case .emphasis(let c): return .emphasis(self.inlines(c, at: position, sentenceStart: &sentenceStart))
            case .strong(let c): return .strong(self.inlines(c, at: position, sentenceStart: &sentenceStart))
            case .strikethrough(let c): return .strikethrough(self.inlines(c, at: position, sentenceStart: &sentenceStart))
            case .image(let image):
                let place = image.position.line > 0 ? image.position : position
                sentenceStart = false
                checkAltText(image, at: place)
                if refuseScript(image.source, at: place, what: "an image") { return inline }
                return .image(self.image(image, at: place))
            case .link(var link):
                if link.position.line == 0 { link.position = position }
                let startsSentence = sentenceStart
                var inner = false
                link.content = self.inlines(link.content, at: position, sentenceStart: &inner)
                sentenceStart = false
                if refuseScript(link.destination, at: link.position, what: "a link") { return .link(link) }
                guard let target = resolve(link.destination, at: link.position) else { return .link(link) }
                let label = words(for: target, start: startsSentence)
                link.reference = ResolvedReference(href: target.href, label: label)
                // `[листинге #](#lst-x)`: the author's word, the number filled in; `[{title}](#id)`
                // and `[{label}: {title}](#id)` the target's title and the automatic label.
                link.content = Self.filling(link.content, number: number(for: target), label: label, title: target.title)
                return .link(link)
            default:
                return inline
            }
        }
    }

    /// Whether text ending in a period ends with a word that does not end a sentence ("см.",
    /// "e.g."): the locale's `ref_abbreviations`, words separated by spaces.
    func endsWithAbbreviation(_ text: String) -> Bool {
        guard let word = text.split(whereSeparator: \.isWhitespace).last else { return false }
        // "(см." and "«e.g." are the abbreviation after an opening bracket or quote.
        let bare = word.drop { "([{«„“‘\"'（【".contains($0) }
        return abbreviations.contains(bare.lowercased())
    }

    /// The link text with a standalone `#` replaced by the target's number, `{label}` by the
    /// automatic label and `{title}` by the target's title.
    /// `number` is asked for only by a text with a `#` (most references have none).
    static func filling(_ content: [Inline], number: @autoclosure () -> String?, label: String, title: String) -> [Inline] {
        content.map { inline in
            guard case .text(var text) = inline, text.contains("#") || text.contains("{") else { return inline }
            if text.contains("#"), let number = number() {
                var words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
                for index in words.indices where words[index] == "#" { words[index] = number }
                text = words.joined(separator: " ")
            }
            if text.contains("{") {
                text = text.replacingOccurrences(of: "{label}", with: label).replacingOccurrences(of: "{title}", with: title)
            }
            return .text(text)
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

    /// Where a reference goes and what its words are made from (`words(for:start:)` and
    /// `number(for:)` write them: most references need one of the three forms, so only it is made).
    struct Resolved {
        var href: String
        /// The target's own title (a section's heading, a listing's title, a chapter's title).
        var title: String
        enum Source {
            case chapter(ChapterLabel)
            case target(Resolver.Target)
        }
        var source: Source
    }

    /// The words for a reference, mid-sentence or at a sentence's start ("Listing 2.1", "section 3").
    func words(for resolved: Resolved, start: Bool) -> String {
        switch resolved.source {
        case .chapter(let label):
            return labels.chapterLabel(label, key: start ? "ref_chapter_start" : "ref_chapter") ?? resolved.title
        case .target(let target):
            guard let number = target.number else { return target.title }
            let key = "ref_" + target.kind.rawValue + (start ? "_start" : "")
            switch target.kind {
            case .chapter, .section: return UIStrings.format(labels[key], [number.dotted])
            case .listing, .figure, .table, .exercise, .question: return number.label(labels[key])
            }
        }
    }

    /// The number alone, for a `#` in the author's link text.
    func number(for resolved: Resolved) -> String? {
        switch resolved.source {
        case .chapter(let label): return label.head ?? resolved.title
        case .target(let target):
            guard let number = target.number else { return nil }
            switch target.kind {
            case .chapter, .section: return number.dotted
            case .listing, .figure, .table, .exercise, .question: return number.label(labels["ref_number"])
            }
        }
    }

    private mutating func resolve(_ destination: String, at position: Position) -> Resolved? {
        if destination.isEmpty || Self.hasScheme(destination) || destination.hasPrefix("/") { return nil }
        let hash = destination.firstIndex(of: "#")
        let pathPart = String(destination[..<(hash ?? destination.endIndex)])
        let fragment = hash.map { String(destination[destination.index(after: $0)...]) }

        if pathPart.isEmpty {
            // `[top](#)` is a link to the top of the page.
            guard let fragment, !fragment.isEmpty else { return nil }
            if let target = chapter.targets.local[fragment] ?? global[fragment] { return reference(to: target) }
            if chapter.document.rawIDs.contains(fragment) { return nil }  // an anchor of the chapter's raw HTML: a plain link
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
                // An unnumbered chapter (a preface) is referred to by its title.
                return Resolved(href: chapterHref(target.parsed.source.id), title: target.parsed.source.title,
                                source: .chapter(target.numbering.label))
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

    func reference(to target: Resolver.Target) -> Resolved {
        let page = target.chapterID == chapter.parsed.source.id ? "" : SitePaths.chapter(target.chapterID)
        return Resolved(href: page + "#" + (target.anchor ?? ""), title: target.title, source: .target(target))
    }

    /// A relative path in a chapter names a file of the content folder; it must exist.
    private mutating func checkFile(_ source: String, at position: Position, what: String) {
        guard let relative = contentPath(source) else { return }
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

    /// A local link's file inside the content folder (nil for URLs, absolute paths and anchors).
    func contentPath(_ source: String) -> String? {
        if source.isEmpty || Self.hasScheme(source) || source.hasPrefix("/") || source.hasPrefix("#") { return nil }
        let clean = String(source.split(separator: "#").first ?? "").split(separator: "?").first.map(String.init) ?? ""
        var parts = contentLocaleFolder.split(separator: "/").map(String.init)
        for component in clean.split(separator: "/") {
            if component == ".." { if !parts.isEmpty { parts.removeLast() } else { parts.append("..") } }
            else if component != "." { parts.append(String(component)) }
        }
        return parts.joined(separator: "/")
    }

    /// An image without alt text is a warning here; the build makes it an error when the course
    /// makes a book edition (`BuildRun.requireAltText`), which must describe every picture.
    private mutating func checkAltText(_ image: Image, at position: Position) {
        guard image.alt.plainText.allSatisfy(\.isWhitespace) else { return }
        diagnostics.append(.warning(.altText, "the image '\(image.source)' has no alt text, so a reader who cannot see it learns nothing of it",
                                    at: location(position), suggestion: "describe it: `![what the picture shows](\(image.source))`"))
    }

    /// An image with the files beside it (DocC's names): `name@2x.png` for screens with twice
    /// the pixels, `name~dark.png` and `name~dark@2x.png` for the dark theme, and its size in
    /// CSS pixels. A link to `name.png` works when only `name@2x.png` is there.
    mutating func image(_ original: Image, at position: Position) -> Image {
        var image = original
        guard let relative = contentPath(image.source) else { return image }
        let written = String(image.source.split(separator: "#").first ?? "").split(separator: "?").first.map(String.init) ?? ""
        func variant(_ suffix: String) -> (written: String, relative: String)? {
            func adding(_ path: String) -> String {
                let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
                let dot = path[slash...].lastIndex(of: ".") ?? path.endIndex
                return String(path[..<dot]) + suffix + String(path[dot...])
            }
            let found = (written: adding(written), relative: adding(relative))
            return contentFiles.contains(found.relative) ? found : nil
        }
        let retina = variant("@2x"), dark = variant("~dark"), darkRetina = variant("~dark@2x")
        var size = imageSizes[relative]
        if !contentFiles.contains(relative) {
            guard let retina else { checkFile(image.source, at: position, what: "image"); return image }
            // Only the @2x file: it is the image, shown at half its pixel size.
            image.source = retina.written
            files.insert(retina.relative)
            size = imageSizes[retina.relative].map { ImageSize(width: max($0.width / 2, 1), height: max($0.height / 2, 1)) }
            image.variants = ImageVariants(dark: dark?.written, darkRetina: darkRetina?.written, size: size)
        } else {
            files.insert(relative)
            image.variants = ImageVariants(retina: retina?.written, dark: dark?.written, darkRetina: darkRetina?.written, size: size)
        }
        for found in [retina, dark, darkRetina].compactMap({ $0 }) { files.insert(found.relative) }
        if image.variants == ImageVariants() { image.variants = nil }
        return image
    }

    func relativePath(to contentPath: String) -> String {
        String(repeating: "../", count: contentLocaleFolder.split(separator: "/").count) + contentPath
    }
}
