import CourseModel
import Foundation

/// book.toml's `[book]` table: the only keys the importer uses.
struct BookSettings {
    var title: String?
    var titleLine = 0
    var src = "src"
    var srcLine = 0
    var language: String?
    var languageLine = 0

    /// Reads `title`, `src` and `language` from `[book]` (basic and literal TOML strings).
    static func parse(_ text: String) -> BookSettings {
        var settings = BookSettings()
        var table = ""
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingSpaces()
            if line.hasPrefix("[") {
                table = line.trimmingCharacters(in: CharacterSet(charactersIn: "[] "))
                continue
            }
            guard let equals = line.firstIndex(of: "="), !line.hasPrefix("#") else { continue }
            var key = line[..<equals].trimmingSpaces()
            if table.isEmpty, key.hasPrefix("book.") { key.removeFirst(5) } else if table != "book" { continue }
            guard let value = tomlString(line[line.index(after: equals)...].trimmingSpaces()) else { continue }
            switch key {
            case "title": settings.title = value; settings.titleLine = index + 1
            case "src": settings.src = value; settings.srcLine = index + 1
            case "language": settings.language = value; settings.languageLine = index + 1
            default: break
            }
        }
        return settings
    }

    static func tomlString(_ text: String) -> String? {
        if text.hasPrefix("'") {
            let body = text.dropFirst()
            return body.firstIndex(of: "'").map { String(body[..<$0]) }
        }
        guard text.hasPrefix("\"") else { return nil }
        var out = ""
        var chars = text.dropFirst().makeIterator()
        while let c = chars.next() {
            if c == "\"" { return out }
            if c == "\\", let next = chars.next() {
                switch next {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "u", "U":
                    var hex = ""
                    for _ in 0..<(next == "u" ? 4 : 8) { if let h = chars.next() { hex.append(h) } }
                    if let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) { out.unicodeScalars.append(scalar) }
                default: out.append(next)
                }
                continue
            }
            out.append(c)
        }
        return nil
    }
}

/// One line of SUMMARY.md that names a chapter.
struct SummaryEntry {
    enum Kind { case prefix, numbered, suffix }
    var kind: Kind
    var title: String
    /// Nil for a draft chapter (`[Title]()`).
    var path: String?
    var line: Int
    var depth: Int
    /// The part a numbered chapter belongs to (index into `SummaryOutline.parts`).
    var part: Int?
}

struct SummaryOutline {
    var partTitles: [String?] = []
    /// The line of each part's heading (0 for the part without one).
    var partLines: [Int] = []
    var entries: [SummaryEntry] = []
    /// Lines that look like entries but hold no link mdBook could read.
    var unreadable: [Int] = []

    /// SUMMARY.md as mdBook reads it: an optional title, prefix chapters, `# Part` headings with
    /// (nested) numbered chapters, suffix chapters; separators and other lines ignored.
    static func parse(_ text: String) -> SummaryOutline {
        var outline = SummaryOutline()
        var sawAnything = false
        var numberedStarted = false
        var indents: [Int] = []
        let lines = [Line].numbered(text)
        let code = MarkdownText.codeMask(lines)
        let comments = MarkdownText.commentMask(lines, code: code)
        for (index, line) in lines.enumerated() where !code[index] && !comments[index] {
            let text = line.text
            let trimmed = text.trimmingSpaces()
            if trimmed.isEmpty { continue }
            if let heading = HeadingLine(text), heading.level == 1 {
                if !sawAnything {
                    sawAnything = true   // the book's own title ("# Summary"): mdBook ignores it
                    continue
                }
                outline.partTitles.append(Words.plain(heading.text))
                outline.partLines.append(line.origin)
                indents = []
                numberedStarted = true
                continue
            }
            sawAnything = true
            let marker = MarkdownText.containerPrefixLength(Substring(text))
            let indent = text.prefix { $0 == " " || $0 == "\t" }.reduce(0) { $0 + ($1 == "\t" ? 4 : 1) }
            let isItem = marker > indent
            guard let open = text.firstIndex(of: "["),
                  let link = Inline.link(Array(text), text.distance(from: text.startIndex, to: open)) else {
                if isItem || trimmed.hasPrefix("[") { outline.unreadable.append(line.origin) }
                continue
            }
            let title = Words.plain(link.1)
            let destination = link.2.trimmingSpaces()
            let path = destination.isEmpty ? nil : (destination.removingPercentEncoding ?? destination)
            if isItem {
                if !numberedStarted || outline.partTitles.isEmpty {
                    if outline.partTitles.isEmpty { outline.partTitles.append(nil); outline.partLines.append(0) }
                    numberedStarted = true
                }
                while let last = indents.last, indent <= last { indents.removeLast() }
                let depth = indents.count
                indents.append(indent)
                outline.entries.append(SummaryEntry(kind: .numbered, title: title, path: path, line: line.origin, depth: depth,
                                                    part: outline.partTitles.count - 1))
            } else {
                let kind: SummaryEntry.Kind = outline.entries.contains { $0.kind == .numbered } ? .suffix : .prefix
                outline.entries.append(SummaryEntry(kind: kind, title: title, path: path, line: line.origin, depth: 0, part: nil))
            }
        }
        return outline
    }
}
