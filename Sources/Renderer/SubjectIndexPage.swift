import CourseModel
import Foundation

/// `<locale>/subject-index.html`: the course's terms in the page's language, in its alphabet's
/// order, under a heading per letter.
extension SiteRenderer {
    func renderSubjectIndex(_ locale: LocaleContext) -> String {
        let entries = locale.course.subjectIndex[locale.locale] ?? []
        let frame = pageFrame(locale, page: SitePaths.subjectIndex, titleKey: "subject_index_title")
        let groups = entries.groupedByLetter(other: locale.strings["index_other_heading"])
        let model = SubjectIndexPage(frame: frame, groups: groups.enumerated().map { number, group in
            IndexGroup(heading: group.heading, anchor: String(number + 1), entries: group.entries.map { entry in
                IndexItem(name: entry.name, docs: nil, places: entry.places.map { link(to: $0, locale) })
            })
        }, apiIndexHref: frame.indexHref.map { _ in SitePaths.apiIndex })
        return renderRemembering(model, template: "subject-index")
    }
}
