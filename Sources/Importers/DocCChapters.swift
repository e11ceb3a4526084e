import CourseModel
import Foundation

/// A page of the catalog as a chapter: its directives, asides and title done, its abstract found.
extension DocCConversion {
    /// A page's lines with directives, asides and its title done, and where its abstract is.
    mutating func convert(_ index: Int, isRoot: Bool) -> (lines: [Line], title: String?, abstract: Range<Int>?) {
        let page = pages[index]
        // Before directives: a continuation line of a test can look like one (`@MainActor`).
        let tested = swiftTests(page.lines, path: page.path, chapterID: builder.nextChapterID(for: page.name))
        var lines = directives(tested, path: page.path)
        if isRoot { lines = Self.removingTopics(lines) }
        lines = asides(lines)
        let heading = ProjectBuilder.takeTitle(&lines)
        return (lines, heading.map { Words.plain($0.text) }, Self.abstract(in: lines))
    }

    mutating func addChapter(_ page: Int, _ converted: (lines: [Line], title: String?, abstract: Range<Int>?)) -> Int {
        let id = builder.chapterID(for: pages[page].name)
        let chapter = Chapter(id: id, path: pages[page].path, title: converted.title ?? pages[page].name, lines: converted.lines)
        let index = builder.chapters.count
        builder.chapters.append(chapter)
        chapterOfPage[page] = index
        pageOfChapter[index] = page
        if let abstract = converted.abstract { abstracts[index] = abstract }
        return index
    }

    /// The first paragraph (DocC's abstract): its lines.
    static func abstract(in lines: [Line]) -> Range<Int>? {
        var start = 0
        while start < lines.count {
            let text = lines[start].text.trimmingSpaces()
            if text.isEmpty || (text.hasPrefix("<!--") && text.hasSuffix("-->")) { start += 1 } else { break }
        }
        guard start < lines.count, startsParagraph(lines[start].text) else { return nil }
        var end = start + 1
        while end < lines.count, !lines[end].text.trimmingSpaces().isEmpty, HeadingLine(lines[end].text) == nil,
              MarkdownText.fenceOpening(lines[end].text) == nil {
            end += 1
        }
        return start..<end
    }

    static func startsParagraph(_ line: String) -> Bool {
        let text = line.trimmingSpaces()
        guard let first = text.first else { return false }
        if HeadingLine(line) != nil || MarkdownText.fenceOpening(line) != nil { return false }
        if MarkdownText.containerPrefixLength(Substring(line)) > line.prefix(while: { $0 == " " }).count { return false }
        if "<|@".contains(first) || text.hasPrefix("![") { return false }
        if line.hasPrefix("    ") { return false }
        return true
    }

    /// Whether the root has text beyond its abstract.
    static func hasBody(_ lines: [Line], after abstract: Range<Int>?) -> Bool {
        lines.enumerated().contains { index, line in
            !(abstract?.contains(index) ?? false) && !line.text.trimmingSpaces().isEmpty
        }
    }

    /// The root's `## Topics` section taken out: the course's parts say the same.
    static func removingTopics(_ lines: [Line]) -> [Line] {
        let code = MarkdownText.codeMask(lines)
        var output: [Line] = []
        var skipping = false
        for (index, line) in lines.enumerated() {
            if !code[index], let heading = HeadingLine(line.text), heading.level <= 2 {
                skipping = heading.level == 2 && Words.plain(heading.text) == "Topics"
            }
            if !skipping { output.append(line) }
        }
        return output
    }

    // MARK: Asides

    /// `> Note: text` → `> [!NOTE]` / `> text`; other `> Word:` kinds become the course's own callouts.
    mutating func asides(_ lines: [Line]) -> [Line] {
        let code = MarkdownText.codeMask(lines)
        var output: [Line] = []
        var previousWasQuote = false
        for (index, line) in lines.enumerated() {
            guard !code[index] else { output.append(line); previousWasQuote = false; continue }
            let indent = line.text.prefix { $0 == " " }
            let isQuote = indent.count <= 3 && line.text.dropFirst(indent.count).hasPrefix(">")
            defer { previousWasQuote = isQuote || (previousWasQuote && !line.text.trimmingSpaces().isEmpty) }
            guard isQuote, !previousWasQuote else { output.append(line); continue }
            var content = line.text.dropFirst(indent.count + 1)
            if content.hasPrefix(" ") { content = content.dropFirst() }
            let word = content.prefix { $0.isLetter }
            let afterWord = content.dropFirst(word.count)
            guard !word.isEmpty, afterWord.hasPrefix(":"), afterWord.dropFirst().first.map({ $0 == " " || $0 == "\t" }) ?? true else {
                output.append(line); continue
            }
            let kind = builder.calloutKind(String(word))
            output.append(Line(text: indent + "> [!\(kind)]", origin: line.origin))
            let text = afterWord.dropFirst().trimmingSpaces()
            if !text.isEmpty { output.append(Line(text: indent + "> " + text, origin: line.origin)) }
        }
        return output
    }
}
