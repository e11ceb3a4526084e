import CourseModel
import Markdown
import PrimerTestSupport
import Renderer
import Resolver
import Testing

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

    /// A listing can say what it is; its file name stays beside the words as a detail, and a
    /// reference to it reads its number.
    @Test func aDescribedListingKeepsItsFileNameAsADetail() {
        let out = html("""
        See [](#lst-cycle).

        ```swift {#lst-cycle title="Cycle.swift" caption="A retain cycle between a view and its timer"}
        let a = 1
        ```

        ```swift {caption="Without a file"}
        let b = 2
        ```
        """)
        #expect(out.contains("<figcaption><span class=\"caption-label\">Listing 1.1</span> <span class=\"caption-text\">A retain cycle between a view and its timer</span> <code class=\"caption-file\">Cycle.swift</code></figcaption>"))
        #expect(out.contains("<span class=\"caption-label\">Listing 1.2</span> <span class=\"caption-text\">Without a file</span></figcaption>"))
        #expect(out.contains(">Listing 1.1</a>"))
    }

    @Test func tightListsFootnotesAndLinks() {
        let out = html("- one\n- two\n\nA[^x] and <https://example.org/a b>.\n\n[^x]: Foot.\n")
        #expect(out.contains("<ul>\n<li>one</li>\n<li>two</li>\n</ul>"))
        #expect(out.contains("<sup class=\"footnote-ref\"><a href=\"#fn-1\" id=\"fnref-1\">1</a></sup>"))
        #expect(out.contains("<section class=\"footnotes\">\n<ol>\n<li id=\"fn-1\">\n<p>Foot.</p>\n<p><a href=\"#fnref-1\""))
    }

    /// Marks side by side read as one number ("¹²" as footnote twelve): a comma goes between.
    @Test func footnoteMarksSideBySideAreSeparated() {
        let out = html("A.[^a][^b] B[^c].\n\n[^a]: One.\n[^b]: Two.\n[^c]: Three.\n")
        #expect(out.contains("<a href=\"#fn-1\" id=\"fnref-1\">1</a></sup><sup class=\"footnote-sep\">,</sup><sup class=\"footnote-ref\"><a href=\"#fn-2\""))
        #expect(out.contains("B<sup class=\"footnote-ref\"><a href=\"#fn-3\""))
        #expect(!out.contains("</sup><sup class=\"footnote-sep\">,</sup><sup class=\"footnote-ref\"><a href=\"#fn-3\""))
    }
}
