/// A position inside one Markdown file (1-based; front matter lines included).
public struct Position: Hashable, Sendable {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) { self.line = line; self.column = column }
    public static let unknown = Position(line: 0, column: 0)
}

/// `{#id .class key="value"}` written after a heading, image, table caption or in a code fence.
public struct Attributes: Hashable, Sendable {
    public var id: String?
    public var classes: [String]
    public var values: [String: String]
    public init(id: String? = nil, classes: [String] = [], values: [String: String] = [:]) {
        self.id = id; self.classes = classes; self.values = values
    }
    public var isEmpty: Bool { id == nil && classes.isEmpty && values.isEmpty }
}

/// A number given by the resolve stage: `chapter` and the dotted or per-chapter part.
public struct Numbering: Hashable, Sendable {
    /// e.g. [2, 3, 1] for section 2.3.1, or [4, 1] for listing 4.1; the first is the chapter's place.
    public var parts: [Int]
    /// How the chapter is shown: nil or `.number` as `parts[0]`, an appendix's letter ("B.2"),
    /// or nothing in an unnumbered chapter ("Listing 2").
    public var chapter: ChapterLabel?
    public init(_ parts: [Int], chapter: ChapterLabel? = nil) { self.parts = parts; self.chapter = chapter }
    /// What stands for the chapter, or nil when it has no number.
    public var head: String? { chapter.map { $0.head } ?? parts.first.map(String.init) }
    public var dotted: String {
        let rest = parts.dropFirst().map(String.init)
        return ((head.map { [$0] } ?? []) + rest).joined(separator: ".")
    }

    /// `pattern` ("Listing %1$@.%2$@", "代码清单 %1$@-%2$@") filled with the chapter and the item;
    /// in an unnumbered chapter the chapter and the separator after it are left out ("Listing 2").
    public func label(_ pattern: String) -> String {
        let item = parts.count > 1 ? String(parts[1]) : ""
        if let head { return UIStrings.format(pattern, [head, item]) }
        let marker = "\u{E000}"
        let text = UIStrings.format(pattern, [marker, item])
        guard let range = text.range(of: marker) else { return text }
        var end = range.upperBound
        if end < text.endIndex, !text[end].isLetter, !text[end].isNumber, !text[end].isWhitespace { end = text.index(after: end) }
        return text.replacingCharacters(in: range.lowerBound..<end, with: "")
    }
}

/// Only links and images are boxed (`indirect`): the other cases hold a string or an array in
/// place, so a run of text is one value in its array, not a value and a heap box (a 10,000-page
/// course's documents took 780 MB with every case boxed).
public enum Inline: Hashable, Sendable {
    case text(String)
    case code(String)
    case softBreak
    case lineBreak
    case emphasis([Inline])
    case strong([Inline])
    case strikethrough([Inline])
    indirect case link(Link)
    indirect case image(Image)
    case html(String)
    case footnoteReference(String)
}

public struct Link: Hashable, Sendable {
    public var destination: String
    public var title: String
    public var content: [Inline]
    public var position: Position
    /// Filled in by the resolve stage when the destination is a cross-reference.
    public var reference: ResolvedReference?
    public init(destination: String, title: String, content: [Inline], position: Position) {
        self.destination = destination; self.title = title; self.content = content; self.position = position
    }
}

public struct Image: Hashable, Sendable {
    public var source: String
    public var title: String
    public var alt: [Inline]
    public var position: Position
    /// Found by the link stage beside the file: a `@2x` version, `~dark` ones, the size.
    public var variants: ImageVariants?
    public init(source: String, title: String, alt: [Inline], position: Position) {
        self.source = source; self.title = title; self.alt = alt; self.position = position
    }
}

/// An image's width and height in pixels (CSS pixels once a variant's scale is taken out).
public struct ImageSize: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }
}

/// The files that show one image (paths as the page links them, like `Image.source`):
/// `name.png` and `name@2x.png` for the light theme, `name~dark.png` and `name~dark@2x.png`
/// for the dark one (DocC's names), and the size the page reserves for it.
public struct ImageVariants: Hashable, Sendable {
    public var retina: String?
    public var dark: String?
    public var darkRetina: String?
    public var size: ImageSize?
    public init(retina: String? = nil, dark: String? = nil, darkRetina: String? = nil, size: ImageSize? = nil) {
        self.retina = retina; self.dark = dark; self.darkRetina = darkRetina; self.size = size
    }
}

/// What a cross-reference points at, once resolved.
public struct ResolvedReference: Hashable, Sendable {
    /// Page-relative URL, e.g. `memory.html#retain-cycles`.
    public var href: String
    /// The text the link shows when the author left it empty ("Section 2.3").
    public var label: String
    public init(href: String, label: String) { self.href = href; self.label = label }
}

public enum TableAlignment: Hashable, Sendable { case none, left, center, right }

public struct Heading: Hashable, Sendable {
    public var level: Int
    public var content: [Inline]
    public var attributes: Attributes
    public var position: Position
    /// Set by the resolve stage.
    public var id: String = ""
    /// Set by the resolve stage: the translation's section under this heading was made from an
    /// older version of the source's.
    public var stale = false
    public var number: Numbering?
    public init(level: Int, content: [Inline], attributes: Attributes, position: Position) {
        self.level = level; self.content = content; self.attributes = attributes; self.position = position
    }
}

public struct CodeBlock: Hashable, Sendable {
    public var language: String
    public var code: String
    public var attributes: Attributes
    public var position: Position
    /// Listings (code with a title or id) are numbered by the resolve stage.
    public var id: String?
    public var number: Numbering?
    /// The sample this listing shows, when it comes from the samples package.
    public var sample: String?
    public var isListing: Bool { attributes.id != nil || attributes.values["title"] != nil || attributes.values["caption"] != nil }
    /// The file the listing shows (`title`, or a sample's folder and file).
    public var title: String? { attributes.values["title"] }
    /// What the listing is, in words (`caption="A retain cycle between a view and its timer"`);
    /// the file name then stays beside it as a detail.
    public var caption: String? { attributes.values["caption"] }
    /// A fenced block whose info string starts with `swift`.
    public var isSwift: Bool { language.split(separator: " ").first == "swift" }
    public init(language: String, code: String, attributes: Attributes, position: Position) {
        self.language = language; self.code = code; self.attributes = attributes; self.position = position
    }
}

public struct Figure: Hashable, Sendable {
    public var image: Image
    public var attributes: Attributes
    public var id: String?
    public var number: Numbering?
    /// A figure a sample drew (`![…](sample:NAME/FILE.svg)`), once the resolve stage found it.
    public var drawn: DrawnFigure?
    public init(image: Image, attributes: Attributes) { self.image = image; self.attributes = attributes }
}

/// A figure drawn by a sample's run: the run, the file it wrote, and where the site has it
/// (relative to the locale's folder).
public struct DrawnFigure: Hashable, Sendable {
    public var run: SampleRunID
    public var file: String
    public var path: String
    public init(run: SampleRunID, file: String, path: String) { self.run = run; self.file = file; self.path = path }
}

public struct Table: Hashable, Sendable {
    public var alignments: [TableAlignment]
    public var header: [[Inline]]
    public var rows: [[[Inline]]]
    public var caption: [Inline]?
    public var attributes: Attributes
    public var position: Position
    public var id: String?
    public var number: Numbering?
    public init(alignments: [TableAlignment], header: [[Inline]], rows: [[[Inline]]], position: Position) {
        self.alignments = alignments; self.header = header; self.rows = rows
        self.caption = nil; self.attributes = Attributes(); self.position = position
    }
}

public struct ListBlock: Hashable, Sendable {
    public var ordered: Bool
    public var start: Int
    public var tight: Bool
    public var items: [ListItem]
    public init(ordered: Bool, start: Int, tight: Bool, items: [ListItem]) {
        self.ordered = ordered; self.start = start; self.tight = tight; self.items = items
    }
}

public struct ListItem: Hashable, Sendable {
    public var blocks: [Block]
    /// nil for an ordinary item, true/false for a task-list item.
    public var checked: Bool?
    public init(blocks: [Block], checked: Bool?) { self.blocks = blocks; self.checked = checked }
}

/// A block of a kind declared through the content-block seam (`BlockKind` in the Blocks module):
/// its kind's name, the blocks and the runs of text it holds, and its number once resolved.
public struct CustomBlock: Hashable, Sendable {
    /// The kind's `name`, by which the renderers find its output.
    public var kind: String
    /// What it is numbered as (its kind's `target`), or nil when it has no number.
    public var target: TargetKind?
    /// The blocks it holds (walked and rewritten by every stage, see `Walk.swift`), blocks of
    /// other kinds too (an exercise list's exercises).
    public var blocks: [[Block]]
    /// The runs of text it holds itself, such as its title.
    public var runs: [[Inline]]
    public var attributes: Attributes
    public var position: Position
    /// The marker it was written with (`NOTE` for `> [!NOTE]`), for a kind that answers to
    /// several; empty for one found otherwise.
    public var marker = ""
    /// Set by the resolve stage when it is numbered.
    public var id: String?
    public var number: Numbering?
    public init(kind: String, target: TargetKind?, blocks: [[Block]], runs: [[Inline]], attributes: Attributes, position: Position) {
        self.kind = kind; self.target = target; self.blocks = blocks; self.runs = runs
        self.attributes = attributes; self.position = position
    }
}

/// Like `Inline`: the large cases are boxed, a paragraph or a quote is not.
public enum Block: Hashable, Sendable {
    case paragraph([Inline], Position)
    indirect case heading(Heading)
    indirect case code(CodeBlock)
    case html(String)
    case quote([Block])
    indirect case list(ListBlock)
    case rule
    indirect case table(Table)
    indirect case figure(Figure)
    case footnoteDefinition(label: String, blocks: [Block])
    /// A sample of the samples package; the resolve stage turns it into listings and output.
    indirect case sample(SampleEmbed)
    /// An inline ```swift {run}, {compile} or {fails} snippet (the code shown, and the snippet checked).
    indirect case snippet(CodeBlock, Snippet)
    /// Captured program output.
    indirect case output(OutputBlock)
    /// A listing shown but not run (Apple-only frameworks), with a note: a sample's, or an
    /// inline ```swift {listing-only} block's.
    case listingOnlyNote(inline: Bool)
    /// Links from a sample's block to its gallery entry and its download.
    case sampleLinks(String)
    /// A block of a kind declared through the seam (see `CustomBlock`): callouts, exercises.
    indirect case custom(CustomBlock)
}

/// One parsed chapter file.
public struct Document: Hashable, Sendable {
    public var blocks: [Block]
    /// The ids the chapter's raw HTML gives (with `raw_html: true`), which generated ids avoid.
    public var rawIDs: Set<String>
    public init(blocks: [Block], rawIDs: Set<String> = []) { self.blocks = blocks; self.rawIDs = rawIDs }
}

public extension Array where Element == Inline {
    /// The text a reader sees, without markup (for outlines, titles and ids).
    var plainText: String {
        var result = ""
        for inline in self {
            switch inline {
            case .text(let s), .code(let s): result += s
            case .softBreak, .lineBreak: result += " "
            case .emphasis(let c), .strong(let c), .strikethrough(let c): result += c.plainText
            case .link(let link): result += link.content.isEmpty ? (link.reference?.label ?? "") : link.content.plainText
            case .image(let image): result += image.alt.plainText
            case .html, .footnoteReference: break
            }
        }
        return result
    }

    /// An image's alt text as cmark-gfm writes it: the plain text, with inline HTML kept as text
    /// and a footnote reference as `[^label]`'s number given by `footnote`.
    func altText(footnote: (String) -> String) -> String {
        var result = ""
        for inline in self {
            switch inline {
            case .text(let s), .code(let s), .html(let s): result += s
            case .softBreak, .lineBreak: result += " "
            case .emphasis(let c), .strong(let c), .strikethrough(let c): result += c.altText(footnote: footnote)
            case .link(let link): result += link.content.isEmpty ? (link.reference?.label ?? "") : link.content.altText(footnote: footnote)
            case .image(let image): result += image.alt.altText(footnote: footnote)
            case .footnoteReference(let label): result += footnote(label)
            }
        }
        return result
    }
}
