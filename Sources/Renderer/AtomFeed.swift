import ContentCache
import CourseModel
import Foundation
import Markup

/// A locale's changes feed (Atom, RFC 4287): one entry per chapter with an `updated` date,
/// the most recently revised first, so a reader's feed reader shows what was added or revised.
/// A revised chapter keeps its entry's id and moves up with its new date.
extension SiteRenderer {
    /// The feed of `context`'s locale, or nil when no chapter of it has an `updated` date.
    func atomFeed(_ context: LocaleContext) -> String? {
        let dated = context.pages.enumerated().compactMap { index, page in page.updated.map { (index, page, $0) } }
        guard let newest = dated.map(\.2).max() else { return nil }
        let entries = dated.sorted { $0.2 != $1.2 ? $0.2 > $1.2 : $0.0 < $1.0 }
        let locale = context.locale, config = context.course.config, strings = context.strings
        let feedPath = SitePaths.page(SitePaths.feed, in: locale)
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        xml += "<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"\(escapeHTML(locale.rawValue))\">\n"
        xml += element("title", strings.format("feed_title", context.courseTitle))
        let description = config.description.text(for: locale, source: config.sourceLocale)
        if !description.isEmpty { xml += element("subtitle", description) }
        xml += element("id", Self.feedID(config, path: feedPath))
        xml += element("updated", Self.timestamp(newest))
        xml += "<link rel=\"self\" type=\"application/atom+xml\" href=\"\(escapeHTML(context.feedLink(SitePaths.feed)))\"/>\n"
        xml += "<link rel=\"alternate\" type=\"text/html\" href=\"\(escapeHTML(context.feedLink(SitePaths.home)))\"/>\n"
        // RFC 4287 §4.1.1: a feed names an author unless every entry does; without `authors`, the course speaks for itself.
        for name in config.authors.isEmpty ? [context.courseTitle] : config.authors {
            xml += "<author><name>\(escapeHTML(name))</name></author>\n"
        }
        xml += "<generator>Primer</generator>\n"
        let partTitles = context.partTitles
        for (_, page, date) in entries {
            let path = SitePaths.page(SitePaths.chapter(page.id), in: locale)
            xml += "<entry>\n"
            xml += element("title", strings.labeledTitle(page.numbering.label, page.title))
            xml += element("id", Self.feedID(config, path: path))
            xml += element("updated", Self.timestamp(date))
            xml += "<link rel=\"alternate\" type=\"text/html\" href=\"\(escapeHTML(context.feedLink(SitePaths.chapter(page.id))))\"/>\n"
            if let part = partTitles[page.id] { xml += "<category term=\"\(escapeHTML(part))\"/>\n" }
            if let summary = page.summary, !summary.isEmpty { xml += element("summary", summary) }
            xml += "</entry>\n"
        }
        return xml + "</feed>\n"
    }

    private func element(_ name: String, _ text: String) -> String { "<\(name)>\(escapeHTML(text))</\(name)>\n" }

    /// An entry's or the feed's permanent id: its address under `base_url`, else a name-based
    /// UUID of the course and the path (an Atom id must be an absolute IRI, and must not change
    /// when the chapter does).
    static func feedID(_ config: CourseConfig, path: String) -> String {
        if let base = config.baseURL { return base + path }
        let name = ["primer-feed", config.title.text(for: config.sourceLocale, source: config.sourceLocale), path].joined(separator: "\u{1F}")
        return "urn:uuid:" + NameBasedUUID.v5(namespace: NameBasedUUID.urlNamespace, name: name)
    }

    /// A chapter's `updated` day (YYYY-MM-DD) as an RFC 3339 time: its start, in UTC.
    static func timestamp(_ day: String) -> String { day + "T00:00:00Z" }
}

extension LocaleContext {
    /// Whether this locale has a changes feed (some chapter has an `updated` date).
    var hasFeed: Bool { pages.contains { $0.updated != nil } }

    /// A link in the feed to a file of this locale's folder: absolute under `base_url`, else
    /// relative to the feed, which sits in the same folder.
    func feedLink(_ file: String) -> String { course.config.baseURL.map { $0 + SitePaths.page(file, in: locale) } ?? file }

    /// Each chapter's part title in this locale, by chapter id (parts without a title are left out).
    var partTitles: [String: String] {
        var titles: [String: String] = [:]
        for part in course.config.parts {
            let title = part.title.text(for: locale, source: course.config.sourceLocale)
            guard !title.isEmpty else { continue }
            for entry in part.chapters { titles[entry.id] = title }
        }
        return titles
    }
}
