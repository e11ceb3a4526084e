import Blocks
import CourseModel

/// The parse stage: Markdown text → `Document`, with Primer's conventions recognised
/// (attributes, figures, table captions, and the kinds of block: callouts, exercises…). Pure;
/// safe to call from any thread.
public enum ChapterParser {
    /// With `quotes`, punctuation is smart (cmark's: curly quotes, – for `--`, — for `---`, … for
    /// `...`), and double quotes become the language's own (`«»` in Russian).
    /// `rawHTML`: raw HTML is published (`raw_html: true`), made safe here (`RawHTMLSanitizer`);
    /// otherwise it stays as written, and the renderers show it as text.
    /// `kinds`: the kinds of block, written `> [!MARKER]` or found by their own pass (see
    /// `BlockKind`); a course's are `BlockKinds.standard(courseCallouts:)`.
    public static func parse(_ markdown: String, path: String, lineOffset: Int = 0, quotes: QuotationMarks? = nil,
                             rawHTML: Bool = false, kinds: BlockKinds = .standard) -> (Document, [Diagnostic]) {
        let raw = parseWithCmark(markdown, path: path, lineOffset: lineOffset, smart: quotes != nil, rawHTML: rawHTML)
        var pass = ConventionPass(path: path, rawHTML: rawHTML, kinds: kinds)
        pass.diagnostics = raw.diagnostics
        var blocks = pass.blocks(raw.blocks)
        for kind in kinds.kinds { blocks = kind.recognise(blocks, parser: &pass) }
        if let quotes, quotes.open != QuotationMarks.english.open || quotes.close != QuotationMarks.english.close {
            blocks = blocks.map { localizingQuotes($0, quotes) }
        }
        var rawIDs = raw.rawIDs
        if !rawIDs.isEmpty {
            // An id written with {#id} wins over raw HTML's: the reference to it means the Markdown element.
            let taken = explicitIDs(blocks).filter { rawIDs[$0] != nil }
            for id in taken.sorted() {
                pass.diagnostics.append(.warning(.rawHTML, "raw HTML: the id '\(id)' is left out: the chapter gives it with {#\(id)}",
                                                 at: rawIDs[id], suggestion: "give one of them another id"))
                rawIDs[id] = nil
            }
            if !taken.isEmpty { blocks = blocks.map { withoutRawIDs(taken, in: $0) } }
        }
        return (Document(blocks: blocks, rawIDs: Set(rawIDs.keys)), pass.diagnostics)
    }

    /// The ids written with `{#id}`.
    static func explicitIDs(_ blocks: [Block]) -> Set<String> {
        var ids: Set<String> = []
        blocks.walk { block, _ in
            switch block {
            case .heading(let heading): if let id = heading.attributes.id { ids.insert(id) }
            case .code(let code), .snippet(let code, _): if let id = code.attributes.id { ids.insert(id) }
            case .sample(let embed): if let id = embed.attributes.id { ids.insert(id) }
            case .figure(let figure): if let id = figure.attributes.id { ids.insert(id) }
            case .table(let table): if let id = table.attributes.id { ids.insert(id) }
            case .custom(let custom): if let id = custom.attributes.id { ids.insert(id) }
            default: break
            }
        }
        return ids
    }

    /// `block` with raw HTML's `id` attributes of `ids` taken out.
    static func withoutRawIDs(_ ids: Set<String>, in block: Block) -> Block {
        func clean(_ html: String) -> String {
            SanitizedHTML.rewritingTags(html) { tag in
                guard let id = tag["id"], ids.contains(id) else { return nil }
                var tag = tag
                tag["id"] = nil
                return tag.html
            }
        }
        func inlines(_ run: [Inline]) -> [Inline] {
            run.map { inline in
                switch inline {
                case .html(let html): return .html(clean(html))
                case .emphasis(let c): return .emphasis(inlines(c))
                case .strong(let c): return .strong(inlines(c))
                case .strikethrough(let c): return .strikethrough(inlines(c))
                case .link(var link): link.content = inlines(link.content); return .link(link)
                default: return inline
                }
            }
        }
        if case .html(let html) = block { return .html(clean(html)) }
        return block.mappingInlineRuns(inlines).mappingContainedBlocks { $0.map { withoutRawIDs(ids, in: $0) } }
    }

    /// cmark's “double quotes” as the language writes them (single quotes stay: ’ is also the apostrophe).
    static func localizingQuotes(_ block: Block, _ quotes: QuotationMarks) -> Block {
        func text(_ inlines: [Inline]) -> [Inline] {
            inlines.map { inline in
                switch inline {
                case .text(let s) where s.contains("\u{201C}") || s.contains("\u{201D}"):
                    return .text(s.replacingOccurrences(of: "\u{201C}", with: quotes.open).replacingOccurrences(of: "\u{201D}", with: quotes.close))
                case .emphasis(let c): return .emphasis(text(c))
                case .strong(let c): return .strong(text(c))
                case .strikethrough(let c): return .strikethrough(text(c))
                case .link(var link): link.content = text(link.content); return .link(link)
                default: return inline
                }
            }
        }
        return block.mappingInlineRuns(text).mappingContainedBlocks { $0.map { localizingQuotes($0, quotes) } }
    }
}

private struct ConventionPass: BlockParser {
    let path: String
    let rawHTML: Bool
    let kinds: BlockKinds
    var diagnostics: [Diagnostic] = []

    init(path: String, rawHTML: Bool, kinds: BlockKinds) {
        self.path = path; self.rawHTML = rawHTML; self.kinds = kinds
    }

    func location(_ position: Position) -> SourceLocation {
        SourceLocation(path: path, line: position.line, column: position.column)
    }

    mutating func blocks(_ input: [Block]) -> [Block] {
        var output: [Block] = []
        var index = 0
        while index < input.count {
            let block = input[index]
            switch block {
            case .heading(var heading):
                let (content, attributes) = AttributeSyntax.splitTrailing(heading.content)
                heading.content = content
                heading.attributes = attributes ?? Attributes()
                output.append(.heading(heading))
            case .code(var code):
                let (language, attributes, valid) = AttributeSyntax.splitInfo(code.language)
                code.language = language
                code.attributes = attributes ?? Attributes()
                if !valid {
                    diagnostics.append(.warning(.blockAttributes, "cannot read the attributes in this code fence's info string",
                                                at: location(code.position),
                                                suggestion: "write them as {#lst-id title=\"File.swift\"}"))
                }
                if let sample = code.attributes.values["sample"] {
                    output.append(.sample(embed(sample, code)))
                } else if let mode = Snippet.Mode.allCases.first(where: { code.attributes.classes.contains($0.rawValue) }) {
                    var snippet = Snippet(mode: mode, code: code.code, expected: nil, position: code.position, expectedLine: 0)
                    snippet.id = code.attributes.id
                    readSnippetAttributes(code, into: &snippet)
                    let following = mode == .fails ? "error" : "output"
                    if mode != .compile, index + 1 < input.count, case .code(let next) = input[index + 1],
                       next.language.split(separator: " ").first.map(String.init) == following {
                        snippet.expected = next.code
                        snippet.expectedLine = next.position.line
                        index += 1
                    }
                    if mode == .compile, index + 1 < input.count, case .code(let next) = input[index + 1],
                       next.language.split(separator: " ").first == "output" {
                        diagnostics.append(.warning(.blockAttributes, "a {compile} snippet is not run, so its output block is shown unchecked",
                                                    at: location(next.position), suggestion: "mark the snippet {run} to run it and check what it prints"))
                    }
                    code.code = Snippet.shownCode(code.code)
                    output.append(.snippet(code, snippet))
                } else {
                    output.append(.code(code))
                }
            case .paragraph(let inlines, _):
                if let figure = figure(from: inlines) {
                    output.append(.figure(figure))
                } else if tableCaption(inlines) != nil, index + 1 < input.count, case .table(var table) = input[index + 1],
                          table.caption == nil, !isCaption(after: index + 1, in: input) {
                    apply(caption: inlines, to: &table)
                    output.append(.table(table))
                    index += 1
                } else {
                    output.append(block)
                }
            case .table(var table):
                if index + 1 < input.count, case .paragraph(let next, _) = input[index + 1], tableCaption(next) != nil {
                    apply(caption: next, to: &table)
                    index += 1
                }
                output.append(.table(table))
            case .quote(let inner):
                output.append(quote(inner))
            default:
                // Lists, footnotes (and any container): the same conventions inside.
                output.append(block.mappingContainedBlocks { blocks($0) })
            }
            index += 1
        }
        return output
    }

    /// A quote: the block of the kind its `[!MARKER]` names, or a plain quote (with a warning
    /// when no kind knows the marker).
    mutating func quote(_ inner: [Block]) -> Block {
        guard let (marker, title, rest) = alert(in: inner), !kinds.isPlain(marker) else { return .quote(blocks(inner)) }
        if let kind = kinds.marked(marker) {
            let quote = MarkedQuote(marker: marker, title: title, blocks: blocks(rest), position: firstPosition(in: inner))
            return .custom(kind.block(from: quote, parser: self))
        }
        let known = kinds.markers
        diagnostics.append(.warning(.unknownCallout, "unknown callout [!\(marker)]; it is shown as a plain quote",
                                    at: firstLocation(in: inner),
                                    suggestion: closestMatch(to: marker, in: known).map { "did you mean [!\($0)]?" }
                                        ?? "known callouts: " + known.map { "[!\($0)]" }.joined(separator: ", ")
                                            + "; declare a kind of your own in course.yml: callouts: [\(marker.lowercased())]"))
        return .quote(blocks(inner))
    }

    /// `group="NAME"`, `hidden`, `output="none"` and `from="PATH:LINE"` on a snippet.
    mutating func readSnippetAttributes(_ code: CodeBlock, into snippet: inout Snippet) {
        let values = code.attributes.values
        if let group = values["group"] {
            if group.isEmpty || group.contains(where: { $0.isWhitespace }) {
                diagnostics.append(.error(.blockAttributes, "group=\"\(group)\" is not a group name",
                                          at: location(code.position), suggestion: "name the group with letters, digits and dashes: group=\"basics-tuples\""))
            } else {
                snippet.group = group
            }
        }
        snippet.hidden = code.attributes.classes.contains("hidden")
        if let output = values["output"] {
            if output == "none" && snippet.mode == .run {
                snippet.showsOutput = false
            } else {
                diagnostics.append(.warning(.blockAttributes, "output=\"\(output)\" is not known on a {\(snippet.mode.rawValue)} snippet; it is ignored",
                                            at: location(code.position), suggestion: "output=\"none\" on a {run} snippet checks its output without showing it"))
            }
        }
        snippet.origin = values["from"]
    }

    mutating func embed(_ sample: String, _ code: CodeBlock) -> SampleEmbed {
        var mode = SampleEmbed.OutputMode.after
        if let value = code.attributes.values["output"] {
            if let parsed = SampleEmbed.OutputMode(rawValue: value) {
                mode = parsed
            } else {
                diagnostics.append(.warning(.blockAttributes, "output=\"\(value)\" is not known; the output is shown after the listing",
                                            at: location(code.position), suggestion: "use output=\"none\" or output=\"only\""))
            }
        }
        if !code.code.allSatisfy(\.isWhitespace) {
            diagnostics.append(.warning(.blockAttributes, "the body of a sample embed is ignored; the code comes from the samples package",
                                        at: location(code.position), suggestion: "leave the fenced block empty"))
        }
        return SampleEmbed(sample: sample, file: code.attributes.values["file"], slice: code.attributes.values["slice"],
                           output: mode, attributes: code.attributes, position: code.position)
    }

    func isCaption(after index: Int, in input: [Block]) -> Bool {
        guard index + 1 < input.count, case .paragraph(let next, _) = input[index + 1] else { return false }
        return tableCaption(next) != nil
    }

    /// An image alone in its paragraph, optionally followed by `{#id}`.
    func figure(from inlines: [Inline]) -> Figure? {
        guard case .image(let image)? = inlines.first else { return nil }
        if inlines.count == 1 { return Figure(image: image, attributes: Attributes()) }
        guard inlines.count == 2, case .text(let text) = inlines[1] else { return nil }
        let trimmed = text.trimmingCharacters()
        guard trimmed.hasPrefix("{"), trimmed.hasSuffix("}"),
              let attributes = AttributeSyntax.parse(trimmed.dropFirst().dropLast()) else { return nil }
        var figure = Figure(image: image, attributes: attributes)
        figure.id = attributes.id
        return figure
    }

    /// The caption inlines when a paragraph starts with `Table:`.
    func tableCaption(_ inlines: [Inline]) -> [Inline]? {
        guard case .text(let text)? = inlines.first, text.hasPrefix("Table:") else { return nil }
        var rest = inlines
        let remainder = text.dropFirst("Table:".count).trimmingCharacters()
        if remainder.isEmpty { rest.removeFirst() } else { rest[0] = .text(remainder) }
        return rest
    }

    func apply(caption inlines: [Inline], to table: inout Table) {
        let (caption, attributes) = AttributeSyntax.splitTrailing(tableCaption(inlines) ?? [])
        table.caption = caption
        table.attributes = attributes ?? Attributes()
    }

    /// `> [!KIND]` on the first line of a quote: the kind and the quote without that marker.
    /// `[!KIND]` opening a quote, with an optional title after it on the same line.
    func alert(in blocks: [Block]) -> (String, [Inline]?, [Block])? {
        guard case .paragraph(let inlines, let position)? = blocks.first, case .text(let first)? = inlines.first else { return nil }
        let head = first.drop { $0 == " " || $0 == "\t" }
        guard head.hasPrefix("[!"), let close = head.firstIndex(of: "]") else { return nil }
        let kind = head[head.index(head.startIndex, offsetBy: 2)..<close]
        guard !kind.isEmpty, kind.allSatisfy({ $0.isLetter }) else { return nil }
        let after = head[head.index(after: close)...]
        // A title is separated from the marker by a space: "[!NOTE]s" is text, not a callout.
        guard after.isEmpty || after.first == " " || after.first == "\t" else { return nil }
        let lineEnd = inlines.firstIndex { $0 == .softBreak || $0 == .lineBreak } ?? inlines.count
        var title: [Inline] = []
        let titleText = after.drop { $0 == " " || $0 == "\t" }
        if !titleText.isEmpty { title.append(.text(String(titleText))) }
        title += inlines[1..<lineEnd]
        if case .text(let last)? = title.last {
            let trimmed = String(last.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
            if trimmed.isEmpty { title.removeLast() } else { title[title.count - 1] = .text(trimmed) }
        }
        var rest = Array(blocks.dropFirst())
        var remaining = lineEnd < inlines.count ? Array(inlines[(lineEnd + 1)...]) : []
        if rawHTML {  // the paragraph's raw HTML was balanced as one run: now it is two
            title = RawHTMLSanitizer.rebalanced(title)
            remaining = RawHTMLSanitizer.rebalanced(remaining)
        }
        if !remaining.isEmpty { rest.insert(.paragraph(remaining, position), at: 0) }
        return (kind.uppercased(), title.isEmpty ? nil : title, rest)
    }

    func firstLocation(in blocks: [Block]) -> SourceLocation? {
        for block in blocks {
            if case .paragraph(_, let position) = block { return location(position) }
        }
        return nil
    }

    // MARK: What a kind's recognition asks of the parser

    func markedQuote(_ blocks: [Block]) -> MarkedQuote? {
        guard let (marker, title, rest) = alert(in: blocks) else { return nil }
        return MarkedQuote(marker: marker, title: title, blocks: rest, position: firstPosition(in: blocks))
    }

    func trailingAttributes(_ inlines: [Inline]) -> ([Inline], Attributes?) { AttributeSyntax.splitTrailing(inlines) }

    mutating func warn(_ code: DiagnosticCode, _ message: String, at position: Position, suggestion: String?) {
        diagnostics.append(.warning(code, message, at: location(position), suggestion: suggestion))
    }

    mutating func fail(_ code: DiagnosticCode, _ message: String, at position: Position, suggestion: String?) {
        diagnostics.append(.error(code, message, at: location(position), suggestion: suggestion))
    }

    func firstPosition(in blocks: [Block]) -> Position {
        for block in blocks {
            switch block {
            case .paragraph(_, let p): return p
            case .heading(let h): return h.position
            case .code(let c): return c.position
            case .table(let t): return t.position
            default: continue
            }
        }
        return .unknown
    }
}
