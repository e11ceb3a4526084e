import Blocks
import CourseModel

/// What a book edition (EPUB or PDF) of one locale is made from: the resolved course, so a
/// number, a reference or a sample's output is the same in the books as on the site, and the
/// bytes of the files its pages show.
public struct EditionInput: Sendable {
    public var course: ResolvedCourse
    public var locale: LocaleTag
    /// Content files the locale's pages use (images), by their path in the content folder
    /// (the paths in `ChapterPage.files`).
    public var files: [String: [UInt8]]
    /// Figures samples drew, by `DrawnFigure.path` (relative to the locale's folder).
    public var drawn: [String: [UInt8]]
    /// The edition's date (YYYY-MM-DD): the newest `updated` of its chapters, or a fixed date,
    /// never the clock, so the same input gives the same bytes.
    public var date: String
    /// The kinds of block a `Block.custom` may be.
    public var kinds = BlockKinds.standard
    /// Where the PDF edition's pages start, when it was made: the EPUB's page list and page
    /// break markers. Without it the EPUB claims no page features.
    public var pageMap: TypstPageMap?
    /// The PDF edition's file name, which the EPUB names as the source of its page numbers.
    public var pageSource: String?

    public init(course: ResolvedCourse, locale: LocaleTag, files: [String: [UInt8]], drawn: [String: [UInt8]]) {
        self.course = course
        self.locale = locale
        self.files = files
        self.drawn = drawn
        let pages = course.pages[locale] ?? []
        date = pages.compactMap(\.updated).max() ?? "2000-01-01"
    }

    public var pages: [ChapterPage] { course.pages[locale] ?? [] }
    public var strings: UIStrings { course.strings[locale] ?? UIStrings(locale: locale, entries: [:]) }
    /// The words of a page's text (a fallback chapter's labels are in the language it is written in).
    public func strings(of page: ChapterPage) -> UIStrings { course.strings[page.contentLocale] ?? strings }
    public var title: String { course.config.title.text(for: locale, source: course.config.sourceLocale) }

    /// The content-folder path of an image or link `source` as written in `page`'s chapter file
    /// (relative to the folder of the locale the text is in), or nil for URLs and anchors.
    public static func contentPath(of source: String, in page: ChapterPage) -> String? {
        if source.isEmpty || source.contains("://") || source.hasPrefix("/") || source.hasPrefix("#")
            || source.hasPrefix("mailto:") || source.hasPrefix("data:") { return nil }
        let clean = String(source.split(separator: "#").first ?? "").split(separator: "?").first.map(String.init) ?? ""
        var parts = [page.contentLocale.rawValue]
        for component in clean.split(separator: "/") {
            if component == ".." { if !parts.isEmpty { parts.removeLast() } else { return nil } }
            else if component != "." { parts.append(String(component)) }
        }
        return parts.joined(separator: "/")
    }
}
