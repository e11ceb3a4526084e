import CourseModel
import Foundation
import Pipeline
import PrimerTestSupport
import Testing

/// The subject index page of each locale, made from the course's term base (issue 30).
@Suite struct SubjectIndexSiteTests {
    static let files: [String: String] = [
        "course.yml": """
            title: { en: Book, ru: Книга }
            source_locale: en
            locales: [en, ru]
            editions: false
            subject_index: { terms: terms.yml, places: 3 }
            parts:
              - title: { en: Main, ru: Основное }
                chapters: [one, two]
            """,
        "terms.yml": """
            # A term base: one entry per concept.
            terms:
              - en: alert
                ru: окно предупреждения
                note: "not read by the index"
              - en: ARC
                keep_english: true
              - en: zebra crossing
                ru: пешеходный переход
            """,
        "en/one.md": "---\ntitle: One\n---\n\n## Alerts {#alerts}\n\nAn *alert* asks; ARC counts.\n\n## Recipe\n\nAlerts again.\n",
        "en/two.md": "---\ntitle: Two\n---\n\n## More {#more}\n\nAnother alert.\n",
        "ru/one.md": "---\ntitle: Один\n---\n\n## Окна {#alerts}\n\nЗдесь *окна предупреждения* и ARC.\n",
    ]

    func build() throws -> (URL, Build.Result) {
        let folder = TestSupport.scratch("primer-subjects")
        for (path, text) in Self.files { try TestSupport.write(text, to: folder.appendingPathComponent("Content/" + path)) }
        var options = Build.Options(content: folder.appendingPathComponent("Content").path, templates: folder.appendingPathComponent("Templates").path,
                                    output: folder.appendingPathComponent("site").path)
        options.product = .site(reuse: false)
        return (folder, try Build.run(options))
    }

    @Test func eachLocaleHasItsIndexLinkedFromEveryPage() throws {
        let (folder, result) = try build()
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics)")
        func page(_ path: String) -> String { TestSupport.read(folder.appendingPathComponent("site/" + path)) }
        let en = page("en/subject-index.html")
        #expect(en.contains("<h1>Index</h1>"))
        #expect(en.contains("<dt>alert</dt>\n<dd><a href=\"one.html#alerts\">Section 1.1</a>, <a href=\"two.html#more\">Section 2.1</a></dd>"), "\(en)")
        #expect(en.contains("<dt>ARC</dt>"))
        #expect(!en.contains("zebra"), "a term the text never names is left out")
        #expect(en.contains("<h2>A</h2>") && en.contains("href=\"api-index.html\"") == false)
        let ru = page("ru/subject-index.html")
        #expect(ru.contains("<h1>Предметный указатель</h1>"))
        #expect(ru.contains("<dt>окно предупреждения</dt>\n<dd><a href=\"one.html#alerts\">Раздел 1.1</a></dd>"), "\(ru)")
        // Cyrillic letters first, then Latin ones, as Russian collation orders them.
        let headings = ru.components(separatedBy: "<h2>").dropFirst().map { String($0.prefix { $0 != "<" }) }
        #expect(headings == ["О", "A"], "\(headings)")
        #expect(page("en/one.html").contains("<a class=\"site-link\" href=\"../en/subject-index.html\">Index</a>"))
        #expect(page("ru/index.html").contains("subject-index.html\">Предметный указатель</a>"))
    }

    @Test func aMissingTermBaseIsAnErrorAtItsSetting() throws {
        let folder = TestSupport.scratch("primer-subjects-missing")
        for (path, text) in Self.files where path != "terms.yml" { try TestSupport.write(text, to: folder.appendingPathComponent("Content/" + path)) }
        var options = Build.Options(content: folder.appendingPathComponent("Content").path, templates: folder.appendingPathComponent("Templates").path,
                                    output: folder.appendingPathComponent("site").path)
        options.product = .site(reuse: false)
        let result = try Build.run(options)
        let error = result.diagnostics.first { $0.isError }
        #expect(error?.message == "the term base 'terms.yml' is not in the content folder", "\(result.diagnostics)")
        #expect(error?.location?.line == 5)
    }
}
