import Blocks
import CourseModel
import Highlight
import Markup
import Synchronization

/// Highlighted listings by language and text, shared by the pages of one render: the same
/// code appears in every translation of a chapter and again in the print version.
public final class HighlightMemo: Sendable {
    private let table = Mutex<[ByteKey: String]>([:])
    private init() {}

    /// One for the process: a preview renders the bodies of unchanged chapters again for the
    /// print version, and their code need not be parsed again.
    public static let shared = HighlightMemo()

    func html(_ code: String, language: String) -> String {
        let key = ByteKey(language + "\u{0}" + code)
        if let known = table.withLock({ $0[key] }) { return known }
        let html = Highlighter.highlight(code, language: language) ?? escapeHTML(code)
        table.withLock { table in
            if table.count > 100_000 { table.removeAll() }
            table[key] = html
        }
        return html
    }
}

/// Renders a resolved chapter body to HTML. Pure and thread-safe: no cmark involved. What it
/// shares with the EPUB's XHTML is in `HTMLFamilyWriter`.
public struct HTMLRenderer: HTMLFamilyWriter {
    public var dialect: HTMLDialect { .html }
    /// Words for captions and the kinds of block, in the language the text is written in.
    public let strings: UIStrings
    /// `raw_html: true`: the document's raw HTML, made safe by the parse stage, goes in as it is;
    /// otherwise it is shown as text.
    let rawHTML: Bool
    let memo: HighlightMemo?
    /// The kinds of block a `Block.custom` may be.
    let kinds: BlockKinds
    public var footnotes = FootnoteLedger()
    public var tight = false

    public init(strings: UIStrings, rawHTML: Bool, memo: HighlightMemo? = nil, kinds: BlockKinds = .standard) {
        self.strings = strings; self.rawHTML = rawHTML; self.memo = memo; self.kinds = kinds
    }

    public static func render(_ document: Document, strings: UIStrings, rawHTML: Bool, memo: HighlightMemo? = nil,
                              kinds: BlockKinds = .standard) -> String {
        var renderer = HTMLRenderer(strings: strings, rawHTML: rawHTML, memo: memo, kinds: kinds)
        return renderer.render(document)
    }

    public mutating func render(_ document: Document) -> String {
        var out = ""
        out.reserveCapacity(4096)
        renderSections(document.blocks, into: &out)
        renderFootnotes(into: &out)
        return out
    }

    /// `<img>` with its size and `@2x` version; with dark versions, in a `<picture>` whose
    /// source follows the system's theme (the theme toggle in primer.js moves it with the reader's choice).
    mutating func imageTag(_ image: Image) -> String {
        let variants = image.variants ?? ImageVariants()
        var img = "<img src=\"\(escapeURL(image.source))\""
        if let retina = variants.retina { img += " srcset=\"\(escapeURL(image.source)), \(escapeURL(retina)) 2x\"" }
        if let size = variants.size { img += " width=\"\(size.width)\" height=\"\(size.height)\"" }
        img += " alt=\"\(escapeHTML(footnotes.altText(image.alt)))\""
        if !image.title.isEmpty { img += " title=\"\(escapeHTML(image.title))\"" }
        img += ">"
        let set = ([variants.dark.map(escapeURL)] + [variants.darkRetina.map { "\(escapeURL($0)) 2x" }]).compactMap { $0 }.joined(separator: ", ")
        guard !set.isEmpty else { return img }
        return "<picture><source srcset=\"\(set)\" media=\"(prefers-color-scheme: dark)\" data-theme-source>" + img + "</picture>"
    }

    public mutating func render(_ block: Block, into out: inout String) {
        switch block {
        case .paragraph(let inlines, _):
            paragraph(inlines, into: &out)
        case .heading(let h):
            let level = min(max(h.level, 2), 6)
            out += "<h\(level) id=\"\(escapeHTML(h.id))\">"
            if let number = h.number { out += "<span class=\"section-number\">\(number.dotted)</span> " }
            render(h.content, into: &out)
            out += " <a class=\"anchor\" data-pagefind-ignore href=\"#\(escapeURL(h.id))\" aria-label=\"\(escapeHTML(strings["heading_anchor"]))\">#</a>"
            out += "</h\(level)>\n"
            if h.stale { out += "<p class=\"stale-section\" role=\"note\">\(escapeHTML(strings["stale_section_note"]))</p>\n" }
        case .code(let code):
            let highlighted = memo?.html(code.code, language: code.language)
                ?? Highlighter.highlight(code.code, language: code.language) ?? escapeHTML(code.code)
            listing(code, highlighted: highlighted, into: &out)
        case .html(let source):
            // An HTML comment is the author's note to themselves: never shown, raw HTML or not.
            let html = withoutComments(source)
            guard !html.allSatisfy(\.isWhitespace) else { break }
            // With raw_html: true the parse stage made it safe (Markdown's RawHTMLSanitizer).
            out += rawHTML ? html : "<p>" + escapeHTML(html) + "</p>\n"
        case .quote(let inner):
            quote(inner, into: &out)
        case .list(let list):
            self.list(list, into: &out)
        case .rule:
            out += "<hr>\n"
        case .table(let table):
            self.table(table, into: &out)
        case .figure(let figure):
            out += "<figure class=\"figure\"\(dialect.idAttribute(figure.id))>\n"
            // A URL that would run script is left out (the link stage warns), as GitHub does.
            if !URLSafety.isDangerous(figure.image.source) {
                out += imageTag(figure.image) + "\n"
            }
            figureCaption(figure, into: &out)
        case .footnoteDefinition(let label, let blocks):
            footnotes.define(label, blocks: blocks)
        case .output(let output):
            self.output(output, into: &out)
        case .sampleLinks(let name):
            out += "<p class=\"sample-links\"><a href=\"\(escapeHTML(SitePaths.galleryEntry(name)))\">\(escapeHTML(strings["sample_gallery_link"]))</a>"
            out += " · <a href=\"\(escapeHTML(SitePaths.sampleDownload(name)))\" download>\(escapeHTML(strings.format("sample_download", name + ".zip")))</a></p>\n"
        case .listingOnlyNote(let inline):
            listingOnlyNote(inline: inline, into: &out)
        case .sample:
            break  // expanded by the resolve stage
        case .snippet(let code, _):
            render(.code(code), into: &out)
        case .custom(let block):
            custom(block, kinds: kinds, into: &out)
        }
    }

    public mutating func renderHTML(_ html: String, into out: inout String) {
        out += rawHTML ? html : escapeHTML(html)
    }

    public mutating func renderImage(_ image: Image, into out: inout String) {
        // A URL that would run script is left out (the link stage warns), as GitHub does.
        guard !URLSafety.isDangerous(image.source) else { out += escapeHTML(footnotes.altText(image.alt)); return }
        out += imageTag(image)
    }

    public mutating func renderLink(_ link: Link, into out: inout String) {
        let href = link.reference?.href ?? link.destination
        out += URLSafety.isDangerous(href) ? "<a" : "<a href=\"\(escapeURL(href))\""
        if !link.title.isEmpty { out += " title=\"\(escapeHTML(link.title))\"" }
        if link.reference != nil { out += " class=\"xref\"" }
        out += ">"
        if link.content.isEmpty, let reference = link.reference { out += escapeHTML(reference.label) }
        else { render(link.content, into: &out) }
        out += "</a>"
    }

    mutating func renderFootnotes(into out: inout String) {
        guard !footnotes.isEmpty else { return }
        out += "<section class=\"footnotes\">\n<ol>\n"
        while let note = footnotes.nextNote() {
            out += "<li id=\"fn-\(note.anchor)\">\n"
            withLoose { $0.render(note.blocks, into: &out) }
            let backLinks = footnotes.referenceIDs(note)
            if !backLinks.isEmpty {
                out += "<p>"
                for (index, id) in backLinks.enumerated() {
                    let count = index + 1
                    out += "\(count > 1 ? " " : "")<a href=\"#\(id)\" class=\"footnote-backref\" aria-label=\"\(escapeHTML(strings["footnote_back"]))\">↩\(count > 1 ? "<sup>\(count)</sup>" : "")</a>"
                }
                out += "</p>\n"
            }
            out += "</li>\n"
        }
        out += "</ol>\n</section>\n"
    }
}
