import CourseModel

/// The kinds of block a build knows, by name and by marker. Equal sets hold the same kinds (by
/// name) answering to the same markers, so a parse's input can be compared with the last one's.
public struct BlockKinds: Sendable, Equatable {
    public let kinds: [any BlockKind]
    private let byName: [String: any BlockKind]
    private let byMarker: [String: any BlockKind]
    private let plain: Set<String>
    /// Each kind's name and markers, which is what equality compares.
    private let identity: [[String]]

    public init(_ kinds: [any BlockKind]) {
        self.kinds = kinds
        byName = Dictionary(kinds.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        byMarker = Dictionary(kinds.flatMap { kind in kind.markers.map { ($0.uppercased(), kind) } }, uniquingKeysWith: { first, _ in first })
        plain = Set(kinds.flatMap { $0.plainMarkers.map { $0.uppercased() } })
        identity = kinds.map { [$0.name] + $0.markers + ["/"] + $0.plainMarkers }
    }

    /// Primer's own kinds for a course that declares `courseCallouts` (`callouts:` in course.yml,
    /// upper case): callouts (GitHub's five and the course's), exercise lists, exercises and self-check questions.
    public static func standard(courseCallouts: some Collection<String>) -> BlockKinds {
        BlockKinds([Callouts(courseKinds: courseCallouts), ExerciseLists(), Exercises(), Questions()])
    }

    /// Primer's own kinds for a course that declares no callouts of its own.
    public static let standard = standard(courseCallouts: [])

    public subscript(name: String) -> (any BlockKind)? { byName[name] }

    /// The kind written `> [!MARKER]`, if one is.
    public func marked(_ marker: String) -> (any BlockKind)? { byMarker[marker] }

    /// Whether `> [!MARKER]` is a kind's, though it stays a plain quote (`SOLUTION` outside an exercise).
    public func isPlain(_ marker: String) -> Bool { plain.contains(marker) }

    /// Whether a kind answers to `> [!MARKER]`, with a block or as a plain quote.
    public func knows(_ marker: String) -> Bool { byMarker[marker] != nil || plain.contains(marker) }

    /// Every marker that makes a block, in the kinds' order (for the unknown-marker warning).
    public var markers: [String] { kinds.flatMap(\.markers) }

    public var isEmpty: Bool { kinds.isEmpty }

    /// Every string-table key the kinds' output uses.
    public var words: [String] { kinds.flatMap(\.words) }

    public static func == (lhs: BlockKinds, rhs: BlockKinds) -> Bool { lhs.identity == rhs.identity }
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

extension BookWriter {
    /// A custom block through its kind's XHTML; one of a kind this build does not know shows its content.
    public mutating func customInBook(_ block: CustomBlock, kinds: BlockKinds, into out: inout String) {
        guard let kind = kinds[block.kind] else {
            for inner in block.blocks { render(inner, into: &out) }
            return
        }
        kind.xhtml(block, into: &out, writer: &self)
    }

    /// What the kinds moved to the chapter's end, each kind's in a section of its own (the kinds
    /// with a book-end document left for `movedToBookEnd`).
    public mutating func movedToEnd(kinds: BlockKinds, into out: inout String) -> [BookSection] {
        kinds.kinds.filter { $0.bookEnd == nil }.compactMap { $0.xhtmlEnd(into: &out, writer: &self) }
    }

    /// What the kinds with a book-end document moved there from this chapter, written by each
    /// kind's `xhtmlAppendix`, by kind name (kinds that moved nothing are left out).
    public mutating func movedToBookEnd(kinds: BlockKinds) -> [String: [BookEndEntry]] {
        var entries: [String: [BookEndEntry]] = [:]
        for kind in kinds.kinds where kind.bookEnd != nil {
            while let item = moved.next(kind.name) {
                var xhtml = ""
                kind.xhtmlAppendix(item, into: &xhtml, writer: &self)
                entries[kind.name, default: []].append(BookEndEntry(id: item.id, origin: item.origin, heading: item.heading,
                                                                   reference: item.reference, xhtml: xhtml))
            }
        }
        return entries
    }
}
