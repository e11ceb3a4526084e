import CourseModel
import Markup

/// The two markups the course is written to that differ only in details: the site's HTML5 and
/// the EPUB's XHTML5 (void elements closed, task boxes as text, alignment by class, EPUB's
/// note roles).
public enum HTMLDialect: Sendable {
    case html, xhtml

    /// How a void element ends: `<br>` or `<br/>`.
    public var voidEnd: String { self == .html ? ">" : "/>" }

    /// ` id="…"`; in HTML a listing's is written even when empty (`always`), in XHTML never.
    public func idAttribute(_ id: String?, always: Bool = false) -> String {
        switch self {
        case .html:
            guard let id = id ?? (always ? "" : nil) else { return "" }
            return " id=\"\(escapeHTML(id))\""
        case .xhtml:
            guard let id, !id.isEmpty else { return "" }
            return " id=\"\(escapeHTML(id))\""
        }
    }

    /// A table cell's alignment: a style on the site, a class the book's style sheet knows.
    public func alignment(_ alignments: [TableAlignment], _ index: Int) -> String {
        guard index < alignments.count else { return "" }
        let name: String
        switch alignments[index] {
        case .none: return ""
        case .left: name = "left"
        case .center: name = "center"
        case .right: name = "right"
        }
        return self == .html ? " style=\"text-align: \(name)\"" : " class=\"align-\(name)\""
    }

    /// A task-list item's box: a disabled checkbox on the site, a symbol in a book.
    public func taskMarker(checked: Bool, word: String) -> String {
        let word = escapeHTML(word)
        if self == .html { return "<input type=\"checkbox\" disabled\(checked ? " checked" : "") aria-label=\"\(word)\"> " }
        return "<span class=\"task \(checked ? "task-done" : "task-open")\" role=\"img\" aria-label=\"\(word)\" title=\"\(word)\">\(checked ? "☑" : "☐")</span> "
    }
}

/// A renderer of a chapter to HTML or XHTML. What the two share is written once, here, over
/// these requirements; each renderer keeps only what its format does differently (headings,
/// code, raw HTML, images, links, the notes' section).
public protocol HTMLFamilyWriter {
    var dialect: HTMLDialect { get }
    /// Words in the language the chapter's text is written in.
    var strings: UIStrings { get }
    /// Inside a tight list's item: paragraphs without `<p>`.
    var tight: Bool { get set }
    var footnotes: FootnoteLedger { get set }
    mutating func render(_ block: Block, into out: inout String)
    /// Raw HTML in a run of text, an image in one, a link: each format's own.
    mutating func renderHTML(_ source: String, into out: inout String)
    mutating func renderImage(_ image: Image, into out: inout String)
    mutating func renderLink(_ link: Link, into out: inout String)
}

extension HTMLFamilyWriter {
    @inlinable
    public mutating func render(_ blocks: [Block], into out: inout String) {
        for block in blocks { render(block, into: &out) }
    }

    /// The top-level blocks, each heading of level 2 or 3 opening a `<section>` that runs to the
    /// next heading of its level or above.
    public mutating func renderSections(_ blocks: [Block], into out: inout String) {
        var open: [Int] = []
        for block in blocks {
            if case .footnoteDefinition(let label, let blocks) = block { footnotes.define(label, blocks: blocks); continue }
            if case .heading(let h) = block, h.level <= 3 {
                while let last = open.last, last >= h.level { out += "</section>\n"; open.removeLast() }
                let classes = h.attributes.classes.filter { $0 != "unnumbered" }
                out += classes.isEmpty ? "<section>\n" : "<section class=\"\(escapeHTML(classes.joined(separator: " ")))\">\n"
                open.append(h.level)
            }
            render(block, into: &out)
        }
        for _ in open { out += "</section>\n" }
    }

    /// `body` with paragraphs in `<p>` again (inside a quote, a callout, a note in a tight list).
    @inlinable
    public mutating func withLoose(_ body: (inout Self) -> Void) {
        let saved = tight
        tight = false
        body(&self)
        tight = saved
    }

    @inlinable
    public mutating func paragraph(_ inlines: [Inline], into out: inout String) {
        if tight { render(inlines, into: &out); out += "\n" } else { out += "<p>"; render(inlines, into: &out); out += "</p>\n" }
    }

    public mutating func quote(_ inner: [Block], into out: inout String) {
        out += "<blockquote>\n"
        withLoose { $0.render(inner, into: &out) }
        out += "</blockquote>\n"
    }

    /// `<span class="caption-label">Listing 2.1</span> `, or nothing without a number.
    public func caption(_ kind: String, _ number: Numbering?) -> String {
        guard let number else { return "" }
        return "<span class=\"caption-label\">\(escapeHTML(number.label(strings["ref_" + kind + "_start"])))</span> "
    }

    public mutating func list(_ list: ListBlock, into out: inout String) {
        let tag = list.ordered ? "ol" : "ul"
        let start = list.ordered && list.start != 1 ? " start=\"\(list.start)\"" : ""
        let isTasks = list.items.contains { $0.checked != nil }
        out += "<\(tag)\(start)\(isTasks ? " class=\"tasks\"" : "")>\n"
        for item in list.items {
            out += "<li>"
            if let checked = item.checked { out += dialect.taskMarker(checked: checked, word: strings[checked ? "task_done" : "task_open"]) }
            let saved = tight
            tight = list.tight
            if !list.tight { out += "\n" }
            render(item.blocks, into: &out)
            tight = saved
            if out.hasSuffix("\n") && list.tight { out.removeLast() }
            out += "</li>\n"
        }
        out += "</\(tag)>\n"
    }

    /// A table with its caption; on the site in a box that scrolls when it is too wide.
    public mutating func table(_ table: Table, into out: inout String) {
        if dialect == .html { out += "<div class=\"table-wrap\">\n" }
        out += "<table\(dialect.idAttribute(table.id))>\n"
        if table.number != nil || table.caption != nil {
            out += "<caption>" + caption("table", table.number)
            if let text = table.caption { out += "<span class=\"caption-text\">"; render(text, into: &out); out += "</span>" }
            out += "</caption>\n"
        }
        out += "<thead>\n<tr>\n"
        for (index, cell) in table.header.enumerated() {
            out += "<th\(dialect.alignment(table.alignments, index))>"; render(cell, into: &out); out += "</th>\n"
        }
        out += "</tr>\n</thead>\n"
        if !table.rows.isEmpty {
            out += "<tbody>\n"
            for row in table.rows {
                out += "<tr>\n"
                for (index, cell) in row.enumerated() {
                    out += "<td\(dialect.alignment(table.alignments, index))>"; render(cell, into: &out); out += "</td>\n"
                }
                out += "</tr>\n"
            }
            out += "</tbody>\n"
        }
        out += dialect == .html ? "</table>\n</div>\n" : "</table>\n"
    }

    /// A listing's frame around its highlighted code (`pre`), or the code alone.
    public func listing(_ code: CodeBlock, highlighted: String, into out: inout String) {
        let language = code.language.isEmpty ? "" : " class=\"language-\(escapeHTML(code.language))\""
        let pre = "<pre><code\(language)>\(highlighted)</code></pre>\n"
        guard code.isListing else { out += pre; return }
        out += "<figure class=\"listing\"\(dialect.idAttribute(code.id, always: true))>\n<figcaption>"
        out += caption("listing", code.number)
        if let text = code.caption ?? code.title { out += "<span class=\"caption-text\">\(escapeHTML(text))</span>" }
        if code.caption != nil, let file = code.title { out += " <code class=\"caption-file\">\(escapeHTML(file))</code>" }
        out += "</figcaption>\n" + pre + "</figure>\n"
    }

    /// A figure's caption, after its picture.
    public mutating func figureCaption(_ figure: Figure, into out: inout String) {
        out += "<figcaption>" + caption("figure", figure.number)
        out += "<span class=\"caption-text\">"; render(figure.image.alt, into: &out); out += "</span></figcaption>\n</figure>\n"
    }

    /// A program's output (or the compiler's errors), and the command that runs it in the
    /// downloaded package (the course's source folder is not the reader's).
    public func output(_ output: OutputBlock, into out: inout String) {
        if output.kind == .compilerErrors {
            out += "<figure class=\"output compiler-errors\">\n<figcaption><span class=\"caption-label\">"
            out += escapeHTML(strings["compiler_errors_label"]) + "</span></figcaption>\n"
            out += "<pre class=\"output-text\"><samp>\(escapeHTML(output.text))</samp></pre>\n</figure>\n"
            return
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
        if let command = output.command?.text(inPackage: true) {
            out += "<p class=\"run-it\">\(escapeHTML(UIStrings.spaced(strings["sample_run_yourself"])))<code>\(escapeHTML(command))</code></p>\n"
        }
        out += "</figure>\n"
    }

    public func listingOnlyNote(inline: Bool, into out: inout String) {
        out += "<p class=\"listing-only\" role=\"note\">\(escapeHTML(strings[inline ? "snippet_listing_only" : "sample_listing_only"]))</p>\n"
    }

    @inlinable
    public mutating func render(_ inlines: [Inline], into out: inout String) {
        var afterFootnote = false
        for inline in inlines {
            // Marks side by side would read as one number ("¹²" as twelve): a comma between.
            if case .footnoteReference = inline {
                if afterFootnote { out += "<sup class=\"footnote-sep\">,</sup>" }
                afterFootnote = true
            } else {
                afterFootnote = false
            }
            switch inline {
            case .text(let text): out += escapeHTML(text)
            case .code(let code): out += "<code>" + escapeHTML(code) + "</code>"
            case .softBreak: out += "\n"
            case .lineBreak: out += "<br" + dialect.voidEnd + "\n"
            case .emphasis(let c): out += "<em>"; render(c, into: &out); out += "</em>"
            case .strong(let c): out += "<strong>"; render(c, into: &out); out += "</strong>"
            case .strikethrough(let c): out += "<del>"; render(c, into: &out); out += "</del>"
            case .html(let source): renderHTML(withoutComments(source), into: &out)
            case .image(let image): renderImage(image, into: &out)
            case .link(let link): renderLink(link, into: &out)
            case .footnoteReference(let label): footnoteReference(label, into: &out)
            }
        }
    }

    public mutating func footnoteReference(_ label: String, into out: inout String) {
        let reference = footnotes.reference(label)
        let role = dialect == .xhtml ? "epub:type=\"noteref\" " : ""
        out += "<sup class=\"footnote-ref\"><a \(role)href=\"#fn-\(escapeHTML(reference.anchor))\" id=\"\(escapeHTML(reference.id))\">\(reference.number)</a></sup>"
    }

    /// A run of text as markup.
    public mutating func run(_ inlines: [Inline]) -> String {
        var out = ""
        render(inlines, into: &out)
        return out
    }
}
