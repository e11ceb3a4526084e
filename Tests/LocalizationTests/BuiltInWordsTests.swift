import CourseModel
import Foundation
import Localization
import PrimerTestSupport
import Testing

/// Primer's own words (Templates/Localizable.xcstrings) as Chinese and Russian readers expect them.
@Suite struct BuiltInWordsTests {
    static let catalog: StringCatalog? = {
        let text = (try? String(contentsOfFile: TestSupport.templates + "/Localizable.xcstrings", encoding: .utf8)) ?? ""
        return XCStringsReader.read(text, path: "Localizable.xcstrings").0
    }()

    /// A label joined to a title reads "第 3 章 错误与诊断" everywhere (the site's pager and
    /// gallery, the EPUB's contents, the download READMEs): no Western full stop after the label.
    @Test func aChineseLabelAndItsTitleAreJoinedWithASpace() throws {
        let catalog = try #require(Self.catalog)
        let chinese = Localizer.strings(for: zh, catalog: catalog, source: en)
        #expect(chinese["label_title_separator"] == " ")
        for key in ["chapter_label", "part_label", "appendix_label", "ref_chapter_start", "ref_listing_start", "ref_figure_start", "ref_table_start"] {
            let joined = chinese.format(key, "3", "2") + chinese["label_title_separator"] + "错误与诊断"
            #expect(!joined.contains(".") && !joined.contains("．"), "\(key): \(joined)")
        }
        #expect(chinese.format("chapter_label", "3") + chinese["label_title_separator"] + "错误与诊断" == "第 3 章 错误与诊断")
        let english = Localizer.strings(for: en, catalog: catalog, source: en)
        #expect(english.format("chapter_label", "3") + english["label_title_separator"] + "Errors" == "Chapter 3. Errors")
    }

    /// Quotation marks in Primer's words are the language's own (“” and 《》, «»), never straight.
    @Test(arguments: [zh, ru]) func primersWordsQuoteTheLanguagesWay(_ locale: LocaleTag) throws {
        let catalog = try #require(Self.catalog)
        let words = Localizer.strings(for: locale, catalog: catalog, source: en)
        let marks = LocaleQuotes.marks(for: locale)
        for (key, value) in words.entries.sorted(by: { $0.key < $1.key }) {
            #expect(!value.contains("\"") && !value.contains("'"), "\(key): \(value)")
            if locale == ru { #expect(!value.contains("“") && !value.contains("”"), "\(key): \(value)") }
        }
        #expect(words["search_no_results"].contains(marks.open) && words["search_no_results"].contains(marks.close))
        #expect(words["listing_continued"] == (locale == zh ? "（续）" : "(продолжение)"))
    }
}
