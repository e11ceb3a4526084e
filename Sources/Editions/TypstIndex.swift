import CourseModel

extension TypstWriter {
    /// The subject index at the book's end: the locale's terms under their letters in two
    /// columns, each followed by the pages of the sections that introduce it (Typst finds the
    /// page of each section's label while it lays the book out); empty when the course has none.
    static func subjectIndex(_ input: EditionInput, chapterLevel: Int, labels: Set<String>) -> String {
        let entries = input.course.subjectIndex[input.locale] ?? []
        guard !entries.isEmpty else { return "" }
        let strings = input.strings
        var out = "#pagebreak(weak: true, to: \"odd\")\n"
        out += "#heading(level: \(chapterLevel), numbering: none)[\(TypstMarkup.text(strings["subject_index_title"]))] <primer-subject-index>\n\n"
        out += "#columns(2, gutter: 1.5em)[\n#set par(justify: false, first-line-indent: 0pt, hanging-indent: 1em)\n"
        for group in entries.groupedByLetter(other: strings["index_other_heading"]) {
            out += "#block(above: 1em, below: 0.5em, breakable: false)[#primer-label[\(TypstMarkup.text(group.heading))]]\n"
            for entry in group.entries {
                var targets: [String] = []
                for place in entry.places {
                    let section = place.sectionID.map { TypstMarkup.label(chapter: place.chapterID, anchor: $0) }
                    let label = section.flatMap { labels.contains($0) ? $0 : nil } ?? TypstMarkup.label(chapter: place.chapterID)
                    if labels.contains(label), !targets.contains(label) { targets.append(label) }
                }
                let locators = targets.map { "#link(<\($0)>)[#context counter(page).at(<\($0)>).first()]" }
                out += "\(TypstMarkup.text(entry.name)), \(locators.joined(separator: ", "))\n\n"
            }
        }
        return out + "]\n#metadata(none) <primer-end>\n"
    }
}
