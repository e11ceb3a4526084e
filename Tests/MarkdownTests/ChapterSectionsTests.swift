import CourseModel
import Foundation
import Markdown
import PrimerTestSupport
import Testing

/// `ChapterSections` cuts a chapter with a line scanner (no parse: `primer status` and the
/// exchange formats read sections without parsing); these tests hold it to cmark's reading.
@Suite struct ChapterSectionsTests {
    /// Top-level headings as cmark reads them: their lines.
    func headingLines(_ body: String, bodyLine: Int) -> [Int] {
        let (document, _) = TestSupport.parse(body)
        return document.blocks.compactMap { block in
            if case .heading(let heading) = block { return heading.position.line + bodyLine - 1 }
            return nil
        }
    }

    @Test func everyChapterOfTheCourseIsCutWhereCmarkSeesHeadingsAndJoinsBackByteForByte() throws {
        let content = TestSupport.root.appendingPathComponent("Content")
        var chapters = 0
        for locale in ["en", "ru", "zh-Hans"] {
            let folder = content.appendingPathComponent(locale)
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".md") {
                let text = TestSupport.read(folder.appendingPathComponent(name))
                let close = try #require(text.range(of: "\n---\n", range: text.index(text.startIndex, offsetBy: 3)..<text.endIndex))
                let body = String(text[close.upperBound...])
                let bodyLine = text[..<close.upperBound].filter { $0 == "\n" }.count + 1
                let sections = ChapterSections.split(body: body, bodyLine: bodyLine)
                #expect(sections.map(\.raw).joined() == body, "\(locale)/\(name)")
                #expect(sections.filter { $0.ordinal > 0 }.map(\.line) == headingLines(body, bodyLine: bodyLine), "\(locale)/\(name)")
                #expect(Set(sections.map(\.key)).count == sections.count, "\(locale)/\(name)")
                chapters += 1
            }
        }
        #expect(chapters == 57)
    }

    @Test func keysAreIdsOrPlacesAndFencesListsQuotesAndSetextHeadingsAreReadAsCmarkDoes() {
        let body = """
        Intro line.

        ## First {#first .extra}

        ```swift
        # not a heading
        ## nor this
        ```

        - a list item
        ---

        > ## quoted

        Setext heading
        --------------

        ~~~
        ## inside tildes
        ~~~

            ## indented code

        ### Closed ###
        Text with trailing spaces.   \r

        """
        let sections = ChapterSections.split(body: body, bodyLine: 5)
        #expect(sections.map(\.key) == ["0", "first", "2", "3"])
        #expect(sections.map(\.heading) == ["", "First", "Setext heading", "Closed"])
        #expect(sections.map(\.line) == [5, 7, 19, 28])
        #expect(sections.map(\.raw).joined() == body)
        #expect(sections.filter { $0.ordinal > 0 }.map(\.line) == headingLines(body, bodyLine: 5))
        #expect(sections[3].text == "### Closed ###\nText with trailing spaces.")
    }

    @Test func aFingerprintIgnoresSpacesAtLineEndsBlankLinesAtTheEndAndCRLF() {
        let plain = ChapterSection.fingerprint(of: "## A\n\nText.\n\n\n")
        #expect(plain == ChapterSection.fingerprint(of: "## A  \r\n\r\nText.\t\r\n"))
        #expect(plain != ChapterSection.fingerprint(of: "## A\n\nText!\n"))
        #expect(plain.count == 8)
    }

    @Test func aTranslationIsComparedSectionBySection() {
        let source = ChapterSource(id: "c", locale: LocaleTag("en")!, path: "en/c.md", title: "Title", summary: nil,
                                   body: "Intro.\n\n## One {#one}\n\nA.\n\n## Two\n\nB.\n", bodyLine: 4)
        let sections = ChapterSections.split(source)
        var marks = Dictionary(uniqueKeysWithValues: sections.map { ($0.key, $0.fingerprint) })
        var translation = ChapterSource(id: "c", locale: LocaleTag("ru")!, path: "ru/c.md", title: "Заглавие", summary: nil,
                                        body: "Вступление.\n\n## Один {#one}\n\nА.\n\n## Два\n\nБ.\n", bodyLine: 5,
                                        translatedSections: marks)
        #expect(TranslationStaleness.compare(source: source, translation: translation).isCurrent)
        var edited = source
        edited.body = edited.body.replacingOccurrences(of: "A.", with: "A, changed.")
        let stale = TranslationStaleness.compare(source: edited, translation: translation)
        #expect(stale.sections.map(\.key) == ["one"])
        #expect(stale.sections.map(\.reason) == [.changed])
        #expect(stale.staleOrdinals == [1])
        #expect(stale.sections.first?.translationLine == 7)
        marks["2"] = nil
        translation.translatedSections = marks
        #expect(TranslationStaleness.compare(source: source, translation: translation).sections.map(\.reason) == [.unmarked])
        translation.body = "Вступление.\n\n## Один {#one}\n\nА.\n"
        #expect(TranslationStaleness.compare(source: source, translation: translation).sections.map(\.reason) == [.missing])
        // A section left out and marked is the translator's choice, until the source's changes.
        marks["2"] = sections.first { $0.key == "2" }?.fingerprint
        translation.translatedSections = marks
        #expect(TranslationStaleness.compare(source: source, translation: translation).isCurrent)
        // Before sections were recorded: the chapter's fingerprint says current or wholly stale.
        translation.translatedSections = nil
        translation.translatedFrom = source.fingerprint
        #expect(TranslationStaleness.compare(source: source, translation: translation).isCurrent)
        translation.translatedFrom = edited.fingerprint
        #expect(TranslationStaleness.compare(source: source, translation: translation).wholeChapter)
    }

    @Test func aTranslationPairsWithTheSourceByIdThenByTheShapeOfItsHeadings() {
        let source = ChapterSections.split(body: """
            ## Start {#start}
            ### A detail
            ## Exercises {.exercises}
            ## Summary {.summary}
            ### Moved {#moved}

            """, bodyLine: 1)
        #expect(source.map(\.key) == ["start", "2", "3", "4", "moved"])
        #expect(source.map(\.shape) == ["2|start|", "3||", "2||exercises", "2||summary", "3|moved|"])
        let translation = ChapterSections.split(body: """
            Вступление, которого нет в оригинале.
            ## Начало {#start}
            ## Упражнения {.exercises}
            ### Перенесено {#moved}
            ## Лишний раздел
            ## Итоги {.summary}

            """, bodyLine: 1)
        #expect(ChapterSections.align(translation, to: source).map(\.key) == ["0", "start", "3", "moved", "+4", "4"])
    }
}
