import CourseModel
import Foundation

/// `<locale>/print.html`: the whole course on one page, and the rewriting of ids that allows it.
extension SiteRenderer {
    /// The whole course of one locale on one page, for printing or saving as PDF. Every id is
    /// prefixed with its chapter's id, and links between chapters become links within the page.
    /// Chunks of UTF-8: for a big course the page is megabytes, and its chapter bodies already exist
    /// (in memory, or in the spill file of a course too big to keep them there).
    func renderPrint(_ locale: LocaleContext) -> [Chunk] {
        let toc = locale.toc.map { part in
            var part = part
            part.chapters = part.chapters.map { chapter in
                var chapter = chapter
                chapter.anchor = chapter.href.replacingOccurrences(of: ".html", with: "")
                return chapter
            }
            return part
        }
        // The templates get a marker per chapter; the bodies (megabytes for a big course, made
        // print-ready as their chapter pages were rendered) take the markers' places afterwards.
        let chapters = locale.pages.enumerated().map { index, page in
            PrintChapter(anchor: page.id, lang: page.contentLocale.rawValue, title: page.title, summary: page.summary,
                         label: locale.strings.chapterLabel(page.numbering.label), body: Self.printMarker(index))
        }
        let title = locale.strings.format("print_title", locale.courseTitle)
        var chrome = locale.frame(page: SitePaths.print, title: title)
        chrome.meta = locale.meta(page: SitePaths.print, title: title, type: "website", description: locale.courseDescription, card: nil, jsonLD: nil)
        let model = PrintPage(frame: chrome, toc: toc, chapters: chapters)
        let frame = Array(render(model, template: "print").utf8)
        // The page is the frame's runs between markers and the bodies: the bodies are not copied.
        var chunks: [Chunk] = []
        var runStart = 0, index = 0
        let start = Array(Self.printMarker(0).utf8.prefix(8))  // "\u{1}primer-"
        while index < frame.count {
            if frame[index] == 1, frame[index...].starts(with: start),
               let close = frame[(index + start.count)...].firstIndex(of: 1),
               let chapter = Int(String(decoding: frame[(index + start.count + 6)..<close], as: UTF8.self)),
               locale.pages.indices.contains(chapter) {
                chunks.append(.bytes(Array(frame[runStart..<index])))
                chunks.append(locale.printableBody(chapter))
                index = close + 1
                runStart = index
            } else {
                index += 1
            }
        }
        chunks.append(.bytes(Array(frame[runStart...])))
        return chunks
    }

    /// "\u{1}primer-print-12\u{1}": where chapter 12's body goes in the print version.
    static func printMarker(_ index: Int) -> String { "\u{1}primer-print-\(index)\u{1}" }

    /// A chapter body made to live beside the others on one page: `id="x"` becomes
    /// `id="chapter--x"`, `#x` follows it, and `other.html#y` becomes `#other--y`.
    public static func printable(_ html: String, chapter: String, chapters: Set<String>) -> String {
        var out: [UInt8] = []
        printable(html[...], chapter: chapter, chapters: chapters, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func printable(_ html: Substring, chapter: String, chapters: Set<String>, into out: inout [UInt8]) {
        // One pass over the bytes, copying the runs between attribute values whole: the print
        // version holds the whole course (megabytes).
        let prefix = Array((chapter + "--").utf8)
        let quote = UInt8(ascii: "\""), equals = UInt8(ascii: "="), hash = UInt8(ascii: "#")
        var html = html
        html.withUTF8 { bytes in
            out.reserveCapacity(out.count + bytes.count + bytes.count / 16)
            var copied = 0  // bytes[..<copied] are in `out`
            var index = 1
            while index < bytes.count {
                guard bytes[index] == quote, bytes[index - 1] == equals else { index += 1; continue }
                let valueStart = index + 1
                var end = valueStart
                while end < bytes.count, bytes[end] != quote { end += 1 }
                var nameStart = index - 1
                while nameStart > 0, bytes[nameStart - 1] == UInt8(ascii: "-") || (bytes[nameStart - 1] | 0x20) >= UInt8(ascii: "a")
                        && (bytes[nameStart - 1] | 0x20) <= UInt8(ascii: "z") { nameStart -= 1 }
                let name = bytes[nameStart..<(index - 1)]
                let value = bytes[valueStart..<end]
                if name.elementsEqual("id".utf8) {
                    out += bytes[copied..<valueStart]; out += prefix; copied = valueStart
                } else if name.elementsEqual("href".utf8), let first = value.first {
                    if first == hash {
                        out += bytes[copied...valueStart]; out += prefix; copied = valueStart + 1
                    } else {
                        let file = value.prefix { $0 != hash }
                        if file.count > 5, file.suffix(5).elementsEqual(".html".utf8), !file.contains(UInt8(ascii: "/")),
                           chapters.contains(String(decoding: file.dropLast(5), as: UTF8.self)) {
                            out += bytes[copied..<valueStart]
                            out.append(hash); out += file.dropLast(5)
                            if file.count < value.count { out += "--".utf8; out += bytes[(file.endIndex + 1)..<end] }
                            copied = end
                        }
                    }
                }
                index = end + 1
            }
            out += bytes[copied...]
        }
    }
}
