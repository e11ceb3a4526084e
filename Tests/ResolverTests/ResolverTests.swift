import CourseModel
import Markdown
import PrimerTestSupport
import Renderer
import Resolver
import Testing

/// Each cross-reference on a page as "label -> href", in reading order.
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
            case .quote(let b): walk(b)
            case .custom(let c): c.blocks.forEach(walk)
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
