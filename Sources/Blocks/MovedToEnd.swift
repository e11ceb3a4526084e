/// Things a chapter writes after its text, in the order they were met: solutions at the chapter's
/// end, footnotes after the last section. Writing one may add more (a footnote that cites
/// another, a solution with exercises of its own); those come after it, so the loop is
/// `while let item = queue.next() { write(item) }`.
public struct MovedToEnd<Item> {
    private var items: [Item] = []
    private var written = 0

    public init() {}

    public var isEmpty: Bool { items.isEmpty }
    public var count: Int { items.count }

    public mutating func append(_ item: Item) { items.append(item) }

    /// The next item not yet written, or nil when all are.
    public mutating func next() -> Item? {
        guard written < items.count else { return nil }
        written += 1
        return items[written - 1]
    }
}

extension MovedToEnd: Sendable where Item: Sendable {}
