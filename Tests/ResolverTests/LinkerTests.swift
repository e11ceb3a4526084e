import CourseModel
import PrimerTestSupport
import Testing

/// The linker, through the resolver: references get their words and targets, and a link that
/// goes nowhere is an error with the closest target.
@Suite struct LinkerTests {
    /// Each link of a page's paragraphs: its text (after filling), and the href of its reference.
    func links(_ page: ChapterPage) -> [String] {
        func text(_ inlines: [Inline]) -> String {
            inlines.map { inline in
                switch inline {
                case .text(let text): return text
                case .emphasis(let c), .strong(let c): return text(c)
                default: return ""
                }
            }.joined()
        }
        return page.document.blocks.flatMap { block -> [String] in
            guard case .paragraph(let inlines, _) = block else { return [] }
            return inlines.compactMap { inline in
                guard case .link(let link) = inline else { return nil }
                return text(link.content) + " -> " + (link.reference.map { $0.label + " @ " + $0.href } ?? "no reference")
            }
        }
    }

    @Test func theLinkTextTakesTheNumberTheTitleAndTheLabel() {
        let text = "## Setup {#setup}\n\nSee [step #](#setup), [{title}](#setup) and [{label}: {title}](#setup).\n"
        let (course, diagnostics) = resolveCourse([("c", [en: text])], locales: [en])
        #expect(diagnostics.isEmpty)
        #expect(links(course.pages[en]![0]) == [
            "step 1.1 -> Section 1.1 @ #setup",
            "Setup -> Section 1.1 @ #setup",
            "Section 1.1: Setup -> Section 1.1 @ #setup",
        ])
    }

    /// A label starting a sentence takes the capitalised form; after an abbreviation of the
    /// locale ("см.") the sentence goes on.
    @Test func aLabelAtASentencesStartIsCapitalised() {
        let text = "[](second.md) идёт дальше. [](second.md) тоже. См. [](second.md). Текст (см. [](second.md)).\n"
        let (course, diagnostics) = resolveCourse([("first", [en: "Text.\n", ru: text]), ("second", [en: "Text.\n", ru: "Текст.\n"])],
                                                  locales: [en, ru])
        #expect(diagnostics.isEmpty)
        #expect(links(course.pages[ru]![0]) == [
            " -> Глава 2 @ second.html",
            " -> Глава 2 @ second.html",
            " -> гл. 2 @ second.html",
            // After an opening bracket "см." is still the abbreviation: the label stays lower case.
            " -> гл. 2 @ second.html",
        ])
    }

    @Test func anIDMissingOnlyFromTheTranslationNamesBothFiles() {
        let (_, diagnostics) = resolveCourse([("c", [en: "## A {#alpha}\n\n[](#alpha)\n", ru: "## А\n\n[](#alpha)\n"])], locales: [en, ru])
        #expect(diagnostics.map(\.description) == [
            "ru/c.md:3:1: error: the id 'alpha' exists in en/c.md but not in its translation ru/c.md [PRM023]\n    add {#alpha} to the matching section in ru/c.md",
        ])
    }

    @Test func anUnknownIDWithNothingCloseSaysHowToMakeOne() {
        let (_, diagnostics) = resolveCourse([("c", [en: "## A {#alpha}\n\n[](#zzzzzz)\n"])], locales: [en])
        #expect(diagnostics.map(\.description) == [
            "en/c.md:3:1: error: no section, listing, figure, table or exercise has the id 'zzzzzz' [PRM023]\n    give the target an id with {#zzzzzz}",
        ])
    }

    @Test func urlsAndTheTopOfThePageAreLeftAsTheyAre() {
        let (course, diagnostics) = resolveCourse([("c", [en: "[site](https://example.org/a#b) [top](#) [mail](mailto:a@example.org)\n"])], locales: [en])
        #expect(diagnostics.isEmpty)
        #expect(links(course.pages[en]![0]) == ["site -> no reference", "top -> no reference", "mail -> no reference"])
    }

    @Test func aScriptURLIsAWarningAndGetsNoReference() {
        let (course, diagnostics) = resolveCourse([("c", [en: "[x](javascript:alert(1))\n"])], locales: [en])
        #expect(diagnostics.map(\.code) == [.scriptURL])
        #expect(diagnostics.first?.isError == false)
        #expect(diagnostics.first.map { $0.message.hasPrefix("a link to a javascript") && $0.message.contains("URL is not published") } == true, "\(diagnostics)")
        #expect(links(course.pages[en]![0]) == ["x -> no reference"])
    }

    @Test func aLinkedFileMustExistAndIsRecorded() {
        let text = "[data](../files/data.csv) [typo](../files/dta.csv) [lost](../nowhere/zzzz.bin)\n"
        let (course, diagnostics) = resolveCourse([("c", [en: text])], locales: [en], files: ["files/data.csv"])
        #expect(course.pages[en]![0].files == ["files/data.csv"])
        #expect(diagnostics.map(\.description) == [
            "en/c.md:1:27: error: linked file '../files/dta.csv' not found (looked for files/dta.csv in the content folder) [PRM024]\n    did you mean '../files/data.csv'?",
            "en/c.md:1:52: error: linked file '../nowhere/zzzz.bin' not found (looked for nowhere/zzzz.bin in the content folder) [PRM024]\n    paths are relative to the chapter file, e.g. ../images/picture.svg",
        ])
    }
}
