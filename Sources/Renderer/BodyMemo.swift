import CourseModel
import Synchronization

/// What the pages of one render share: chapter bodies by locale and index, ready for the print
/// version (the chapter pages themselves can be written and freed), and highlighted code.
final class BodyMemo: Sendable {
    private let table = Mutex<[String: Chunk]>([:])
    let highlights = HighlightMemo.shared
    /// Where the bodies wait for the print version instead of memory (a big course's).
    let spill: Spill?

    init(spill: Spill? = nil) { self.spill = spill }

    func store(_ body: [UInt8], locale: LocaleTag, index: Int) {
        let chunk = spill?.append(body) ?? .bytes(body)
        table.withLock { $0["\(locale.rawValue)/\(index)"] = chunk }
    }
    func body(locale: LocaleTag, index: Int) -> Chunk? { table.withLock { $0["\(locale.rawValue)/\(index)"] } }
}
