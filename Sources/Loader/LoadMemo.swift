import CourseModel
import Synchronization

/// What the preview's earlier loads made of each file it reads again after every edit: a chapter
/// or string catalog whose text is byte for byte what it was is not parsed again (its front matter,
/// the catalog's JSON). Only the preview keeps one; a one-shot build reads each file once.
public final class LoadMemo: Sendable {
    private let table = Mutex<[String: (text: ByteKey, made: any Sendable)]>([:])

    public init() {}

    /// What `make` gives for `text`, the file named by `key`: the last result when the text is the same.
    func reading<T: Sendable>(_ key: String, text: String, _ make: () -> T) -> T {
        let bytes = ByteKey(text)
        if let known = table.withLock({ $0[key] }), known.text == bytes, let made = known.made as? T { return made }
        let made = make()
        table.withLock { $0[key] = (bytes, made) }
        return made
    }
}
