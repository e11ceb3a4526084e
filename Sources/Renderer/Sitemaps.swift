import CourseModel
import Foundation
import Markup

/// Files for crawlers: one sitemap per locale and an index (with a base URL).
extension SiteRenderer {
    /// One sitemap per locale (with every translation as an hreflang alternate) and an index: the
    /// home page, the chapters and the index of compiler errors.
    func sitemaps(_ course: ResolvedCourse, base: String) -> [SiteFile] {
        var files: [SiteFile] = []
        var index = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for locale in course.locales {
            var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            xml += "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n"
            let errors = course.links.errorIndex.contains(locale) ? [SitePaths.errorIndex] : []
            let pages = [SitePaths.home] + (course.pages[locale] ?? []).map { SitePaths.chapter($0.id) } + errors
            let updated = Dictionary((course.pages[locale] ?? []).map { (SitePaths.chapter($0.id), $0.updated) }, uniquingKeysWith: { a, _ in a })
            for page in pages {
                xml += "<url>\n<loc>\(escapeHTML(base + locale.rawValue + "/" + page))</loc>\n"
                if let date = updated[page] ?? nil { xml += "<lastmod>\(date)</lastmod>\n" }
                // The index of compiler errors is only where a locale quotes one.
                for other in course.locales where page != SitePaths.errorIndex || course.links.errorIndex.contains(other) {
                    xml += "<xhtml:link rel=\"alternate\" hreflang=\"\(other.rawValue)\" href=\"\(escapeHTML(base + other.rawValue + "/" + page))\"/>\n"
                }
                xml += "</url>\n"
            }
            xml += "</urlset>\n"
            files.append(SiteFile(path: SitePaths.sitemap(locale), contents: .text(xml)))
            index += "<sitemap><loc>\(escapeHTML(base + SitePaths.sitemap(locale)))</loc></sitemap>\n"
        }
        index += "</sitemapindex>\n"
        files.append(SiteFile(path: "sitemap.xml", contents: .text(index)))
        return files
    }
}
