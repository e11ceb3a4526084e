import CourseModel
import Extras
import Foundation
import PrimerTestSupport
@testable import Renderer
import Testing

/// The page of the index of compiler errors, rendered with Primer's templates: links to the
/// sections, the English message marked as English on every locale's page, and the links to it.
@Suite struct ErrorIndexPageTests {
    static func chapter(_ prose: String, heading: String) -> String {
        "## \(heading) {#names}\n\n\(prose)\n\n```swift {fails}\nprint(missing)\n```\n\n```error\nerror: cannot find 'missing' in scope\n```\n"
    }

    static let course: [(String, [LocaleTag: String])] = [
        ("one", [en: chapter("Swift wants every name declared. It checks as it compiles.", heading: "Names"),
                 ru: chapter("Swift требует объявить каждое имя. Проверка идёт при компиляции.", heading: "Имена")]),
        ("two", [en: "## Plain {#plain}\n\nNo snippet here.\n"]),
    ]

    func render(_ chapters: [(String, [LocaleTag: String])] = course) throws -> [String: String] {
        var (course, diagnostics) = resolveCourse(chapters, locales: [en, ru])
        #expect(!diagnostics.hasErrors, "\(diagnostics)")
        course.config.baseURL = "https://example.com/course/"
        for locale in [en, ru] { course.strings[locale]?.entries["label_title_separator"] = ". " }
        course.errorIndex = Extras.errorIndex(Extras.inputs(course))
        course.links.errorIndex = Set(course.errorIndex.keys)
        let folder = URL(fileURLWithPath: TestSupport.templates)
        var templates: [String: TemplateSource] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".mustache") {
            let path = folder.appendingPathComponent(name).path
            templates[String(name.dropLast(".mustache".count))] = TemplateSource(name: name, path: path, text: TestSupport.read(URL(fileURLWithPath: path)))
        }
        let files = try SiteRenderer(templates: templates).render(course, assets: [], outputs: [.errorIndexPages, .homePages, .chapterPages, .llmsIndex, .sitemaps])
        var texts: [String: String] = [:]
        for file in files { if case .text(let text) = file.contents { texts[file.path] = text } }
        return texts
    }

    @Test func eachLocalesPageLinksItsSectionsAndMarksTheMessagesEnglish() throws {
        let files = try render()
        let en = files["en/compiler-errors.html"] ?? "", ru = files["ru/compiler-errors.html"] ?? ""
        #expect(en.contains("<html lang=\"en\"") && ru.contains("<html lang=\"ru\""))
        #expect(en.contains("<h2 id=\"diagnostic-1-heading\"><code lang=\"en\">cannot find &#39;…&#39; in scope</code></h2>"), "\(en)")
        for page in [en, ru] {
            #expect(page.contains("<code lang=\"en\">error: cannot find "), "\(page)")
            #expect(page.contains("<a href=\"one.html#names\">"), "\(page)")
            #expect(page.contains("data-pagefind-body"))
            #expect(page.contains("id=\"errors-filter-input\""))
        }
        // The section's number and title, and the first sentence of the paragraph before the snippet, in the page's language.
        #expect(en.contains("<a href=\"one.html#names\">Section 1.1. Names</a>: Swift wants every name declared.</p>"), "\(en)")
        #expect(ru.contains("<a href=\"one.html#names\">Раздел 1.1. Имена</a>: Swift требует объявить каждое имя.</p>"), "\(ru)")
        // The locale's home page links to it (the header does not: search finds it from every page); llms.txt lists it, the sitemap has it.
        #expect(files["en/index.html"]?.contains("<p class=\"errors-link\"><a href=\"../en/compiler-errors.html\">") == true)
        #expect(files["ru/index.html"]?.contains("href=\"../ru/compiler-errors.html\"") == true)
        #expect(files["en/two.html"]?.contains("compiler-errors.html") == false)
        #expect(files["en/llms.txt"]?.contains("](https://example.com/course/en/compiler-errors.html): ") == true, "\(files["en/llms.txt"] ?? "")")
        #expect(files["sitemap-ru.xml"]?.contains("<loc>https://example.com/course/ru/compiler-errors.html</loc>") == true)
    }

    @Test func aLocaleThatQuotesNoErrorHasNoPageAndNoLink() throws {
        let files = try render([("one", [en: "## A {#a}\n\nText.\n", ru: Self.chapter("Объяснение.", heading: "Б")])])
        #expect(files["en/compiler-errors.html"] == nil && files["ru/compiler-errors.html"] != nil)
        #expect(files["en/one.html"]?.contains("compiler-errors.html") == false)
        #expect(files["en/llms.txt"]?.contains("compiler-errors.html") == false)
        #expect(files["sitemap-en.xml"]?.contains("compiler-errors.html") == false)
        // The Russian page offers no switch to an English page that does not exist.
        #expect(files["ru/compiler-errors.html"]?.contains("hreflang=\"en\"") == false, "\(files["ru/compiler-errors.html"] ?? "")")
    }

    @Test func anExplanationIsItsFirstSentenceOrCutNearTwoHundredCharacters() {
        #expect(SiteRenderer.explanation("First, e.g. this one. Second.", abbreviations: ["e.g."]) == "First, e.g. this one.")
        #expect(SiteRenderer.explanation("字符串不会自动转换。第二句。") == "字符串不会自动转换。")
        let long = Array(repeating: "word", count: 80).joined(separator: " ")
        let cut = SiteRenderer.explanation(long)
        #expect(cut.count <= 200 && cut.hasSuffix("word…"), "\(cut)")
    }
}
