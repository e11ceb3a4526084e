import CourseModel
import Foundation
import Markup

/// Values shared by every page of one locale.
struct LocaleContext: Sendable {
    let course: ResolvedCourse
    let locale: LocaleTag
    let strings: UIStrings
    let pages: [ChapterPage]
    let courseTitle: String
    /// Parts and chapters, for the table of contents and the home page.
    private(set) var toc: [TOCPart] = []
    /// The table of contents, rendered once per locale and expanded part (`toc.mustache`);
    /// pages only mark their own entry, so a 1,000-chapter course does not render it 1,000 times.
    private var renderedTOCs: [Int: RenderedTOC] = [:]
    private var partOfChapter: [String: Int] = [:]
    /// The ids of this locale's chapters (links between them stay within the print version).
    let chapterIDs: Set<String>
    /// Up to this many chapters every part is expanded; above it, only the reader's part.
    static let expandAllLimit = 50

    /// Chapter bodies, rendered once for the chapter page and the print version.
    let bodies: BodyMemo
    /// The pages' Markdown twins, rendered once for their files and `llms-full.txt`.
    let twins = TwinMemo()
    /// Whether the chapter pages have Markdown twins to link from their heads.
    var linksTwins = false

    /// `parts`: the parts whose expanded table of contents will be asked for (nil: every part).
    init(course: ResolvedCourse, locale: LocaleTag, library: TemplateLibrary?, bodies: BodyMemo = BodyMemo(), parts: Set<Int>? = nil) {
        self.bodies = bodies
        self.course = course
        self.locale = locale
        self.strings = course.strings[locale] ?? UIStrings(locale: locale, entries: [:])
        self.pages = course.pages[locale] ?? []
        self.chapterIDs = Set(pages.map(\.id))
        self.courseTitle = course.config.title.text(for: locale, source: course.config.sourceLocale)
        guard let library else { return }
        self.toc = makeTOC()
        let expandAll = pages.count <= Self.expandAllLimit
        for (index, part) in course.config.parts.enumerated() {
            for entry in part.chapters { partOfChapter[entry.id] = index }
        }
        // Key -1: nothing expanded (or everything, for small courses).
        let keys = expandAll ? [-1] : [-1] + course.config.parts.indices.filter { parts?.contains($0) ?? true }
        let base = base(root: "../")
        let toc = toc
        let rendered = parallelMap(keys) { key in
            let parts = toc.enumerated().map { index, part in
                var part = part
                part.expanded = expandAll || index == key
                return part
            }
            return RenderedTOC(html: library.render(TOCPage(frame: base, toc: parts), withTemplate: "toc") ?? "")
        }
        renderedTOCs = Dictionary(uniqueKeysWithValues: zip(keys, rendered))
    }

    /// The HTML of a chapter's text, with the labels in the language the text is written in.
    func renderBody(_ page: ChapterPage) -> String {
        HTMLRenderer.render(page.document, strings: course.strings[page.contentLocale] ?? strings,
                            rawHTML: course.config.rawHTML, memo: bodies.highlights)
    }

    /// The body as the print version has it (see `SiteRenderer.printable`): kept from its chapter
    /// page, or rendered now (a template without the body).
    func printableBody(_ index: Int) -> Chunk {
        if let kept = bodies.body(locale: locale, index: index) { return kept }
        var out: [UInt8] = []
        SiteRenderer.printable(renderBody(pages[index])[...], chapter: pages[index].id, chapters: chapterIDs, into: &out)
        return .bytes(out)
    }

    /// The table of contents for the home page.
    var tocHTML: String { renderedTOCs[-1]?.html ?? "" }

    /// The table of contents for a chapter page, its link marked as the current page.
    func tocHTML(chapter id: String) -> String {
        let key = pages.count <= Self.expandAllLimit ? -1 : partOfChapter[id] ?? -1
        return renderedTOCs[key]?.marking(SitePaths.chapter(id)) ?? ""
    }

    static let rightToLeft: Set<String> = ["ar", "he", "fa", "ur", "yi", "ps", "sd", "ug", "dv", "ckb"]

    /// What every page of this locale shows around its content, `root` leading back to the site's top.
    func base(root: String) -> Frame {
        Frame(lang: locale.rawValue, dir: Self.rightToLeft.contains(locale.language) ? "rtl" : "ltr", root: root,
              courseTitle: courseTitle, homeHref: root + SitePaths.page(SitePaths.home, in: locale),
              samplesHref: !course.links.gallery.contains(locale) || root.hasPrefix("http") || root.isEmpty ? nil : root + SitePaths.page(SitePaths.gallery, in: locale),
              indexHref: !course.links.apiIndex.contains(locale) || root.hasPrefix("http") || root.isEmpty ? nil : root + SitePaths.page(SitePaths.apiIndex, in: locale),
              subjectsHref: !course.links.subjectIndex.contains(locale) || root.hasPrefix("http") || root.isEmpty ? nil
                : root + SitePaths.page(SitePaths.subjectIndex, in: locale),
              errorsHref: !course.links.errorIndex.contains(locale) || root.hasPrefix("http") || root.isEmpty ? nil
                : root + SitePaths.page(SitePaths.errorIndex, in: locale),
              feedHref: hasFeed && !root.isEmpty ? root + SitePaths.page(SitePaths.feed, in: locale) : nil,
              words: strings.entries, search: course.config.search)
    }

    /// The frame of one page of this locale (`page` is its file name in the locale's folder).
    func frame(page: String, title: String) -> Frame {
        var frame = base(root: "../")
        frame.pageTitle = title
        frame.languages = languages(page: page)
        frame.alternates = alternates(page: page)
        frame.canonical = canonical(page: page)
        return frame
    }

    /// "2026-11-20" as the locale writes dates (ICU through Foundation): 20 November 2026, 20 ноября 2026 г.
    func formatDate(_ iso: String) -> String {
        let parts = iso.split(separator: "-").compactMap { Int($0) }
        var components = DateComponents()
        components.year = parts[0]; components.month = parts[1]; components.day = parts[2]
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let date = calendar.date(from: components) else { return iso }
        var style = Date.FormatStyle(date: .long, time: .omitted, locale: Locale(identifier: locale.rawValue), calendar: calendar)
        style.timeZone = TimeZone(identifier: "UTC")!
        return date.formatted(style)
    }

    /// A file's size as the locale writes it: "840 KB", "1.2 MB", "1,2 МБ".
    func formatSize(_ bytes: Int) -> String {
        let locale = Locale(identifier: self.locale.rawValue)
        if bytes < 1_000_000 {
            let kilobytes = max(1, (bytes + 999) / 1000)
            return strings.format("edition_size_kb", kilobytes.formatted(.number.locale(locale)))
        }
        let megabytes = (Double(bytes) / 1_000_000).formatted(.number.locale(locale).precision(.fractionLength(1)))
        return strings.format("edition_size_mb", megabytes)
    }

    /// The book editions of this locale, for the home page.
    var editions: [EditionLink] {
        (course.editions[locale] ?? []).map { file in
            switch file.format {
            case .epub: EditionLink(href: file.path, label: strings.format("edition_epub", formatSize(file.size)), type: "application/epub+zip")
            case .pdf: EditionLink(href: file.path, label: strings.format("edition_pdf", formatSize(file.size)), type: "application/pdf")
            }
        }
    }

    func languageName(_ tag: LocaleTag) -> String { course.strings[tag]?["language_name"] ?? tag.rawValue }

    /// A chapter's title as headings and links show it: in Chinese, Japanese and Korean a
    /// hyphenated Latin word (Objective-C) takes non-breaking hyphens, since those languages break
    /// lines anywhere and a narrow column would split it after its hyphen. (The page's text keeps
    /// plain hyphens in `nobreak` spans; a title is a template value, escaped, with no markup.)
    func shownTitle(_ title: String) -> String {
        guard ["zh", "ja", "ko"].contains(locale.language) else { return title }
        return byHyphenatedWords(title, plain: { $0 }) { $0.replacingOccurrences(of: "-", with: "\u{2011}") }
    }

    func link(_ page: ChapterPage) -> ChapterLink {
        ChapterLink(href: SitePaths.chapter(page.id), title: shownTitle(page.title), number: page.number, label: strings.chapterLabel(page.numbering.label))
    }

    private func makeTOC() -> [TOCPart] {
        var pageByID: [String: ChapterPage] = [:]
        for page in pages { pageByID[page.id] = page }
        // Only numbered parts are counted: a preface's part or the appendices have no "Part 2".
        var partNumber = 0
        let partLabels = course.config.parts.map { part -> String? in
            guard part.numbering == .numbered else { return nil }
            partNumber += 1
            return strings.format("part_label", String(partNumber))
        }
        return course.config.parts.enumerated().map { index, part in
            TOCPart(chapterCount: LocalizedNumber(value: part.chapters.count, strings: strings),
                    label: partLabels[index],
                    title: part.title.text(for: locale, source: course.config.sourceLocale),
                    firstHref: part.chapters.first.map { SitePaths.chapter($0.id) } ?? "",
                    chapters: part.chapters.compactMap { entry in
                        guard let page = pageByID[entry.id] else { return nil }
                        let samples = page.shownSampleCount
                        return TOCChapter(href: SitePaths.chapter(page.id), number: page.numbering.label.head, title: shownTitle(page.title),
                                          sampleCount: samples > 0 ? LocalizedNumber(value: samples, strings: strings) : nil,
                                          readingTime: LocalizedNumber(value: page.readingMinutes, strings: strings),
                                          summary: page.summary, fallback: page.isFallback)
                    },
                    planned: part.planned.map { $0.text(for: locale, source: course.config.sourceLocale) })
        }
    }

    /// The same page in every built locale, for the language switcher.
    func languages(page: String) -> [Language] {
        course.locales.map { tag in
            Language(lang: tag.rawValue, name: languageName(tag), href: SitePaths.sibling(page, in: tag), current: tag == locale)
        }
    }

    func absolute(_ path: String) -> String { (course.config.baseURL ?? "") + path }

    func alternates(page: String) -> [Alternate] {
        course.locales.map { tag in
            Alternate(lang: tag.rawValue, href: course.config.baseURL.map { $0 + SitePaths.page(page, in: tag) } ?? SitePaths.sibling(page, in: tag))
        }
    }

    func canonical(page: String) -> String? { course.config.baseURL.map { $0 + SitePaths.page(page, in: locale) } }
}
