import CourseModel
import Markup

extension Book {
    /// The subject index's document, beside the navigation document (chapters are in `text/`).
    static let indexPath = "index.xhtml"

    /// The subject index as the book's last document: the locale's terms under their letters,
    /// each with links to the sections that introduce it; nil when the course has none.
    static func subjectIndex(_ input: EditionInput) -> String? {
        let entries = input.course.subjectIndex[input.locale] ?? []
        guard !entries.isEmpty else { return nil }
        let strings = input.strings
        let title = XML.escape(strings["subject_index_title"])
        var out = head(title: strings["subject_index_title"], lang: input.locale.rawValue, css: EPUBPaths.style)
        out += "<body>\n<section class=\"subject-index\" role=\"doc-index\" aria-labelledby=\"index-title\">\n"
        out += "<h1 id=\"index-title\">\(title)</h1>\n"
        for group in entries.groupedByLetter(other: strings["index_other_heading"]) {
            out += "<h2>\(XML.escape(group.heading))</h2>\n<ul class=\"index-entries\">\n"
            for entry in group.entries {
                let places = entry.places.map { place in
                    let href = EPUBPaths.chapter(place.chapterID) + (place.sectionID.map { "#" + $0 } ?? "")
                    return "<a href=\"\(XML.escapeURL(href))\">\(XML.escape(place.sectionLabel(input.strings(ofChapter: place.chapterID))))</a>"
                }
                out += "<li>\(XML.escape(entry.name)) \(places.joined(separator: ", "))</li>\n"
            }
            out += "</ul>\n"
        }
        return out + "</section>\n</body>\n</html>\n"
    }
}

extension EditionInput {
    /// The words of the page whose chapter is `id` (see `strings(of:)`).
    func strings(ofChapter id: String) -> UIStrings { pages.first { $0.id == id }.map { strings(of: $0) } ?? strings }
}
