import CourseModel

// The models of the site-level pages: the sample gallery, the API index, the site's root and 404
// (PageModels.swift has the layout's and the chapters').

// MARK: Sample gallery (gallery.mustache)

struct GallerySample: Sendable, Hashable, TemplateParent {
    var name: String
    var listingOnly: Bool
    var platform: String
    var places: [LabeledLink]
    var description: String?
    var output: String?
    /// The whole output: the gallery shows its start in a box that scrolls, and copies all of it.
    var fullOutput: String?
    var download: String?
    var downloadLabel: String?
    func child(named key: String) -> Any? {
        switch key {
        case "name": return name
        case "anchor": return SitePaths.galleryAnchor(name)
        case "listing_only": return listingOnly
        case "platform": return platform
        case "places": return places
        case "has_places": return !places.isEmpty
        case "description": return description ?? false
        case "output": return output ?? false
        case "full_output": return fullOutput ?? false
        case "filter_text": return ([name] + (description.map { [$0] } ?? [])).joined(separator: " ")
        case "download": return download
        case "download_label": return downloadLabel
        default: return nil
        }
    }
}

/// The samples one chapter shows first, under the chapter's number and title.
struct GalleryChapter: Sendable, Hashable, TemplateParent {
    var heading: String
    var anchor: String
    var href: String?
    var samples: [GallerySample]
    /// The zip of the chapter's runnable samples, when it has any.
    var download: LabeledLink?
    func child(named key: String) -> Any? {
        switch key {
        case "heading": return heading
        case "anchor": return anchor
        case "href": return href ?? false
        case "samples": return samples
        case "download": return download ?? false
        default: return nil
        }
    }
}

/// template: gallery
struct GalleryPage: FramedPage, Hashable {
    var frame: Frame
    var samples: [GallerySample]
    /// The same samples by the chapter that shows each first (samples no chapter shows last).
    var chapters: [GalleryChapter] = []
    var chapterDownloads: [LabeledLink]
    func field(_ name: String) -> Any? {
        switch name {
        case "samples": return samples
        case "chapters": return chapters
        case "sample_count": return samples.count
        case "chapter_downloads": return chapterDownloads
        case "has_chapter_downloads": return !chapterDownloads.isEmpty
        default: return nil
        }
    }
}

// MARK: API index (api-index.mustache)

struct IndexGroup: Sendable, Hashable, TemplateParent {
    var heading: String
    var anchor: String
    var entries: [IndexItem]
    func child(named name: String) -> Any? {
        switch name {
        case "heading": return heading
        case "anchor": return anchor
        case "entries": return entries
        default: return nil
        }
    }
}

struct IndexItem: Sendable, Hashable, TemplateParent {
    var name: String
    var docs: String?
    var places: [LabeledLink]
    func child(named key: String) -> Any? {
        switch key {
        case "name": return name
        case "docs": return docs ?? false
        case "places": return places
        default: return nil
        }
    }
}

/// template: api-index
struct APIIndexPage: FramedPage, Hashable {
    var frame: Frame
    var groups: [IndexGroup]
    func field(_ name: String) -> Any? {
        switch name {
        case "groups": return groups
        case "has_letters": return groups.count > 1
        default: return nil
        }
    }
}

/// template: subject-index
struct SubjectIndexPage: FramedPage, Hashable {
    var frame: Frame
    var groups: [IndexGroup]
    /// The API index beside it, when the locale has one.
    var apiIndexHref: String?
    func field(_ name: String) -> Any? {
        switch name {
        case "groups": return groups
        case "has_letters": return groups.count > 1
        case "api_index_href": return apiIndexHref ?? false
        default: return nil
        }
    }
}

// MARK: The index of compiler errors (errors.mustache)

/// template: errors
struct ErrorIndexPage: FramedPage, Hashable {
    var frame: Frame
    var groups: [ErrorIndexGroup]
    func field(_ name: String) -> Any? {
        switch name {
        case "groups": return groups
        case "group_count": return String(groups.count)
        default: return nil
        }
    }
}

/// One diagnostic: its pattern (the message with '…' for the names it quotes) and every place.
struct ErrorIndexGroup: Sendable, Hashable, TemplateParent {
    var pattern: String
    var anchor: String
    var occurrences: [ErrorIndexOccurrence]
    /// Everything the page's filter box matches the group by.
    var filterText: String
    func child(named key: String) -> Any? {
        switch key {
        case "pattern": return pattern
        case "anchor": return anchor
        case "occurrences": return occurrences
        case "filter_text": return filterText
        default: return nil
        }
    }
}

struct ErrorIndexOccurrence: Sendable, Hashable, TemplateParent {
    /// The error line as quoted, in English.
    var message: String
    var place: LabeledLink
    /// The section's explanation, in the page's language ("" when none).
    var explanation: String
    func child(named key: String) -> Any? {
        switch key {
        case "message": return message
        case "place": return place
        case "explanation": return explanation.isEmpty ? false : explanation
        default: return nil
        }
    }
}

// MARK: The site's root and 404 (index.mustache, 404.mustache)

struct RootEntry: Sendable, TemplateParent {
    var lang: String
    var href: String
    var name: String
    var title: String
    var open: String
    func child(named key: String) -> Any? {
        switch key {
        case "lang": return lang
        case "href": return href
        case "name": return name
        case "title": return title
        case "open": return open
        default: return nil
        }
    }
}

/// template: index
struct RootPage: FramedPage {
    var frame: Frame
    var entries: [RootEntry]
    func field(_ name: String) -> Any? { name == "entries" ? entries : nil }
}

struct NotFoundMessage: Sendable, TemplateParent {
    var lang: String
    var title: String
    var text: String
    var home: String
    var href: String
    func child(named key: String) -> Any? {
        switch key {
        case "lang": return lang
        case "title": return title
        case "text": return text
        case "home": return home
        case "href": return href
        default: return nil
        }
    }
}

/// template: 404
struct NotFoundPage: FramedPage {
    var frame: Frame
    var messages: [NotFoundMessage]
    func field(_ name: String) -> Any? { name == "messages" ? messages : nil }
}
