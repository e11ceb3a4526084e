import CourseModel
import Foundation

/// `<locale>/compiler-errors.html`: the compiler errors the locale's `{fails}` snippets quote, one group
/// per diagnostic, each place it is quoted with the message as the compiler writes it (English,
/// marked so) and the explanation the section gives before it, in the page's language.
extension SiteRenderer {
    func renderErrorIndex(_ locale: LocaleContext) -> String {
        let groups = locale.course.errorIndex[locale.locale] ?? []
        var frame = pageFrame(locale, page: SitePaths.errorIndex, titleKey: "errors_title")
        // A locale whose chapters quote no error has no such page to switch to.
        let having = Set(locale.course.links.errorIndex.map(\.rawValue))
        frame.languages.removeAll { !having.contains($0.lang) }
        frame.alternates.removeAll { !having.contains($0.lang) }
        let abbreviations = Set(locale.strings["ref_abbreviations"].split(separator: " ").map { $0.lowercased() })
        let model = ErrorIndexPage(frame: frame, groups: groups.enumerated().map { number, group in
            let occurrences = group.occurrences.map { occurrence in
                ErrorIndexOccurrence(message: occurrence.message, place: errorPlace(occurrence.place, locale),
                                     explanation: Self.explanation(occurrence.explanation, abbreviations: abbreviations))
            }
            let filter = ([group.pattern] + occurrences.flatMap { [$0.message, $0.place.label, $0.explanation] }).joined(separator: " ")
            return ErrorIndexGroup(pattern: group.pattern, anchor: "diagnostic-\(number + 1)", occurrences: occurrences, filterText: filter)
        })
        return renderRemembering(model, template: "errors")
    }

    /// A paragraph as an entry of the index shows it: its first sentence, cut at a word near
    /// `PageDescription.limit` characters when longer.
    static func explanation(_ paragraph: String, abbreviations: Set<String> = []) -> String {
        PageDescription.cut(firstSentence(oneLine(paragraph), abbreviations: abbreviations))
    }

    /// The section as the index links to it: "Section 3.2. Title" (the chapter's label and title
    /// before the first heading), at the section's id.
    func errorPlace(_ place: SamplePlace, _ locale: LocaleContext) -> LabeledLink {
        let strings = locale.strings
        let label = place.sectionLabel(strings)
        let title = place.section != nil ? place.sectionTitle : place.sectionTitle == nil ? place.chapterTitle : nil
        var text = label
        if let title, !title.isEmpty, title != label { text += strings["label_title_separator"] + title }
        return LabeledLink(href: SitePaths.chapter(place.chapterID) + (place.sectionID.map { "#" + $0 } ?? ""), label: text)
    }
}
