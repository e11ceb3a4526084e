import CourseModel
import Foundation
import Markdown
import PrimerTestSupport
import Renderer
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Raw HTML with `raw_html: true`: made safe once, in the parse stage, by an allow-list
/// (`RawHTMLSanitizer`), with a warning (PRM043) at `path:line:col` for what is left out.
@Suite struct RawHTMLTests {
    /// A chapter parsed with `raw_html: true`: the site's HTML for it, and the raw HTML warnings.
    func sanitize(_ markdown: String) -> (html: String, warnings: [Diagnostic], document: Document) {
        let (document, diagnostics) = ChapterParser.parse(markdown, path: "c.md", rawHTML: true)
        let html = HTMLRenderer.render(document, strings: UIStrings(locale: en, entries: [:]), rawHTML: true)
        #expect(!diagnostics.hasErrors, "\(diagnostics)")
        return (html, diagnostics.filter { $0.code == .rawHTML }, document)
    }

    /// Whether the HTML is well-formed XML (as an EPUB needs); headings' anchors aside, whose
    /// `data-pagefind-ignore` is HTML only.
    func isWellFormed(_ html: String) -> Bool {
        let wrapped = "<div xmlns=\"http://www.w3.org/1999/xhtml\">" + html.replacingOccurrences(of: " data-pagefind-ignore", with: "") + "</div>"
        let parser = XMLParser(data: Data(wrapped.utf8))
        final class Errors: NSObject, XMLParserDelegate {
            var count = 0
            func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) { count += 1 }
        }
        let errors = Errors()
        parser.delegate = errors
        return parser.parse() && errors.count == 0
    }

    @Test func schemesAreCheckedAfterReferencesAreDecoded() {
        let hidden = ["java&#9;script:alert(1)", "&#106;avascript:alert(1)", "jav&#x61;script:alert(1)", "JaVaScRiPt:alert(1)",
                      "  \n javascript:alert(1)", "javascript&colon;alert(1)", "&#0000106avascript:alert(1)", "java&Tab;script:alert(1)",
                      "&#x6A&#x61vascript:alert(1)", "java\nscript:alert(1)", "vbscript:msgbox(1)", "data:text/html;base64,PHNjcmlwdD4=",
                      "file:///etc/passwd", "&#1;javascript:alert(1)"]
        for (index, url) in hidden.enumerated() {
            let (html, warnings, _) = sanitize("Text <a href=\"\(url)\" title=\"t\">link</a> and <img src=\"\(url)\" alt=\"pic\">.\n")
            #expect(html.contains("<a title=\"t\">link</a>") && html.contains("<img alt=\"pic\"/>"), "\(index): \(html)")
            for scheme in ["script:", "vbscript", "data:text", "file:"] { #expect(!html.contains(scheme), "\(index): \(html)") }
            #expect(warnings.count == 2 && warnings[0].location == SourceLocation(path: "c.md", line: 1, column: 9), "\(index): \(warnings)")
            #expect(warnings[0].message.hasPrefix("raw HTML: the attribute 'href' of <a> is left out: "), "\(warnings)")
        }
        let kept = sanitize("""
            <a href="https://example.org/?a=1&amp;b=2">w</a> <a href="mailto:a@example.org">m</a> <a href="#top">t</a>
            <a href="other.html">o</a> <img src="data:image/png;base64,iVBORw0KGgo=" alt="p"> <a href="HTTP://EXAMPLE.ORG">u</a>
            <img src="a.png" srcset="a.png 1x, b.png 2x" alt="s"> <img src="a.png" srcset="a.png 1x, javascript:x 2x" alt="n">
            """)
        #expect(kept.html.contains("<a href=\"https://example.org/?a=1&amp;b=2\">w</a> <a href=\"mailto:a@example.org\">m</a> <a href=\"#top\">t</a>"))
        #expect(kept.html.contains("<a href=\"other.html\">o</a> <img src=\"data:image/png;base64,iVBORw0KGgo=\" alt=\"p\"/> <a href=\"HTTP://EXAMPLE.ORG\">u</a>"))
        #expect(kept.html.contains("<img src=\"a.png\" srcset=\"a.png 1x, b.png 2x\" alt=\"s\"/> <img src=\"a.png\" alt=\"n\"/>"))
        #expect(kept.warnings.map(\.location?.line) == [3], "\(kept.warnings)")
    }

    @Test func eventHandlersGoFromEveryElement() {
        let (html, warnings, _) = sanitize("""
            <div onclick="steal()" class="box" ONLOAD='x()' title="on">a</div>

            <details ontoggle=alert(1) open><summary onmouseover="x">s</summary>t</details>

            Text <img src="x.png" onerror="alert(1)" alt="pic"> <svg onload="alert(1)"><circle r="1" onclick="x"/></svg> <b onfocus=x>b</b>
            """)
        #expect(html.contains("<div class=\"box\" title=\"on\">a</div>"), "\(html)")
        #expect(html.contains("<details open=\"\"><summary>s</summary>t</details>"), "\(html)")
        #expect(html.contains("<img src=\"x.png\" alt=\"pic\"/> <svg xmlns=\"http://www.w3.org/2000/svg\"><circle r=\"1\"></circle></svg> <b>b</b>"), "\(html)")
        #expect(!html.lowercased().contains(" on"), "\(html)")
        #expect(warnings.count == 8, "\(warnings.map(\.description))")
        #expect(warnings.allSatisfy { $0.message.hasSuffix("is left out: it would run script") })
        #expect(warnings.first?.description == """
            c.md:1:6: warning: raw HTML: the attribute 'onclick' of <div> is left out: it would run script [PRM043]
                a chapter brings no script of its own
            """)
    }

    @Test func rolesAndARIAAttributesAreTheOnesValidatorsKnow() {
        let (html, warnings, _) = sanitize("""
            <div role="note" aria-label="n" aria-hidden="true">a</div> <div role="main">b</div> <div role="foo" aria-foo="x" data-x="1">c</div>
            """)
        #expect(html.contains("<div role=\"note\" aria-label=\"n\" aria-hidden=\"true\">a</div> <div>b</div> <div>c</div>"), "\(html)")
        #expect(warnings.map(\.location!.column) == [65, 90, 101, 114], "\(warnings.map(\.description))")
    }

    @Test func svgKeepsItsDrawingButNotAnimationOrOutsideReferences() {
        let (html, warnings, _) = sanitize("""
            <svg viewBox="0 0 10 10" width="100%"><a href="#x"><animate attributeName="href" values="javascript:alert(1)"/><set attributeName="href" to="javascript:alert(2)"/><text x="1" y="9">click</text></a><animateTransform attributeName="transform" type="rotate"></animateTransform><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient><rect width="5" height="5" fill="url(#g)" stroke="url(https://evil.example/s.svg#p)"/><use href="#g"/><use xlink:href="https://evil.example/x.svg#a"/><foreignObject><div>html</div></foreignObject><script>alert(3)</script><image href="x.png"/></svg>
            """)
        #expect(html.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\" width=\"100%\"><a href=\"#x\"><text x=\"1\" y=\"9\">click</text></a>"), "\(html)")
        #expect(html.contains("<linearGradient id=\"g\"><stop offset=\"0\" stop-color=\"red\"></stop></linearGradient><rect width=\"5\" height=\"5\" fill=\"url(#g)\"></rect><use href=\"#g\"></use><use></use></svg>"), "\(html)")
        for gone in ["animate", "set ", "javascript", "evil", "foreignObject", "html", "alert", "image"] { #expect(!html.contains(gone), "\(gone): \(html)") }
        #expect(warnings.count == 8, "\(warnings.map(\.description))")
        let columns = warnings.map { $0.location?.column ?? 0 }
        #expect(columns == columns.sorted() && columns.first == 52, "\(columns)")
    }

    @Test func elementsOutsideTheListGoWithAWarningAtTheirPlace() {
        let (html, warnings, _) = sanitize("""
            <base href="https://evil.example/">

            <meta http-equiv="refresh" content="0;url=https://evil.example/"><link rel="stylesheet" href="https://evil.example/x.css">

            Text <custom-el>custom</custom-el> and <font color=red>a</font> <font>b</font> <center>c</center>.

            <iframe src="https://example.org/"></iframe><form action="https://evil.example/"><input name="q"><button>Go</button></form>

            <style>body { display: none }</style><script>alert(1)</script><title>T</title>

            <noscript>no</noscript><object data="x.swf">fallback</object>
            """)
        for gone in ["base", "meta", "link", "evil", "custom-el", "font", "center", "iframe", "form", "input", "button", "style", "display",
                     "script", "alert", "title", "noscript", ">no<", "object", "x.swf"] {
            #expect(!html.contains(gone), "\(gone): \(html)")
        }
        #expect(html.contains("Text custom and a b c.") && html.contains("Go") && html.contains("fallback"), "\(html)")
        let places = warnings.map { "\($0.location!.line):\($0.location!.column)" }
        #expect(places == ["1:1", "3:1", "3:66", "5:6", "5:40", "5:80", "7:1", "7:45", "7:82", "7:98", "9:1", "9:38", "9:63", "11:1", "11:24"],
                "one warning for both <font>s of line 5: \(warnings.map(\.description))")
        #expect(warnings[0].message == "raw HTML: <base> is left out" && warnings[0].suggestion == "remove it: a chapter cannot change its page's head")
        // An unclosed script takes what follows it, as in a browser: up to the end of its paragraph, or of the chapter.
        let unclosed = sanitize("Before <script>alert(1) *em*\n\nAfter.\n\n<style>\n\nGone.\n")
        #expect(unclosed.html == "<p>Before </p>\n<p>After.</p>\n", "\(unclosed.html)")
        #expect(unclosed.warnings.map(\.message).contains("raw HTML: <script> is not closed; what follows it is left out until it is closed at the end of its paragraph"))
        #expect(unclosed.warnings.map(\.message).contains("raw HTML: <style> is not closed; what follows it is left out until it is closed at the end of the chapter"))
        #expect(warnings[11].message == "raw HTML: <script> is left out with what it holds")
    }

    @Test func processingInstructionsDeclarationsAndCDATAGo() {
        let (html, warnings, _) = sanitize("""
            <?xml-stylesheet href="evil.css" type="text/css"?>

            <!DOCTYPE html>

            <div><![CDATA[ <b>x</b> ]]>kept</div>

            Inline <?php echo 1; ?> text.
            """)
        #expect(!html.contains("<?") && !html.contains("<!") && !html.contains("CDATA") && !html.contains("<b>") && !html.contains("php"), "\(html)")
        #expect(html.contains("<div>kept</div>") && html.contains("Inline  text."), "\(html)")
        #expect(warnings.map(\.message) == ["raw HTML: a processing instruction (<?…?>) is left out", "raw HTML: a declaration (<!…>) is left out",
                                            "raw HTML: a CDATA section is left out", "raw HTML: a processing instruction (<?…?>) is left out"])
        #expect(warnings.map { $0.location!.line } == [1, 3, 5, 7])
    }

    @Test func stylesThatCouldLoadSomethingGo() {
        let (html, warnings, _) = sanitize("""
            <span style="background: url(file:///etc/passwd)">a</span> <span style="background:URL ( 'x' )">b</span> <span style="color: red; font-weight: bold">c</span>
            <span style="width: expression(alert(1))">d</span> <span style="@import 'x.css'">e</span> <span style="background: u\\72l(x)">f</span>
            <span style="background-image: image-set('x.png' 1x)">g</span> <span style="color: rgb(1, 2, 3)">h</span>
            """)
        #expect(html.contains("<span>a</span> <span>b</span> <span style=\"color: red; font-weight: bold\">c</span>"), "\(html)")
        #expect(html.contains("<span>d</span> <span>e</span> <span>f</span>") && html.contains("<span>g</span> <span style=\"color: rgb(1, 2, 3)\">h</span>"), "\(html)")
        // The two of line 1 say the same: one warning.
        #expect(warnings.count == 5 && warnings.allSatisfy { $0.message.hasPrefix("raw HTML: the attribute 'style' of <span> is left out: a style with '") }, "\(warnings)")
    }

    @Test func idsAreUniqueAndGiveWayToThePagesAndTheChaptersOwn() {
        let (html, warnings, document) = sanitize("""
            ## Setup {#setup}

            <div id="twice">one</div> <span id="setup">x</span>

            Text <span id="twice">two</span> <a name="anchor">here</a> <a name="bad name">b</a> <span id="main">m</span> <span id="fn-1">f</span>
            """)
        #expect(html.contains("<div id=\"twice\">one</div> <span>x</span>") && html.contains("Text <span>two</span> <a id=\"anchor\">here</a> <a>b</a> <span>m</span> <span>f</span>"), "\(html)")
        #expect(document.rawIDs == ["twice", "anchor"])
        let messages = warnings.map(\.description)
        #expect(messages.contains("c.md:5:12: warning: raw HTML: the id 'twice' of <span> is left out: an element before it has it [PRM043]\nc.md:3:6: note: first defined here\n    give one of them another id"), "\(messages)")
        #expect(messages.contains { $0.hasPrefix("c.md:3:33: warning: raw HTML: the id 'setup' is left out: the chapter gives it with {#setup}") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("c.md:5:63: warning: raw HTML: the attribute 'name' of <a> is left out: 'bad name' is not an id Primer can use") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("c.md:5:91: warning: raw HTML: the attribute 'id' of <span> is left out: the page itself uses the id 'main'") }, "\(messages)")
        #expect(messages.contains { $0.contains("the page itself uses the id 'fn-1'") }, "\(messages)")
        // A heading's generated id steers clear of raw HTML's.
        let (course, _) = resolveCourse([("c", [en: "<span id=\"intro\">x</span>\n\n## Intro\n"])], locales: [en], rawHTML: true)
        guard case .heading(let heading)? = course.pages[en]![0].document.blocks.first(where: { if case .heading = $0 { true } else { false } }) else {
            Issue.record("no heading"); return
        }
        #expect(heading.id == "intro-1")
        // A link to a raw HTML anchor of the chapter is a plain link, not an unknown reference.
        let (linked, diagnostics) = resolveCourse([("c", [en: "<a name=\"here\"></a>Text.\n\nSee [there](#here) and [nowhere](#gone).\n"])],
                                                  locales: [en], rawHTML: true)
        #expect(diagnostics.filter(\.isError).map(\.message) == ["no section, listing, figure, table or exercise has the id 'gone'"], "\(diagnostics)")
        let page = HTMLRenderer.render(linked.pages[en]![0].document, strings: UIStrings(locale: en, entries: [:]), rawHTML: true)
        #expect(page.contains("<a id=\"here\"></a>Text.") && page.contains("See <a href=\"#here\">there</a>"), "\(page)")
    }

    @Test func theOutputIsWellFormedAroundPrimersOwnElements() {
        let markdown = """
            <details>
            <summary>More</summary>

            Body **with <kbd>Ctrl</kbd>** and a <span class="x">span *crossing</span> emphasis* here.

            </details>

            A <b>bold line <i>unclosed. <br> <img src="p.png"> <hr> text</p>

            <div class="note"><p>Not closed</div>

            <table><tr><td>one<td>two</table>

            <ul><li>one<li>two</ul>

            > [!NOTE] Title with <b>bold
            > body</b> and more.

            <div class="open">

            - a list
            - inside

            ## A section

            <span>

            Paragraph.

            </span>

            Text </div> and <p>p</p> and [a <a href="x">link</a> in a link](y) and <svg><circle r="1">

            [^1]: A footnote <b>unclosed
            """
        let (html, warnings, _) = sanitize(markdown)
        #expect(isWellFormed(html), "\(html)")
        #expect(html.contains("<details>\n<summary>More</summary>\n<p>Body <strong>with <kbd>Ctrl</kbd></strong> and a <span class=\"x\">span <em>crossing emphasis</em> here.</span></p>\n</details>"), "\(html)")
        #expect(html.contains("<div class=\"note\"><p>Not closed</p></div>") && html.contains("<table><tr><td>one</td><td>two</td></tr></table>")
                && html.contains("<ul><li>one</li><li>two</li></ul>"), "\(html)")
        #expect(html.contains("<p class=\"callout-title\"><span class=\"visually-hidden\">callout_note: </span>Title with <b>bold</b></p>\n<p>body and more.</p>"), "\(html)")
        #expect(html.contains("<div class=\"open\">\n<ul>\n<li>a list</li>\n<li>inside</li>\n</ul>\n</div>\n<section>\n<h2"), "\(html)")
        let messages = warnings.map(\.message)
        #expect(messages.contains("raw HTML: <div> is not closed; it is closed before the heading on line 24"), "\(messages)")
        #expect(messages.contains("raw HTML: <span> is not closed; it is closed at the end of its HTML block"), "\(messages)")
        #expect(messages.contains("raw HTML: </div> inside a paragraph is left out") && messages.contains("raw HTML: <p> cannot be inside a paragraph; it is left out (what it holds stays)"), "\(messages)")
        #expect(messages.contains("raw HTML: <a> inside a link is left out (what it holds stays)"), "\(messages)")
        #expect(warnings.allSatisfy { $0.location!.line > 0 && $0.location!.column > 0 }, "\(warnings)")
    }

    @Test func referencesAreDecodedOnceAndWrittenAsXMLKnowsThem() {
        let (html, _, _) = sanitize("""
            <p title="caf&eacute; &amp; &lt;b&gt; &quot;q&quot;" class=a&b>&nbsp;&copy; &#169; &#x1F600; &#150; &bogus; a < b & c > d &amp;amp;</p>
            """)
        #expect(html.contains("<p title=\"café &amp; &lt;b&gt; &quot;q&quot;\" class=\"a&amp;b\">\u{A0}© © 😀 – &amp;bogus; a &lt; b &amp; c &gt; d &amp;amp;</p>"), "\(html)")
        #expect(isWellFormed(html))
        let (aligned, _, _) = sanitize("<p align=\"center\">c</p>\n\n<table><tr><td align=right style=\"color: red\">r</td></tr></table>\n")
        #expect(aligned.contains("<p style=\"text-align: center\">c</p>") && aligned.contains("<td style=\"color: red; text-align: right\">r</td>"), "\(aligned)")
    }

    @Test func withoutRawHTMLNothingChanges() {
        let markdown = "a <b onclick=\"x\">bold</b> <?pi?>\n\n<div id=\"main\"><script>alert(1)</script></div>\n"
        let (document, diagnostics) = ChapterParser.parse(markdown, path: "c.md")
        #expect(diagnostics.isEmpty)
        let html = HTMLRenderer.render(document, strings: UIStrings(locale: en, entries: [:]), rawHTML: false)
        #expect(html.contains("a &lt;b onclick=&quot;x&quot;&gt;bold&lt;/b&gt; &lt;?pi?&gt;") && html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "\(html)")
    }

    @Test func urlSafetyAllowsOnlyWhatRawHTMLMayKeep() {
        for url in ["https://a.example/", "http://a", "mailto:x@y", "#f", "", "page.html?x=1", "../images/a.png", "//cdn.example/x.png",
                    "data:image/png;base64,AA", "a/b:c", "./javascript:x"] {
            #expect(URLSafety.rawHTMLAllows(url).allowed, "\(url)")
        }
        for url in ["javascript:x", " JAVASCRIPT:x", "java\tscript:x", "\u{0}javascript:x", "vbscript:x", "file:///etc/passwd", "data:text/html,x",
                    "data:image/svg+xml,<svg>", "ftp://a", "tel:1", "blob:https://a/1", "x-custom:1"] {
            #expect(!URLSafety.rawHTMLAllows(url).allowed, "\(url)")
        }
        #expect(URLSafety.rawHTMLAllows(" \n https://a.example/\tx ").cleaned == "https://a.example/x")
    }
}
