import CourseModel
@testable import Editions
import Foundation
import Localization
import Markup
import PrimerTestSupport
import Testing

/// The PDF's Typst markup for listings that break across pages, wrapped code lines and CJK
/// text, from small courses in memory with Primer's own words (nothing is typeset here).
@Suite struct TypstTypographyTests {
    /// The built-in words of `locale`.
    static func words(_ locale: LocaleTag) -> UIStrings {
        let text = (try? String(contentsOfFile: TestSupport.templates + "/Localizable.xcstrings", encoding: .utf8)) ?? ""
        let catalog = XCStringsReader.read(text, path: "Localizable.xcstrings").0!
        return Localizer.strings(for: locale, catalog: catalog, source: en)
    }

    /// The book of `locale` made from one chapter of `markdown`.
    static func book(_ markdown: String, _ locale: LocaleTag) -> String {
        var (course, _) = resolveCourse([("memory", [locale: markdown])], locales: [locale])
        course.strings[locale] = words(locale)
        return TypstWriter.book(EditionInput(course: course, locale: locale, files: [:], drawn: [:])).main
    }

    static let listing = "# Memory\n\n```swift {#lst-a title=\"main.swift\"}\nimport Foundation\nprint(1)\n```\n"

    @Test func aPartWithoutATitleHasNoHeadingAndOnlyNumberedPartsAreCounted() {
        var (course, _) = resolveCourse([("intro", [en: "# Intro\n\nHello.\n"]), ("memory", [en: "# Memory\n\nText.\n"]),
                                         ("extra", [en: "# Extra\n\nMore.\n"])], locales: [en])
        let entries = course.config.parts[0].chapters
        var preface = CourseConfig.Part(title: [:], chapters: [entries[0]])
        preface.numbering = .none
        var appendices = CourseConfig.Part(title: [en: "Appendices"], chapters: [entries[2]])
        appendices.numbering = .appendix
        course.config.parts = [preface, CourseConfig.Part(title: [en: "Main"], chapters: [entries[1]]), appendices]
        course.strings[en] = Self.words(en)
        let main = TypstWriter.book(EditionInput(course: course, locale: en, files: [:], drawn: [:])).main
        // An imported book's preface part has no title: an empty heading would break PDF/UA-1.
        #expect(!main.contains("supplement: none)[]"), "\(main)")
        #expect(main.contains("#heading(level: 1, numbering: (..n) => \"Part 1\", supplement: none)[Main]"), "\(main)")
        #expect(main.contains("#heading(level: 1, numbering: none, supplement: none)[Appendices]"))
    }

    @Test func aTableHeaderWithALinkIsNotRepeatedOnTheNextPage() {
        let linked = Self.book("# Memory\n\n## Numbers {#numbers}\n\n| [Kind](#numbers) | Example |\n| --- | --- |\n| a | b |\n", en)
        #expect(linked.contains("table.header(repeat: false, [#strong["), "\(linked)")
        let plain = Self.book("# Memory\n\n| Kind | Example |\n| --- | --- |\n| a | b |\n", en)
        #expect(plain.contains("table.header([#strong[Kind]]"), "\(plain)")
    }

    @Test func aListingSaysWhereItGoesOnInTheLanguageOfItsText() {
        let english = Self.book(Self.listing, en), chinese = Self.book(Self.listing, zh)
        #expect(english.contains("lang: \"swift\", \"import Foundation\\nprint(1)\"), continued: [#strong[Listing 1\\.1] (continued)])"), "\(english)")
        #expect(chinese.contains("continued: [#strong[代码清单 1\\-1]（续）])"), "\(chinese)")
        // A block of code without a number, and an output, are marked too.
        let plain = Self.book("# Memory\n\n```swift\nlet a = 1\n```\n", en)
        #expect(plain.contains("let a = 1\"), continued: [(continued)])"), "\(plain)")
    }

    @Test func theBookKeepsAListingsFirstAndLastLinesTogetherAndMarksWrappedRows() {
        let main = Self.book(Self.listing, en)
        // The first three and last two lines of a listing in unbreakable blocks; where it starts
        // and ends, for the running head of the page it goes on to.
        #expect(main.contains("let (head, tail) = if filled.len() <= 5 { (count, count) } else { (filled.at(2) + 1, filled.at(-2)) }"))
        #expect(main.contains("block(breakable: false, for index in range(head) { line-at(index) })"))
        #expect(main.contains("[#metadata(continued)<primer-code-start>]") && main.contains("<primer-code-end>"))
        #expect(main.contains("header: context { primer-running-head(); primer-continued-mark() }"))
        // Each row a long line wraps to starts with the drawn ↳.
        #expect(main.contains("place(top + left, dx: hang - 1.1em, dy: row * pitch + 0.1em, primer-wrap-mark)"))
    }

    @Test func chineseTextIsRaggedRightUprightAndBoldWhereEmphasised() {
        let chinese = Self.book("# 内存\n\n面向 *Objective-C* 程序员。\n", zh), english = Self.book("# Memory\n\nFor *Objective-C* people.\n", en)
        let rules = "#set par(justify: false)\n#show emph: it => text(weight: \"bold\", it.body)\n#let primer-italic = \"normal\"\n"
        #expect(chinese.contains(rules), "\(chinese)")
        #expect(!english.contains("#show emph") && !english.contains("primer-italic = \"normal\""))
        #expect(chinese.contains("region: \"cn\", hyphenate: false, font: ((name: \"Noto Serif\", covers: \"latin-in-cjk\"), \"Noto Serif CJK SC\"))"))
        // "Objective-C" is not broken after its hyphen in Chinese text; English text may break there.
        #expect(chinese.contains("面向 #emph[#box[Objective\\-C];]; 程序员。"), "\(chinese)")
        #expect(english.contains("For #emph[Objective\\-C]; people."), "\(english)")
    }

    @Test func aChinesePageReferenceHasNoSpaceBeforeIt() {
        let markdown = "# 内存\n\n## 写时复制 {#cow}\n\n计数（详见 [](#cow)）。\n\n见\n[](#cow)。\n"
        let main = Self.book(markdown, zh)
        // "第 %2$@ 页的%1$@": the reference starts with 第, so the space the source put before
        // "1.1 节" goes (the site keeps it: "详见 1.1 节"); the page number keeps its words on its line.
        #expect(main.contains("计数（详见第\u{A0}#context counter(page).at(<ch-memory--cow>).first();\u{A0}页的#link(<ch-memory--cow>)"), "\(main)")
        #expect(main.contains("见第\u{A0}#context counter(page)"), "\(main)")
        #expect(!main.contains("见 第"))
        // In English the words come after the link: nothing is taken out.
        let english = Self.book("# Memory\n\n## Copy {#cow}\n\nSee [](#cow).\n", en)
        #expect(english.contains("See #link(<ch-memory--cow>)[Section ") && english.contains("]; on page\u{A0}#context counter(page)"), "\(english)")
    }

    @Test func anSVGFiguresGenericFontsAreTheBooksOwn() {
        let svg = Array("<svg font-family=\"sans-serif\"><text font-family='monospace'>关</text><text style=\"font-family: serif, x\">直</text></svg>".utf8)
        let chinese = String(decoding: TypstSVG.withBookFonts(svg, locale: zh), as: UTF8.self)
        #expect(chinese == "<svg font-family=\"Noto Sans CJK SC\"><text font-family='Noto Sans Mono CJK SC'>关</text><text style=\"font-family: Noto Serif CJK SC, x\">直</text></svg>")
        let english = String(decoding: TypstSVG.withBookFonts(svg, locale: en), as: UTF8.self)
        #expect(english.hasPrefix("<svg font-family=\"Noto Sans\"><text font-family='Noto Sans Mono'>"))
        #expect(TypstWriter.cjkFace(LocaleTag("zh-Hant")!) == "TC" && TypstWriter.cjkFace(LocaleTag("ja")!) == "JP" && TypstWriter.cjkFace(ru) == nil)
    }

    @Test func hyphenatedWordsAreKeptWholeInCJKMarkup() {
        #expect(escapeHTMLKeepingHyphenatedWords("面向 Objective-C & UTF-8 程序员 - 好")
            == "面向 <span class=\"nobreak\">Objective-C</span> &amp; <span class=\"nobreak\">UTF-8</span> 程序员 - 好")
        #expect(TypstMarkup.textKeepingHyphenatedWords("Objective-C.framework") == "#box[Objective\\-C];\\.framework")
    }
}
