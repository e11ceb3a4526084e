import CourseModel
import Markup

/// A kind of content block, declared in one place: how it is written, whether it is numbered,
/// its words and its output in every format.
///
/// To add a kind, write one file with a type conforming to `BlockKind` and add it to
/// `BlockKinds.standard(courseCallouts:)` (tests may make a `BlockKinds` of their own):
/// - **recognised**, in either of two ways (or both):
///   - a quote opening with `> [!MARKER]`, for each of its `markers`: an optional title after the
///     marker, the rest of the quote parsed with every convention of the chapter, becomes the
///     `Block.custom` that `block(from:parser:)` makes (by default: the title's `{#id}` read, the
///     rest its one list of blocks). A marker in `plainMarkers` is known but stays a plain quote,
///     for the kind's own pass to find inside its blocks (`> [!SOLUTION]` in an exercise);
///   - its own pass, `recognise(_:parser:)`, over the chapter's top-level blocks once every quote
///     is read (the ordered list under an `{.exercises}` heading);
/// - **numbered**: with a `target` it is counted with that kind's numbers in its chapter, given an
///   id (its `{#id}`, or its `name` and number) and a label (`ref_<target>` words), and a link can
///   point at it (no `target`: no number);
/// - **words**: `words` lists the string-table keys its output uses, so the strings check covers
///   them in every locale;
/// - **output**: `html` writes the site's HTML and, unless the kind has an `xhtml` of its own, the
///   EPUB's XHTML (`writer.dialect` says which); `typst` the PDF's markup; `markdown` the page's
///   Markdown twin (by default the block's title in bold, then its blocks). All go over the shared
///   core (the writer renders blocks and runs). What a kind moves to the end of an EPUB chapter
///   (`xhtmlEnd`), to a document at the EPUB's end (`bookEnd`, `xhtmlAppendix`) or to an appendix
///   of the PDF (`appendix`, `typstAppendix`) goes there through the writer's `moved`.
///
/// A block may hold blocks of other kinds (an exercise list holds exercises): `CustomBlock.blocks`
/// holds any blocks, custom ones too. The walkers, the numberer and the renderers need no change:
/// `CustomBlock` holds its blocks and runs of text in a form they already handle.
public protocol BlockKind: Sendable {
    /// Its name: the custom block's tag, the class its HTML carries, the prefix of its ids.
    var name: String { get }
    /// The upper-case markers it is written with: `QUIZ` for `> [!QUIZ]`.
    var markers: [String] { get }
    /// Markers it reads inside its own blocks, which elsewhere stay plain quotes (not warned about).
    var plainMarkers: [String] { get }
    /// What it is numbered as, or nil when it has no number.
    var target: TargetKind? { get }
    /// The string-table keys its output uses.
    var words: [String] { get }
    /// The block a quote written with one of its `markers` becomes.
    func block(from quote: MarkedQuote, parser: some BlockParser) -> CustomBlock
    /// The chapter's top-level blocks with the kind's blocks recognised (by default unchanged).
    func recognise(_ blocks: [Block], parser: inout some BlockParser) -> [Block]
    func html(_ block: CustomBlock, into out: inout String, writer: inout some HTMLFamilyWriter)
    /// The EPUB's XHTML (by default `html` in the XHTML dialect).
    func xhtml(_ block: CustomBlock, into out: inout String, writer: inout some BookWriter)
    /// What the kind moved to the end of an EPUB chapter (`writer.moved`), written there; the
    /// section it made, for the book's contents.
    func xhtmlEnd(into out: inout String, writer: inout some BookWriter) -> BookSection?
    /// The EPUB's document at the book's end that gathers what the kind moves (`writer.moved`) from
    /// every chapter, or nil when what it moves stays at each chapter's end (`xhtmlEnd`).
    var bookEnd: BookEnd? { get }
    /// One moved block's entry in the book-end document, after the heading and page reference the
    /// book writes (by default the block's blocks); written by the chapter's renderer, in its words.
    func xhtmlAppendix(_ item: MovedBlock, into out: inout String, writer: inout some BookWriter)
    func typst(_ block: CustomBlock, into out: inout String, writer: inout some TypstFamilyWriter)
    /// The page's Markdown twin (by default its title in bold, then its blocks; see `MarkdownFamily.swift`).
    func markdown(_ block: CustomBlock, into out: inout String, writer: inout some MarkdownFamilyWriter)
    /// The PDF's appendix for what the kind moves there (`writer.moved`), or nil when it moves nothing.
    var appendix: BookAppendix? { get }
    /// One moved block's entry in the appendix.
    func typstAppendix(_ block: CustomBlock, into out: inout String, writer: inout some TypstFamilyWriter)
}

extension BlockKind {
    public var plainMarkers: [String] { [] }
    public var appendix: BookAppendix? { nil }
    public var bookEnd: BookEnd? { nil }

    /// A custom block of the kind: the title without its `{#id}` as its run, the rest its blocks.
    public func block(from quote: MarkedQuote, parser: some BlockParser) -> CustomBlock {
        let (content, attributes) = parser.trailingAttributes(quote.title ?? [])
        return CustomBlock(kind: name, target: target, blocks: [quote.blocks], runs: content.isEmpty ? [] : [content],
                           attributes: attributes ?? Attributes(), position: quote.position)
    }

    public func recognise(_ blocks: [Block], parser: inout some BlockParser) -> [Block] { blocks }

    public func xhtml(_ block: CustomBlock, into out: inout String, writer: inout some BookWriter) {
        html(block, into: &out, writer: &writer)
    }

    public func xhtmlEnd(into out: inout String, writer: inout some BookWriter) -> BookSection? { nil }

    public func xhtmlAppendix(_ item: MovedBlock, into out: inout String, writer: inout some BookWriter) {
        writer.render(item.blocks, into: &out)
    }

    public func typstAppendix(_ block: CustomBlock, into out: inout String, writer: inout some TypstFamilyWriter) {}
}

/// A quote that opens with `[!MARKER]`, as the parser read it.
public struct MarkedQuote: Sendable {
    /// Upper case.
    public var marker: String
    /// What follows the marker on its line, as written (a trailing `{#id}` included).
    public var title: [Inline]?
    /// The quote's blocks after the marker's line.
    public var blocks: [Block]
    /// Where the quote's text starts.
    public var position: Position

    public init(marker: String, title: [Inline]?, blocks: [Block], position: Position) {
        self.marker = marker; self.title = title; self.blocks = blocks; self.position = position
    }
}

/// What a kind's recognition can ask of the chapter's parser.
public protocol BlockParser {
    /// The quote's blocks read as a marked quote, or nil when they do not open with `[!MARKER]`.
    func markedQuote(_ blocks: [Block]) -> MarkedQuote?
    /// A run of text without the `{#id .class}` written at its end, and those attributes.
    func trailingAttributes(_ inlines: [Inline]) -> ([Inline], Attributes?)
    /// Where the first of `blocks` that knows its place starts.
    func firstPosition(in blocks: [Block]) -> Position
    /// Reports a problem at `position` in the chapter.
    mutating func warn(_ code: DiagnosticCode, _ message: String, at position: Position, suggestion: String?)
    /// Reports an error at `position` in the chapter: the build fails.
    mutating func fail(_ code: DiagnosticCode, _ message: String, at position: Position, suggestion: String?)
}

/// A section a kind writes at the end of an EPUB chapter, as the book's contents list it.
public struct BookSection: Sendable, Hashable {
    public var id: String
    public var title: String
    public init(id: String, title: String) { self.id = id; self.title = title }
}

/// An appendix of the PDF that gathers what a kind moves there, chapter by chapter.
public struct BookAppendix: Sendable {
    /// The string-table key of its title.
    public var titleKey: String
    /// Its Typst label (`primer-solutions`).
    public var label: String
    public init(titleKey: String, label: String) { self.titleKey = titleKey; self.label = label }
}

/// A document at the EPUB's end that gathers what a kind moves there, chapter by chapter.
public struct BookEnd: Sendable {
    /// The string-table key of its title.
    public var titleKey: String
    /// The name its file and ids are made of (`answers`).
    public var name: String
    public init(titleKey: String, name: String) { self.titleKey = titleKey; self.name = name }
}

/// One moved block as the book-end document shows it: the block's id there, the id of the place
/// in the chapter it came from, its heading, how the page reference names that place, and its XHTML.
public struct BookEndEntry: Sendable {
    public var id: String
    public var origin: String
    public var heading: String
    public var reference: String?
    public var xhtml: String
    public init(id: String, origin: String, heading: String, reference: String?, xhtml: String) {
        self.id = id; self.origin = origin; self.heading = heading; self.reference = reference; self.xhtml = xhtml
    }
}

/// What a kind's Typst output can ask of the PDF's chapter writer.
public protocol TypstFamilyWriter {
    /// Words in the language the chapter's text is written in.
    var strings: UIStrings { get }
    /// The heading level of the chapter's title.
    var chapterLevel: Int { get }
    /// Blocks as markup, framed by `open` and `close` unless the frame (of nesting `weight`: 2 for
    /// a box) would pass the PDF's nesting limit.
    mutating func typst(_ blocks: [Block], open: String, close: String, weight: Int) -> String
    /// A run of text as markup.
    mutating func typst(_ inlines: [Inline]) -> String
    /// Plain text (a word of the string table) as markup that shows exactly it.
    func text(_ plain: String) -> String
    /// The Typst label of a place in the chapter (`<ch-memory--quiz-2-1>`).
    func label(_ anchor: String?) -> String
    /// "TEXT on page N" in the chapter's language, linking `label`.
    func pageReference(text: String, to label: String) -> String
    /// Blocks the kinds move to the book's appendix, by kind.
    var moved: MovedByKind<CustomBlock> { get set }
}

/// The EPUB's chapter renderer, as kinds that move things to the chapter's end need it.
public protocol BookWriter: HTMLFamilyWriter {
    /// An id no other place in the chapter has, made of `base`.
    mutating func uniqueID(_ base: String) -> String
    /// How many blocks of the kind the chapter has met, counting this one.
    mutating func count(_ kind: String) -> Int
    /// What the kinds move to the chapter's end (or the book's), by kind.
    var moved: MovedByKind<MovedBlock> { get set }
    /// Where a link from the chapter to the block with `id` that the kind moved goes: `#id` at
    /// the chapter's end, or the kind's book-end document (`BlockKind.bookEnd`) and the id.
    func movedHref(_ id: String, kind: String) -> String
}

extension BookWriter {
    /// The section a kind writes at the chapter's end from what it moved there (nil when it moved
    /// nothing): its heading, then each moved block in a section of its own, headed by a link back
    /// to where it came from; `body` writes the block (and may move more, written after it).
    public mutating func movedSection(of kind: String, id: String, title: String, classes: (section: String, item: String),
                                      into out: inout String, body: (inout Self, MovedBlock, inout String) -> Void) -> BookSection? {
        guard !moved.isEmpty(kind) else { return nil }
        let section = BookSection(id: uniqueID(id), title: title)
        out += "<section class=\"\(classes.section)\" id=\"\(escapeHTML(section.id))\">\n<h2>\(escapeHTML(section.title))</h2>\n"
        while let item = moved.next(kind) {
            out += "<section class=\"\(classes.item)\" id=\"\(escapeHTML(item.id))\">\n"
            out += "<h3><a href=\"#\(escapeHTML(item.origin))\">\(escapeHTML(item.heading))</a></h3>\n"
            body(&self, item, &out)
            out += "</section>\n"
        }
        out += "</section>\n"
        return section
    }
}

extension TypstFamilyWriter {
    /// An appendix entry's head: its heading (labelled `label`, out of the outline) and a page
    /// reference back to where the block is (`back`, labelled `origin`).
    public func appendixHead(_ title: String, label: String, back: String, origin: String) -> String {
        "#heading(level: \(chapterLevel + 2), numbering: none, outlined: false, bookmarked: false)[\(text(title))] \(self.label(label))\n"
            + "#text(size: 8.5pt, style: primer-italic)[\(pageReference(text: text(back), to: self.label(origin)))]\n\n"
    }
}

/// Something a kind moves to the end of an EPUB chapter (an exercise's solution): its own id,
/// the id of the place it came from, its heading and its blocks.
public struct MovedBlock: Sendable {
    public var id: String
    public var origin: String
    public var heading: String
    public var blocks: [Block]
    /// How a book-end document's page reference names the place it came from ("Question 2.2").
    public var reference: String?
    public init(id: String, origin: String, heading: String, blocks: [Block], reference: String? = nil) {
        self.id = id; self.origin = origin; self.heading = heading; self.blocks = blocks; self.reference = reference
    }
}
