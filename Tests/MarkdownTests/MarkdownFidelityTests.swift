import CourseModel
import Foundation
import PrimerTestSupport
import Renderer
@testable import Resolver
import Testing

/// Markdown edge cases from the GFM spec and probes.
@Suite struct MarkdownFidelityTests {
    func render(_ markdown: String) -> (html: String, diagnostics: [Diagnostic]) {
        let (course, diagnostics) = resolveCourse([("c", [en: markdown])], locales: [en])
        let html = HTMLRenderer.render(course.pages[en]![0].document, strings: UIStrings(locale: en, entries: [
            "heading_anchor": "Link", "footnote_back": "Back", "ref_figure": "Figure %1$@.%2$@",
        ]), rawHTML: false)
        return (html, diagnostics)
    }

    func ids(_ html: String) -> [String] {
        var result: [String] = []
        var rest = Substring(html)
        while let range = rest.range(of: " id=\"") {
            let after = rest[range.upperBound...]
            let end = after.firstIndex(of: "\"")!
            result.append(String(after[..<end]))
            rest = after[end...]
        }
        return result
    }

    @Test func aFootnoteReferencedTwiceGetsTwoBackReferencesAndEveryIdIsUnique() {
        let (html, _) = render("One[^n] and two[^n], and [^m].\n\n[^n]: The note.\n[^m]: Another.\n")
        // cmark-gfm numbers footnote labels in order of first reference.
        #expect(html.contains("<a href=\"#fn-1\" id=\"fnref-1\">1</a>") && html.contains("<a href=\"#fn-1\" id=\"fnref-1-2\">1</a>"), "\(html)")
        #expect(html.contains("<a href=\"#fnref-1\" class=\"footnote-backref\" aria-label=\"Back\">↩</a> <a href=\"#fnref-1-2\" class=\"footnote-backref\" aria-label=\"Back\">↩<sup>2</sup></a>"))
        let all = ids(html)
        #expect(Set(all).count == all.count, "\(all)")
        #expect(all.contains("fn-2") && all.contains("fnref-2"))
    }

    /// Every id Primer's templates give an element is one a heading may not take.
    @Test func theTemplatesIdsAreReserved() throws {
        let folder = TestSupport.root.appendingPathComponent("Templates")
        var ids = Set<String>()
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".mustache") {
            let text = TestSupport.read(folder.appendingPathComponent(name))
            for match in text.matches(of: /\bid="([^"{]+)"/) { ids.insert(String(match.1)) }
        }
        #expect(!ids.isEmpty && ids.isSubset(of: Numberer.reservedIDs), "\(ids.subtracting(Numberer.reservedIDs))")
    }

    @Test func headingIdsStayClearOfThePagesOwn() {
        let (html, diagnostics) = render("## Main\n\n## Toc\n\n## Search input\n\n## fn-x\n\nA note[^x].\n\n[^x]: X.\n")
        #expect(ids(html).prefix(4) == ["main-1", "toc-1", "search-input-1", "h-fn-x"], "\(ids(html))")
        #expect(!diagnostics.hasErrors)
        let (_, explicit) = render("## Main {#main}\n\n## Notes {#fnref-1}\n")
        let errors = explicit.filter(\.isError).map(\.description)
        #expect(errors == ["en/c.md:1:1: error: the id 'main' is taken by the page itself (the site's templates use it) [PRM022]\n    choose another id, e.g. 'c-main'",
                           "en/c.md:3:1: error: the id 'fnref-1' is taken by the page itself (footnotes use fn- and fnref- ids) [PRM022]\n    choose another id, e.g. 'c-fnref-1'"],
                "\(errors)")
    }

    /// 10,000 headings with one text: every id unique, numbered in order (in linear time: the
    /// closing note of the issue has the figures; it was 33–50 s, quadratic).
    @Test func manyHeadingsWithOneTextGetUniqueIds() {
        let markdown = String(repeating: "#### Same\n\n", count: 10_000)
        let start = ContinuousClock.now
        let (html, _) = render(markdown)
        let all = ids(html)
        #expect(all.count == 10_000 && Set(all).count == 10_000)
        #expect(all.prefix(3) == ["same", "same-1", "same-2"] && all.last == "same-9999")
        #expect(ContinuousClock.now - start < .seconds(20))
    }

    @Test func altTextKeepsInlineHTMLAndFootnotesReferencedThereAreKept() {
        let (html, _) = render("![a <b>bold</b> move](x.png) and ![n[^alt]](y.png)\n\n[^alt]: Only in alt text.\n")
        #expect(html.contains("alt=\"a &lt;b&gt;bold&lt;/b&gt; move\""), "\(html)")
        #expect(html.contains("alt=\"n1\""), "\(html)")
        #expect(html.contains("<li id=\"fn-1\">\n<p>Only in alt text.</p>\n</li>"), "\(html)")
        #expect(!html.contains("#fnref-1"))
    }

    @Test func aTabInAFencesInfoStringEndsTheLanguage() {
        let (html, _) = render("```swift\tlinenos\nlet a = 1\n```\n\n```ruby\t{title=\"x\"}\nputs 1\n```\n")
        #expect(html.contains("<code class=\"language-swift\">") && html.contains("<code class=\"language-ruby\">"), "\(html)")
    }
}
