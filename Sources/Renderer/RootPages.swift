import CourseModel
import Foundation

/// `index.html` (the language chooser) and `404.html`.
extension SiteRenderer {
    func renderRoot(_ course: ResolvedCourse) -> String {
        let source = course.locales.contains(course.config.sourceLocale) ? course.config.sourceLocale : course.locales[0]
        let locale = LocaleContext(course: course, locale: source, library: nil)
        var frame = locale.base(root: "")
        frame.pageTitle = locale.courseTitle
        frame.alternates = course.locales.map { Alternate(lang: $0.rawValue, href: locale.absolute(SitePaths.page(SitePaths.home, in: $0))) }
        frame.canonical = course.config.baseURL
        var meta = locale.meta(page: SitePaths.home, title: locale.courseTitle, type: "website", description: locale.courseDescription,
                               card: nil, jsonLD: nil)
        meta.url = course.config.baseURL
        frame.meta = meta
        let entries = course.locales.map { tag in
            let strings = course.strings[tag]!
            return RootEntry(lang: tag.rawValue, href: SitePaths.page(SitePaths.home, in: tag), name: strings["language_name"],
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
        if course.config.baseURL == nil { frame.localeFolders = course.locales.map(\.rawValue).joined(separator: " ") }
        let messages = course.locales.map { tag in
            let strings = course.strings[tag]!
            return NotFoundMessage(lang: tag.rawValue, title: strings["not_found_title"], text: strings["not_found_text"],
                                   home: strings["nav_home"], href: (course.config.baseURL ?? "") + SitePaths.page(SitePaths.home, in: tag))
        }
        return render(NotFoundPage(frame: frame, messages: messages), template: "404")
    }
}
