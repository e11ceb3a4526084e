import CourseModel
import Markdown
import Resolver

/// Builds a small course in memory: chapters in order, each with its text per locale.
public func resolveCourse(_ chapters: [(String, [LocaleTag: String])], locales: [LocaleTag] = [en, ru, zh],
                   files: Set<String> = [], prenumber: Bool = false, rawHTML: Bool = false) -> (ResolvedCourse, [Diagnostic]) {
    let config = CourseConfig(title: [en: "T"], sourceLocale: en, locales: locales, baseURL: nil, rawHTML: rawHTML,
                              parts: [.init(title: [en: "P"], chapters: chapters.map { .init(id: $0.0, location: SourceLocation(path: "course.yml")) })],
                              path: "course.yml")
    var parsed: [String: [LocaleTag: Resolver.ParsedChapter]] = [:]
    var diagnostics: [Diagnostic] = []
    for (id, versions) in chapters {
        for (locale, text) in versions {
            let path = "\(locale)/\(id).md"
            let (doc, d) = ChapterParser.parse(text, path: path, rawHTML: rawHTML)
            diagnostics += d
            let chapter = Resolver.ParsedChapter(source: ChapterSource(id: id, locale: locale, path: path, title: id, summary: nil, body: text, bodyLine: 1), document: doc)
            let number = chapters.firstIndex { $0.0 == id }! + 1
            parsed[id, default: [:]][locale] = prenumber ? Resolver.prenumbered(chapter, numbering: .plain(number)) : chapter
        }
    }
    let context = ResolveContext(config: config, locales: locales, strings: testStrings, contentFiles: files)
    let (course, resolveDiagnostics) = Resolver.resolve(parsed, in: context)
    return (course, diagnostics + resolveDiagnostics)
}

public let testStrings: [LocaleTag: UIStrings] = [
    en: UIStrings(locale: en, entries: ["ref_chapter": "Chapter %@", "ref_section": "Section %@", "ref_listing": "Listing %1$@.%2$@",
                                        "ref_figure": "Figure %1$@.%2$@", "ref_table": "Table %1$@.%2$@", "ref_exercise": "Exercise %1$@.%2$@",
                                        "ref_chapter_start": "Chapter %@", "ref_section_start": "Section %@", "ref_listing_start": "Listing %1$@.%2$@",
                                        "ref_figure_start": "Figure %1$@.%2$@", "ref_table_start": "Table %1$@.%2$@",
                                        "ref_exercise_start": "Exercise %1$@.%2$@", "ref_number": "%1$@.%2$@", "ref_abbreviations": "e.g. i.e."]),
    ru: UIStrings(locale: ru, entries: ["ref_chapter": "гл. %@", "ref_section": "разд. %@", "ref_listing": "листинг %1$@.%2$@",
                                        "ref_figure": "рис. %1$@.%2$@", "ref_table": "табл. %1$@.%2$@", "ref_exercise": "упражнение %1$@.%2$@",
                                        "ref_chapter_start": "Глава %@", "ref_section_start": "Раздел %@", "ref_listing_start": "Листинг %1$@.%2$@",
                                        "ref_figure_start": "Рисунок %1$@.%2$@", "ref_table_start": "Таблица %1$@.%2$@",
                                        "ref_exercise_start": "Упражнение %1$@.%2$@", "ref_number": "%1$@.%2$@", "ref_abbreviations": "см. ср. т. е."]),
    zh: UIStrings(locale: zh, entries: ["ref_chapter": "第 %@ 章", "ref_section": "%@ 节", "ref_listing": "代码清单 %1$@-%2$@",
                                        "ref_figure": "图 %1$@-%2$@", "ref_table": "表 %1$@-%2$@", "ref_exercise": "练习 %1$@-%2$@",
                                        "ref_chapter_start": "第 %@ 章", "ref_section_start": "%@ 节", "ref_listing_start": "代码清单 %1$@-%2$@",
                                        "ref_figure_start": "图 %1$@-%2$@", "ref_table_start": "表 %1$@-%2$@",
                                        "ref_exercise_start": "练习 %1$@-%2$@", "ref_number": "%1$@-%2$@", "ref_abbreviations": ""]),
]
