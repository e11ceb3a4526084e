import CourseModel
import Foundation
import Mustache
import Synchronization

/// The render stage: resolved course + templates + strings → the site's files.
/// Pages render in parallel; nothing here touches the disk.
public struct SiteRenderer: Sendable {
    public static let requiredTemplates = ["layout", "toc", "index", "home", "chapter", "404", "gallery", "api-index", "print"]
    /// Keys the code itself looks up (templates add theirs; see `templateKeys`).
    public static let codeKeys = [
        "language_name", "ref_chapter", "ref_section", "ref_listing", "ref_figure", "ref_table", "ref_exercise",
        "part_label", "chapter_label", "callout_note", "callout_tip", "callout_important", "callout_warning",
        "callout_caution", "exercise_solution", "heading_anchor", "footnote_back", "task_done", "task_open",
        "fallback_banner", "output_label", "output_exit_status", "output_signal", "output_timeout",
        "sample_run_yourself", "sample_listing_only", "stale_translation_banner", "updated_on",
        "sample_gallery_link", "sample_download", "gallery_runs_on_linux", "gallery_listing_only", "gallery_download_chapter",
        "index_other_heading", "zip_readme_run", "zip_readme_expected", "zip_readme_chapter",
    ]

    let library: MustacheLibrary
    let templates: [String: TemplateSource]

    /// Parses the templates; errors point into the template file.
    public init(templates: [String: TemplateSource]) throws(DiagnosticsError) {
        var library = MustacheLibrary()
        var diagnostics: [Diagnostic] = []
        for name in Self.requiredTemplates where templates[name] == nil {
            diagnostics.append(.error("template '\(name).mustache' is missing",
                                      suggestion: "Primer's Templates/ folder has one; copy it into the course's templates/"))
        }
        for (name, template) in templates.sorted(by: { $0.key < $1.key }) {
            do {
                _ = try MustacheTemplate(string: template.text)  // errors at the template's own lines
                try library.register(MustacheTemplate(string: PrimerHTML.pragma + template.text), named: name)
            } catch let error as MustacheTemplate.ParserError {
                diagnostics.append(.error("template syntax: \(error.error)",
                                          at: SourceLocation(path: template.path, line: error.context.lineNumber,
                                                             column: error.context.columnNumber + 1)))
            } catch {
                diagnostics.append(.error("template syntax: \(error)", at: SourceLocation(path: template.path)))
            }
        }
        if diagnostics.hasErrors { throw DiagnosticsError(diagnostics) }
        self.library = library
        self.templates = templates
    }

    /// swift-mustache's own transforms, which are not string keys.
    static let builtInTransforms: Set<String> = ["capitalized", "lowercased", "uppercased", "reversed", "count", "empty", "first",
                                                 "last", "even", "odd", "enumerated", "sorted", "minusone", "plusone", "equalzero"]

    /// Every `{{t.key}}` and counted `{{ key(number) }}` a template uses, with where it is used.
    public func templateKeys() -> [(key: String, location: SourceLocation)] {
        var result: [(String, SourceLocation)] = []
        for template in templates.values.sorted(by: { $0.path < $1.path }) {
            for (lineIndex, line) in template.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                var rest = line[...]
                while let range = rest.range(of: "t.") {
                    let before = rest[..<range.lowerBound].last
                    let key = rest[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                    if (before == "{" || before == " " || before == "#" || before == "^" || before == "/" || before == "&"), !key.isEmpty {
                        let column = line.distance(from: line.startIndex, to: range.lowerBound) + 1
                        result.append((String(key), SourceLocation(path: template.path, line: lineIndex + 1, column: column)))
                    }
                    rest = rest[range.upperBound...]
                }
                // {{ key(number) }}
                var scan = line[...]
                while let open = scan.range(of: "{{") {
                    let inside = scan[open.upperBound...].prefix { $0 != "}" }
                    let trimmed = inside.drop { $0 == " " || $0 == "{" || $0 == "&" }
                    if let paren = trimmed.firstIndex(of: "("), trimmed[..<paren].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                        let key = String(trimmed[..<paren])
                        if !key.isEmpty && !Self.builtInTransforms.contains(key) {
                            let column = line.distance(from: line.startIndex, to: trimmed.startIndex) + 1
                            result.append((key, SourceLocation(path: template.path, line: lineIndex + 1, column: column)))
                        }
                    }
                    scan = scan[open.upperBound...]
                }
            }
        }
        return result
    }

    /// All pages. `reuse` may hand back the HTML of a chapter page rendered before from the same
    /// inputs (the preview's incremental rebuilds); nil renders it. With `emit`, each file goes
    /// there as soon as it is made (from the rendering thread) and is not kept: the result is
    /// empty. Without it, the files come back.
    public func render(_ course: ResolvedCourse, assets: [AssetFile],
                       reuse: (@Sendable (_ path: String, _ page: ChapterPage) -> String?)? = nil,
                       emit: (@Sendable (SiteFile) -> Void)? = nil) -> [SiteFile] {
        var jobs: [@Sendable () -> SiteFile] = []
        var printJobs: [@Sendable () -> SiteFile] = []
        let bodies = BodyMemo()
        // Each locale's table of contents is rendered as its context is made: in parallel too.
        let contexts = parallelMap(course.locales) { [library] locale in
            LocaleContext(course: course, locale: locale, library: library, bodies: bodies)
        }
        for (locale, context) in zip(course.locales, contexts) {
            let pages = course.pages[locale] ?? []
            jobs.append { [self] in SiteFile(path: "\(locale.rawValue)/index.html", contents: .text(renderHome(context))) }
            if !course.samples.isEmpty {
                jobs.append { [self] in SiteFile(path: "\(locale.rawValue)/samples.html", contents: .text(renderGallery(context))) }
            }
            if !(course.apiIndex[locale] ?? []).isEmpty {
                jobs.append { [self] in SiteFile(path: "\(locale.rawValue)/api-index.html", contents: .text(renderAPIIndex(context))) }
            }
            if !pages.isEmpty {
                // After every chapter page, whose bodies it gathers.
                printJobs.append { [self] in SiteFile(path: "\(locale.rawValue)/print.html", contents: .chunks(renderPrint(context))) }
            }
            for index in pages.indices {
                jobs.append { [self] in
                    let path = "\(locale.rawValue)/\(pages[index].id).html"
                    return SiteFile(path: path, contents: .text(reuse?(path, pages[index]) ?? renderChapter(context, index: index)))
                }
            }
        }
        jobs.append { [self] in SiteFile(path: "index.html", contents: .text(renderRoot(course))) }
        jobs.append { [self] in SiteFile(path: "404.html", contents: .text(renderNotFound(course))) }
        if let base = course.config.baseURL {
            jobs += sitemaps(course, base: base).map { file in { file } }
        }
        // For any static host: crawlers find the sitemap; GitHub Pages serves the files as they are.
        let robots = "User-agent: *\nAllow: /\n" + (course.config.baseURL.map { "\nSitemap: \($0)sitemap.xml\n" } ?? "")
        jobs.append { SiteFile(path: "robots.txt", contents: .text(robots)) }
        jobs.append { SiteFile(path: ".nojekyll", contents: .text("")) }
        let assetFiles = assets.map { SiteFile(path: $0.sitePath, contents: .copy(from: $0.sourcePath)) }
        guard let emit else {
            return parallelMap(jobs) { $0() } + parallelMap(printJobs) { $0() } + assetFiles
        }
        _ = parallelMap(jobs) { emit($0()) }
        _ = parallelMap(printJobs) { emit($0()) }
        assetFiles.forEach(emit)
        return []
    }

    // MARK: Pages

    /// One sitemap per locale (with every translation as an hreflang alternate) and an index.
    func sitemaps(_ course: ResolvedCourse, base: String) -> [SiteFile] {
        var files: [SiteFile] = []
        var index = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for locale in course.locales {
            var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            xml += "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n"
            let pages = ["index.html"] + (course.pages[locale] ?? []).map { $0.id + ".html" }
            let updated = Dictionary((course.pages[locale] ?? []).map { ($0.id + ".html", $0.updated) }, uniquingKeysWith: { a, _ in a })
            for page in pages {
                xml += "<url>\n<loc>\(escapeHTML(base + locale.rawValue + "/" + page))</loc>\n"
                if let date = updated[page] ?? nil { xml += "<lastmod>\(date)</lastmod>\n" }
                for other in course.locales {
                    xml += "<xhtml:link rel=\"alternate\" hreflang=\"\(other.rawValue)\" href=\"\(escapeHTML(base + other.rawValue + "/" + page))\"/>\n"
                }
                xml += "</url>\n"
            }
            xml += "</urlset>\n"
            files.append(SiteFile(path: "sitemap-\(locale.rawValue).xml", contents: .text(xml)))
            index += "<sitemap><loc>\(escapeHTML(base))sitemap-\(locale.rawValue).xml</loc></sitemap>\n"
        }
        index += "</sitemapindex>\n"
        files.append(SiteFile(path: "sitemap.xml", contents: .text(index)))
        return files
    }

    /// The page's own template, then the layout around it (which can read the page's fields too).
    func render<Page: FramedPage>(_ page: Page, template: String) -> String {
        var framed = page
        framed.frame.content = library.render(page, withTemplate: template) ?? ""
        return library.render(framed, withTemplate: "layout") ?? ""
    }

    func renderHome(_ locale: LocaleContext) -> String {
        var frame = locale.frame(page: "index.html", title: locale.courseTitle)
        frame.tocHTML = locale.tocHTML
        let page = HomePage(frame: frame, toc: locale.toc, next: locale.pages.first.map(locale.link))
        return render(page, template: "home")
    }

    func renderChapter(_ locale: LocaleContext, index: Int) -> String {
        let page = locale.pages[index]
        let body = locale.renderBody(index)
        var chrome = locale.frame(page: page.id + ".html", title: page.title + " · " + locale.courseTitle)
        chrome.tocHTML = locale.tocHTML(chapter: page.id)
        let model = ChapterPageModel(
            frame: chrome,
            chapter: ChapterInfo(id: page.id, number: page.number, title: page.title, summary: page.summary,
                                 label: locale.strings.format("chapter_label", String(page.number)), body: Self.bodyMarker,
                                 lang: page.contentLocale.rawValue, sourcePath: page.sourcePath),
            stale: page.isStale ? Banner(message: locale.strings["stale_translation_banner"]) : nil,
            updated: page.updated.map { Updated(date: $0, text: locale.strings.format("updated_on", locale.formatDate($0))) },
            fallback: page.isFallback ? Banner(message: locale.strings.format("fallback_banner", locale.languageName(page.contentLocale)),
                                               lang: page.contentLocale.rawValue) : nil,
            outline: page.outline.map { OutlineItem(id: $0.id, number: $0.number, title: $0.title, nested: $0.depth > 1) },
            prev: index > 0 ? locale.link(locale.pages[index - 1]) : nil,
            next: index + 1 < locale.pages.count ? locale.link(locale.pages[index + 1]) : nil,
            up: "index.html",
            editHref: locale.course.config.editURL.map {
                $0.replacingOccurrences(of: "{path}", with: "\(page.contentLocale.rawValue)/\(page.id).md")
            })
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

    static let bodyMarker = "\u{1}primer-chapter-body\u{1}"

    /// Where `marker` (which starts with a control character) first occurs in `text`: a byte
    /// search, where Foundation's `range(of:)` would go through UTF-16.
    static func find(_ marker: String, in text: String) -> Range<String.Index>? {
        let needle = Array(marker.utf8)
        let utf8 = text.utf8
        var index = utf8.startIndex
        while let first = utf8[index...].firstIndex(of: needle[0]) {
            if utf8[first...].starts(with: needle) {
                return first..<utf8.index(first, offsetBy: needle.count)
            }
            index = utf8.index(after: first)
        }
        return nil
    }

    /// The whole course of one locale on one page, for printing or saving as PDF. Every id is
    /// prefixed with its chapter's id, and links between chapters become links within the page.
    /// Chunks of UTF-8: for a big course the page is megabytes, and its chapter bodies are already in memory.
    func renderPrint(_ locale: LocaleContext) -> [[UInt8]] {
        let toc = locale.toc.map { part in
            var part = part
            part.chapters = part.chapters.map { chapter in
                var chapter = chapter
                chapter.anchor = chapter.href.replacingOccurrences(of: ".html", with: "")
                return chapter
            }
            return part
        }
        // The templates get a marker per chapter; the bodies (megabytes for a big course, made
        // print-ready as their chapter pages were rendered) take the markers' places afterwards.
        let chapters = locale.pages.enumerated().map { index, page in
            PrintChapter(anchor: page.id, lang: page.contentLocale.rawValue, title: page.title, summary: page.summary,
                         label: locale.strings.format("chapter_label", String(page.number)), body: Self.printMarker(index))
        }
        let model = PrintPage(frame: locale.frame(page: "print.html", title: locale.strings.format("print_title", locale.courseTitle)),
                              toc: toc, chapters: chapters)
        let frame = Array(render(model, template: "print").utf8)
        // The page is the frame's runs between markers and the bodies: the bodies are not copied.
        var chunks: [[UInt8]] = []
        var runStart = 0, index = 0
        let start = Array(Self.printMarker(0).utf8.prefix(8))  // "\u{1}primer-"
        while index < frame.count {
            if frame[index] == 1, frame[index...].starts(with: start),
               let close = frame[(index + start.count)...].firstIndex(of: 1),
               let chapter = Int(String(decoding: frame[(index + start.count + 6)..<close], as: UTF8.self)),
               locale.pages.indices.contains(chapter) {
                chunks.append(Array(frame[runStart..<index]))
                chunks.append(locale.printableBody(chapter))  // rendered now only for pages the preview reused
                index = close + 1
                runStart = index
            } else {
                index += 1
            }
        }
        chunks.append(Array(frame[runStart...]))
        return chunks
    }

    /// "\u{1}primer-print-12\u{1}": where chapter 12's body goes in the print version.
    static func printMarker(_ index: Int) -> String { "\u{1}primer-print-\(index)\u{1}" }

    /// A chapter body made to live beside the others on one page: `id="x"` becomes
    /// `id="chapter--x"`, `#x` follows it, and `other.html#y` becomes `#other--y`.
    public static func printable(_ html: String, chapter: String, chapters: Set<String>) -> String {
        var out: [UInt8] = []
        printable(html[...], chapter: chapter, chapters: chapters, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func printable(_ html: Substring, chapter: String, chapters: Set<String>, into out: inout [UInt8]) {
        // One pass over the bytes, copying the runs between attribute values whole: the print
        // version holds the whole course (megabytes).
        let prefix = Array((chapter + "--").utf8)
        let quote = UInt8(ascii: "\""), equals = UInt8(ascii: "="), hash = UInt8(ascii: "#")
        var html = html
        html.withUTF8 { bytes in
            out.reserveCapacity(out.count + bytes.count + bytes.count / 16)
            var copied = 0  // bytes[..<copied] are in `out`
            var index = 1
            while index < bytes.count {
                guard bytes[index] == quote, bytes[index - 1] == equals else { index += 1; continue }
                let valueStart = index + 1
                var end = valueStart
                while end < bytes.count, bytes[end] != quote { end += 1 }
                var nameStart = index - 1
                while nameStart > 0, bytes[nameStart - 1] == UInt8(ascii: "-") || (bytes[nameStart - 1] | 0x20) >= UInt8(ascii: "a")
                        && (bytes[nameStart - 1] | 0x20) <= UInt8(ascii: "z") { nameStart -= 1 }
                let name = bytes[nameStart..<(index - 1)]
                let value = bytes[valueStart..<end]
                if name.elementsEqual("id".utf8) {
                    out += bytes[copied..<valueStart]; out += prefix; copied = valueStart
                } else if name.elementsEqual("href".utf8), let first = value.first {
                    if first == hash {
                        out += bytes[copied...valueStart]; out += prefix; copied = valueStart + 1
                    } else {
                        let file = value.prefix { $0 != hash }
                        if file.count > 5, file.suffix(5).elementsEqual(".html".utf8), !file.contains(UInt8(ascii: "/")),
                           chapters.contains(String(decoding: file.dropLast(5), as: UTF8.self)) {
                            out += bytes[copied..<valueStart]
                            out.append(hash); out += file.dropLast(5)
                            if file.count < value.count { out += "--".utf8; out += bytes[(file.endIndex + 1)..<end] }
                            copied = end
                        }
                    }
                }
                index = end + 1
            }
            out += bytes[copied...]
        }
    }

    /// "Listing 2.3", "Section 2.1" or "Chapter 2", linking to the place.
    func link(to place: SamplePlace, _ locale: LocaleContext) -> LabeledLink {
        let strings = locale.strings
        let label: String
        let anchor: String?
        if let number = place.listingNumber {
            label = strings.format("ref_listing", String(number.parts[0]), String(number.parts[1]))
            anchor = place.listingID
        } else if let section = place.section {
            label = strings.format("ref_section", section)
            anchor = place.sectionID
        } else if let title = place.sectionTitle {
            label = title
            anchor = place.sectionID
        } else {
            label = strings.format("ref_chapter", String(place.chapterNumber))
            anchor = nil
        }
        return LabeledLink(href: place.chapterID + ".html" + (anchor.map { "#" + $0 } ?? ""), label: label)
    }

    /// The frame of a locale page that is not a chapter (gallery, API index).
    func pageFrame(_ locale: LocaleContext, page: String, titleKey: String) -> Frame {
        var frame = locale.frame(page: page, title: locale.strings[titleKey] + " · " + locale.courseTitle)
        frame.tocHTML = locale.tocHTML
        return frame
    }

    func renderGallery(_ locale: LocaleContext) -> String {
        let course = locale.course
        let und = LocaleTag("und")!
        let samples = course.samples.map { sample -> GallerySample in
            // "Chapter 2. Memory and value semantics · Section 2.4.2 · Listing 2.4", each linked.
            let places = (sample.places[locale.locale] ?? []).flatMap { place -> [LabeledLink] in
                var links = [LabeledLink(href: place.chapterID + ".html",
                                         label: locale.strings.format("chapter_label", String(place.chapterNumber)) + ". " + place.chapterTitle)]
                if let sectionID = place.sectionID {
                    links.append(LabeledLink(href: place.chapterID + ".html#" + sectionID,
                                             label: place.section.map { locale.strings.format("ref_section", $0) } ?? place.sectionTitle ?? ""))
                }
                links.append(link(to: place, locale))
                return links
            }
            return GallerySample(
                name: sample.name, listingOnly: sample.listingOnly,
                platform: locale.strings[sample.listingOnly ? "gallery_listing_only" : "gallery_runs_on_linux"], places: places,
                description: sample.description[locale.locale] ?? sample.description[und]
                    ?? locale.locale.fallbackChain(source: course.config.sourceLocale).lazy.compactMap { sample.description[$0] }.first,
                output: sample.output[locale.locale] ?? sample.output[nil] ?? nil,
                download: sample.listingOnly ? nil : "downloads/\(sample.name).zip",
                downloadLabel: sample.listingOnly ? nil : locale.strings.format("sample_download", sample.name + ".zip"))
        }
        let chapters = locale.pages.filter { page in course.samples.contains { $0.places[locale.locale]?.contains { $0.chapterID == page.id } == true && !$0.listingOnly } }
        let downloads = chapters.map { page in
            LabeledLink(href: "downloads/chapter-\(page.id).zip", label: locale.strings.format("gallery_download_chapter", String(page.number)))
        }
        let model = GalleryPage(frame: pageFrame(locale, page: "samples.html", titleKey: "gallery_title"), samples: samples, chapterDownloads: downloads)
        return render(model, template: "gallery")
    }

    func renderAPIIndex(_ locale: LocaleContext) -> String {
        let course = locale.course
        // Latin names keep Latin order under A–Z; anything else follows the page's language
        // (ICU collation) under one last heading.
        let entries = course.apiIndex[locale.locale] ?? []
        var groups: [(heading: String, anchor: String, entries: [IndexEntry])] = []
        for entry in entries where entry.name.first.map({ $0.isASCII && $0.isLetter }) == true {
            let letter = String(entry.name.first!).uppercased()
            if groups.last?.heading == letter { groups[groups.count - 1].entries.append(entry) } else { groups.append((letter, letter, [entry])) }
        }
        let foundationLocale = Locale(identifier: locale.locale.rawValue)
        let others = entries.filter { $0.name.first.map({ $0.isASCII && $0.isLetter }) != true }
            .sorted { $0.name.compare($1.name, options: [.caseInsensitive], range: nil, locale: foundationLocale) == .orderedAscending }
        if !others.isEmpty { groups.append((locale.strings["index_other_heading"], "other", others)) }
        let docs = course.config.apiIndex.docsURL
        let model = APIIndexPage(frame: pageFrame(locale, page: "api-index.html", titleKey: "api_index_title"), groups: groups.map { group in
            IndexGroup(heading: group.heading, anchor: group.anchor, entries: group.entries.map { entry in
                IndexItem(name: entry.name, docs: docs.map { $0.contains("%@") ? $0.replacingOccurrences(of: "%@", with: entry.name) : $0 + entry.name },
                          places: entry.places.map { link(to: $0, locale) })
            })
        })
        return render(model, template: "api-index")
    }

    func renderRoot(_ course: ResolvedCourse) -> String {
        let source = course.locales.contains(course.config.sourceLocale) ? course.config.sourceLocale : course.locales[0]
        let locale = LocaleContext(course: course, locale: source, library: nil)
        var frame = locale.base(root: "")
        frame.pageTitle = locale.courseTitle
        frame.alternates = course.locales.map { Alternate(lang: $0.rawValue, href: locale.absolute("\($0.rawValue)/index.html")) }
        frame.canonical = course.config.baseURL
        let entries = course.locales.map { tag in
            let strings = course.strings[tag]!
            return RootEntry(lang: tag.rawValue, href: "\(tag.rawValue)/index.html", name: strings["language_name"],
                             title: course.config.title.text(for: tag, source: course.config.sourceLocale), open: strings["open_course"])
        }
        return render(RootPage(frame: frame, entries: entries), template: "index")
    }

    func renderNotFound(_ course: ResolvedCourse) -> String {
        let source = course.locales.contains(course.config.sourceLocale) ? course.config.sourceLocale : course.locales[0]
        let locale = LocaleContext(course: course, locale: source, library: nil)
        // Served for any missing path, so links are absolute when the base URL is known.
        var frame = locale.base(root: course.config.baseURL ?? "")
        frame.pageTitle = locale.strings["not_found_title"]
        let messages = course.locales.map { tag in
            let strings = course.strings[tag]!
            return NotFoundMessage(lang: tag.rawValue, title: strings["not_found_title"], text: strings["not_found_text"],
                                   home: strings["nav_home"], href: (course.config.baseURL ?? "") + "\(tag.rawValue)/index.html")
        }
        return render(NotFoundPage(frame: frame, messages: messages), template: "404")
    }
}

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

    init(course: ResolvedCourse, locale: LocaleTag, library: MustacheLibrary?, bodies: BodyMemo = BodyMemo()) {
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
        let keys = expandAll ? [-1] : [-1] + Array(course.config.parts.indices)
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
    func renderBody(_ index: Int) -> String {
        let page = pages[index]
        return HTMLRenderer.render(page.document, strings: course.strings[page.contentLocale] ?? strings,
                                   rawHTML: course.config.rawHTML, memo: bodies.highlights)
    }

    /// The body as the print version has it (see `SiteRenderer.printable`): kept from its chapter
    /// page, or rendered now (a page the preview reused).
    func printableBody(_ index: Int) -> [UInt8] {
        if let kept = bodies.body(locale: locale, index: index) { return kept }
        var out: [UInt8] = []
        SiteRenderer.printable(renderBody(index)[...], chapter: pages[index].id, chapters: chapterIDs, into: &out)
        return out
    }

    /// The table of contents for the home page.
    var tocHTML: String { renderedTOCs[-1]?.html ?? "" }

    /// The table of contents for a chapter page, its link marked as the current page.
    func tocHTML(chapter id: String) -> String {
        let key = pages.count <= Self.expandAllLimit ? -1 : partOfChapter[id] ?? -1
        return renderedTOCs[key]?.marking(id + ".html") ?? ""
    }

    static let rightToLeft: Set<String> = ["ar", "he", "fa", "ur", "yi", "ps", "sd", "ug", "dv", "ckb"]

    /// What every page of this locale shows around its content, `root` leading back to the site's top.
    func base(root: String) -> Frame {
        Frame(lang: locale.rawValue, dir: Self.rightToLeft.contains(locale.language) ? "rtl" : "ltr", root: root,
              courseTitle: courseTitle, homeHref: root + locale.rawValue + "/index.html",
              samplesHref: course.samples.isEmpty || root.hasPrefix("http") || root.isEmpty ? nil : root + locale.rawValue + "/samples.html",
              indexHref: (course.apiIndex[locale] ?? []).isEmpty || root.hasPrefix("http") || root.isEmpty ? nil : root + locale.rawValue + "/api-index.html",
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

    func languageName(_ tag: LocaleTag) -> String { course.strings[tag]?["language_name"] ?? tag.rawValue }

    func link(_ page: ChapterPage) -> ChapterLink {
        ChapterLink(href: page.id + ".html", title: page.title, number: page.number, label: strings.format("chapter_label", String(page.number)))
    }

    private func makeTOC() -> [TOCPart] {
        var pageByID: [String: ChapterPage] = [:]
        for page in pages { pageByID[page.id] = page }
        return course.config.parts.enumerated().map { index, part in
            TOCPart(chapterCount: LocalizedNumber(value: part.chapters.count, strings: strings),
                    label: strings.format("part_label", String(index + 1)),
                    title: part.title.text(for: locale, source: course.config.sourceLocale),
                    firstHref: part.chapters.first.map { $0.id + ".html" } ?? "",
                    chapters: part.chapters.compactMap { entry in
                        guard let page = pageByID[entry.id] else { return nil }
                        let samples = page.document.blocks.filter { if case .output(let o) = $0 { return o.command != nil } else { return false } }.count
                        return TOCChapter(href: page.id + ".html", number: page.number, title: page.title,
                                          sampleCount: samples > 0 ? LocalizedNumber(value: samples, strings: strings) : nil,
                                          summary: page.summary, fallback: page.isFallback)
                    })
        }
    }

    /// The same page in every built locale, for the language switcher.
    func languages(page: String) -> [Language] {
        course.locales.map { tag in
            Language(lang: tag.rawValue, name: languageName(tag), href: "../\(tag.rawValue)/\(page)", current: tag == locale)
        }
    }

    func absolute(_ path: String) -> String { (course.config.baseURL ?? "") + path }

    func alternates(page: String) -> [Alternate] {
        course.locales.map { tag in
            Alternate(lang: tag.rawValue, href: course.config.baseURL.map { $0 + "\(tag.rawValue)/\(page)" } ?? "../\(tag.rawValue)/\(page)")
        }
    }

    func canonical(page: String) -> String? { course.config.baseURL.map { $0 + "\(locale.rawValue)/\(page)" } }
}


/// swift-mustache's HTML escaping, done on UTF-8 bytes. Its own goes character by character
/// through a dictionary (Unicode-normalized hashing for every character of every value) and
/// was a sixth of the templates' time. Same characters escaped, same entities.
struct PrimerHTML: MustacheContentType {
    func escapeText(_ text: String) -> String { escapeHTML(text, apostrophes: true) }

    /// Put before every template: a standalone line, so it leaves no trace in the output.
    static let pragma: String = {
        MustacheContentTypes.register(PrimerHTML(), named: "PRIMER_HTML")
        return "{{% CONTENT_TYPE: PRIMER_HTML }}\n"
    }()
}

/// A number a template can print (`{{chapter_count}}`, the locale's digits) or pass to a
/// counted string (`{{ part_chapter_count(chapter_count) }}`: the catalog entry in the plural
/// form the number needs).
struct LocalizedNumber: MustacheTransformable, CustomStringConvertible, Sendable {
    let value: Int
    let strings: UIStrings
    var description: String { strings.number(value) }
    func transform(_ name: String) -> Any? { strings.format(name, count: value) }
}

/// A rendered table of contents and where each link's `href="…"` ends in it.
struct RenderedTOC: Sendable {
    let html: String
    private var marks: [String: Int] = [:]

    init(html: String) {
        self.html = html
        // One pass over the UTF-8: remember where each `href="…"` closes (the first one wins).
        let bytes = Array(html.utf8)
        let prefix = Array("href=\"".utf8)
        var index = 0
        while index + prefix.count < bytes.count {
            if bytes[index] == prefix[0], bytes[index..<(index + prefix.count)].elementsEqual(prefix) {
                let start = index + prefix.count
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += 1 }
                let href = String(decoding: bytes[start..<end], as: UTF8.self)
                if marks[href] == nil { marks[href] = end + 1 }
                index = end
            }
            index += 1
        }
    }

    /// The HTML with `aria-current="page"` on the link to `href`.
    func marking(_ href: String) -> String {
        guard let offset = marks[escapeHTML(href)] else { return html }
        let split = html.utf8.index(html.utf8.startIndex, offsetBy: offset)
        return String(html[..<split]) + " aria-current=\"page\"" + String(html[split...])
    }
}

/// What the pages of one render share: chapter bodies by locale and index, ready for the print
/// version (the chapter pages themselves can be written and freed), and highlighted code.
final class BodyMemo: Sendable {
    private let table = Mutex<[String: [UInt8]]>([:])
    let highlights = HighlightMemo()

    func store(_ body: [UInt8], locale: LocaleTag, index: Int) { table.withLock { $0["\(locale.rawValue)/\(index)"] = body } }
    func body(locale: LocaleTag, index: Int) -> [UInt8]? { table.withLock { $0["\(locale.rawValue)/\(index)"] } }
}
