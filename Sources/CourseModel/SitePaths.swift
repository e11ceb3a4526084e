/// Where everything is on the published site, in one place: the file names a page, a link or
/// a download uses. Paths are relative to the site's root unless a name says otherwise; a
/// locale's pages sit in a folder named after the locale (`ru/memory.html`).
public enum SitePaths {
    /// Ids the page itself uses (Primer's templates, and the footnotes' `fn-` and `fnref-`):
    /// no heading may take them, whether the author or an importer wrote it.
    public static let reservedIDs: Set<String> = ["top", "main", "toc", "toc-toggle", "outline-heading", "print-contents-heading",
                                                  "search-input", "search-results", "theme-toggle", "editions-heading",
                                                  "gallery-filter-input", "gallery-filter-count",
                                                  "errors-filter-input", "errors-filter-count"]
    public static func isReservedID(_ id: String) -> Bool { reservedIDs.contains(id) || id.hasPrefix("fn-") || id.hasPrefix("fnref-") }

    /// A chapter's page within its locale's folder: `memory.html`.
    public static func chapter(_ id: String) -> String { id + ".html" }
    /// A locale's home page within its folder.
    public static let home = "index.html"
    public static let gallery = "samples.html"
    public static let apiIndex = "api-index.html"
    public static let subjectIndex = "subject-index.html"
    /// The index of the compiler errors the chapters' `{fails}` snippets quote.
    public static let errorIndex = "compiler-errors.html"
    public static let print = "print.html"
    /// A locale's changes feed (Atom), in its folder.
    public static let feed = "feed.xml"
    /// The site's own root page (choose a language) and its 404 page.
    public static let root = "index.html"
    public static let notFound = "404.html"

    /// A page of a locale, from the site's root: `ru/memory.html`.
    public static func page(_ file: String, in locale: LocaleTag) -> String { "\(locale.rawValue)/\(file)" }
    /// The same page in another locale, from a page of a locale: `../ru/memory.html`.
    public static func sibling(_ file: String, in locale: LocaleTag) -> String { "../" + page(file, in: locale) }

    /// A sample's package as a zip, from a page of its locale: `downloads/fraction.zip`.
    public static func sampleDownload(_ sample: String) -> String { "downloads/\(sample).zip" }
    /// A figure a sample drew, beside the locale's pages: `figures/house-plan.ru/house.svg`.
    public static func drawnFigure(folder: String, file: String) -> String { "figures/\(folder)/\(file)" }
    /// A graded exercise's package as a zip, from a page of its locale: `exercises/ex-median.zip`.
    public static func exerciseDownload(_ exercise: String) -> String { "exercises/\(exercise).zip" }
    /// Every sample of a chapter as one zip, from a page of its locale.
    public static func chapterDownload(_ chapter: String) -> String { "downloads/chapter-\(chapter).zip" }
    /// A book edition of the course in a locale, from a page of that locale:
    /// `downloads/ios-programming-in-swift-ru.epub`.
    public static func edition(course slug: String, locale: LocaleTag, format: EditionFormat) -> String {
        "downloads/\(slug)-\(locale.rawValue).\(format.rawValue)"
    }
    /// The course's name in file names: its title in the source language, in lower-case ASCII
    /// letters and digits joined by hyphens ("course" when nothing is left).
    public static func slug(_ title: String) -> String {
        var words: [String] = [], word = ""
        for scalar in title.lowercased().unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) { word.unicodeScalars.append(scalar) }
            else if !word.isEmpty { words.append(word); word = "" }
        }
        if !word.isEmpty { words.append(word) }
        return words.isEmpty ? "course" : words.joined(separator: "-")
    }
    /// A sample's entry in the gallery, from a page of its locale.
    public static func galleryEntry(_ sample: String) -> String { "\(gallery)#\(galleryAnchor(sample))" }
    public static func galleryAnchor(_ sample: String) -> String { "sample-" + sample }

    /// One locale's sitemap, and the index of them all.
    public static func sitemap(_ locale: LocaleTag) -> String { "sitemap-\(locale.rawValue).xml" }
    public static let sitemapIndex = "sitemap.xml"
}
