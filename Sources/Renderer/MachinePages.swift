import CourseModel
import Foundation
import Synchronization

/// The files for readers that are programs: each chapter page's Markdown twin (`memory.md` beside
/// `memory.html`), and per locale `llms.txt` (the course's outline in the llms.txt format,
/// llmstxt.org) and `llms-full.txt` (every twin in reading order).
extension SiteRenderer {
    /// `memory.md` for `memory.html`.
    public static func twinPath(_ id: String) -> String { id + ".md" }
    public static let llmsIndex = "llms.txt"
    public static let llmsFull = "llms-full.txt"

    /// A chapter page's twin, in the words of the language its text is written in.
    func renderTwin(_ locale: LocaleContext, page: ChapterPage) -> String {
        var writer = MarkdownRenderer(strings: locale.course.strings[page.contentLocale] ?? locale.strings, chapterIDs: locale.chapterIDs,
                                      rawHTML: locale.course.config.rawHTML)
        return writer.render(page)
    }

    /// The course's title and description, then the twins in reading order.
    static func llmsFull(_ locale: LocaleContext, twins: [String]) -> String {
        var out = "# " + MarkdownText.escape(locale.courseTitle, lineStart: true) + "\n\n"
        if let summary = summary(locale) { out += "> " + MarkdownText.escape(summary, lineStart: false) + "\n\n" }
        return out + twins.map { $0.hasSuffix("\n") ? $0 : $0 + "\n" }.joined(separator: "\n* * *\n\n")
    }

    /// `llms.txt`: the title, the description as its summary, a section of links to the twins per
    /// part, and the optional pages. `folder` is the way from the file to the locale's folder
    /// ("" beside it, "en/" at the site's root); with a base URL the links are absolute.
    static func llmsIndex(_ locale: LocaleContext, folder: String) -> String {
        let config = locale.course.config
        let prefix = config.baseURL.map { $0 + SitePaths.page("", in: locale.locale) } ?? folder
        var out = "# " + MarkdownText.escape(locale.courseTitle, lineStart: true) + "\n\n"
        if let summary = summary(locale) { out += "> " + MarkdownText.escape(summary, lineStart: false) + "\n\n" }
        var pageByID: [String: ChapterPage] = [:]
        for page in locale.pages { pageByID[page.id] = page }
        var partNumber = 0
        for part in config.parts {
            var label: String?
            if part.numbering == .numbered {
                partNumber += 1
                label = locale.strings.format("part_label", String(partNumber))
            }
            let pages = part.chapters.compactMap { pageByID[$0.id] }
            guard !pages.isEmpty else { continue }
            let title = part.title.text(for: locale.locale, source: config.sourceLocale)
            let heading = [label, title.isEmpty ? nil : title].compactMap { $0 }.joined(separator: locale.strings["label_title_separator"])
            out += "## " + MarkdownText.escape(heading.isEmpty ? locale.strings["nav_contents"] : heading, lineStart: false) + "\n\n"
            for page in pages {
                let name = [page.numbering.label.head, page.title].compactMap { $0 }.joined(separator: " ")
                out += "- [\(MarkdownText.escape(name, lineStart: false))](\(prefix + twinPath(page.id)))"
                if let summary = page.summary, !summary.isEmpty { out += ": " + MarkdownText.escape(oneLine(summary), lineStart: false) }
                out += "\n"
            }
            out += "\n"
        }
        out += "## Optional\n\n"  // the format's own name for what a reader may skip
        out += "- [\(llmsFull)](\(prefix + llmsFull)): " + MarkdownText.escape(locale.strings["llms_full_text"], lineStart: false) + "\n"
        let links = locale.course.links
        let pages: [(Bool, String, String, String)] = [
            (links.gallery.contains(locale.locale), SitePaths.gallery, "gallery_title", "gallery_intro"),
            (links.apiIndex.contains(locale.locale), SitePaths.apiIndex, "api_index_title", "api_index_intro"),
            (links.subjectIndex.contains(locale.locale), SitePaths.subjectIndex, "subject_index_title", "subject_index_intro"),
            (links.errorIndex.contains(locale.locale), SitePaths.errorIndex, "errors_title", "errors_intro"),
        ]
        for (shown, path, title, intro) in pages where shown {
            out += "- [\(MarkdownText.escape(locale.strings[title], lineStart: false))](\(prefix + path)): "
            out += MarkdownText.escape(oneLine(locale.strings[intro]), lineStart: false) + "\n"
        }
        return out
    }

    /// The course's description on one line, if it has one: its first sentence when it is long.
    static func summary(_ locale: LocaleContext) -> String? {
        let text = oneLine(locale.course.config.description.text(for: locale.locale, source: locale.course.config.sourceLocale))
        guard !text.isEmpty else { return nil }
        return text.count > 200 ? firstSentence(text) : text
    }

    /// Up to the first full stop, exclamation or question mark that ends a sentence (Latin, or
    /// CJK full-width); a word of `abbreviations` (lower-cased, with its period: "e.g.") ends none.
    static func firstSentence(_ text: String, abbreviations: Set<String> = []) -> String {
        var previous: Character?
        for index in text.indices {
            let character = text[index]
            if "。！？".contains(character) { return String(text[...index]) }
            if character == " ", let previous, ".!?".contains(previous) {
                let word = text[..<index].split(separator: " ").last.map { $0.lowercased() } ?? ""
                if !abbreviations.contains(word) { return String(text[..<index]) }
            }
            previous = character
        }
        return text
    }

    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
    }
}

/// The twins of one render, by locale and page, kept for `llms-full.txt` (made after them).
final class TwinMemo: Sendable {
    private let twins = Mutex<[LocaleTag: [Int: String]]>([:])

    func store(_ twin: String, locale: LocaleTag, index: Int) { twins.withLock { $0[locale, default: [:]][index] = twin } }
    func twin(locale: LocaleTag, index: Int) -> String? { twins.withLock { $0[locale]?[index] } }
}
