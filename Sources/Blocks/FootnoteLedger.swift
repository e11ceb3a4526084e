import CourseModel

/// The footnotes of one chapter, for every output format: their bodies, the number each gets
/// where it is first referenced, its anchor (`fn-<anchor>`, unique even when labels differ only
/// in punctuation), and how many references in the text each has (one back-link each).
public struct FootnoteLedger: Sendable {
    private var bodies: [String: [Block]] = [:]
    private var numbers: [String: Int] = [:]
    private var anchors: [String: String] = [:]
    /// The values of `anchors`, so a new anchor is checked in constant time.
    private var usedAnchors: Set<String> = []
    /// The last suffix each base took: labels that differ only in punctuation share a base.
    private var anchorSuffixes: [String: Int] = [:]
    private var references: [String: Int] = [:]
    private var queue = MovedToEnd<String>()

    public init() {}

    /// Records a footnote's text; a later definition with the same label replaces it.
    public mutating func define(_ label: String, blocks: [Block]) { bodies[label] = blocks }

    /// Records a footnote's text unless the label has one already.
    public mutating func defineFirst(_ label: String, blocks: [Block]) {
        if bodies[label] == nil { bodies[label] = blocks }
    }

    /// Every footnote defined in `blocks`, containers entered; the first definition of a label wins.
    public mutating func defineAll(in blocks: [Block]) {
        blocks.walk { block, _ in
            if case .footnoteDefinition(let label, let blocks) = block { defineFirst(label, blocks: blocks) }
        }
    }

    public func body(_ label: String) -> [Block]? { bodies[label] }

    /// Whether the footnote has a number yet (it was referenced).
    public func isNumbered(_ label: String) -> Bool { numbers[label] != nil }

    /// The footnote's number, giving it one (and its anchor) on first sight.
    @discardableResult
    public mutating func number(_ label: String) -> Int {
        if let n = numbers[label] { return n }
        queue.append(label)
        numbers[label] = queue.count
        let base = String(label.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
        var anchor = base
        var n = anchorSuffixes[base] ?? 2
        while usedAnchors.contains(anchor) { anchor = "\(base)-\(n)"; n += 1 }
        anchorSuffixes[base] = n
        anchors[label] = anchor
        usedAnchors.insert(anchor)
        return queue.count
    }

    /// A reference in the text: its number, the note's anchor and the reference's own id (a
    /// second reference to one note gets an id of its own, and the note a second back-link).
    public mutating func reference(_ label: String) -> (number: Int, anchor: String, id: String) {
        let n = number(label)
        references[label, default: 0] += 1
        let anchor = anchors[label]!
        return (n, anchor, Self.referenceID(anchor, references[label]!))
    }

    public static func referenceID(_ anchor: String, _ count: Int) -> String {
        count == 1 ? "fnref-\(anchor)" : "fnref-\(anchor)-\(count)"
    }

    /// An image's alt text; a footnote referenced there (and nowhere else) still gets its note.
    public mutating func altText(_ alt: [Inline]) -> String {
        alt.altText { label in String(number(label)) }
    }

    /// A numbered note to write at the end: its number, anchor, text and back-link ids.
    public struct Note {
        public var label: String
        public var number: Int
        public var anchor: String
        public var blocks: [Block]
    }

    /// The next numbered note not yet written (writing one may number others).
    public mutating func nextNote() -> Note? {
        guard let label = queue.next() else { return nil }
        return Note(label: label, number: numbers[label]!, anchor: anchors[label]!, blocks: bodies[label] ?? [])
    }

    /// The ids of the references to a note, in the text's order (read after its text is written).
    public func referenceIDs(_ note: Note) -> [String] {
        let count = references[note.label] ?? 0
        return count == 0 ? [] : (1...count).map { Self.referenceID(note.anchor, $0) }
    }

    public var isEmpty: Bool { queue.isEmpty }
}
