import CourseModel
import Foundation

/// `<locale>/api-index.html`.
extension SiteRenderer {
    func renderAPIIndex(_ locale: LocaleContext) -> String {
        let entries = locale.course.apiIndex[locale.locale] ?? []
        let frame = pageFrame(locale, page: SitePaths.apiIndex, titleKey: "api_index_title")
        let inputs = APIIndexInputs(entries: entries, frame: frame, docs: locale.course.config.apiIndex.docsURL, plurals: locale.strings.plurals)
        return remembering(inputs, template: "api-index", lang: frame.lang) { apiIndexModel(locale, entries: entries, frame: frame) }
    }

    /// Everything the API index page is made from (its words are the frame's).
    struct APIIndexInputs: Hashable, Sendable {
        var entries: [IndexEntry]
        var frame: Frame
        var docs: String?
        var plurals: [String: [String: String]]
    }

    func apiIndexModel(_ locale: LocaleContext, entries: [IndexEntry], frame: Frame) -> APIIndexPage {
        let course = locale.course
        // Latin names keep Latin order under A–Z; anything else follows the page's language
        // (ICU collation) under one last heading.
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
        return APIIndexPage(frame: frame, groups: groups.map { group in
            IndexGroup(heading: group.heading, anchor: group.anchor, entries: group.entries.map { entry in
                IndexItem(name: entry.name, docs: docs.map { $0.contains("%@") ? $0.replacingOccurrences(of: "%@", with: entry.name) : $0 + entry.name },
                          places: entry.places.map { link(to: $0, locale) })
            })
        })
    }
}
