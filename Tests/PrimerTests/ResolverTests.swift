import CourseModel
import Markdown
import Renderer
import Resolver
import Testing

/// Builds a small course in memory: chapters in order, each with its text per locale.
func resolveCourse(_ chapters: [(String, [LocaleTag: String])], locales: [LocaleTag] = [en, ru, zh],
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

let testStrings: [LocaleTag: UIStrings] = [
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

func labels(_ page: ChapterPage) -> [String] {
    var result: [String] = []
    func walk(_ inlines: [Inline]) {
        for inline in inlines {
            switch inline {
            case .link(let l): if let r = l.reference { result.append(r.label + " -> " + r.href) }
            case .emphasis(let c), .strong(let c): walk(c)
            default: break
            }
        }
    }
    func walk(_ blocks: [Block]) {
        for block in blocks {
            switch block {
            case .paragraph(let inlines, _): walk(inlines)
            case .callout(_, let b), .quote(let b): walk(b)
            case .list(let l): l.items.forEach { walk($0.blocks) }
            default: break
            }
        }
    }
    walk(page.document.blocks)
    return result
}

@Suite struct ResolverTests {
    let first = """
    ## One {#one}

    ### One A

    ### One B {#one-b}

    ## Two

    ```swift {title="A.swift"}
    x
    ```

    ```swift {#lst-b title="B.swift"}
    y
    ```
    """
    let second = "See [](#one-b), [](first.md), [](#lst-b), [](first.md#one-a) and [text](#one).\n\n## Here {#here}\n\nAnd [](#here).\n"

    /// The pipeline numbers chapters without samples right after parsing them; the result must
    /// be what the resolve stage would have made, references and diagnostics included.
    @Test func numberingAheadOfTheResolveStageChangesNothing() {
        let chapters: [(String, [LocaleTag: String])] = [
            ("one", [en: "# One {#one}\n\n## A\n\nSee [](#lst-x) and [](two.md#b).\n\n```swift {#lst-x title=\"x.swift\"}\nlet x = 1\n```\n",
                     ru: "# Один {#one}\n\n## А\n\nСм. [](#lst-x).\n\n```swift {#lst-x}\nlet x = 1\n```\n"]),
            ("two", [en: "# Two\n\n## B {#b}\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nTable: T {#tbl-t}\n\n## B {#b}\n\nSee [](#nowhere).\n"]),
        ]
        let (plain, plainDiagnostics) = resolveCourse(chapters)
        let (ahead, aheadDiagnostics) = resolveCourse(chapters, prenumber: true)
        #expect(plain.pages == ahead.pages)
        #expect(plainDiagnostics == aheadDiagnostics && plainDiagnostics.hasErrors)
    }

    @Test func sectionsAndListingsAreNumberedPerChapter() {
        let (course, diagnostics) = resolveCourse([("first", [en: first]), ("second", [en: second])], locales: [en])
        #expect(diagnostics.isEmpty)
        let page = course.pages[en]![0]
        #expect(page.outline.map { "\($0.number ?? "-") \($0.title) #\($0.id)" } == ["1.1 One #one", "1.1.1 One A #one-a", "1.1.2 One B #one-b", "1.2 Two #two"])
        let codes = page.document.blocks.compactMap { b -> CodeBlock? in if case .code(let c) = b { return c } else { return nil } }
        #expect(codes.map { $0.number?.dotted } == ["1.1", "1.2"])
        #expect(codes.map(\.id) == ["listing-1-1", "lst-b"])
    }

    @Test func referencesGetLabelsInThePagesLanguage() {
        let (course, diagnostics) = resolveCourse([("first", [en: first, ru: first, zh: first]), ("second", [en: second, ru: second, zh: second])])
        #expect(diagnostics.isEmpty)
        #expect(labels(course.pages[en]![1]) == ["Section 1.1.2 -> first.html#one-b", "Chapter 1 -> first.html", "Listing 1.2 -> first.html#lst-b",
                                                  "Section 1.1.1 -> first.html#one-a", "Section 1.1 -> first.html#one", "Section 2.1 -> #here"])
        #expect(labels(course.pages[ru]![1]).prefix(3) == ["разд. 1.1.2 -> first.html#one-b", "гл. 1 -> first.html", "листинг 1.2 -> first.html#lst-b"])
        #expect(labels(course.pages[zh]![1]).prefix(3) == ["1.1.2 节 -> first.html#one-b", "第 1 章 -> first.html", "代码清单 1-2 -> first.html#lst-b"])
    }

    @Test func aMissingTranslationFallsBackToTheSource() {
        let (course, _) = resolveCourse([("first", [en: first]), ("second", [en: second, ru: second])], locales: [en, ru])
        let page = course.pages[ru]![0]
        #expect(page.isFallback && page.contentLocale == en && page.locale == ru)
        #expect(!course.pages[ru]![1].isFallback)
        // Labels inside fallback text are in the text's language.
        #expect(labels(course.pages[ru]![1]).first == "разд. 1.1.2 -> first.html#one-b")
    }

    @Test func brokenReferencesSuggestTheClosestID() {
        let (_, diagnostics) = resolveCourse([("first", [en: first]), ("second", [en: "Text [](#one-c) and [](frist.md) and [](first.md#one-bb).\n"])], locales: [en])
        #expect(diagnostics.map(\.description) == [
            "en/second.md:1:6: error: no section, listing, figure, table or exercise has the id 'one-c' [PRM023]\n    did you mean '#one-b'?",
            "en/second.md:1:21: error: no chapter 'frist' in the table of contents [PRM023]\n    did you mean 'first.md'?",
            "en/second.md:1:38: error: chapter 'first' has no id 'one-bb' [PRM023]\n    did you mean 'first.md#one-b'?",
        ])
    }

    @Test func duplicateIDsNameBothPlaces() {
        let (_, diagnostics) = resolveCourse([("first", [en: "## A {#same}\n\n## B {#same}\n"]), ("second", [en: "text\n\n## C {#same}\n"])], locales: [en])
        #expect(diagnostics.map(\.description) == [
            "en/first.md:3:1: error: duplicate id 'same' [PRM022]\nen/first.md:1:1: note: first defined here\n    ids name one thing in the whole course; rename one of them",
            "en/second.md:3:1: error: duplicate id 'same' [PRM022]\nen/first.md:1:1: note: first defined here\n    ids name one thing in the whole course; rename one of them",
        ])
    }

    @Test func generatedIDsAreUniqueOnThePageAndAvoidExplicitOnes() {
        let (course, _) = resolveCourse([("c", [en: "## Intro\n\n## Intro\n\n## Other {#intro-1}\n\n## Привет, мир!\n"])], locales: [en])
        #expect(course.pages[en]![0].outline.map(\.id) == ["intro", "intro-2", "intro-1", "привет-мир"])
    }

    @Test func missingImagesAreErrorsAndUsedFilesAreRecorded() {
        let (course, diagnostics) = resolveCourse([("c", [en: "![Pic](../images/pic.svg)\n\n![Other](../images/pik.png)\n"])], locales: [en],
                                                  files: ["images/pic.svg", "images/pic.png"])
        #expect(course.pages[en]![0].files == ["images/pic.svg"])
        #expect(diagnostics.map(\.description) == ["en/c.md:3:1: error: image '../images/pik.png' not found (looked for images/pik.png in the content folder) [PRM024]\n    did you mean '../images/pic.png'?"])
    }

    @Test func unnumberedAndDeepSectionsHaveNoNumber() {
        let (course, _) = resolveCourse([("c", [en: "## A {-}\n\n## B\n\n### C\n\n#### D\n\n##### E\n\nSee [](#a) and [](#e).\n"])], locales: [en])
        let page = course.pages[en]![0]
        #expect(page.outline.map { $0.number ?? "-" } == ["-", "1.1", "1.1.1"])
        #expect(labels(page) == ["A -> #a", "E -> #e"])
    }
}

@Suite struct HTMLRendererTests {
    func html(_ markdown: String, raw: Bool = false) -> String {
        let (course, _) = resolveCourse([("c", [en: markdown])], locales: [en], rawHTML: raw)
        return HTMLRenderer.render(course.pages[en]![0].document, strings: UIStrings(locale: en, entries: [
            "ref_listing": "Listing %1$@.%2$@", "ref_table": "Table %1$@.%2$@", "callout_note": "Note", "exercise_solution": "Solution",
            "ref_exercise": "Exercise %1$@.%2$@", "heading_anchor": "Link", "footnote_back": "Back", "ref_figure": "Figure %1$@.%2$@",
            "ref_listing_start": "Listing %1$@.%2$@", "ref_table_start": "Table %1$@.%2$@", "ref_exercise_start": "Exercise %1$@.%2$@",
            "ref_figure_start": "Figure %1$@.%2$@",
        ]), rawHTML: raw)
    }

    @Test func htmlCommentsAreNeverShown() {
        let markdown = "Before <!-- a note to self --> after.\n\n<!--\nA block comment\nover lines\n-->\n\n<div>kept<!-- gone --></div>\n"
        for raw in [false, true] {
            let out = html(markdown, raw: raw)
            #expect(!out.contains("note to self") && !out.contains("block comment") && !out.contains("gone") && !out.contains("&lt;!--"), "\(out)")
            #expect(out.contains("Before  after.") && out.contains("kept"), "\(out)")
            #expect(!out.contains("<p></p>") && !out.contains("<p>\n</p>"), "\(out)")
        }
    }

    @Test func rawHTMLIsEscapedUnlessAllowedAndThenSanitized() {
        #expect(html("a <b>bold</b>\n\n<div>x</div>\n").contains("a &lt;b&gt;bold&lt;/b&gt;"))
        #expect(html("<div>x</div>\n").contains("<p>&lt;div&gt;x&lt;/div&gt;\n</p>"))
        let allowed = html("a <b>bold</b>\n\n<script>alert(1)</script>\n", raw: true)
        #expect(allowed.contains("a <b>bold</b>"))
        #expect(!allowed.contains("script") && !allowed.contains("alert"), "a script goes with what it holds")
    }

    @Test func listingsCalloutsExercisesAndTablesRender() {
        let out = html("""
        ## S

        ```swift {#lst-a title="A.swift"}
        let a = "<tag>"
        ```

        > [!NOTE]
        > Careful.

        | L | C | R |
        | :- | :-: | -: |
        | 1 | 2 | 3 |

        Table: Caption

        ## Ex {.exercises}

        1. Do it.

           > [!SOLUTION]
           > Done.
        """)
        #expect(out.contains("<section>\n<h2 id=\"s\"><span class=\"section-number\">1.1</span> S <a class=\"anchor\" data-pagefind-ignore href=\"#s\" aria-label=\"Link\">#</a></h2>"))
        #expect(out.contains("<figure class=\"listing\" id=\"lst-a\">\n<figcaption><span class=\"caption-label\">Listing 1.1</span> <span class=\"caption-text\">A.swift</span></figcaption>\n<pre><code class=\"language-swift\"><span class=\"hl-k\">let</span> a = <span class=\"hl-s\">&quot;&lt;tag&gt;&quot;</span>\n</code></pre>"))
        #expect(out.contains("<aside class=\"callout callout-note\" role=\"note\">\n<p class=\"callout-title\">Note</p>\n<p>Careful.</p>\n</aside>"))
        #expect(out.contains("<caption><span class=\"caption-label\">Table 1.1</span> <span class=\"caption-text\">Caption</span></caption>"))
        #expect(out.contains("<th style=\"text-align: left\">L</th>\n<th style=\"text-align: center\">C</th>\n<th style=\"text-align: right\">R</th>"))
        #expect(out.contains("<section class=\"exercises\">"))
        #expect(out.contains("<li class=\"exercise\" id=\"exercise-1-1\">\n<p class=\"exercise-label\">Exercise 1.1</p>\n<p>Do it.</p>\n<details class=\"solution\">\n<summary>Solution</summary>\n<p>Done.</p>\n</details>"))
    }

    @Test func tightListsFootnotesAndLinks() {
        let out = html("- one\n- two\n\nA[^x] and <https://example.org/a b>.\n\n[^x]: Foot.\n")
        #expect(out.contains("<ul>\n<li>one</li>\n<li>two</li>\n</ul>"))
        #expect(out.contains("<sup class=\"footnote-ref\"><a href=\"#fn-1\" id=\"fnref-1\">1</a></sup>"))
        #expect(out.contains("<section class=\"footnotes\">\n<ol>\n<li id=\"fn-1\">\n<p>Foot.</p>\n<p><a href=\"#fnref-1\""))
    }
}
