import CourseModel
@testable import Editions
import Foundation
import PrimerTestSupport
import Testing

/// The EPUB's answers to the self-check questions: gathered in one document at the book's end,
/// "Answers to the questions", a heading per chapter, each answer linked both ways with its
/// question and, when the PDF's page map knows it, the question's page.
@Suite struct EPUBAnswersTests {
    static let memory = """
        # Memory

        ## Cycles {#cycles}

        Two objects can hold each other.

        > [!QUESTION] Which are value types? {#q-kinds}
        >
        > - [x] `struct`
        >
        >   Copied, as [cycles](#cycles) explains.
        > - [ ] `class`

        """

    static let values = """
        # Values

        ## Copies {#copies}

        A copy is a value of its own.

        > [!QUESTION] Which is copied? {#q-kinds}
        >
        > - [x] `Int`
        > - [ ] `NSObject`

        """

    static func input(pageMap: TypstPageMap? = nil) -> EditionInput {
        var input = BookAccessibilityTests.input([("memory", [en: memory]), ("values", [en: values])])
        input.pageMap = pageMap
        return input
    }

    static func files(_ input: EditionInput) -> [String: String] {
        Dictionary(Book(input).files.map { ($0.path, String(decoding: $0.bytes, as: UTF8.self)) }, uniquingKeysWith: { first, _ in first })
    }

    /// The `href`s of `document` that start with `prefix`.
    static func hrefs(_ document: String, _ prefix: String) -> [String] {
        document.components(separatedBy: "href=\"" + prefix).dropFirst().map { prefix + String($0.prefix { $0 != "\"" }) }
    }

    @Test func theAnswersAreOneDocumentAtTheBooksEndInTheSpineAndTheContents() throws {
        let files = Self.files(Self.input())
        let answers = try #require(files["EPUB/text/answers.end.xhtml"])
        let package = try #require(files["EPUB/package.opf"])
        #expect(package.contains("<item id=\"book-end-answers\" href=\"text/answers.end.xhtml\" media-type=\"application/xhtml+xml\"/>"), "\(package)")
        // After the chapters in reading order.
        #expect(package.contains("<itemref idref=\"chapter-2\"/>\n<itemref idref=\"book-end-answers\"/>\n</spine>"), "\(package)")
        let nav = try #require(files["EPUB/nav.xhtml"])
        #expect(nav.contains("<li><a href=\"text/answers.end.xhtml\">Answers to the questions</a></li>\n</ol>\n</nav>"), "\(nav)")
        #expect(nav.contains("<li><a epub:type=\"backmatter\" href=\"text/answers.end.xhtml\">Answers to the questions</a></li>"), "\(nav)")
        // No "Answers" section at the chapters' ends any more, nor in the contents.
        #expect(!nav.contains("#answers\""), "\(nav)")
        #expect(!(files["EPUB/text/memory.xhtml"] ?? "").contains("<section class=\"answers\""))

        #expect(answers.contains("<h1 id=\"answers-title\">Answers to the questions</h1>"), "\(answers)")
        #expect(answers.contains("<h2>Chapter 1. <a href=\"memory.xhtml\">memory</a></h2>"), "\(answers)")
        #expect(answers.contains("<h2>Chapter 2. <a href=\"values.xhtml\">values</a></h2>"), "\(answers)")
        #expect(answers.contains("<h3><a href=\"memory.xhtml#q-kinds\">Answer to question 1.1</a></h3>\n<p class=\"question-key\">Answer: a.</p>"), "\(answers)")
        // A link in an explanation to a place in its chapter leads to that chapter's document.
        #expect(answers.contains("<a href=\"memory.xhtml#cycles\" class=\"xref\">cycles</a>"), "\(answers)")
        // Without the PDF's page map, no page reference.
        #expect(!answers.contains("on page"), "\(answers)")
    }

    @Test func theQuestionAndItsAnswerLinkEachOtherThoughTwoChaptersGiveTheSameID() throws {
        let files = Self.files(Self.input())
        let answers = try #require(files["EPUB/text/answers.end.xhtml"])
        var ids: [String: Set<String>] = [:]
        for (path, text) in files where path.hasSuffix(".xhtml") {
            ids[path] = Set(text.components(separatedBy: " id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) })
        }
        #expect(ids["EPUB/text/answers.end.xhtml"]?.isSuperset(of: ["answer-q-kinds", "answer-q-kinds-2"]) == true, "\(answers)")
        for chapter in ["memory", "values"] {
            let document = try #require(files["EPUB/text/\(chapter).xhtml"])
            let toAnswers = Self.hrefs(document, "answers.end.xhtml#")
            #expect(toAnswers.count == 1, "\(document)")
            for href in toAnswers {
                #expect(ids["EPUB/text/answers.end.xhtml"]?.contains(String(href.dropFirst("answers.end.xhtml#".count))) == true, "\(href)")
            }
        }
        #expect(Self.hrefs(files["EPUB/text/values.xhtml"] ?? "", "answers.end.xhtml#") == ["answers.end.xhtml#answer-q-kinds-2"])
        // Every link back from the answers leads to an id of the chapter it names.
        let back = Self.hrefs(answers, "memory.xhtml#") + Self.hrefs(answers, "values.xhtml#")
        #expect(back.count >= 2)
        for href in back {
            let parts = href.split(separator: "#", maxSplits: 1).map(String.init)
            #expect(ids["EPUB/text/" + parts[0]]?.contains(parts[1]) == true, "\(href)")
        }
    }

    @Test func withThePDFsPageMapEachAnswerNamesItsQuestionsPage() throws {
        let map = TypstPageMap(entries: [
            .init(label: TypstMarkup.label(chapter: "memory"), page: 41, number: "41"),
            .init(label: TypstMarkup.label(chapter: "memory", anchor: "q-kinds"), page: 43, number: "43"),
        ])
        let files = Self.files(Self.input(pageMap: map))
        let answers = try #require(files["EPUB/text/answers.end.xhtml"])
        #expect(answers.contains("<p class=\"page-ref\"><a href=\"memory.xhtml#q-kinds\">Question 1.1</a> on page\u{A0}43</p>"), "\(answers)")
        // The second chapter's question is not in the map: no page for it.
        #expect(answers.components(separatedBy: "class=\"page-ref\"").count == 2, "\(answers)")
        // The page list still marks the chapters' pages, the question's among them.
        let memory = try #require(files["EPUB/text/memory.xhtml"])
        #expect(memory.contains("id=\"page-43\" aria-label=\"43\"></span>\n<div class=\"question\" id=\"q-kinds\">"), "\(memory)")
    }
}
