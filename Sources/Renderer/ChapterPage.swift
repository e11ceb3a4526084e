import CourseModel
import Foundation

/// `<locale>/<chapter>.html`.
extension SiteRenderer {
    /// `page` is `locale.pages[index]`, or that page with its document when the course holds
    /// only its header (a big course's chapter, linked as it is rendered).
    func renderChapter(_ locale: LocaleContext, index: Int, page given: ChapterPage? = nil) -> String {
        let page = given ?? locale.pages[index]
        let body = locale.renderBody(page)
        var chrome = locale.frame(page: SitePaths.chapter(page.id), title: page.title + " · " + locale.courseTitle)
        chrome.tocHTML = locale.tocHTML(chapter: page.id)
        if locale.linksTwins { chrome.markdownHref = Self.twinPath(page.id) }
        let description = PageDescription.of(summary: page.summary, document: page.document)
        chrome.meta = locale.meta(page: SitePaths.chapter(page.id), title: page.title, type: "article", description: description,
                                  card: page.id, jsonLD: locale.chapterJSONLD(index: index, page: page, description: description))
        let model = ChapterPageModel(
            frame: chrome,
            chapter: ChapterInfo(id: page.id, number: page.number, title: locale.shownTitle(page.title), summary: page.summary,
                                 label: locale.strings.chapterLabel(page.numbering.label), body: Self.bodyMarker,
                                 lang: page.contentLocale.rawValue, sourcePath: page.sourcePath),
            stale: page.staleness.wholeChapter ? Banner(message: locale.strings["stale_translation_banner"])
                : page.staleness.opening ? Banner(message: locale.strings["stale_opening_note"]) : nil,
            updated: page.updated.map { Updated(date: $0, text: locale.strings.format("updated_on", locale.formatDate($0))) },
            fallback: page.isFallback ? Banner(message: locale.strings.format("fallback_banner", locale.languageName(page.contentLocale)),
                                               lang: page.contentLocale.rawValue) : nil,
            outline: page.outline.map { OutlineItem(id: $0.id, number: $0.number, title: $0.title, nested: $0.depth > 1) },
            prev: index > 0 ? locale.link(locale.pages[index - 1]) : nil,
            next: index + 1 < locale.pages.count ? locale.link(locale.pages[index + 1]) : nil,
            up: SitePaths.home,
            editHref: editHref(page, config: locale.course.config),
            reportHref: locale.course.config.repository?.issueURL(title: page.title),
            readingTime: LocalizedNumber(value: page.readingMinutes, strings: locale.strings))
        // The body goes in after the templates ran: Mustache does not copy it, and the print
        // version finds it as a slice of this page (no second copy in memory).
        let frame = render(model, template: "chapter")
        guard let marker = Self.find(Self.bodyMarker, in: frame) else { return frame }  // a template without the body
        var html = String()
        html.reserveCapacity(frame.utf8.count + body.utf8.count)
        html += frame[..<marker.lowerBound]
        let start = html.utf8.count
        html += body
        html += frame[marker.upperBound...]
        let from = html.utf8.index(html.utf8.startIndex, offsetBy: start)
        let to = html.utf8.index(from, offsetBy: body.utf8.count)
        // Made ready for the print version now, on this thread, so that page only concatenates.
        var printable: [UInt8] = []
        Self.printable(html[from..<to], chapter: page.id, chapters: locale.chapterIDs, into: &printable)
        locale.bodies.store(printable, locale: locale.locale, index: index)
        return html
    }

    /// "Edit this page": `edit_url` with the file's path, else the file in the course's repository.
    private func editHref(_ page: ChapterPage, config: CourseConfig) -> String? {
        let path = "\(page.contentLocale.rawValue)/\(page.id).md"
        if let template = config.editURL { return template.replacingOccurrences(of: "{path}", with: path) }
        return config.repository?.editURL(path: path)
    }

    static let bodyMarker = "\u{1}primer-chapter-body\u{1}"

    /// Where `marker` (which starts with a control character) first occurs in `text`: a byte
    /// search, where Foundation's `range(of:)` would go through UTF-16.
    static func find(_ marker: String, in text: String) -> Range<String.Index>? {
        let needle = Array(marker.utf8)
        var bytes = text  // withUTF8 reads a native string's own bytes, without a copy
        let offset = bytes.withUTF8 { bytes -> Int? in
            guard let base = bytes.baseAddress, bytes.count >= needle.count else { return nil }
            var from = 0
            // memchr for the rare first byte, then the rest compared.
            while from + needle.count <= bytes.count, let hit = memchr(base + from, Int32(needle[0]), bytes.count - from) {
                let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                guard at + needle.count <= bytes.count else { return nil }
                if memcmp(base + at, needle, needle.count) == 0 { return at }
                from = at + 1
            }
            return nil
        }
        guard let offset else { return nil }
        let start = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
        return start..<text.utf8.index(start, offsetBy: needle.count)
    }
}
