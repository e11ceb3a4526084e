import Blocks
import CourseModel
import Foundation

/// A document at the book's end that gathers what a kind of block moved there from every
/// chapter (`BlockKind.bookEnd`: the questions' answers), as the book writes it.
struct EPUBBookEndDocument {
    /// The kind's name.
    var kind: String
    /// Its path in the book's folder, and its manifest id.
    var path: String
    var manifestID: String
    var title: String
    var xhtml: String

    /// One document for each kind with a book-end document that some chapter moved blocks to,
    /// in the kinds' order: a heading per chapter (its label and title), then per moved block a
    /// heading linking back to where it was, "Question 2.2 on page 43" when the PDF's page map
    /// knows that place's page, and what the kind wrote. An entry whose id another chapter's
    /// entry took first gets one of its own, and `documents` (the chapters' XHTML, by chapter
    /// id) link to that one.
    static func documents(_ input: EditionInput, entries: [[String: [BookEndEntry]]], documents: inout [String: String]) -> [EPUBBookEndDocument] {
        var pages: [String: String] = [:]
        for entry in input.pageMap?.entries ?? [] where pages[entry.label] == nil { pages[entry.label] = entry.number }
        var books: [EPUBBookEndDocument] = []
        for kind in input.kinds.kinds {
            guard let end = kind.bookEnd, entries.contains(where: { $0[kind.name]?.isEmpty == false }) else { continue }
            let strings = input.strings
            let title = strings[end.titleKey]
            let file = EPUBPaths.bookEndFile(end.name)
            var out = Book.head(title: title, lang: input.locale.rawValue, css: "../" + EPUBPaths.style)
            out += "<body epub:type=\"backmatter\">\n<section class=\"book-end \(XML.escape(end.name))\" epub:type=\"appendix\" role=\"doc-appendix\" aria-labelledby=\"\(XML.escape(end.name))-title\">\n"
            out += "<h1 id=\"\(XML.escape(end.name))-title\">\(XML.escape(title))</h1>\n"
            var taken: Set<String> = ["\(end.name)-title"]
            for (page, moved) in zip(input.pages, entries) {
                guard let moved = moved[kind.name], !moved.isEmpty else { continue }
                let words = input.strings(of: page)
                let chapterFile = EPUBPaths.chapterFile(page.id)
                let lang = page.isFallback ? " xml:lang=\"\(XML.escape(page.contentLocale.rawValue))\" lang=\"\(XML.escape(page.contentLocale.rawValue))\"" : ""
                let sectionID = unique("\(end.name)-\(page.id)", in: &taken)
                out += "<section class=\"book-end-chapter\" id=\"\(XML.escape(sectionID))\"\(lang)>\n<h2>"
                if let label = words.chapterLabel(page.numbering.label) { out += XML.escape(label + words["label_title_separator"]) }
                out += "<a href=\"\(XML.escapeURL(chapterFile))\">\(XML.escape(page.title))</a></h2>\n"
                for entry in moved {
                    let id = unique(entry.id, in: &taken)
                    if id != entry.id, let chapter = documents[page.id] {
                        documents[page.id] = chapter.replacingOccurrences(of: "href=\"\(XML.escapeURL(file))#\(XML.escapeURL(entry.id))\"",
                                                                           with: "href=\"\(XML.escapeURL(file))#\(XML.escapeURL(id))\"")
                    }
                    let back = XML.escapeURL(chapterFile) + "#" + XML.escapeURL(entry.origin)
                    out += "<section class=\"book-end-entry\" id=\"\(XML.escape(id))\">\n"
                    out += "<h3><a href=\"\(back)\">\(XML.escape(entry.heading))</a></h3>\n"
                    if let reference = entry.reference, let number = pages[TypstMarkup.label(chapter: page.id, anchor: entry.origin)] {
                        out += "<p class=\"page-ref\">\(pageReference(words, text: "<a href=\"\(back)\">\(XML.escape(reference))</a>", page: number))</p>\n"
                    }
                    out += entry.xhtml
                    out += "</section>\n"
                }
                out += "</section>\n"
            }
            out += "</section>\n</body>\n</html>\n"
            books.append(EPUBBookEndDocument(kind: kind.name, path: EPUBPaths.bookEnd(end.name), manifestID: "book-end-" + end.name,
                                             title: title, xhtml: XML.clean(out)))
        }
        return books
    }

    /// `base`, or `base-2`, `base-3`… when the document has it already.
    static func unique(_ base: String, in taken: inout Set<String>) -> String {
        var id = base
        var n = 2
        while taken.contains(id) { id = "\(base)-\(n)"; n += 1 }
        taken.insert(id)
        return id
    }

    /// "TEXT on page N" in `strings`' language (`edition_page_ref`), `text` already XHTML; as in
    /// the PDF, the page number keeps its words on its line ("на с. 9", "第 8 页").
    static func pageReference(_ strings: UIStrings, text: String, page: String) -> String {
        let pattern = UIStrings.format(strings["edition_page_ref"], ["\u{E001}", "\u{E002}"])
            .replacingOccurrences(of: " \u{E002}", with: "\u{A0}\u{E002}").replacingOccurrences(of: "\u{E002} ", with: "\u{E002}\u{A0}")
        return XML.escape(pattern).replacingOccurrences(of: "\u{E001}", with: text).replacingOccurrences(of: "\u{E002}", with: XML.escape(page))
    }
}
