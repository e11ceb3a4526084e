import CourseModel
import Editions
import Foundation
import PrimerTestSupport
import Testing

/// The real course's PDFs page by page (`TypstTests` typesets them once): listings broken across
/// pages, and the Chinese book's typography.
@Suite(.serialized) struct TypstPagesTests {
    /// The text of each page, laid out as on the page.
    static func pages(_ path: String) -> [[String]] {
        TypstTests.shell(["pdftotext", "-layout", "-enc", "UTF-8", path, "-"]).output.split(separator: "\u{C}", omittingEmptySubsequences: false)
            .map { $0.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
    }

    /// A listing that goes on to the next page is headed there by its label and "(continued)" in
    /// the text's language, under the running head; the page it starts on shows at least three
    /// of its lines (no listing starts with a lone `import Foundation` at a page's foot).
    @Test(arguments: [(en, "Listing", #"^(Listing \d+\.\d+ |Output |Does not compile; the compiler says )?\(continued\)$"#),
                      (zh, "代码清单", #"^(代码清单 \d+-\d+|输出|无法编译，编译器报告)?（续）$"#)])
    func aListingBrokenAcrossPagesSaysSo(_ locale: LocaleTag, _ listing: String, _ mark: String) throws {
        let typeset = try TypstTests().result(locale)
        let pages = Self.pages(typeset.path)
        let expression = try Regex(mark)
        let word = locale == zh ? "（续）" : "(continued)"
        var marked = 0, started = 0
        for (index, lines) in pages.enumerated() {
            guard let line = lines.firstIndex(where: { $0.hasSuffix(word) }) else { continue }
            // The running head, then the mark.
            #expect(line == 1 && lines[line].contains(expression), "page \(index + 1): \(lines.prefix(3))")
            marked += 1
            let label = lines[line].dropLast(word.count).trimmingCharacters(in: .whitespaces)
            guard label.hasPrefix(listing), let caption = pages[index - 1].lastIndex(where: { $0.hasPrefix(label + " ") }) else { continue }
            started += 1
            let shown = pages[index - 1].count - 1 - (caption + 1)  // the lines after the caption, not the page number
            #expect(shown >= 3, "\(label) starts on page \(index) with \(pages[index - 1].suffix(shown + 1))")
        }
        #expect(marked > 100 && started > 20, "\(marked) pages with a continued listing, \(started) listings started on the page before")
    }

    /// Chinese text is not spread character by character, its figures are drawn in Simplified
    /// Chinese glyphs, and a page reference follows its verb without a space ("详见第 44 页").
    @Test func theChineseBookIsSetTheChineseWay() throws {
        let typeset = try TypstTests().result(zh)
        let lines = Self.pages(typeset.path).flatMap { $0 }
        let spread = try Regex(#"\p{Han} \p{Han} \p{Han} \p{Han}"#)
        #expect(lines.filter { $0.contains(spread) }.isEmpty, "\(lines.filter { $0.contains(spread) }.prefix(5))")
        let reference = try Regex(#"详见第\s*\d+\s*页"#)
        #expect(lines.contains { $0.contains(reference) }, "the reference to copy-on-write's buffer")
        #expect(!lines.contains { $0.contains("见 第") })
        let fonts = TypstTests.shell(["pdffonts", typeset.path]).output
        #expect(fonts.contains("CJKsc") && !fonts.contains("CJKjp"), "\(fonts)")
    }
}
