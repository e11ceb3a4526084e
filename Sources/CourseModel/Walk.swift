/// The one place that knows which blocks hold other blocks, and which hold runs of text. Every
/// stage that walks or rewrites a document goes through these, so a new container (or a
/// container a stage forgot, as footnotes once were) is a change here, not in each stage.
public extension Block {
    /// The lists of blocks this block holds, in document order: a quote's, each list item's, a
    /// footnote's, a custom block's (a callout's, each exercise's text and then its solution).
    var containedBlocks: [[Block]] {
        switch self {
        case .quote(let inner), .footnoteDefinition(_, let inner): return [inner]
        case .list(let list): return list.items.map(\.blocks)
        case .custom(let custom): return custom.blocks
        default: return []
        }
    }

    /// Calls `body` with every list of blocks this block holds, in the order of `containedBlocks`,
    /// without making an array of them (walks run over every block of a 1,000-page course).
    @inline(__always)
    func forEachContained(_ body: ([Block]) -> Void) {
        switch self {
        case .quote(let inner), .footnoteDefinition(_, let inner): body(inner)
        case .list(let list): for item in list.items { body(item.blocks) }
        case .custom(let custom): for inner in custom.blocks { body(inner) }
        default: break
        }
    }

    /// Whether this block, or any block inside it, matches.
    func contains(where matches: (Block) -> Bool) -> Bool {
        if matches(self) { return true }
        var found = false
        forEachContained { inner in if !found { found = inner.containsBlock(where: matches) } }
        return found
    }

    /// This block with `transform` applied to every list of blocks it holds (see `containedBlocks`),
    /// in document order; a block that holds none is returned as it is.
    func mappingContainedBlocks(_ transform: ([Block]) -> [Block]) -> Block {
        switch self {
        case .quote(let inner): return .quote(transform(inner))
        case .footnoteDefinition(let label, let inner): return .footnoteDefinition(label: label, blocks: transform(inner))
        case .list(var list):
            list.items = list.items.map { ListItem(blocks: transform($0.blocks), checked: $0.checked) }
            return .list(list)
        case .custom(var custom):
            custom.blocks = custom.blocks.map(transform)
            return .custom(custom)
        default:
            return self
        }
    }

    /// The runs of text this block holds itself (not those of blocks inside it), in document
    /// order: a paragraph's, a heading's, each table cell's and its caption, a figure's alt text,
    /// a custom block's (a callout's title).
    var inlineRuns: [[Inline]] {
        switch self {
        case .paragraph(let inlines, _): return [inlines]
        case .heading(let heading): return [heading.content]
        case .table(let table): return table.header + table.rows.flatMap { $0 } + (table.caption.map { [$0] } ?? [])
        case .figure(let figure): return [figure.image.alt]
        case .custom(let custom): return custom.runs
        default: return []
        }
    }

    /// This block with `transform` applied to each run of text it holds itself (see
    /// `inlineRuns`); blocks inside it are left to `mappingContainedBlocks`.
    func mappingInlineRuns(_ transform: ([Inline]) -> [Inline]) -> Block {
        switch self {
        case .paragraph(let inlines, let position): return .paragraph(transform(inlines), position)
        case .heading(var heading): heading.content = transform(heading.content); return .heading(heading)
        case .table(var table):
            table.header = table.header.map(transform)
            table.rows = table.rows.map { $0.map(transform) }
            table.caption = table.caption.map(transform)
            return .table(table)
        case .figure(var figure): figure.image.alt = transform(figure.image.alt); return .figure(figure)
        case .custom(var custom): custom.runs = custom.runs.map(transform); return .custom(custom)
        default: return self
        }
    }

    /// Where the block starts in its file, when it knows.
    var position: Position? {
        switch self {
        case .paragraph(_, let position): return position
        case .heading(let heading): return heading.position
        case .code(let code): return code.position
        case .table(let table): return table.position
        case .figure(let figure): return figure.image.position
        case .snippet(let code, _): return code.position
        case .sample(let embed): return embed.position
        case .custom(let custom): return custom.position
        default: return nil
        }
    }
}

public extension Array where Element == Block {
    /// Visits every block, containers entered, in document order, with its depth (0: top level).
    func walk(_ visit: (Block, _ depth: Int) -> Void) {
        walk(depth: 0, visit)
    }

    private func walk(depth: Int, _ visit: (Block, Int) -> Void) {
        for block in self {
            visit(block, depth)
            block.forEachContained { $0.walk(depth: depth + 1, visit) }
        }
    }

    /// Whether any block here, or inside a container here, matches.
    func containsBlock(where matches: (Block) -> Bool) -> Bool {
        contains { $0.contains(where: matches) }
    }

    /// Every run of text in these blocks and those inside them, in document order, with the
    /// position of the block it belongs to (`.unknown` where the block has none).
    func walkInlineRuns(_ visit: ([Inline], Position) -> Void) {
        walk { block, _ in
            let position = block.position ?? .unknown
            for run in block.inlineRuns { visit(run, position) }
        }
    }
}

public extension Inline {
    /// The runs of inlines inside this one: emphasis, strong and struck-through text, a link's
    /// text, an image's alt text.
    var children: [Inline] {
        switch self {
        case .emphasis(let c), .strong(let c), .strikethrough(let c): return c
        case .link(let link): return link.content
        case .image(let image): return image.alt
        default: return []
        }
    }
}

public extension Array where Element == Inline {
    /// Visits every inline, nested ones too, in document order.
    func walk(_ visit: (Inline) -> Void) {
        for inline in self {
            visit(inline)
            inline.children.walk(visit)
        }
    }

    /// Whether any inline here, nested ones too, matches. (A switch rather than `children`:
    /// most inlines are text, and this runs over every paragraph of the course.)
    func containsInline(where matches: (Inline) -> Bool) -> Bool {
        for inline in self {
            if matches(inline) { return true }
            switch inline {
            case .emphasis(let c), .strong(let c), .strikethrough(let c): if c.containsInline(where: matches) { return true }
            case .link(let link): if link.content.containsInline(where: matches) { return true }
            case .image(let image): if image.alt.containsInline(where: matches) { return true }
            default: break
            }
        }
        return false
    }
}
