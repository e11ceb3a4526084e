import CourseModel
import Markup

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
