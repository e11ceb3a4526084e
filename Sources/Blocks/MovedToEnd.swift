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

/// What each kind of block moves to the end (of a chapter, or of the book), by the kind's name.
public struct MovedByKind<Item> {
    private var queues: [String: MovedToEnd<Item>] = [:]

    public init() {}

    public func isEmpty(_ kind: String) -> Bool { queues[kind]?.isEmpty ?? true }

    public mutating func append(_ item: Item, kind: String) { queues[kind, default: MovedToEnd()].append(item) }

    /// The kind's next item not yet written, or nil when all are.
    public mutating func next(_ kind: String) -> Item? { queues[kind]?.next() }
}

extension MovedByKind: Sendable where Item: Sendable {}
