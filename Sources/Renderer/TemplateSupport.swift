import CourseModel
import Foundation
import Markup
import Synchronization

/// A number a template can print (`{{chapter_count}}`, the locale's digits) or pass to a
/// counted string (`{{ part_chapter_count(chapter_count) }}`: the catalog entry in the plural
/// form the number needs).
struct LocalizedNumber: TemplateTransformable, CustomStringConvertible, Sendable {
    let value: Int
    let strings: UIStrings
    var description: String { strings.number(value) }
    func transform(_ name: String) -> Any? { strings.format(name, count: value) }
}

/// A rendered table of contents and where each link's `href="…"` ends in it.
struct RenderedTOC: Sendable {
    let html: String
    private var marks: [String: Int] = [:]

    init(html: String) {
        self.html = html
        // One pass over the UTF-8: remember where each `href="…"` closes (the first one wins).
        let bytes = Array(html.utf8)
        let prefix = Array("href=\"".utf8)
        var index = 0
        while index + prefix.count < bytes.count {
            if bytes[index] == prefix[0], bytes[index..<(index + prefix.count)].elementsEqual(prefix) {
                let start = index + prefix.count
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += 1 }
                let href = String(decoding: bytes[start..<end], as: UTF8.self)
                if marks[href] == nil { marks[href] = end + 1 }
                index = end
            }
            index += 1
        }
    }

    /// The HTML with `aria-current="page"` on the link to `href`.
    func marking(_ href: String) -> String {
        guard let offset = marks[escapeHTML(href)] else { return html }
        let split = html.utf8.index(html.utf8.startIndex, offsetBy: offset)
        return String(html[..<split]) + " aria-current=\"page\"" + String(html[split...])
    }
}

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
