import CourseModel

/// The EPUB's page list, mapped to the PDF edition's pages: one pagebreak marker for each page
/// of the PDF on which a chapter's heading, listing, figure, table or exercise lands. Typst
/// says on which page each of those elements is, not where in the text a page starts, so the
/// marker for page N is placed at the first such element known to be on that page (before
/// it, or at the start of an exercise's list item); a page holding none of them (a page of
/// running text) has no marker.
struct EPUBPageList {
    struct Marker: Equatable {
        var chapter: String
        /// The element's id in the chapter's document; nil: the chapter's start.
        var anchor: String?
        /// The page's printed number.
        var number: String
        /// The marker's id (`page-12`).
        var id: String
    }

    /// In reading order.
    private(set) var markers: [Marker] = []

    /// The markers for `map`, one a page, each placed where `documents` (chapter id → XHTML)
    /// have the element; an element the document lacks gives its page's marker to the next one
    /// on that page.
    init(map: TypstPageMap, pages: [ChapterPage], documents: [String: String]) {
        let targets = TypstWriter.labelTargets(pages)
        var placedPages = Set<Int>()
        var usedIDs = Set<String>()
        for entry in map.entries where !placedPages.contains(entry.page) {
            guard let target = targets[entry.label], let document = documents[target.chapter] else { continue }
            if let anchor = target.anchor, Self.insertionPoint(of: anchor, in: document) == nil { continue }
            var id = "page-" + entry.number
            if usedIDs.contains(id) || document.contains("id=\"\(XML.escape(id))\"") { id = "page-\(entry.page)-pdf" }
            guard usedIDs.insert(id).inserted else { continue }
            placedPages.insert(entry.page)
            markers.append(Marker(chapter: target.chapter, anchor: target.anchor, number: entry.number, id: id))
        }
    }

    var isEmpty: Bool { markers.isEmpty }

    static func marker(_ marker: Marker) -> String {
        "<span epub:type=\"pagebreak\" role=\"doc-pagebreak\" id=\"\(XML.escape(marker.id))\" aria-label=\"\(XML.escape(marker.number))\"></span>"
    }

    /// Where the marker for the element with `anchor` goes: before its start tag, or just inside
    /// it for a list item (a list holds only items).
    static func insertionPoint(of anchor: String, in document: String) -> String.Index? {
        guard let attribute = document.range(of: " id=\"\(XML.escape(anchor))\""),
              let open = document[..<attribute.lowerBound].lastIndex(of: "<") else { return nil }
        let name = document[document.index(after: open)..<attribute.lowerBound].prefix { $0.isLetter || $0.isNumber }
        if name == "li" { return document[attribute.upperBound...].firstIndex(of: ">").map { document.index(after: $0) } }
        return ["h1", "h2", "h3", "h4", "h5", "h6", "figure", "div", "section", "aside", "table", "p", "pre"].contains(name) ? open : nil
    }

    /// `document` (the chapter `chapter`'s XHTML) with its markers in place.
    func marking(_ document: String, chapter: String) -> String {
        var out = document
        for marker in markers where marker.chapter == chapter {
            let point: String.Index?
            if let anchor = marker.anchor { point = Self.insertionPoint(of: anchor, in: out) }
            else { point = out.range(of: "<header class=\"chapter-header\">")?.lowerBound }
            guard let point else { continue }
            out.insert(contentsOf: Self.marker(marker) + "\n", at: point)
        }
        return out
    }

    /// The navigation document's page list (hidden: reading systems offer it as "go to page").
    func navigation() -> String {
        var out = "<nav epub:type=\"page-list\" id=\"page-list\" hidden=\"hidden\">\n<ol>\n"
        for marker in markers {
            out += "<li><a href=\"\(XML.escapeURL(EPUBPaths.chapter(marker.chapter)))#\(XML.escapeURL(marker.id))\">\(XML.escape(marker.number))</a></li>\n"
        }
        return out + "</ol>\n</nav>\n"
    }
}
