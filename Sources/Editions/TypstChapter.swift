import Blocks
import CourseModel
import Foundation
import Highlight
import Markup

/// One chapter as Typst markup; what its kinds of block move to an appendix (its exercises'
/// solutions) is kept for it.
struct ChapterWriter {
    let page: ChapterPage
    let strings: UIStrings
    let chapterLevel: Int
    let baseURL: String?
    let rawHTML: Bool
    /// The kinds of block a `Block.custom` may be.
    var kinds = BlockKinds.standard
    var footnotes = FootnoteLedger()
    var limits = TypstLimitState()
    var moved = MovedByKind<CustomBlock>()

    init(page: ChapterPage, strings: UIStrings, chapterLevel: Int, baseURL: String?, rawHTML: Bool) {
        self.page = page; self.strings = strings; self.chapterLevel = chapterLevel; self.baseURL = baseURL; self.rawHTML = rawHTML
    }

    func label(_ anchor: String? = nil) -> String { "<" + TypstMarkup.label(chapter: page.id, anchor: anchor) + ">" }

    mutating func chapter(_ book: inout BookState) -> String {
        footnotes.defineAll(in: page.document.blocks)
        var out = "#pagebreak(weak: true, to: \"odd\")\n#[\n" + TypstWriter.languageRules(page.contentLocale)
        let numbering = strings.chapterLabel(page.numbering.label).map { "(..n) => " + TypstMarkup.string($0) } ?? "none"
        out += "#heading(level: \(chapterLevel), numbering: \(numbering), supplement: none)[\(textMarkup(page.title))] \(label())\n\n"
        if let summary = page.summary, !summary.isEmpty {
            out += "#block(below: 1.6em, text(style: primer-italic)[\(textMarkup(summary))])\n\n"
        }
        render(page.document.blocks, into: &out, book: &book)
        out += "#metadata(none) <primer-end>\n]\n\n"
        return out
    }

    /// The chapter's part of `kind`'s appendix, or nil when the chapter moved nothing there.
    mutating func appendixSection(_ kind: any BlockKind, _ book: inout BookState) -> String? {
        guard !moved.isEmpty(kind.name) else { return nil }
        var out = "#[\n" + TypstWriter.languageRules(page.contentLocale)
        let numbering = strings.chapterLabel(page.numbering.label).map { "(..n) => " + TypstMarkup.string($0) } ?? "none"
        out += "#heading(level: \(chapterLevel + 1), numbering: \(numbering))[\(textMarkup(page.title))]\n\n"
        while let block = moved.next(kind.name) {  // an entry may move more blocks (a solution's exercises)
            withBlockContext(&book) { kind.typstAppendix(block, into: &out, writer: &$0) }
        }
        out += "]\n"
        return out
    }

    /// Text of the chapter as markup: in CJK text, a word with hyphens is kept on one line.
    func textMarkup(_ text: String) -> String {
        TypstWriter.isCJK(page.contentLocale) ? TypstMarkup.textKeepingHyphenatedWords(text) : TypstMarkup.text(text)
    }

    /// The label a cross-reference shows its page for, or nil when the book does not define it.
    func pageReferenceLabel(_ link: Link, book: BookState) -> String? {
        guard let reference = link.reference else { return nil }
        let parts = reference.href.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let file = String(parts.first ?? "")
        let chapter = file.isEmpty ? page.id : (file.hasSuffix(".html") ? String(file.dropLast(5)) : file)
        let anchor = parts.count > 1 && !parts[1].isEmpty ? String(parts[1]) : nil
        let name = TypstMarkup.label(chapter: chapter, anchor: anchor)
        return book.labels.contains(name) ? name : nil
    }

    /// Whether `element` is a cross-reference written as a page reference that starts with a CJK
    /// character ("第 27 页的 2.4.2 节"): the space before it in the source ("见 [](#cow)", set
    /// before "2.4.2 节" on the site) is no space after a CJK character.
    func startsCJKPageReference(_ element: Inline, book: BookState) -> Bool {
        guard case .link(let link) = element, pageReferenceLabel(link, book: book) != nil else { return false }
        let pattern = UIStrings.format(strings["edition_page_ref"], ["\u{E001}", "\u{E002}"])
        guard let first = pattern.first else { return false }
        return first != "\u{E001}" && first != "\u{E002}" && TypstMarkup.isCJK(first)
    }

    /// "TEXT on page N" in the chapter's language: the pattern is split at its placeholders, so
    /// the link and the page number go where the language puts them.
    func pageReference(text: String, to label: String) -> String {
        let pattern = UIStrings.format(strings["edition_page_ref"], ["\u{E001}", "\u{E002}"])
        var out = ""
        var literal = ""
        func flush() { out += TypstMarkup.text(literal); literal = "" }
        var afterPage = false
        // By scalar: a combining mark after a placeholder must not hide it. The page number keeps
        // its words on its line ("на с. 351", "第 27 页"): the spaces next to it do not break.
        for scalar in pattern.unicodeScalars {
            if scalar == "\u{E001}" { flush(); out += "#link(\(label))[\(text)];" }
            else if scalar == "\u{E002}" {
                if literal.hasSuffix(" ") { literal.removeLast(); literal += "\u{A0}" }
                flush(); out += "#context counter(page).at(\(label)).first();"
                afterPage = true
                continue
            } else { literal.unicodeScalars.append(afterPage && literal.isEmpty && scalar == " " ? "\u{A0}" : scalar) }
            afterPage = false
        }
        flush()
        return out
    }

    mutating func render(_ blocks: [Block], into out: inout String, book: inout BookState) {
        for block in blocks { render(block, into: &out, book: &book) }
    }

    mutating func blocks(_ blocks: [Block], book: inout BookState) -> String {
        var out = ""
        render(blocks, into: &out, book: &book)
        return out
    }

    func caption(_ kind: String, _ number: Numbering?) -> String? {
        number.map { TypstMarkup.text($0.label(strings["ref_" + kind + "_start"])) }
    }

    static func rawLanguage(_ language: String) -> String? {
        let tag = String(language.split(separator: " ").first ?? "")
        switch Highlighter.canonicalLanguage(tag) {
        case "swift": return "swift"
        case "objc": return "objective-c"
        case "c": return "c"
        case "shell", "console": return "bash"
        case "json": return "json"
        case "xml": return "xml"
        case "diff": return "diff"
        default: return nil
        }
    }

    func raw(_ code: String, language: String?) -> String {
        var text = code
        if text.hasSuffix("\n") { text.removeLast() }
        let lang = language.map { ", lang: " + TypstMarkup.string($0) } ?? ""
        return "raw(block: true\(lang), \(TypstMarkup.string(TypstMarkup.breakable(text))))"
    }

    mutating func render(_ block: Block, into out: inout String, book: inout BookState) {
        if let position = block.position, position.line > 0 { limits.position = position }
        switch block {
        case .paragraph(let inlines, _):
            out += inline(inlines, book: &book) + "\n\n"
        case .heading(let h):
            let level = chapterLevel + max(h.level - 1, 1)
            let numbering = h.number.map { "(..n) => " + TypstMarkup.string($0.dotted) } ?? "none"
            let outlined = h.level <= 2 ? "" : ", outlined: false"
            out += "#heading(level: \(min(level, 6)), numbering: \(numbering)\(outlined))[\(inline(h.content, book: &book))] \(label(h.id))\n\n"
        case .code(let code), .snippet(let code, _):
            let number = caption("listing", code.number).map { "#strong[\($0)]" }
            let continued = continuedMark(number)
            let body = "#primer-code(\(raw(boundedCode(code.code), language: Self.rawLanguage(code.language))), continued: \(continued))\n\n"
            if code.isListing {
                var head = "#metadata(\"listing\") \(label(code.id ?? ""))"
                if let number { head += number }
                if let caption = code.caption { head += " " + textMarkup(caption) } else if let title = code.title { head += " " + TypstMarkup.text(title) }
                if code.caption != nil, let file = code.title { head += " #text(font: primer-mono, fill: luma(90))[\(TypstMarkup.text(file))]" }
                out += "#block(sticky: true, above: 1.2em, below: 0.45em, text(font: primer-sans, size: 8.5pt)[\(head)])\n"
            }
            out += body
        case .html(let source):
            let text = withoutComments(source)
            guard !text.allSatisfy(\.isWhitespace) else { break }
            // Raw HTML cannot be typeset: its text is kept, its tags are not.
            out += TypstMarkup.text(rawHTML ? Self.withoutTags(text) : text) + "\n\n"
        case .quote(let inner):
            out += nested("#quote(block: true)[\n", "]\n\n", weight: 4, inside: inner) { $0.blocks(inner, book: &book) }
        case .list(let list):
            let isTasks = list.items.contains { $0.checked != nil }
            // Too deep for Typst, the items are paragraphs one after the other.
            let framed = enterNesting(2, inside: list.items.first?.blocks ?? [])
            if framed {
                out += list.ordered ? "#enum(tight: \(list.tight), start: \(list.start)" : "#list(tight: \(list.tight)" + (isTasks ? ", marker: []" : "")
            }
            for item in list.items {
                var body = ""
                if let checked = item.checked { body += "#primer-task(\(checked)); " }
                var blocks = ""
                render(item.blocks, into: &blocks, book: &book)
                body += blocks.trimmingCharacters(in: .whitespacesAndNewlines)
                out += framed ? ",\n  [\(body)]" : body + "\n\n"
            }
            if framed { out += ")\n\n"; limits.showDepth -= 2 }
        case .rule:
            out += "#align(center, line(length: 30%, stroke: 0.5pt + luma(150)))\n\n"
        case .table(let table):
            out += self.table(table, book: &book)
        case .figure(let figure):
            var content = "[]"
            if !URLSafety.isDangerous(figure.image.source), let path = book.image(figure.image, drawn: figure.drawn, in: page) {
                var arguments = TypstMarkup.string(path)
                if let size = figure.image.variants?.size {
                    arguments += ", width: \(Self.points(min(Double(size.width) * 0.75, TypstWriter.textWidth)))pt"
                } else if !path.hasSuffix(".svg") {
                    arguments += ", width: 100%"
                }
                let alt = figure.image.alt.plainText
                if !alt.isEmpty { arguments += ", alt: " + TypstMarkup.string(alt) }
                content = "image(\(arguments))"
            }
            var captionText = caption("figure", figure.number).map { "#strong[\($0)] " } ?? ""
            captionText += inline(figure.image.alt, book: &book)
            out += "#figure(\(content), caption: [\(captionText)], numbering: none, supplement: none) \(label(figure.id ?? ""))\n\n"
        case .footnoteDefinition:
            break  // set where it is referenced
        case .output(let output):
            out += self.output(output)
        case .sampleLinks(let name):
            guard let baseURL else { break }  // a book has no gallery to link to without the site's address
            let root = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
            let locale = root + page.locale.rawValue + "/"
            out += "#text(size: 8.5pt)[#link(\(TypstMarkup.string(locale + SitePaths.galleryEntry(name))))[\(TypstMarkup.text(strings["sample_gallery_link"]))];"
            out += " · #link(\(TypstMarkup.string(locale + SitePaths.sampleDownload(name))))[\(TypstMarkup.text(strings.format("sample_download", name + ".zip")))];]\n\n"
        case .listingOnlyNote(let inline):
            out += "#text(size: 8.5pt, style: primer-italic)[\(TypstMarkup.text(strings[inline ? "snippet_listing_only" : "sample_listing_only"]))]\n\n"
        case .sample:
            break  // expanded by the resolve stage
        case .custom(let block):
            guard let kind = kinds[block.kind] else { render(block.blocks.flatMap { $0 }, into: &out, book: &book); break }
            withBlockContext(&book) { kind.typst(block, into: &out, writer: &$0) }
        }
    }

    mutating func output(_ output: OutputBlock) -> String {
        if output.kind == .compilerErrors {
            let label = TypstMarkup.text(strings["compiler_errors_label"])
            return "#primer-boxed(rgb(\"#fbeeee\"), rgb(\"#a12a2a\"), [\(label)], \(raw(boundedCode(output.text), language: nil)), continued: \(continuedMark(label)))\n\n"
        }
        var head = TypstMarkup.text(strings["output_label"])
        var status: String?
        if case .exited(let code) = output.status, code != 0 { status = strings.format("output_exit_status", String(code)) }
        else if case .signal(let signal) = output.status { status = strings.format("output_signal", String(signal)) }
        else if case .timedOut(let seconds) = output.status { status = strings.format("output_timeout", String(Int(seconds))) }
        if let status { head += " " + TypstMarkup.text(status) }
        var body = "#\(raw(boundedCode(output.text), language: nil))"
        if let command = output.command?.text(inPackage: true) {
            body += "\n#text(size: 8pt)[\(TypstMarkup.text(UIStrings.spaced(strings["sample_run_yourself"])))#raw(\(TypstMarkup.string(command)));]"
        }
        let failed = !output.status.succeeded
        let colors = failed ? ("rgb(\"#fbeeee\")", "rgb(\"#a12a2a\")") : ("rgb(\"#eef3f8\")", "rgb(\"#3d6a99\")")
        let continued = continuedMark(TypstMarkup.text(strings["output_label"]))
        return "#primer-boxed(\(colors.0), \(colors.1), [\(head)], continued: \(continued))[\(body)]\n\n"
    }

    /// What heads the part of a listing or an output on a later page: its label (markup), if it
    /// has one, and "(continued)" in the text's language (no space before a full-width bracket).
    func continuedMark(_ label: String?) -> String {
        let word = strings["listing_continued"]
        guard let label else { return "[\(TypstMarkup.text(word))]" }
        let space = word.first.map(TypstMarkup.isCJK) == true ? "" : " "
        return "[\(label)\(space)\(TypstMarkup.text(word))]"
    }

    mutating func table(_ table: Table, book: inout BookState) -> String {
        let columns = max(table.header.count, table.rows.map(\.count).max() ?? 0, 1)
        let aligns = (0..<columns).map { index -> String in
            guard index < table.alignments.count else { return "left" }
            switch table.alignments[index] {
            case .none, .left: return "left"
            case .center: return "center"
            case .right: return "right"
            }
        }
        var body = "table(columns: \(columns), align: (\(aligns.joined(separator: ", ")),), stroke: none, inset: (x: 4pt, y: 3.5pt),\n"
        let header = (0..<columns).map { index in
            "[#strong[\(index < table.header.count ? inline(table.header[index], book: &book) : "")]]"
        }
        // A header repeated on the next page is an artifact, and PDF/UA-1 has no link in one: a
        // header with a link (or a footnote's mark) is not repeated.
        let repeats = !header.contains { $0.contains("#link(") || $0.contains("#footnote") }
        body += "  table.hline(stroke: 0.8pt),\n  table.header(" + (repeats ? "" : "repeat: false, ")
        body += header.joined(separator: ", ")
        body += "),\n  table.hline(stroke: 0.5pt),\n"
        for row in boundedRows(table.rows) {
            body += "  " + (0..<columns).map { index in "[\(index < row.count ? inline(row[index], book: &book) : "")]" }.joined(separator: ", ") + ",\n"
        }
        body += "  table.hline(stroke: 0.8pt))"
        let sized = "text(size: 8.8pt, \(body))"
        guard table.number != nil || table.caption != nil else { return "#block(width: 100%, \(sized))\n\n" }
        var captionText = caption("table", table.number).map { "#strong[\($0)] " } ?? ""
        if let text = table.caption { captionText += inline(text, book: &book) }
        let tableLabel = table.id.map { " " + label($0) } ?? ""
        return "#figure(\(sized), kind: table, caption: [\(captionText)], numbering: none, supplement: none)\(tableLabel)\n\n"
    }

    static func points(_ value: Double) -> String { String(format: "%.1f", value) }

    // MARK: Inline

    mutating func inline(_ inlines: [Inline], book: inout BookState) -> String {
        var out = ""
        let outermost = enterRun()
        for (index, element) in inlines.enumerated() {
            if limits.run.cut { break }
            switch element {
            case .text(var text):
                if index + 1 < inlines.count, text.last == " ", startsCJKPageReference(inlines[index + 1], book: book),
                   let before = text.dropLast().last, TypstMarkup.isCJK(before) {
                    text.removeLast()
                }
                out += runText(text)
            case .code(let code):
                guard admit(code.count, into: &out) else { break }
                out += "#raw(\(TypstMarkup.string(TypstMarkup.inlineBreakable(code))));"
            case .softBreak:
                // Between two CJK characters a line break of the source is no space.
                let before = index > 0 ? [inlines[index - 1]].plainText.last : nil
                let after = index + 1 < inlines.count ? [inlines[index + 1]].plainText.first : nil
                if let before, let after, TypstMarkup.isCJK(before) && TypstMarkup.isCJK(after) { break }
                if let before, TypstMarkup.isCJK(before), index + 1 < inlines.count, startsCJKPageReference(inlines[index + 1], book: book) { break }
                if admit(1, into: &out) { out += " " }
            case .lineBreak: if admit(1, into: &out) { out += "#linebreak();" }
            case .emphasis(let inner): out += nested("#emph[", "];", weight: 1) { $0.inline(inner, book: &book) }
            case .strong(let inner): out += nested("#strong[", "];", weight: 1) { $0.inline(inner, book: &book) }
            case .strikethrough(let inner): out += nested("#strike[", "];", weight: 1) { $0.inline(inner, book: &book) }
            case .html(let source):
                let text = withoutComments(source)
                out += TypstMarkup.text(rawHTML ? Self.withoutTags(text) : text)
            case .image(let image):
                guard !URLSafety.isDangerous(image.source), let path = book.image(image, drawn: nil, in: page) else {
                    out += runText(image.alt.plainText); break
                }
                guard admit(1, into: &out) else { break }
                let height = image.variants?.size.map { "height: \(Self.points(min(Double($0.height) * 0.75, 12)))pt" } ?? "height: 1em"
                out += "#box(image(\(TypstMarkup.string(path)), \(height), alt: \(TypstMarkup.string(image.alt.plainText))));"
            case .link(let link):
                guard admit(1, into: &out) else { break }
                limits.showDepth += 2
                out += self.link(link, book: &book)
                limits.showDepth -= 2
            case .footnoteReference(let name):
                guard admit(1, into: &out) else { break }
                // Marks side by side would read as one number ("¹²" as twelve): a comma between.
                if index > 0, case .footnoteReference = inlines[index - 1] { out += "#super[,];" }
                out += footnote(name, book: &book)
            }
        }
        leaveRun(outermost, into: &out, book: &book)
        return out
    }

    mutating func link(_ link: Link, book: inout BookState) -> String {
        let content = link.content.isEmpty ? runText(link.reference?.label ?? link.destination) : inline(link.content, book: &book)
        if link.reference != nil {
            guard let name = pageReferenceLabel(link, book: book) else { return content }
            return pageReference(text: content, to: "<\(name)>")
        }
        let destination = link.destination
        if URLSafety.isDangerous(destination) || destination.hasPrefix("#") { return content }
        if Self.hasScheme(destination) {
            return "#link(\(TypstMarkup.string(destination)))[\(content)];"
        }
        // A file of the course: on the site when the book knows where that is.
        if let baseURL, !destination.isEmpty {
            let root = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
            return "#link(\(TypstMarkup.string(root + page.locale.rawValue + "/" + destination)))[\(content)];"
        }
        return content
    }

    static func hasScheme(_ destination: String) -> Bool {
        guard let colon = destination.firstIndex(of: ":") else { return false }
        let scheme = destination[..<colon]
        return !scheme.isEmpty && scheme.first!.isLetter && scheme.allSatisfy { $0.isLetter || $0.isNumber || "+.-".contains($0) }
    }

    /// The text of raw HTML, which the parse stage made safe (so `<script>`'s is gone), without its tags.
    static func withoutTags(_ html: String) -> String { SanitizedHTML.text(html) }
}

/// The chapter writer and its book as a kind of block's Typst output sees them.
struct TypstBlockContext: TypstFamilyWriter {
    var chapter: ChapterWriter
    var book: BookState

    var strings: UIStrings { chapter.strings }
    var chapterLevel: Int { chapter.chapterLevel }

    mutating func typst(_ blocks: [Block], open: String, close: String, weight: Int) -> String {
        guard weight > 0 else { return open + chapter.blocks(blocks, book: &book) + close }
        var book = BookState(input: self.book.input)
        swap(&book, &self.book)
        defer { swap(&book, &self.book) }
        return chapter.nested(open, close, weight: weight, inside: blocks) { $0.blocks(blocks, book: &book) }
    }

    mutating func typst(_ inlines: [Inline]) -> String { chapter.inline(inlines, book: &book) }

    func text(_ plain: String) -> String { TypstMarkup.text(plain) }

    func label(_ anchor: String?) -> String { chapter.label(anchor) }

    func pageReference(text: String, to label: String) -> String { chapter.pageReference(text: text, to: label) }

    var moved: MovedByKind<CustomBlock> {
        get { chapter.moved }
        set { chapter.moved = newValue }
    }
}

extension ChapterWriter {
    /// `body` with this writer and `book` as a `TypstBlockContext` (moved in and back, not copied).
    mutating func withBlockContext(_ book: inout BookState, _ body: (inout TypstBlockContext) -> Void) {
        var context = TypstBlockContext(chapter: self, book: BookState(input: book.input))
        swap(&context.book, &book)
        body(&context)
        swap(&context.book, &book)
        self = context.chapter
    }
}
