import CourseModel
import Foundation

/// `<locale>/index.html`: the course's contents in one language.
extension SiteRenderer {
    func renderHome(_ locale: LocaleContext) -> String {
        var frame = locale.frame(page: SitePaths.home, title: locale.courseTitle)
        frame.tocHTML = locale.tocHTML
        let page = HomePage(frame: frame, toc: locale.toc, next: locale.pages.first.map(locale.link), editions: locale.editions)
        return render(page, template: "home")
    }
}
