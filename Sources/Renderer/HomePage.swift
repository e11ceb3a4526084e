import CourseModel
import Foundation

/// `<locale>/index.html`: the course's contents in one language.
extension SiteRenderer {
    func renderHome(_ locale: LocaleContext) -> String {
        var frame = locale.frame(page: SitePaths.home, title: locale.courseTitle)
        frame.tocHTML = locale.tocHTML
        frame.meta = locale.meta(page: SitePaths.home, title: locale.courseTitle, type: "website", description: locale.courseDescription,
                                 card: nil, jsonLD: locale.courseJSONLD())
        let config = locale.course.config, source = config.sourceLocale
        let description = config.description.isEmpty ? nil : config.description.text(for: locale.locale, source: source)
        let license = config.license.map { LicenseLink(name: $0.name.text(for: locale.locale, source: source), href: $0.url) }
        let page = HomePage(frame: frame, toc: locale.toc, next: locale.pages.first.map(locale.link), editions: locale.editions,
                            description: description, license: license)
        return render(page, template: "home")
    }
}
