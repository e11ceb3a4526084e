import Blocks
import CourseModel
import Markup

/// Renders a resolved chapter to GitHub-flavoured Markdown: the page's Markdown twin, for
/// readers that are programs (an assistant reading `llms.txt`). What the page shows as text
/// stays text (numbers, labels, resolved references, each listing's checked output or the
/// compiler's errors), with none of the page's chrome. Pure, like `HTMLRenderer`.
public struct MarkdownRenderer: MarkdownFamilyWriter {
    /// Words for captions and the kinds of block, in the language the text is written in.
    public let strings: UIStrings
    /// The chapters of the page's locale: a link to one of their pages goes to its twin instead.
    let chapterIDs: Set<String>
    /// `raw_html: true`: raw HTML stays as written (the parse stage made it safe); otherwise it is text.
    let rawHTML: Bool
    let kinds: BlockKinds
    var footnotes = FootnoteLedger()

    public init(strings: UIStrings, chapterIDs: Set<String> = [], rawHTML: Bool = false, kinds: BlockKinds = .standard) {
        self.strings = strings; self.chapterIDs = chapterIDs; self.rawHTML = rawHTML; self.kinds = kinds
    }

    /// A chapter's twin: its number and title as the page's heading, its summary, its text, its notes.
    public mutating func render(_ page: ChapterPage) -> String {
        var out = "# " + text([page.numbering.label.head, page.title].compactMap { $0 }.joined(separator: " ")) + "\n"
        if let summary = page.summary, !summary.isEmpty { out += "\n" + prefixed(text(summary), "> ") }
        let body = render(page.document)
        if !body.isEmpty { out += "\n" + body }
        return out
    }

    /// A document's blocks, then its footnotes.
    public mutating func render(_ document: Document) -> String {
        for case .footnoteDefinition(let label, let blocks) in document.blocks { footnotes.define(label, blocks: blocks) }
        var out = markdown(document.blocks)
        var notes: [String] = []
        while let note = footnotes.nextNote() {
            let body = markdown(note.blocks)
            let lines = body.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            notes.append("[^\(note.number)]: " + lines.enumerated().map { $0 == 0 || $1.isEmpty ? String($1) : "    " + $1 }.joined(separator: "\n") + "\n")
        }
        if !notes.isEmpty { out += (out.isEmpty ? "" : "\n") + notes.joined() }
        return out
    }

    public mutating func markdown(_ blocks: [Block]) -> String {
        blocks.compactMap { block -> String? in
            var out = ""
            render(block, into: &out)
            return out.isEmpty ? nil : out
        }.joined(separator: "\n")
    }

    public mutating func markdown(_ inlines: [Inline]) -> String {
        var out = ""
        render(inlines, into: &out, lineStart: true)
        return out
    }

    public func text(_ plain: String) -> String { MarkdownText.escape(plain, lineStart: true) }

    mutating func render(_ block: Block, into out: inout String) {
        switch block {
        case .paragraph(let inlines, _):
            let text = markdown(inlines)
            if !text.isEmpty { out += text + "\n" }
        case .heading(let heading):
            out += String(repeating: "#", count: min(max(heading.level, 2), 6)) + " "
            if let number = heading.number { out += number.dotted + " " }
            out += markdown(heading.content).replacingOccurrences(of: "\n", with: " ")
            out += heading.id.isEmpty ? "\n" : " {#\(heading.id)}\n"
        case .code(let code), .snippet(let code, _):
            listing(code, into: &out)
        case .html(let source):
            let html = withoutComments(source)
            guard !html.allSatisfy(\.isWhitespace) else { break }
            out += rawHTML ? html + (html.hasSuffix("\n") ? "" : "\n") : MarkdownText.escape(html, lineStart: true) + "\n"
        case .quote(let inner):
            out += prefixed(markdown(inner), "> ")
        case .list(let list):
            self.list(list, into: &out)
        case .rule:
            out += "* * *\n"
        case .table(let table):
            self.table(table, into: &out)
        case .figure(let figure):
            self.figure(figure, into: &out)
        case .footnoteDefinition(let label, let blocks):
            footnotes.define(label, blocks: blocks)
        case .output(let output):
            self.output(output, into: &out)
        case .sampleLinks(let name):
            out += "[\(text(strings["sample_gallery_link"]))](\(SitePaths.galleryEntry(name))) · "
            out += "[\(text(strings.format("sample_download", name + ".zip")))](\(MarkdownText.destination(SitePaths.sampleDownload(name))))\n"
        case .listingOnlyNote(let inline):
            out += "*" + text(strings[inline ? "snippet_listing_only" : "sample_listing_only"]) + "*\n"
        case .sample:
            break  // expanded by the resolve stage
        case .custom(let block):
            guard let kind = kinds[block.kind] else { out += markdown(block.blocks.flatMap { $0 }); break }
            kind.markdown(block, into: &out, writer: &self)
        }
    }

    /// `**Listing 2.3** What it is (`File.swift`)`, then the code fenced with its language.
    mutating func listing(_ code: CodeBlock, into out: inout String) {
        if code.isListing {
            var caption = code.number.map { "**" + text($0.label(strings["ref_listing_start"])) + "**" } ?? ""
            if let words = code.caption ?? code.title { caption += (caption.isEmpty ? "" : " ") + text(words) }
            if code.caption != nil, let file = code.title { caption += " (" + MarkdownText.code(file) + ")" }
            if let id = code.id, !id.isEmpty { caption += " {#\(id)}" }
            if !caption.isEmpty { out += caption + "\n\n" }
        }
        out += MarkdownText.fenced(code.code, language: code.language.split(separator: " ").first.map(String.init) ?? "")
    }

    /// The checked output (or the compiler's errors) under the page's words for it, and the
    /// command that runs the sample in its downloaded package.
    func output(_ output: OutputBlock, into out: inout String) {
        if output.kind == .compilerErrors {
            out += "**" + text(strings["compiler_errors_label"]) + "**\n\n" + MarkdownText.fenced(output.text, language: "text")
            return
        }
        var head = "**" + text(strings["output_label"]) + "**"
        switch output.status {
        case .exited(let code) where code != 0: head += " " + text(strings.format("output_exit_status", String(code)))
        case .signal(let signal): head += " " + text(strings.format("output_signal", String(signal)))
        case .timedOut(let seconds): head += " " + text(strings.format("output_timeout", String(Int(seconds))))
        default: break
        }
        out += head + "\n\n" + MarkdownText.fenced(output.text, language: "text")
        if let command = output.command?.text(inPackage: true) {
            out += "\n" + text(UIStrings.spaced(strings["sample_run_yourself"])) + MarkdownText.code(command) + "\n"
        }
    }

    mutating func list(_ list: ListBlock, into out: inout String) {
        for (index, item) in list.items.enumerated() {
            var marker = list.ordered ? "\(list.start + index). " : "- "
            if let checked = item.checked { marker += checked ? "[x] " : "[ ] " }
            let indent = String(repeating: " ", count: list.ordered ? "\(list.start + index). ".count : 2)
            let body = item.blocks.compactMap { block -> String? in
                var text = ""
                render(block, into: &text)
                return text.isEmpty ? nil : text
            }.joined(separator: list.tight ? "" : "\n")
            var lines = body.split(separator: "\n", omittingEmptySubsequences: false)
            if lines.last?.isEmpty == true { lines.removeLast() }
            if lines.isEmpty { lines = [""] }
            if !list.tight && index > 0 { out += "\n" }
            out += marker + lines[0] + "\n"
            for line in lines.dropFirst() { out += line.isEmpty ? "\n" : indent + line + "\n" }
        }
    }

    /// `**Table 2.1** Caption`, then a pipe table.
    mutating func table(_ table: Table, into out: inout String) {
        var caption = table.number.map { "**" + text($0.label(strings["ref_table_start"])) + "**" } ?? ""
        if let words = table.caption { caption += (caption.isEmpty ? "" : " ") + markdown(words) }
        if let id = table.id, !id.isEmpty, !caption.isEmpty { caption += " {#\(id)}" }
        if !caption.isEmpty { out += caption + "\n\n" }
        let columns = max(table.header.count, table.rows.map(\.count).max() ?? 0)
        func row(_ cells: [[Inline]]) -> String {
            let texts = (0..<columns).map { index in
                index < cells.count ? markdown(cells[index]).replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "|", with: "\\|") : ""
            }
            return "| " + texts.joined(separator: " | ") + " |\n"
        }
        out += row(table.header)
        out += "|" + (0..<columns).map { index -> String in
            switch index < table.alignments.count ? table.alignments[index] : .none {
            case .none: " --- "
            case .left: " :-- "
            case .center: " :-: "
            case .right: " --: "
            }
        }.joined(separator: "|") + "|\n"
        for cells in table.rows { out += row(cells) }
    }

    /// The picture (its alt text its description), then its numbered caption.
    mutating func figure(_ figure: Figure, into out: inout String) {
        let alt = footnotes.altText(figure.image.alt)
        if !URLSafety.isDangerous(figure.image.source) {
            out += "![\(MarkdownText.escape(alt, lineStart: false))](\(MarkdownText.destination(figure.image.source)))\n\n"
        }
        var caption = figure.number.map { "**" + text($0.label(strings["ref_figure_start"])) + "** " } ?? ""
        caption += markdown(figure.image.alt)
        if let id = figure.id, !id.isEmpty { caption += " {#\(id)}" }
        out += caption + "\n"
    }

    /// Where a link goes: a chapter page of the locale is its twin (`errors.html#x` → `errors.md#x`).
    func twinHref(_ href: String) -> String {
        let (path, fragment) = href.firstIndex(of: "#").map { (String(href[..<$0]), String(href[$0...])) } ?? (href, "")
        guard path.hasSuffix(".html"), !path.contains("/"), chapterIDs.contains(String(path.dropLast(5))) else { return href }
        return String(path.dropLast(5)) + ".md" + fragment
    }

    mutating func render(_ inlines: [Inline], into out: inout String, lineStart: Bool) {
        var atLineStart = lineStart
        for inline in inlines {
            switch inline {
            case .text(let text): out += MarkdownText.escape(text, lineStart: atLineStart)
            case .code(let code): out += MarkdownText.code(code)
            case .softBreak: out += "\n"
            case .lineBreak: out += "\\\n"
            case .emphasis(let inner): out += "*"; render(inner, into: &out, lineStart: false); out += "*"
            case .strong(let inner): out += "**"; render(inner, into: &out, lineStart: false); out += "**"
            case .strikethrough(let inner): out += "~~"; render(inner, into: &out, lineStart: false); out += "~~"
            case .html(let source):
                let html = withoutComments(source)
                out += rawHTML ? html : MarkdownText.escape(html, lineStart: atLineStart)
            case .image(let image):
                let alt = MarkdownText.escape(footnotes.altText(image.alt), lineStart: false)
                out += URLSafety.isDangerous(image.source) ? alt : "![\(alt)](\(MarkdownText.destination(image.source)))"
            case .link(let link):
                let href = twinHref(link.reference?.href ?? link.destination)
                var content = ""
                if link.content.isEmpty, let reference = link.reference { content = text(reference.label) }
                else { render(link.content, into: &content, lineStart: false) }
                out += URLSafety.isDangerous(href) ? content : "[\(content)](\(MarkdownText.destination(href)))"
            case .footnoteReference(let label):
                out += "[^\(footnotes.reference(label).number)]"
            }
            atLineStart = inline == .softBreak || inline == .lineBreak
        }
    }
}
