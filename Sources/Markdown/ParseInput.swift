import Blocks
import CourseModel

/// Everything the parse of one chapter text reads, as a value: two equal inputs give the same
/// document and diagnostics, so the input itself is the parse's cache key (the preview keeps
/// each chapter's last input and parses again only when it differs). A setting the parser
/// gains is a field here, compared with the others without anyone having to remember it.
public struct ParseInput: Equatable, Sendable {
    public var path: String
    /// The text after the front matter, compared byte for byte.
    public var body: ByteKey
    /// Its first line in the file.
    public var bodyLine: Int
    /// The language's quotation marks, with smart punctuation on.
    public var quotes: QuotationMarks?
    /// The kinds of block the course knows (`BlockKinds.standard(courseCallouts:)`).
    public var kinds: BlockKinds
    /// `raw_html: true`: raw HTML is made safe in the parse (and published).
    public var rawHTML: Bool

    public init(path: String, body: String, bodyLine: Int, quotes: QuotationMarks?, kinds: BlockKinds, rawHTML: Bool) {
        self.path = path; self.body = ByteKey(body); self.bodyLine = bodyLine
        self.quotes = quotes; self.kinds = kinds; self.rawHTML = rawHTML
    }

    public func parse() -> (Document, [Diagnostic]) {
        ChapterParser.parse(body.text, path: path, lineOffset: bodyLine - 1, quotes: quotes, rawHTML: rawHTML, kinds: kinds)
    }
}
