import CourseModel
import Foundation

/// On which page of the PDF each labelled element of the chapters landed (chapter and section
/// headings, listings, figures, tables, exercises), asked of Typst once it has laid the book
/// out: what the EPUB's page list is made from. It is cached with the PDF, so a build that
/// reuses the PDF does not run Typst again to know it.
public struct TypstPageMap: Sendable, Hashable {
    public struct Entry: Sendable, Hashable {
        /// The element's Typst label (`TypstMarkup.label(chapter:anchor:)`).
        public var label: String
        /// The page's place in the PDF, from 1.
        public var page: Int
        /// The number printed on that page ("12").
        public var number: String
        public init(label: String, page: Int, number: String) { self.label = label; self.page = page; self.number = number }
    }

    /// In the book's order.
    public var entries: [Entry]
    public init(entries: [Entry]) { self.entries = entries }

    /// The label of the metadata the book records the map in.
    static let label = "primer-page-map"

    /// The markup at the end of a book that records the map (the label inside the context, so
    /// it names the metadata): every heading, figure and
    /// listing or exercise marker (`#metadata("listing")`) with a chapter's label, with the page
    /// it is on and that page's printed number. The solutions at the back of the PDF are left
    /// out: the EPUB has them at the end of each chapter.
    static let markup = """
        #context [#metadata(query(selector.or(heading, figure, metadata.where(value: "listing"), metadata.where(value: "exercise")))
          .filter(e => e.has("label") and str(e.label).starts-with("ch-") and not str(e.label).ends-with("--solution"))
          .map(e => {
            let here = e.location()
            let style = here.page-numbering()
            (str(e.label), here.page(), if style == none { str(here.page()) } else { numbering(style, ..counter(page).at(here)) })
          })) <\(label)>]

        """

    /// The map from Typst's answer (JSON: `[[label, page, number], …]`), or nil when it is not one.
    public init?(json: [UInt8]) {
        guard let rows = (try? JSONSerialization.jsonObject(with: Data(json))) as? [[Any]] else { return nil }
        var entries: [Entry] = []
        for row in rows {
            guard row.count == 3, let label = row[0] as? String, let page = (row[1] as? NSNumber)?.intValue else { return nil }
            let number = (row[2] as? String) ?? (row[2] as? NSNumber).map { "\($0.intValue)" } ?? String(page)
            entries.append(Entry(label: label, page: page, number: number))
        }
        self.entries = entries
    }

    /// The same JSON, to keep beside the cached PDF.
    public var json: [UInt8] {
        let rows: [[Any]] = entries.map { [$0.label, $0.page, $0.number] }
        return (try? JSONSerialization.data(withJSONObject: rows, options: [.sortedKeys])).map { [UInt8]($0) } ?? Array("[]".utf8)
    }
}
