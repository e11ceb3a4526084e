import Blocks
import CourseModel
import Foundation
import Highlight
import Markup

/// A file the EPUB carries besides its documents (an image), by its path inside the book's folder.
struct EPUBResource: Sendable {
    var path: String
    var bytes: [UInt8]
    var mediaType: String
}

/// One chapter as an EPUB content document, and what it needs.
struct EPUBChapterDocument: Sendable {
    var xhtml: String
    var resources: [EPUBResource]
    var diagnostics: [Diagnostic]
    /// Whether the document holds inline SVG (the manifest says so with `properties="svg"`).
    var hasSVG: Bool
    /// The sections the kinds of block wrote at its end (its exercises' solutions).
    var endSections: [BookSection]
    /// What the kinds moved to their documents at the book's end (its questions' answers), by kind.
    var bookEnd: [String: [BookEndEntry]] = [:]
}

/// Where the book's parts are, from the book's folder (`EPUB/`).
enum EPUBPaths {
    static let folder = "EPUB"
    static let package = "package.opf"
    static let nav = "nav.xhtml"
    static let cover = "cover.xhtml"
    static let coverImage = "cover.svg"
    static let style = "style.css"
    /// A chapter's document; chapters sit in a folder of their own, so no chapter id can take
    /// the name of the book's own documents.
    static func chapter(_ id: String) -> String { "text/" + chapterFile(id) }
    /// The same, as a chapter links another one.
    static func chapterFile(_ id: String) -> String { id + ".xhtml" }
    /// A kind's document at the book's end (`BlockKind.bookEnd`), beside the chapters (so what
    /// the chapters wrote for it links as it would from them); a chapter id has no dot, so no
    /// chapter takes its name.
    static func bookEnd(_ name: String) -> String { "text/" + bookEndFile(name) }
    /// The same, as a chapter links it.
    static func bookEndFile(_ name: String) -> String { name + ".end.xhtml" }
    /// A content-folder file (an image), inside the book.
    static func media(_ contentPath: String) -> String { "media/" + contentPath }
    /// A figure a sample drew, inside the book.
    static func drawn(_ path: String) -> String { "media/drawn/" + path }

    /// The media type of an image the EPUB can show without a fallback (EPUB 3.2's core types).
    static func imageMediaType(_ path: String) -> String? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        default: return nil
        }
    }
}

/// Renders one resolved chapter as a well-formed XHTML5 content document: the course's numbers,
/// captions and references as on the site, links between chapters to their documents, links to
/// pages only the site has made absolute (or plain text without a base URL), solutions moved to
/// the end of the chapter and footnotes as EPUB 3 notes.
struct EPUBChapterRenderer: BookWriter {
    var dialect: HTMLDialect { .xhtml }
    let input: EditionInput
    let page: ChapterPage
    /// Words in the language the chapter's text is written in.
    let strings: UIStrings
    let rawHTML: Bool
    /// Chapter id → its document's name, for the chapters of this book.
    let chapterFiles: [String: String]
    /// The site's address with a final slash (`https://example.org/course/`), when the course has a base URL.
    let siteRoot: String?

    private var resources: [String: EPUBResource] = [:]
    private var diagnostics: [Diagnostic] = []
    private var hasSVG = false
    private var usedIDs: Set<String> = []
    var tight = false
    /// The line of the block being rendered, for warnings.
    private var line = 0

    var footnotes = FootnoteLedger()

    var moved = MovedByKind<MovedBlock>()
    private var counts: [String: Int] = [:]

    init(input: EditionInput, page: ChapterPage, chapterFiles: [String: String]) {
        self.input = input
        self.page = page
        self.strings = input.strings(of: page)
        self.rawHTML = input.course.config.rawHTML
        self.chapterFiles = chapterFiles
        siteRoot = input.course.config.baseURL.flatMap { base in base.isEmpty ? nil : base.hasSuffix("/") ? base : base + "/" }
    }

    static func render(_ page: ChapterPage, input: EditionInput, chapterFiles: [String: String]) -> EPUBChapterDocument {
        var renderer = EPUBChapterRenderer(input: input, page: page, chapterFiles: chapterFiles)
        return renderer.document()
    }

    // MARK: The document

    mutating func document() -> EPUBChapterDocument {
        collectIDs(page.document.blocks)
        let lang = XML.escape(page.contentLocale.rawValue)
        let isAppendix: Bool = { if case .appendix = page.numbering.label { return true } else { return false } }()
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE html>\n"
        out += "<html xmlns=\"http://www.w3.org/1999/xhtml\" xmlns:epub=\"http://www.idpf.org/2007/ops\" xml:lang=\"\(lang)\" lang=\"\(lang)\">\n"
        out += "<head>\n<meta charset=\"UTF-8\"/>\n<title>\(XML.escape(page.title))</title>\n"
        out += "<link rel=\"stylesheet\" type=\"text/css\" href=\"../\(EPUBPaths.style)\"/>\n</head>\n"
        out += "<body epub:type=\"bodymatter\">\n"
        out += "<section class=\"chapter\" epub:type=\"\(isAppendix ? "appendix" : "chapter")\">\n<header class=\"chapter-header\">\n"
        if let label = strings.chapterLabel(page.numbering.label) {
            out += "<p class=\"chapter-label\">\(XML.escape(label))</p>\n"
        }
        out += "<h1>\(XML.escape(page.title))</h1>\n"
        if let summary = page.summary, !summary.isEmpty { out += "<p class=\"chapter-summary\">\(XML.escape(summary))</p>\n" }
        out += "</header>\n"
        out += body()
        out += "</section>\n</body>\n</html>\n"
        return EPUBChapterDocument(xhtml: XML.clean(out), resources: resources.keys.sorted().map { resources[$0]! },
                                   diagnostics: diagnostics, hasSVG: hasSVG, endSections: endSections, bookEnd: bookEnd)
    }

    private var endSections: [BookSection] = []
    private var bookEnd: [String: [BookEndEntry]] = [:]

    private mutating func body() -> String {
        var out = ""
        out.reserveCapacity(8192)
        renderSections(page.document.blocks, into: &out)
        endSections = movedToEnd(kinds: input.kinds, into: &out)
        // Written here, read in another document: a link to a place in this chapter names its file.
        let file = XML.escapeURL(chapterFiles[page.id] ?? EPUBPaths.chapterFile(page.id))
        bookEnd = movedToBookEnd(kinds: input.kinds).mapValues { entries in
            entries.map { entry in
                var entry = entry
                entry.xhtml = entry.xhtml.replacingOccurrences(of: "href=\"#", with: "href=\"\(file)#")
                return entry
            }
        }
        renderFootnotes(into: &out)
        return out
    }

    /// Every id the chapter gives, so the ids made here (solutions, unnamed exercises) differ from them.
    private mutating func collectIDs(_ blocks: [Block]) {
        blocks.walk { block, _ in
            switch block {
            case .heading(let h): usedIDs.insert(h.id)
            case .code(let code), .snippet(let code, _): if let id = code.id { usedIDs.insert(id) }
            case .figure(let figure): if let id = figure.id { usedIDs.insert(id) }
            case .table(let table): if let id = table.id { usedIDs.insert(id) }
            case .custom(let custom): if let id = custom.id { usedIDs.insert(id) }
            case .html(let html) where rawHTML: usedIDs.formUnion(SanitizedHTML.ids(in: html))
            default: break
            }
        }
        if rawHTML {
            blocks.walkInlineRuns { run, _ in run.walk { if case .html(let html) = $0 { usedIDs.formUnion(SanitizedHTML.ids(in: html)) } } }
        }
    }

    mutating func uniqueID(_ base: String) -> String {
        var id = base
        var n = 2
        while usedIDs.contains(id) || id.hasPrefix("fn-") || id.hasPrefix("fnref-") { id = "\(base)-\(n)"; n += 1 }
        usedIDs.insert(id)
        return id
    }

    func movedHref(_ id: String, kind: String) -> String {
        (input.kinds[kind]?.bookEnd.map { EPUBPaths.bookEndFile($0.name) } ?? "") + "#" + id
    }

    mutating func count(_ kind: String) -> Int {
        counts[kind, default: 0] += 1
        return counts[kind]!
    }

    private func idAttribute(_ id: String?) -> String {
        guard let id, !id.isEmpty else { return "" }
        return " id=\"\(XML.escape(id))\""
    }

    // MARK: Blocks

    mutating func render(_ block: Block, into out: inout String) {
        if let position = block.position, position.line > 0 { line = position.line }
        switch block {
        case .paragraph(let inlines, _):
            paragraph(inlines, into: &out)
        case .heading(let h):
            let level = min(max(h.level, 2), 6)
            out += "<h\(level)\(idAttribute(h.id))>"
            if let number = h.number { out += "<span class=\"section-number\">\(XML.escape(number.dotted))</span> " }
            out += run(h.content) + "</h\(level)>\n"
        case .code(let code):
            listing(code, highlighted: Highlighter.highlight(code.code, language: code.language) ?? XML.escape(code.code), into: &out)
        case .html(let source):
            let html = withoutComments(source)
            guard !html.allSatisfy(\.isWhitespace) else { break }
            guard rawHTML else { out += "<p>" + XML.escape(html) + "</p>\n"; break }
            let book = forTheBook(html, line: 0)  // an HTML block does not know its line
            out += book.hasSuffix("\n") ? book : book + "\n"
        case .quote(let inner):
            quote(inner, into: &out)
        case .list(let list):
            self.list(list, into: &out)
        case .rule:
            out += "<hr/>\n"
        case .table(let table):
            self.table(table, into: &out)
        case .figure(let figure):
            out += "<figure class=\"figure\"\(idAttribute(figure.id))>\n"
            if let img = imageTag(figure.image, drawn: figure.drawn) { out += img + "\n" }
            figureCaption(figure, into: &out)
        case .footnoteDefinition(let label, let blocks):
            footnotes.define(label, blocks: blocks)
        case .output(let output):
            self.output(output, into: &out)
        case .sampleLinks(let name):
            // The gallery and the downloads are the site's: linked when the site's address is known.
            guard let gallery = siteURL(SitePaths.galleryEntry(name)), let download = siteURL(SitePaths.sampleDownload(name)) else { break }
            out += "<p class=\"sample-links\"><a href=\"\(XML.escapeURL(gallery))\">\(XML.escape(strings["sample_gallery_link"]))</a>"
            out += " · <a href=\"\(XML.escapeURL(download))\">\(XML.escape(strings.format("sample_download", name + ".zip")))</a></p>\n"
        case .listingOnlyNote(let inline):
            listingOnlyNote(inline: inline, into: &out)
        case .sample:
            break
        case .snippet(let code, _):
            render(.code(code), into: &out)
        case .custom(let block):
            customInBook(block, kinds: input.kinds, into: &out)
        }
    }

    // MARK: Raw HTML

    /// Raw HTML (made safe by the parse stage, so well-formed) as a book can hold it: a link to a
    /// page or file of the site goes where a Markdown link would (its text stays when it cannot),
    /// a picture the book does not carry becomes its alt text, video and audio their fallback
    /// (what they hold: an EPUB carries its media).
    private mutating func forTheBook(_ html: String, line: Int) -> String {
        if html.contains("<svg") { hasSVG = true }
        guard html.contains("<") else { return html }
        let location = SourceLocation(path: page.sourcePath, line: line)
        return SanitizedHTML.rewritingTags(html) { original in
            guard !original.isEnd else { return original.name == "video" || original.name == "audio" ? "" : nil }
            var tag = original
            switch tag.name {
            case "a":
                guard let target = tag["href"] else { return nil }
                tag["href"] = href(for: Link(destination: target, title: "", content: [], position: .unknown))
                if tag["href"] == nil {
                    diagnostics.append(.warning(.edition, "the raw HTML link to '\(target)' leads nowhere in the EPUB, so only its text is kept", at: location,
                                                suggestion: "write it as a Markdown link, to a chapter (other.md) or an http(s) address"))
                }
            case "img":
                guard let source = tag["src"].flatMap({ pictureSource($0) }) else {
                    diagnostics.append(.warning(.edition, "the raw HTML picture '\(tag["src"] ?? "")' is not in the EPUB, so its alt text is shown", at: location,
                                                suggestion: "write it as a Markdown image: ![alt](../images/picture.png)"))
                    return XML.escape(tag["alt"] ?? "")
                }
                tag["src"] = source
                tag["srcset"] = nil
                tag["sizes"] = nil
            case "source", "track":
                return ""
            case "video", "audio":
                // A book carries its media, and a reader without them shows the fallback: what the element holds.
                diagnostics.append(.warning(.edition, "the raw HTML <\(tag.name)> is not in the EPUB (what it holds is)", at: location,
                                            suggestion: "link to the \(tag.name == "video" ? "video" : "recording") with a Markdown link instead"))
                return ""
            default:
                return nil
            }
            return tag.html
        }
    }

    /// Where a raw HTML picture is in the book: a data URL as it is, a file of the course the
    /// book carries (one its Markdown shows too); nil for any other.
    private mutating func pictureSource(_ source: String) -> String? {
        if source.lowercased().hasPrefix("data:") { return source }
        guard let content = EditionInput.contentPath(of: source, in: page), let bytes = input.files[content],
              let type = EPUBPaths.imageMediaType(content) else { return nil }
        let path = EPUBPaths.media(content)
        resources[path] = EPUBResource(path: path, bytes: bytes, mediaType: type)
        return "../" + path
    }

    // MARK: Inlines

    mutating func renderHTML(_ html: String, into out: inout String) {
        out += rawHTML ? forTheBook(html, line: line) : XML.escape(html)
    }

    mutating func renderImage(_ image: Image, into out: inout String) {
        if let img = imageTag(image, drawn: nil) { out += img } else { out += XML.escape(footnotes.altText(image.alt)) }
    }

    mutating func renderLink(_ link: Link, into out: inout String) {
        var content = ""
        if link.content.isEmpty, let reference = link.reference { content = XML.escape(reference.label) }
        else { render(link.content, into: &content) }
        guard let href = href(for: link) else { out += content; return }
        out += "<a href=\"\(XML.escapeURL(href))\""
        if !link.title.isEmpty { out += " title=\"\(XML.escape(link.title))\"" }
        if link.reference != nil { out += " class=\"xref\"" }
        out += ">" + content + "</a>"
    }

    // MARK: Links

    /// Where a link goes in the book: another chapter's document, a place in this one, the web;
    /// nil when it would lead nowhere (a page only the site has, and no base URL to reach it).
    private func href(for link: Link) -> String? {
        let raw = link.reference?.href ?? link.destination
        if URLSafety.isDangerous(raw) { return nil }
        if raw.hasPrefix("#") { return raw.count > 1 ? raw : nil }
        if Self.hasScheme(raw) { return raw }
        let hash = raw.firstIndex(of: "#")
        let path = String(raw[..<(hash ?? raw.endIndex)])
        let fragment = hash.map { String(raw[$0...]) } ?? ""
        if !path.contains("/"), path.hasSuffix(".html"), let file = chapterFiles[String(path.dropLast(5))] {
            return file + (fragment == "#" ? "" : fragment)
        }
        if path.isEmpty { return nil }
        // A file of the content folder: where the site publishes it (beside the text that links it).
        guard let siteRoot else { return nil }
        if let content = EditionInput.contentPath(of: raw, in: page) {
            return siteRoot + XML.percentEncoded(content) + fragment
        }
        return URL(string: XML.percentEncoded(raw), relativeTo: URL(string: siteRoot))?.absoluteString
    }

    /// A path of the site from a page of this book's locale (the gallery, a download) as an
    /// absolute URL, or nil without a base URL.
    private func siteURL(_ relative: String) -> String? {
        siteRoot.map { $0 + XML.percentEncoded(input.locale.rawValue + "/" + relative) }
    }

    static func hasScheme(_ destination: String) -> Bool {
        guard let colon = destination.firstIndex(of: ":") else { return false }
        let scheme = destination[..<colon]
        return !scheme.isEmpty && scheme.first!.isLetter && scheme.allSatisfy { $0.isLetter || $0.isNumber || "+.-".contains($0) }
    }

    // MARK: Images

    /// `<img/>` for an image the book carries, or nil when it cannot show it (the alt text stands in).
    private mutating func imageTag(_ image: Image, drawn: DrawnFigure?) -> String? {
        guard !URLSafety.isDangerous(image.source) else { return nil }
        let location = SourceLocation(path: page.sourcePath, line: image.position.line > 0 ? image.position.line : line)
        var source: String
        if let drawn {
            guard let bytes = input.drawn[drawn.path], let type = EPUBPaths.imageMediaType(drawn.path) else {
                diagnostics.append(.warning(.edition, "the figure '\(drawn.file)' the sample drew is missing, so the EPUB shows its caption only", at: location))
                return nil
            }
            let path = EPUBPaths.drawn(drawn.path)
            resources[path] = EPUBResource(path: path, bytes: bytes, mediaType: type)
            source = "../" + path
        } else if image.source.lowercased().hasPrefix("data:") {
            source = image.source
        } else if let content = EditionInput.contentPath(of: image.source, in: page) {
            // The sharper @2x file when there is one; `~dark` versions have no place in a book.
            let retina = image.variants?.retina.flatMap { EditionInput.contentPath(of: $0, in: page) }
            let chosen = [retina, content].compactMap { $0 }.first { input.files[$0] != nil }
            guard let chosen, let bytes = input.files[chosen] else {
                diagnostics.append(.warning(.edition, "the image '\(image.source)' is missing, so the EPUB shows its text only", at: location))
                return nil
            }
            guard let type = EPUBPaths.imageMediaType(chosen) else {
                diagnostics.append(.warning(.edition, "the image '\(image.source)' is in a format EPUB readers need not show (use SVG, PNG, JPEG or GIF), so the EPUB shows its text only",
                                            at: location))
                return nil
            }
            let path = EPUBPaths.media(chosen)
            resources[path] = EPUBResource(path: path, bytes: bytes, mediaType: type)
            source = "../" + path
        } else {
            return nil  // a remote image: a book carries its pictures
        }
        var img = "<img src=\"\(XML.escapeURL(source))\""
        if let size = image.variants?.size { img += " width=\"\(size.width)\" height=\"\(size.height)\"" }
        img += " alt=\"\(XML.escape(footnotes.altText(image.alt)))\""
        if !image.title.isEmpty { img += " title=\"\(XML.escape(image.title))\"" }
        return img + "/>"
    }

    // MARK: Footnotes

    private mutating func renderFootnotes(into out: inout String) {
        guard !footnotes.isEmpty else { return }
        out += "<section class=\"footnotes\" epub:type=\"footnotes\">\n"
        while let note = footnotes.nextNote() {
            out += "<aside class=\"footnote\" epub:type=\"footnote\" id=\"fn-\(XML.escape(note.anchor))\">\n"
            out += "<p class=\"footnote-number\">\(note.number).</p>\n"
            withLoose { $0.render(note.blocks, into: &out) }
            let backLinks = footnotes.referenceIDs(note)
            if !backLinks.isEmpty {
                out += "<p class=\"footnote-back\">"
                for (index, id) in backLinks.enumerated() {
                    let count = index + 1
                    out += "\(count > 1 ? " " : "")<a href=\"#\(XML.escape(id))\" title=\"\(XML.escape(strings["footnote_back"]))\">↩\(count > 1 ? "<sup>\(count)</sup>" : "")</a>"
                }
                out += "</p>\n"
            }
            out += "</aside>\n"
        }
        out += "</section>\n"
    }
}
