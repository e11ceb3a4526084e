import CourseModel
import Highlight
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

/// Renders a resolved chapter body to HTML. Pure and thread-safe: no cmark involved.
public struct HTMLRenderer {
    /// Words for captions and callouts, in the language the text is written in.
    let strings: UIStrings
    /// `raw_html: true`: the document's raw HTML, made safe by the parse stage, goes in as it is;
    /// otherwise it is shown as text.
    let rawHTML: Bool
    let memo: HighlightMemo?
    private var footnotes: [String: Int] = [:]
    private var footnoteOrder: [String] = []
    /// The page's anchor for each footnote (`fn-<anchor>`), unique even when labels differ only in punctuation.
    private var footnoteAnchors: [String: String] = [:]
    /// How many references in the text (not in alt text) each footnote has: one back-link each.
    private var footnoteReferences: [String: Int] = [:]
    private var footnoteBodies: [String: [Block]] = [:]
    private var tight = false

    public init(strings: UIStrings, rawHTML: Bool, memo: HighlightMemo? = nil) {
        self.strings = strings; self.rawHTML = rawHTML; self.memo = memo
    }

    public static func render(_ document: Document, strings: UIStrings, rawHTML: Bool, memo: HighlightMemo? = nil) -> String {
        var renderer = HTMLRenderer(strings: strings, rawHTML: rawHTML, memo: memo)
        return renderer.render(document)
    }

    public mutating func render(_ document: Document) -> String {
        var out = ""
        out.reserveCapacity(4096)
        var open: [Int] = []  // levels of <section> elements still open
        for block in document.blocks {
            if case .footnoteDefinition(let label, let blocks) = block { footnoteBodies[label] = blocks; continue }
            if case .heading(let h) = block, h.level <= 3 {
                while let last = open.last, last >= h.level { out += "</section>\n"; open.removeLast() }
                let classes = h.attributes.classes.filter { $0 != "unnumbered" }
                out += classes.isEmpty ? "<section>\n" : "<section class=\"\(escapeHTML(classes.joined(separator: " ")))\">\n"
                open.append(h.level)
            }
            render(block, into: &out)
        }
        for _ in open { out += "</section>\n" }
        renderFootnotes(into: &out)
        return out
    }

    mutating func render(_ blocks: [Block], into out: inout String) {
        for block in blocks { render(block, into: &out) }
    }

    /// `<img>` with its size and `@2x` version; with dark versions, in a `<picture>` whose
    /// source follows the system's theme (the theme toggle in primer.js moves it with the reader's choice).
    mutating func imageTag(_ image: Image) -> String {
        let variants = image.variants ?? ImageVariants()
        var img = "<img src=\"\(escapeURL(image.source))\""
        if let retina = variants.retina { img += " srcset=\"\(escapeURL(image.source)), \(escapeURL(retina)) 2x\"" }
        if let size = variants.size { img += " width=\"\(size.width)\" height=\"\(size.height)\"" }
        img += " alt=\"\(escapeHTML(altText(image.alt)))\""
        if !image.title.isEmpty { img += " title=\"\(escapeHTML(image.title))\"" }
        img += ">"
        let set = ([variants.dark.map(escapeURL)] + [variants.darkRetina.map { "\(escapeURL($0)) 2x" }]).compactMap { $0 }.joined(separator: ", ")
        guard !set.isEmpty else { return img }
        return "<picture><source srcset=\"\(set)\" media=\"(prefers-color-scheme: dark)\" data-theme-source>" + img + "</picture>"
    }

    func caption(_ kind: String, _ number: Numbering?) -> String {
        guard let number else { return "" }
        let label = number.label(strings["ref_" + kind + "_start"])
        return "<span class=\"caption-label\">\(escapeHTML(label))</span> "
    }

    mutating func render(_ block: Block, into out: inout String) {
        switch block {
        case .paragraph(let inlines, _):
            if tight { render(inlines, into: &out); out += "\n" } else { out += "<p>"; render(inlines, into: &out); out += "</p>\n" }
        case .heading(let h):
            let level = min(max(h.level, 2), 6)
            out += "<h\(level) id=\"\(escapeHTML(h.id))\">"
            if let number = h.number { out += "<span class=\"section-number\">\(number.dotted)</span> " }
            render(h.content, into: &out)
            out += " <a class=\"anchor\" data-pagefind-ignore href=\"#\(escapeURL(h.id))\" aria-label=\"\(escapeHTML(strings["heading_anchor"]))\">#</a>"
            out += "</h\(level)>\n"
        case .code(let code):
            let language = code.language.isEmpty ? "" : " class=\"language-\(escapeHTML(code.language))\""
            let highlighted = memo?.html(code.code, language: code.language)
                ?? Highlighter.highlight(code.code, language: code.language) ?? escapeHTML(code.code)
            let pre = "<pre><code\(language)>\(highlighted)</code></pre>\n"
            if code.isListing {
                out += "<figure class=\"listing\" id=\"\(escapeHTML(code.id ?? ""))\">\n<figcaption>"
                out += caption("listing", code.number)
                if let title = code.title { out += "<span class=\"caption-text\">\(escapeHTML(title))</span>" }
                out += "</figcaption>\n" + pre + "</figure>\n"
            } else {
                out += pre
            }
        case .html(let source):
            // An HTML comment is the author's note to themselves: never shown, raw HTML or not.
            let html = withoutComments(source)
            guard !html.allSatisfy(\.isWhitespace) else { break }
            // With raw_html: true the parse stage made it safe (Markdown's RawHTMLSanitizer).
            out += rawHTML ? html : "<p>" + escapeHTML(html) + "</p>\n"
        case .quote(let inner):
            out += "<blockquote>\n"
            withLoose { $0.render(inner, into: &out) }
            out += "</blockquote>\n"
        case .callout(let callout, let inner):
            let name = callout.kind.rawValue.lowercased()
            let builtIn = CalloutKind.builtIn.contains(callout.kind) ? "" : " callout-custom"
            out += "<aside class=\"callout callout-\(name)\(builtIn)\" role=\"note\">\n"
            if let title = callout.title {
                // The author's title in place of the kind's word, which stays there for screen readers.
                out += "<p class=\"callout-title\"><span class=\"visually-hidden\">\(escapeHTML(strings[callout.kind.labelKey])): </span>"
                render(title, into: &out)
                out += "</p>\n"
            } else {
                out += "<p class=\"callout-title\">\(escapeHTML(strings[callout.kind.labelKey]))</p>\n"
            }
            withLoose { $0.render(inner, into: &out) }
            out += "</aside>\n"
        case .list(let list):
            let tag = list.ordered ? "ol" : "ul"
            let start = list.ordered && list.start != 1 ? " start=\"\(list.start)\"" : ""
            let isTasks = list.items.contains { $0.checked != nil }
            out += "<\(tag)\(start)\(isTasks ? " class=\"tasks\"" : "")>\n"
            for item in list.items {
                out += "<li>"
                if let checked = item.checked {
                    out += "<input type=\"checkbox\" disabled\(checked ? " checked" : "") aria-label=\"\(escapeHTML(strings[checked ? "task_done" : "task_open"]))\"> "
                }
                let saved = tight
                tight = list.tight
                if !list.tight { out += "\n" }
                render(item.blocks, into: &out)
                tight = saved
                if out.hasSuffix("\n") && list.tight { out.removeLast() }
                out += "</li>\n"
            }
            out += "</\(tag)>\n"
        case .rule:
            out += "<hr>\n"
        case .table(let table):
            out += "<div class=\"table-wrap\">\n<table\(table.id.map { " id=\"\(escapeHTML($0))\"" } ?? "")>\n"
            if table.number != nil || table.caption != nil {
                out += "<caption>" + caption("table", table.number)
                if let text = table.caption { out += "<span class=\"caption-text\">"; render(text, into: &out); out += "</span>" }
                out += "</caption>\n"
            }
            out += "<thead>\n<tr>\n"
            for (index, cell) in table.header.enumerated() {
                out += "<th\(align(table.alignments, index))>"; render(cell, into: &out); out += "</th>\n"
            }
            out += "</tr>\n</thead>\n"
            if !table.rows.isEmpty {
                out += "<tbody>\n"
                for row in table.rows {
                    out += "<tr>\n"
                    for (index, cell) in row.enumerated() {
                        out += "<td\(align(table.alignments, index))>"; render(cell, into: &out); out += "</td>\n"
                    }
                    out += "</tr>\n"
                }
                out += "</tbody>\n"
            }
            out += "</table>\n</div>\n"
        case .figure(let figure):
            out += "<figure class=\"figure\"\(figure.id.map { " id=\"\(escapeHTML($0))\"" } ?? "")>\n"
            // A URL that would run script is left out (the link stage warns), as GitHub does.
            if !URLSafety.isDangerous(figure.image.source) {
                out += imageTag(figure.image) + "\n"
            }
            out += "<figcaption>" + caption("figure", figure.number)
            out += "<span class=\"caption-text\">"; render(figure.image.alt, into: &out); out += "</span></figcaption>\n</figure>\n"
        case .exercises(let exercises):
            out += "<ol class=\"exercises\">\n"
            for exercise in exercises {
                out += "<li class=\"exercise\"\(exercise.id.map { " id=\"\(escapeHTML($0))\"" } ?? "")>\n"
                if let number = exercise.number {
                    let label = number.label(strings["ref_exercise_start"])
                    out += "<p class=\"exercise-label\">\(escapeHTML(label))</p>\n"
                }
                withLoose { $0.render(exercise.blocks, into: &out) }
                if let solution = exercise.solution {
                    out += "<details class=\"solution\">\n<summary>\(escapeHTML(strings["exercise_solution"]))</summary>\n"
                    withLoose { $0.render(solution, into: &out) }
                    out += "</details>\n"
                }
                out += "</li>\n"
            }
            out += "</ol>\n"
        case .footnoteDefinition(let label, let blocks):
            footnoteBodies[label] = blocks
        case .output(let output):
            if output.kind == .compilerErrors {
                out += "<figure class=\"output compiler-errors\">\n<figcaption><span class=\"caption-label\">"
                out += escapeHTML(strings["compiler_errors_label"]) + "</span></figcaption>\n"
                out += "<pre class=\"output-text\"><samp>\(escapeHTML(output.text))</samp></pre>\n</figure>\n"
                break
            }
            let failed = !output.status.succeeded
            out += "<figure class=\"output\(failed ? " output-failed" : "")\">\n<figcaption>"
            out += "<span class=\"caption-label\">\(escapeHTML(strings["output_label"]))</span>"
            if case .exited(let code) = output.status, code != 0 {
                out += " <span class=\"output-status\">" + escapeHTML(strings.format("output_exit_status", String(code))) + "</span>"
            } else if case .signal(let signal) = output.status {
                out += " <span class=\"output-status\">" + escapeHTML(strings.format("output_signal", String(signal))) + "</span>"
            } else if case .timedOut(let seconds) = output.status {
                out += " <span class=\"output-status\">" + escapeHTML(strings.format("output_timeout", String(Int(seconds)))) + "</span>"
            }
            out += "</figcaption>\n<pre class=\"output-text\"><samp>\(escapeHTML(output.text))</samp></pre>\n"
            if let command = output.command?.text(inPackage: false) {
                out += "<p class=\"run-it\">\(escapeHTML(UIStrings.spaced(strings["sample_run_yourself"])))<code>\(escapeHTML(command))</code></p>\n"
            }
            out += "</figure>\n"
        case .sampleLinks(let name):
            out += "<p class=\"sample-links\"><a href=\"\(escapeHTML(SitePaths.galleryEntry(name)))\">\(escapeHTML(strings["sample_gallery_link"]))</a>"
            out += " · <a href=\"\(escapeHTML(SitePaths.sampleDownload(name)))\" download>\(escapeHTML(strings.format("sample_download", name + ".zip")))</a></p>\n"
        case .listingOnlyNote(let inline):
            out += "<p class=\"listing-only\" role=\"note\">\(escapeHTML(strings[inline ? "snippet_listing_only" : "sample_listing_only"]))</p>\n"
        case .sample:
            break  // expanded by the resolve stage
        case .snippet(let code, _):
            render(.code(code), into: &out)
        }
    }

    private mutating func withLoose(_ body: (inout HTMLRenderer) -> Void) {
        let saved = tight
        tight = false
        body(&self)
        tight = saved
    }

    func align(_ alignments: [TableAlignment], _ index: Int) -> String {
        guard index < alignments.count else { return "" }
        switch alignments[index] {
        case .none: return ""
        case .left: return " style=\"text-align: left\""
        case .center: return " style=\"text-align: center\""
        case .right: return " style=\"text-align: right\""
        }
    }

    mutating func render(_ inlines: [Inline], into out: inout String) {
        for inline in inlines {
            switch inline {
            case .text(let text): out += escapeHTML(text)
            case .code(let code): out += "<code>" + escapeHTML(code) + "</code>"
            case .softBreak: out += "\n"
            case .lineBreak: out += "<br>\n"
            case .emphasis(let c): out += "<em>"; render(c, into: &out); out += "</em>"
            case .strong(let c): out += "<strong>"; render(c, into: &out); out += "</strong>"
            case .strikethrough(let c): out += "<del>"; render(c, into: &out); out += "</del>"
            case .html(let source):
                let html = withoutComments(source)
                out += rawHTML ? html : escapeHTML(html)
            case .image(let image):
                // A URL that would run script is left out (the link stage warns), as GitHub does.
                guard !URLSafety.isDangerous(image.source) else { out += escapeHTML(altText(image.alt)); break }
                out += imageTag(image)
            case .link(let link):
                let href = link.reference?.href ?? link.destination
                out += URLSafety.isDangerous(href) ? "<a" : "<a href=\"\(escapeURL(href))\""
                if !link.title.isEmpty { out += " title=\"\(escapeHTML(link.title))\"" }
                if link.reference != nil { out += " class=\"xref\"" }
                out += ">"
                if link.content.isEmpty, let reference = link.reference { out += escapeHTML(reference.label) }
                else { render(link.content, into: &out) }
                out += "</a>"
            case .footnoteReference(let label):
                let n = noteFootnote(label)
                footnoteReferences[label, default: 0] += 1
                let count = footnoteReferences[label]!
                let anchor = footnoteAnchors[label]!
                // A second reference to the same note gets an id of its own (and the note a second back-link).
                out += "<sup class=\"footnote-ref\"><a href=\"#fn-\(anchor)\" id=\"\(referenceID(anchor, count))\">\(n)</a></sup>"
            }
        }
    }

    /// The footnote's number, registering it (and its anchor) on first sight.
    private mutating func noteFootnote(_ label: String) -> Int {
        if let n = footnotes[label] { return n }
        footnoteOrder.append(label)
        footnotes[label] = footnoteOrder.count
        let base = String(label.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
        var anchor = base
        var n = 2
        while footnoteAnchors.values.contains(anchor) { anchor = "\(base)-\(n)"; n += 1 }
        footnoteAnchors[label] = anchor
        return footnoteOrder.count
    }

    func referenceID(_ anchor: String, _ count: Int) -> String {
        count == 1 ? "fnref-\(anchor)" : "fnref-\(anchor)-\(count)"
    }

    /// An image's alt text; a footnote referenced there (and nowhere else) still gets its note.
    private mutating func altText(_ alt: [Inline]) -> String {
        alt.altText { label in String(noteFootnote(label)) }
    }

    mutating func renderFootnotes(into out: inout String) {
        guard !footnoteOrder.isEmpty else { return }
        out += "<section class=\"footnotes\">\n<ol>\n"
        var index = 0
        while index < footnoteOrder.count {  // a footnote may reference another
            let label = footnoteOrder[index]
            index += 1
            let anchor = footnoteAnchors[label]!
            out += "<li id=\"fn-\(anchor)\">\n"
            let body = footnoteBodies[label] ?? []
            withLoose { $0.render(body, into: &out) }
            let references = footnoteReferences[label] ?? 0
            if references > 0 {
                out += "<p>"
                for count in 1...references {
                    out += "\(count > 1 ? " " : "")<a href=\"#\(referenceID(anchor, count))\" class=\"footnote-backref\" aria-label=\"\(escapeHTML(strings["footnote_back"]))\">↩\(count > 1 ? "<sup>\(count)</sup>" : "")</a>"
                }
                out += "</p>\n"
            }
            out += "</li>\n"
        }
        out += "</ol>\n</section>\n"
    }
}
