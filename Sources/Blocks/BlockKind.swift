import CourseModel

/// A kind of content block, declared in one place: how it is written, whether it is numbered,
/// its words and its output in every format.
///
/// To add a kind, write one file with a type conforming to `BlockKind` and add it to
/// `BlockKinds.standard` (tests may make a `BlockKinds` of their own):
/// - **recognised**: a quote opening with `> [!MARKER]` (its `marker`), an optional title after the
///   marker and `{#id}` at the title's end, becomes a `Block.custom` of the kind, its content
///   parsed with every convention of the chapter;
/// - **numbered**: with a `target` it is counted with that kind's numbers in its chapter, given an
///   id and a label (`ref_<target>` words), and a link can point at it (no `target`: no number);
/// - **words**: `words` lists the string-table keys its output uses, so the strings check covers
///   them in every locale;
/// - **output**: `html` writes the site's HTML and the EPUB's XHTML (`writer.dialect` says which),
///   `typst` the PDF's markup, both over the shared core (the writer renders its blocks and runs).
///
/// The walkers, the numberer and the renderers need no change: `CustomBlock` holds its blocks and
/// runs of text in a form they already handle.
public protocol BlockKind: Sendable {
    /// Its name: the custom block's tag and the class its HTML carries.
    var name: String { get }
    /// The upper-case marker it is written with: `QUIZ` for `> [!QUIZ]`.
    var marker: String { get }
    /// What it is numbered as, or nil when it has no number.
    var target: TargetKind? { get }
    /// The string-table keys its output uses.
    var words: [String] { get }
    func html(_ block: CustomBlock, into out: inout String, writer: inout some HTMLFamilyWriter)
    func typst(_ block: CustomBlock, into out: inout String, writer: inout some TypstFamilyWriter)
}

/// What a kind's Typst output can ask of the PDF's chapter writer.
public protocol TypstFamilyWriter {
    /// Words in the language the chapter's text is written in.
    var strings: UIStrings { get }
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
    /// Exercises whose solutions go to the book's appendix.
    var solutions: MovedToEnd<Exercise> { get set }
}

/// The kinds of block a build knows, by name.
public struct BlockKinds: Sendable {
    public let kinds: [any BlockKind]
    private let byName: [String: any BlockKind]
    private let byMarker: [String: any BlockKind]

    public init(_ kinds: [any BlockKind]) {
        self.kinds = kinds
        byName = Dictionary(kinds.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        byMarker = Dictionary(kinds.map { ($0.marker.uppercased(), $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Primer's own: callouts and exercises keep typed blocks of their own (`Callouts`,
    /// `Exercises`); no kind goes through `Block.custom` yet.
    public static let standard = BlockKinds([])

    public subscript(name: String) -> (any BlockKind)? { byName[name] }

    /// The kind written `> [!MARKER]`, if one is.
    public func marked(_ marker: String) -> (any BlockKind)? { byMarker[marker] }

    public var isEmpty: Bool { kinds.isEmpty }

    /// Every string-table key the blocks' output uses: the typed kinds' and these kinds'.
    public var words: [String] { Callouts.words + Exercises.words + kinds.flatMap(\.words) }

    /// A custom block of `kind` from what its quote holds.
    public static func block(of kind: any BlockKind, title: [Inline]?, attributes: Attributes, blocks: [Block],
                             position: Position) -> CustomBlock {
        CustomBlock(kind: kind.name, target: kind.target, blocks: [blocks], runs: title.map { [$0] } ?? [],
                    attributes: attributes, position: position)
    }
}

extension HTMLFamilyWriter {
    /// A custom block through its kind; one of a kind this build does not know shows its content.
    public mutating func custom(_ block: CustomBlock, kinds: BlockKinds, into out: inout String) {
        guard let kind = kinds[block.kind] else {
            for inner in block.blocks { render(inner, into: &out) }
            return
        }
        kind.html(block, into: &out, writer: &self)
    }
}
