import CourseModel

// What each template can read. Every model is a plain `Sendable` value; a template reads it
// through `TemplateParent` (`child(named:)`), so each model lists, in one switch, the names a
// template may use. `Scripts/template-fields.py` turns these switches into the README's list.
// A value that is absent reads as `false` inside a list (so a name is never looked up in an
// outer context by accident) and as nothing at the top of a page.

/// What the layout (`layout.mustache`) and every page template read.
/// template: layout
struct Frame: Sendable, Hashable, TemplateParent {
    var lang: String
    var dir: String
    /// The way back to the site's root from this page ("../", "", or the base URL).
    var root: String
    var courseTitle: String
    var homeHref: String
    var samplesHref: String?
    var indexHref: String?
    var subjectsHref: String?
    /// The locale's index of compiler errors, when it has one.
    var errorsHref: String?
    /// The locale's changes feed (Atom), when it has one.
    var feedHref: String?
    /// The site's words in the page's language: `{{t.key}}`.
    var words: [String: String]
    var search: Bool
    var pageTitle = ""
    var canonical: String?
    var alternates: [Alternate] = []
    var languages: [Language] = []
    /// The table of contents, already rendered (`toc.mustache`).
    var tocHTML: String?
    /// The page's own template's output, for the layout.
    var content: String?
    /// The 404 page of a course without `base_url`: the locale folders (space-separated), from
    /// which a script in the page's head finds the site's root in the address it is served at.
    var localeFolders: String?
    /// A chapter page's Markdown twin (`memory.md`), for `<link rel="alternate" type="text/markdown">`.
    var markdownHref: String?
    /// The page's description, Open Graph and Twitter tags and JSON-LD (none on the 404 page).
    var meta: PageMeta?

    func child(named name: String) -> Any? {
        switch name {
        case "lang": return lang
        case "dir": return dir
        case "root": return root
        case "course_title": return courseTitle
        case "home_href": return homeHref
        case "samples_href": return samplesHref ?? false
        case "index_href": return indexHref ?? false
        case "subjects_href": return subjectsHref ?? false
        case "errors_href": return errorsHref ?? false
        case "feed_href": return feedHref ?? false
        case "t": return words
        case "search": return search
        case "page_title": return pageTitle
        case "canonical": return canonical
        case "markdown_href": return markdownHref ?? false
        case "alternates": return alternates
        case "languages": return languages
        case "has_languages": return languages.count > 1
        case "toc_html": return tocHTML
        case "content": return content
        case "locale_folders": return localeFolders ?? false
        case "meta": return meta ?? false
        default: return nil
        }
    }
}

/// What a page says about itself to search engines, link previews and assistants: its
/// description, the Open Graph and Twitter tags, and its JSON-LD (the layout's `meta`).
struct PageMeta: Sendable, Hashable, TemplateParent {
    /// The page as a link preview names it (without the course's name, which is `siteName`).
    var title: String
    var description: String
    /// Open Graph's type: `website` (the home page and the course's other pages) or `article` (a chapter).
    var type: String
    var siteName: String
    /// Open Graph's form of the page's locale (`en_US`), and the other locales'.
    var locale: String
    var alternateLocales: [OpenGraphLocale]
    /// Absolute, so only with `base_url`: the canonical URL and the social card.
    var url: String?
    var image: String?
    var imageAlt: String?
    /// The JSON-LD, escaped for a `<script>` element (`JSONLD.text`).
    var jsonLD: String?

    func child(named name: String) -> Any? {
        switch name {
        case "title": return title
        case "description": return description
        case "type": return type
        case "site_name": return siteName
        case "locale": return locale
        case "alternate_locales": return alternateLocales
        case "url": return url ?? false
        case "image": return image ?? false
        case "image_alt": return imageAlt ?? ""
        case "twitter_card": return image == nil ? "summary" : "summary_large_image"
        case "json_ld": return jsonLD ?? false
        default: return nil
        }
    }
}

struct OpenGraphLocale: Sendable, Hashable, TemplateParent {
    var locale: String
    func child(named name: String) -> Any? { name == "locale" ? locale : nil }
}

struct Alternate: Sendable, Hashable, TemplateParent {
    var lang: String
    var href: String
    func child(named name: String) -> Any? {
        switch name {
        case "lang": return lang
        case "href": return href
        default: return nil
        }
    }
}

/// An entry of the language switcher.
struct Language: Sendable, Hashable, TemplateParent {
    var lang: String
    var name: String
    var href: String
    var current: Bool
    func child(named name: String) -> Any? {
        switch name {
        case "lang": return lang
        case "name": return self.name
        case "href": return href
        case "current": return current
        default: return nil
        }
    }
}

/// A link with its text: "Listing 2.3", "Section 2.1", a chapter's download.
struct LabeledLink: Sendable, Hashable, TemplateParent {
    var href: String
    var label: String
    func child(named name: String) -> Any? {
        switch name {
        case "href": return href
        case "label": return label
        default: return nil
        }
    }
}

/// The previous or next chapter.
struct ChapterLink: Sendable, TemplateParent {
    var href: String
    var title: String
    var number: Int
    /// "Chapter 3", "Appendix A"; nil for an unnumbered chapter.
    var label: String?
    func child(named name: String) -> Any? {
        switch name {
        case "href": return href
        case "title": return title
        case "number": return number
        case "label": return label
        default: return nil
        }
    }
}

/// A page the template reads through `frame` for everything it does not have itself.
protocol FramedPage: Sendable, TemplateParent {
    var frame: Frame { get set }
    func field(_ name: String) -> Any?
}

extension FramedPage {
    func child(named name: String) -> Any? { field(name) ?? frame.child(named: name) }
}

// MARK: Table of contents (toc.mustache, home.mustache, print.mustache)

struct TOCPart: Sendable, TemplateParent {
    var chapterCount: LocalizedNumber
    /// "Part 2"; nil for a part that is not numbered (a preface's, the appendices).
    var label: String?
    var title: String
    var firstHref: String
    var chapters: [TOCChapter]
    /// Titles of the chapters not written yet (`planned` in course.yml).
    var planned: [String] = []
    var expanded = false
    func child(named name: String) -> Any? {
        switch name {
        case "chapter_count": return chapterCount
        case "planned": return planned
        case "planned_count": return planned.isEmpty ? false : LocalizedNumber(value: planned.count, strings: chapterCount.strings)
        case "label": return label
        case "title": return title
        // A part with neither (a preface's) shows no heading, only its chapters.
        case "has_heading": return label != nil || !title.isEmpty
        case "first_href": return firstHref
        case "first_title": return chapters.first?.title ?? ""
        case "chapters": return chapters
        case "expanded": return expanded
        default: return nil
        }
    }
}

struct TOCChapter: Sendable, TemplateParent {
    var href: String
    /// "3", "A"; nil for an unnumbered chapter.
    var number: String?
    var title: String
    var sampleCount: LocalizedNumber?
    var readingTime: LocalizedNumber?
    var summary: String?
    var fallback: Bool
    /// The chapter's place in the print version.
    var anchor: String?
    func child(named name: String) -> Any? {
        switch name {
        case "href": return href
        case "number": return number
        case "title": return title
        case "sample_count": return sampleCount ?? false
        case "reading_time": return readingTime ?? false
        case "summary": return summary ?? false
        case "fallback": return fallback
        case "anchor": return anchor
        default: return nil
        }
    }
}

/// `toc.mustache`: rendered once per locale and expanded part.
/// template: toc
struct TOCPage: FramedPage {
    var frame: Frame
    var toc: [TOCPart]
    func field(_ name: String) -> Any? { name == "toc" ? toc : nil }
}

// MARK: Home (home.mustache)

/// template: home
struct HomePage: FramedPage {
    var frame: Frame
    var toc: [TOCPart]
    var next: ChapterLink?
    /// The course's book editions in this locale (none in a preview, or when switched off).
    var editions: [EditionLink]
    /// Who the course is for and what to know first (`description` in course.yml).
    var description: String?
    var license: LicenseLink?
    func field(_ name: String) -> Any? {
        switch name {
        case "is_home": return true
        case "description": return description ?? false
        case "license": return license ?? false
        case "toc": return toc
        case "next": return next
        case "editions": return editions
        case "has_editions": return !editions.isEmpty
        default: return nil
        }
    }
}

/// The course's licence: its name in the page's language and where its text is.
struct LicenseLink: Sendable, Hashable, TemplateParent {
    var name: String
    var href: String?
    func child(named name: String) -> Any? {
        switch name {
        case "name": return self.name
        case "href": return href ?? false
        default: return nil
        }
    }
}

/// A link to a book edition: its file, its words with the size ("EPUB e-book (1.2 MB)"), its MIME type.
struct EditionLink: Sendable, Hashable, TemplateParent {
    var href: String
    var label: String
    var type: String
    func child(named name: String) -> Any? {
        switch name {
        case "href": return href
        case "label": return label
        case "type": return type
        default: return nil
        }
    }
}

// MARK: Chapter (chapter.mustache)

struct ChapterInfo: Sendable, TemplateParent {
    var id: String
    var number: Int
    var title: String
    var summary: String?
    var label: String?
    var body: String
    var lang: String
    var sourcePath: String
    func child(named name: String) -> Any? {
        switch name {
        case "id": return id
        case "number": return number
        case "title": return title
        case "summary": return summary ?? false
        case "label": return label
        case "body": return body
        case "lang": return lang
        case "source_path": return sourcePath
        default: return nil
        }
    }
}

/// A banner: a translation that is stale, or missing (then `lang` is the text's language).
struct Banner: Sendable, TemplateParent {
    var message: String
    var lang: String?
    func child(named name: String) -> Any? {
        switch name {
        case "message": return message
        case "lang": return lang
        default: return nil
        }
    }
}

struct Updated: Sendable, TemplateParent {
    var date: String
    var text: String
    func child(named name: String) -> Any? {
        switch name {
        case "date": return date
        case "text": return text
        default: return nil
        }
    }
}

struct OutlineItem: Sendable, TemplateParent {
    var id: String
    var number: String?
    var title: String
    var nested: Bool
    func child(named name: String) -> Any? {
        switch name {
        case "id": return id
        case "number": return number ?? false
        case "title": return title
        case "nested": return nested
        default: return nil
        }
    }
}

/// template: chapter
struct ChapterPageModel: FramedPage {
    var frame: Frame
    var chapter: ChapterInfo
    var stale: Banner?
    var updated: Updated?
    var fallback: Banner?
    var outline: [OutlineItem]
    var prev: ChapterLink?
    var next: ChapterLink?
    var up: String
    var editHref: String?
    var reportHref: String?
    var readingTime: LocalizedNumber
    func field(_ name: String) -> Any? {
        switch name {
        case "chapter": return chapter
        case "stale": return stale
        case "updated": return updated
        case "fallback": return fallback
        case "outline": return outline
        case "has_outline": return !outline.isEmpty
        case "prev": return prev
        case "next": return next
        case "up": return ["href": up]
        case "edit_href": return editHref
        case "report_href": return reportHref
        case "reading_time": return readingTime
        default: return nil
        }
    }
}

// MARK: Print version (print.mustache)

struct PrintChapter: Sendable, TemplateParent {
    var anchor: String
    var lang: String
    var title: String
    var summary: String?
    var label: String?
    var body: String
    func child(named name: String) -> Any? {
        switch name {
        case "anchor": return anchor
        case "lang": return lang
        case "title": return title
        case "summary": return summary ?? false
        case "label": return label
        case "body": return body
        default: return nil
        }
    }
}

/// template: print
struct PrintPage: FramedPage {
    var frame: Frame
    var toc: [TOCPart]
    var chapters: [PrintChapter]
    func field(_ name: String) -> Any? {
        switch name {
        case "toc": return toc
        case "chapters": return chapters
        default: return nil
        }
    }
}
