import CourseModel
import Foundation
import Pipeline
import PrimerTestSupport
import Testing

/// The index of compiler errors on a built site: `{fails}` snippets compiled by the build, in
/// English and in Russian, each locale's page linked to its sections, and every link of the site
/// checked by the site check's links gate.
@Suite(.serialized) struct ErrorIndexSiteTests {
    let listings = VerifiedListingsTests()

    static func chapter(_ first: String, _ second: String, heading: (String, String)) -> String {
        """

        ## \(heading.0) {#names}

        \(first)

        ```swift {fails}
        print(undeclared)
        ```

        ```error
        error: cannot find 'undeclared' in scope
        ```

        ## \(heading.1) {#types}

        \(second)

        ```swift {fails}
        let total: String = 1
        print(Total)
        ```

        ```error
        error: cannot convert value of type 'Int' to specified type 'String'
        error: cannot find 'Total' in scope
        ```

        """
    }

    @Test func eachLocaleHasItsPageAndEveryLinkResolves() async throws {
        let folder = try listings.course(
            Self.chapter("A name must be declared before it is used. Swift checks as it compiles.",
                         "Names are compared exactly, and no number becomes a string on its own.", heading: ("Names", "Types")),
            russian: Self.chapter("Имя нужно объявить до того, как его использовать. Swift проверяет это при компиляции.",
                                  "Имена сравниваются точно, а число само строкой не становится.", heading: ("Имена", "Типы")))
        let result = try await listings.build(folder)
        #expect(listings.errors(result).isEmpty, "\(listings.errors(result))")
        func page(_ path: String) -> String { TestSupport.read(folder.appendingPathComponent("site/" + path)) }
        let en = page("en/compiler-errors.html"), ru = page("ru/compiler-errors.html")
        #expect(en.contains("<h1>Compiler errors</h1>") && ru.contains("<h1>Ошибки компилятора</h1>"))
        for html in [en, ru] {
            // Two diagnostics: the one quoted twice first.
            let patterns = html.components(separatedBy: "-heading\"><code lang=\"en\">").dropFirst().map { String($0.prefix { $0 != "<" }) }
            #expect(patterns == ["cannot find &#39;…&#39; in scope", "cannot convert value of type &#39;…&#39; to specified type &#39;…&#39;"], "\(patterns)")
            #expect(html.contains("<code lang=\"en\">error: cannot find &#39;Total&#39; in scope</code>"))
            #expect(html.contains("<a href=\"checks.html#names\">") && html.contains("<a href=\"checks.html#types\">"))
        }
        #expect(en.contains("<a href=\"checks.html#names\">Section 1.1. Names</a>: A name must be declared before it is used.</p>"), "\(en)")
        #expect(ru.contains("<a href=\"checks.html#types\">Раздел 1.2. Типы</a>: Имена сравниваются точно, а число само строкой не становится.</p>"), "\(ru)")
        #expect(page("ru/index.html").contains("<p class=\"errors-link\"><a href=\"../ru/compiler-errors.html\">Ошибки компилятора</a></p>"))
        #expect(page("en/llms.txt").contains("[Compiler errors](compiler-errors.html): "))

        // The site check's links gate: every link of every page (the two indexes' among them) reaches its file and id.
        let (status, output) = try TestSupport.run(["python3", TestSupport.root.appendingPathComponent("Scripts/check-site.py").path,
                                                    folder.appendingPathComponent("site").path, "--only", "links",
                                                    "--content", folder.appendingPathComponent("Content").path,
                                                    "--artifacts", folder.appendingPathComponent("artifacts").path],
                                                   in: folder, executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(status == 0 && output.contains("internal links checked"), "\(output)")
    }
}
