import CourseModel
import Markup

/// Callouts (`> [!NOTE]`, `> [!WARNING] Mind the gap`, or a kind the course declares in
/// course.yml's `callouts:`): an aside with the kind's word or the author's title, not numbered.
/// The block keeps the marker it was written with (`CustomBlock.marker`).
public struct Callouts: BlockKind {
    /// GitHub's five alert kinds.
    public static let builtIn = ["NOTE", "TIP", "IMPORTANT", "WARNING", "CAUTION"]

    public let name = "callout"
    /// GitHub's five, then the course's own in alphabetical order.
    public let markers: [String]
    public let target: TargetKind? = nil

    /// `courseKinds`: the course's own kinds, upper case.
    public init(courseKinds: some Collection<String>) {
        markers = Self.builtIn + courseKinds.filter { !Self.builtIn.contains($0) }.sorted()
    }

    /// The label of each kind: `callout_note`, and the course's own (`callout_experiment`).
    public var words: [String] { markers.map(Self.labelKey) }

    /// The string-table key of a kind's label.
    public static func labelKey(_ marker: String) -> String { "callout_" + marker.lowercased() }

    /// The title is kept as written (a callout has no id).
    public func block(from quote: MarkedQuote, parser: some BlockParser) -> CustomBlock {
        var block = CustomBlock(kind: name, target: nil, blocks: [quote.blocks], runs: quote.title.map { [$0] } ?? [],
                                attributes: Attributes(), position: quote.position)
        block.marker = quote.marker
        return block
    }

    /// The site's `<aside>` (the kind's word kept for screen readers beside an author's title)
    /// or the book's `<div>`.
    public func html(_ block: CustomBlock, into out: inout String, writer: inout some HTMLFamilyWriter) {
        let name = escapeHTML(block.marker.lowercased())
        let builtIn = Self.builtIn.contains(block.marker) ? "" : " callout-custom"
        let word = escapeHTML(writer.strings[Self.labelKey(block.marker)])
        let title = block.runs.first
        switch writer.dialect {
        case .html:
            out += "<aside class=\"callout callout-\(name)\(builtIn)\" role=\"note\">\n"
            if let title {
                out += "<p class=\"callout-title\"><span class=\"visually-hidden\">\(word): </span>"
                writer.render(title, into: &out)
                out += "</p>\n"
            } else {
                out += "<p class=\"callout-title\">\(word)</p>\n"
            }
        case .xhtml:
            out += "<div class=\"callout callout-\(name)\(builtIn)\" role=\"note\">\n<p class=\"callout-title\">"
            if let title { writer.render(title, into: &out) } else { out += word }
            out += "</p>\n"
        }
        for inner in block.blocks { writer.withLoose { $0.render(inner, into: &out) } }
        out += writer.dialect == .html ? "</aside>\n" : "</div>\n"
    }

    /// A box in the kind's colours with its word or title above the content.
    public func typst(_ block: CustomBlock, into out: inout String, writer: inout some TypstFamilyWriter) {
        let (fill, accent) = Self.colors(block.marker)
        let head = block.runs.first.map { writer.typst($0) } ?? writer.text(writer.strings[Self.labelKey(block.marker)])
        out += writer.typst(block.blocks.flatMap { $0 }, open: "#primer-boxed(\(fill), \(accent), [\(head)])[\n", close: "]\n\n", weight: 2)
    }

    /// A quote opening with the kind's word in bold (`> **Note:** …`), or the author's title.
    public func markdown(_ block: CustomBlock, into out: inout String, writer: inout some MarkdownFamilyWriter) {
        var head = writer.boldLabel(writer.strings[Self.labelKey(block.marker)])
        var blocks = block.blocks.flatMap { $0 }
        if let title = block.runs.first {
            head += " " + writer.markdown(title)
        } else if case .paragraph(let first, _)? = blocks.first {
            // Without a title the text starts on the label's line, as an aside reads.
            head += " " + writer.markdown(first)
            blocks.removeFirst()
        }
        let body = blocks.isEmpty ? [] : [writer.markdown(blocks)]
        out += writer.prefixed(([head + "\n"] + body).joined(separator: "\n"), "> ")
    }

    static func colors(_ marker: String) -> (String, String) {
        switch marker {
        case "NOTE": return ("rgb(\"#eef3fa\")", "rgb(\"#2f5f9e\")")
        case "TIP": return ("rgb(\"#edf6ef\")", "rgb(\"#2f7a45\")")
        case "IMPORTANT": return ("rgb(\"#f3effa\")", "rgb(\"#6a43a8\")")
        case "WARNING": return ("rgb(\"#fbf4e6\")", "rgb(\"#8f5b00\")")
        case "CAUTION": return ("rgb(\"#fbeeee\")", "rgb(\"#a12a2a\")")
        default: return ("luma(244)", "luma(70)")
        }
    }
}
