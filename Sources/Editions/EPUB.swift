import Blocks
import CourseModel
import ContentCache
import Foundation

/// The EPUB 3 edition of a course in one locale: one XHTML document per chapter (solutions at
/// the end of each, footnotes as EPUB notes), the documents the kinds of block gather at the
/// book's end (the questions' answers, `EPUBBookEnd`), a cover, the navigation document, the images the
/// chapters show, one style sheet, zipped the way EPUB readers expect. The same input gives the
/// same bytes.
public enum EPUBWriter {
    public static func epub(_ input: EditionInput) -> (bytes: [UInt8], diagnostics: [Diagnostic]) {
        let book = Book(input)
        return (EPUBZip.archive(book.files), book.diagnostics)
    }
}

/// The book's files, in the order they go into the zip (after `mimetype`), paths from the zip's root.
struct Book {
    var files: [(path: String, bytes: [UInt8])] = []
    var diagnostics: [Diagnostic] = []

    init(_ input: EditionInput) {
        let pages = input.pages
        let strings = input.strings
        let locale = input.locale
        let title = input.title
        var chapterFiles: [String: String] = [:]
        for page in pages { chapterFiles[page.id] = EPUBPaths.chapterFile(page.id) }
        let fileNames = chapterFiles
        let documents = parallelMap(pages) { page in EPUBChapterRenderer.render(page, input: input, chapterFiles: fileNames) }

        var resources: [String: EPUBResource] = [:]
        for document in documents {
            diagnostics += document.diagnostics
            for resource in document.resources { resources[resource.path] = resource }
        }

        // The manifest: the book's own files, the chapters in reading order, then the images.
        var manifest: [(id: String, path: String, type: String, properties: String?)] = [
            ("nav", EPUBPaths.nav, "application/xhtml+xml", "nav"),
            ("cover", EPUBPaths.cover, "application/xhtml+xml", nil),
            ("cover-image", EPUBPaths.coverImage, "image/svg+xml", "cover-image"),
            ("style", EPUBPaths.style, "text/css", nil),
        ]
        for (index, page) in pages.enumerated() {
            manifest.append(("chapter-\(index + 1)", EPUBPaths.chapter(page.id), "application/xhtml+xml", documents[index].hasSVG ? "svg" : nil))
        }
        for (index, path) in resources.keys.sorted().enumerated() {
            manifest.append(("media-\(index + 1)", path, resources[path]!.mediaType, nil))
        }
        let index = Self.subjectIndex(input)
        var xhtml: [String: String] = [:]
        for (page, document) in zip(pages, documents) { xhtml[page.id] = document.xhtml }
        // What the kinds gathered at the book's end (the answers), after the chapters, before the index.
        let bookEnd = EPUBBookEndDocument.documents(input, entries: documents.map(\.bookEnd), documents: &xhtml)
        for (offset, document) in bookEnd.enumerated() {
            manifest.insert((document.manifestID, document.path, "application/xhtml+xml", nil), at: 4 + pages.count + offset)
        }
        let pageList = input.pageMap.map { EPUBPageList(map: $0, pages: pages, documents: xhtml) }.flatMap { $0.isEmpty ? nil : $0 }
        let accessibility = EPUBAccessibility(pages: pages, resources: Array(resources.values), hasIndex: index != nil, hasPageList: pageList != nil)
        if index != nil { manifest.insert(("subject-index", Self.indexPath, "application/xhtml+xml", nil), at: 4) }
        let spine = ["cover", "nav"] + pages.indices.map { "chapter-\($0 + 1)" } + bookEnd.map(\.manifestID) + (index == nil ? [] : ["subject-index"])

        let lang = XML.escape(locale.rawValue)
        var package = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        package += "<package xmlns=\"http://www.idpf.org/2007/opf\" version=\"3.0\" unique-identifier=\"book-id\" xml:lang=\"\(lang)\">\n"
        package += "<metadata xmlns:dc=\"http://purl.org/dc/elements/1.1/\">\n"
        package += "<dc:identifier id=\"book-id\">urn:uuid:\(Self.identifier(input))</dc:identifier>\n"
        package += "<dc:title>\(XML.escape(title))</dc:title>\n"
        package += "<dc:language>\(lang)</dc:language>\n"
        package += "<dc:date>\(XML.escape(input.date))</dc:date>\n"
        package += "<meta property=\"dcterms:modified\">\(XML.escape(input.date))T00:00:00Z</meta>\n"
        package += "<meta name=\"cover\" content=\"cover-image\"/>\n"
        package += accessibility.metadata(strings, pageSource: input.pageSource)
        package += "</metadata>\n<manifest>\n"
        for item in manifest {
            package += "<item id=\"\(item.id)\" href=\"\(XML.escapeURL(item.path))\" media-type=\"\(item.type)\""
            if let properties = item.properties { package += " properties=\"\(properties)\"" }
            package += "/>\n"
        }
        package += "</manifest>\n<spine>\n"
        for id in spine { package += "<itemref idref=\"\(id)\"/>\n" }
        package += "</spine>\n</package>\n"

        let container = """
            <?xml version="1.0" encoding="UTF-8"?>
            <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
            <rootfiles>
            <rootfile full-path="\(EPUBPaths.folder)/\(EPUBPaths.package)" media-type="application/oebps-package+xml"/>
            </rootfiles>
            </container>

            """

        var files: [(path: String, bytes: [UInt8])] = []
        func add(_ path: String, _ text: String) { files.append((path, Array(XML.clean(text).utf8))) }
        add("META-INF/container.xml", container)
        add("\(EPUBPaths.folder)/\(EPUBPaths.package)", package)
        add("\(EPUBPaths.folder)/\(EPUBPaths.nav)", Self.navigation(input, endSections: documents.map(\.endSections), bookEnd: bookEnd.map { ($0.path, $0.title) }, pageList: pageList))
        add("\(EPUBPaths.folder)/\(EPUBPaths.cover)", Self.coverPage(title: title, strings: strings, locale: locale))
        add("\(EPUBPaths.folder)/\(EPUBPaths.coverImage)", EPUBStyle.coverImage(title: title, locale: locale))
        add("\(EPUBPaths.folder)/\(EPUBPaths.style)", EPUBStyle.css)
        if let index { add("\(EPUBPaths.folder)/\(Self.indexPath)", index) }
        for page in pages {
            let chapter = xhtml[page.id] ?? ""
            let document = pageList?.marking(chapter, chapter: page.id) ?? chapter
            files.append(("\(EPUBPaths.folder)/\(EPUBPaths.chapter(page.id))", Array(document.utf8)))
        }
        for document in bookEnd { files.append(("\(EPUBPaths.folder)/\(document.path)", Array(document.xhtml.utf8))) }
        for path in resources.keys.sorted() { files.append(("\(EPUBPaths.folder)/\(path)", resources[path]!.bytes)) }
        self.files = files
    }

    /// The book's `urn:uuid:`: a name-based (version 5) UUID of the course's title, its base URL
    /// and the locale, so every edition of one course in one language keeps its identifier.
    static func identifier(_ input: EditionInput) -> String {
        let name = ["primer-epub", input.course.config.title.text(for: input.course.config.sourceLocale, source: input.course.config.sourceLocale),
                    input.course.config.baseURL ?? "", input.locale.rawValue].joined(separator: "\u{1F}")
        return NameBasedUUID.v5(namespace: NameBasedUUID.urlNamespace, name: name)
    }

    /// The start of an XHTML document of the book (in its folder), in `lang`.
    static func head(title: String, lang: String, css: String) -> String {
        let lang = XML.escape(lang)
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE html>\n"
            + "<html xmlns=\"http://www.w3.org/1999/xhtml\" xmlns:epub=\"http://www.idpf.org/2007/ops\" xml:lang=\"\(lang)\" lang=\"\(lang)\">\n"
            + "<head>\n<meta charset=\"UTF-8\"/>\n<title>\(XML.escape(title))</title>\n"
            + "<link rel=\"stylesheet\" type=\"text/css\" href=\"\(css)\"/>\n</head>\n"
    }

    static func coverPage(title: String, strings: UIStrings, locale: LocaleTag) -> String {
        var out = head(title: title, lang: locale.rawValue, css: EPUBPaths.style)
        out += "<body>\n<section class=\"cover\" epub:type=\"cover titlepage\">\n"
        out += "<p class=\"cover-image\"><img src=\"\(EPUBPaths.coverImage)\" alt=\"\(XML.escape(title))\"/></p>\n"
        out += "<h1 class=\"book-title\">\(XML.escape(title))</h1>\n"
        out += "<p class=\"colophon\" epub:type=\"colophon\">\(XML.escape(strings["edition_colophon"]))</p>\n"
        out += "</section>\n</body>\n</html>\n"
        return out
    }

    /// `nav.xhtml`: the table of contents (parts when there are several, chapters, their
    /// sections and the sections the kinds of block wrote at their end, then the documents
    /// they gathered at the book's end, `bookEnd`), the landmarks and, with the PDF made, the page list.
    static func navigation(_ input: EditionInput, endSections: [[BookSection]], bookEnd: [(path: String, title: String)] = [],
                           pageList: EPUBPageList? = nil) -> String {
        let strings = input.strings
        let config = input.course.config
        let pages = input.pages
        var out = head(title: strings["nav_contents"], lang: input.locale.rawValue, css: EPUBPaths.style)
        out += "<body>\n<nav epub:type=\"toc\" id=\"toc\">\n<h1>\(XML.escape(strings["nav_contents"]))</h1>\n"

        func text(_ text: String, in page: ChapterPage) -> String {
            guard page.isFallback else { return XML.escape(text) }
            let lang = XML.escape(page.contentLocale.rawValue)
            return "<span xml:lang=\"\(lang)\" lang=\"\(lang)\">\(XML.escape(text))</span>"
        }
        func sections(_ entries: ArraySlice<OutlineEntry>, page: ChapterPage) -> String {
            var out = "<ol>\n"
            var index = entries.startIndex
            while index < entries.endIndex {
                let entry = entries[index]
                var end = index + 1
                while end < entries.endIndex, entries[end].depth > entry.depth { end += 1 }
                let number = entry.number.map { XML.escape($0) + " " } ?? ""
                out += "<li><a href=\"\(XML.escapeURL(EPUBPaths.chapter(page.id)))#\(XML.escapeURL(entry.id))\">\(number)\(text(entry.title, in: page))</a>"
                if end > index + 1 { out += "\n" + sections(entries[(index + 1)..<end], page: page) }
                out += "</li>\n"
                index = end
            }
            return out + "</ol>\n"
        }
        func chapter(_ index: Int) -> String {
            let page = pages[index]
            var entries = page.outline
            for section in endSections[index] {
                entries.append(OutlineEntry(depth: entries.map(\.depth).min() ?? 2, number: nil, title: section.title, id: section.id))
            }
            let label = strings.chapterLabel(page.numbering.label).map { XML.escape($0 + strings["label_title_separator"]) } ?? ""
            var out = "<li><a href=\"\(XML.escapeURL(EPUBPaths.chapter(page.id)))\">\(label)\(text(page.title, in: page))</a>"
            if !entries.isEmpty { out += "\n" + sections(entries[...], page: page) }
            return out + "</li>\n"
        }

        out += "<ol>\n"
        let parts = config.parts.filter { part in part.chapters.contains { entry in pages.contains { $0.id == entry.id } } }
        if parts.count > 1 {
            var placed = Set<String>()
            var partNumber = 0
            for part in parts {
                var label = ""
                if part.numbering == .numbered {
                    partNumber += 1
                    label = XML.escape(strings.format("part_label", String(partNumber)) + strings["label_title_separator"])
                }
                let partTitle = XML.escape(part.title.text(for: input.locale, source: config.sourceLocale))
                let indices = part.chapters.compactMap { entry in pages.firstIndex { $0.id == entry.id } }.filter { placed.insert(pages[$0].id).inserted }
                guard !indices.isEmpty else { continue }
                guard !label.isEmpty || !partTitle.isEmpty else {
                    for index in indices { out += chapter(index) }  // a part without a title (a preface's) is no level of its own
                    continue
                }
                out += "<li><span>\(label)\(partTitle)</span>\n<ol>\n"
                for index in indices { out += chapter(index) }
                out += "</ol>\n</li>\n"
            }
        } else {
            for index in pages.indices { out += chapter(index) }
        }
        for document in bookEnd { out += "<li><a href=\"\(XML.escapeURL(document.path))\">\(XML.escape(document.title))</a></li>\n" }
        if input.course.subjectIndex[input.locale]?.isEmpty == false {
            out += "<li><a href=\"\(Self.indexPath)\">\(XML.escape(strings["subject_index_title"]))</a></li>\n"
        }
        out += "</ol>\n</nav>\n"

        out += "<nav epub:type=\"landmarks\" id=\"landmarks\" hidden=\"hidden\">\n<ol>\n"
        out += "<li><a epub:type=\"cover\" href=\"\(EPUBPaths.cover)\">\(XML.escape(strings["edition_cover"]))</a></li>\n"
        out += "<li><a epub:type=\"toc\" href=\"\(EPUBPaths.nav)#toc\">\(XML.escape(strings["nav_contents"]))</a></li>\n"
        if let first = pages.first {
            out += "<li><a epub:type=\"bodymatter\" href=\"\(XML.escapeURL(EPUBPaths.chapter(first.id)))\">\(XML.escape(strings["edition_start"]))</a></li>\n"
        }
        if let first = bookEnd.first {
            out += "<li><a epub:type=\"backmatter\" href=\"\(XML.escapeURL(first.path))\">\(XML.escape(first.title))</a></li>\n"
        }
        if input.course.subjectIndex[input.locale]?.isEmpty == false {
            out += "<li><a epub:type=\"index\" href=\"\(Self.indexPath)\">\(XML.escape(strings["subject_index_title"]))</a></li>\n"
        }
        out += "</ol>\n</nav>\n"
        out += pageList?.navigation() ?? ""
        out += "</body>\n</html>\n"
        return out
    }
}
