import CourseModel
import Foundation
import Pipeline
import PrimerTestSupport
import Renderer
import Testing

/// What reaches the published site: no link that runs script, no raw HTML that does, no file
/// from outside the course behind a symbolic link.
@Suite struct PublishedSafetyTests {
    func render(_ markdown: String, raw: Bool = false) -> (html: String, diagnostics: [Diagnostic]) {
        let (course, diagnostics) = resolveCourse([("c", [en: markdown])], locales: [en], rawHTML: raw)
        let html = HTMLRenderer.render(course.pages[en]![0].document, strings: UIStrings(locale: en, entries: [
            "heading_anchor": "Link", "footnote_back": "Back", "ref_figure": "Figure %1$@.%2$@",
        ]), rawHTML: raw)
        return (html, diagnostics)
    }

    @Test func linksAndImagesThatRunScriptAreNotPublished() {
        for raw in [false, true] {
            let (html, diagnostics) = render("""
                [a](javascript:alert(1)) [b](JavaScript:alert(2)) [c](vbscript:msgbox) [d](data:text/html;base64,PHNjcmlwdD4=)
                [e](java&#9;script:alert(3)) ![f](javascript:alert(4)) [g](file:///etc/passwd)

                [ok](https://example.org/) ![pixel](data:image/png;base64,iVBORw0KGgo=) [top](#) [mail](mailto:a@example.org)
                """, raw: raw)
            for bad in ["javascript", "JavaScript", "vbscript", "data:text", "script:alert(3)", "file:"] {
                #expect(!html.contains(bad), "\(bad) in \(html)")
            }
            #expect(html.contains("<a>a</a>") && html.contains("<a>d</a>") && html.contains(" f "))
            #expect(html.contains("<a href=\"https://example.org/\">ok</a>"))
            #expect(html.contains("<img src=\"data:image/png;base64,iVBORw0KGgo=\" alt=\"pixel\">"))
            #expect(html.contains("<a href=\"#\">top</a>"))
            #expect(html.contains("<a href=\"mailto:a@example.org\">mail</a>"))
            let warnings = diagnostics.filter { $0.severity == .warning }.map(\.description)
            #expect(warnings.count == 7, "\(warnings)")
            let expected = "en/c.md:1:1: warning: a link to a javascript: URL is not published: it could run script or open files in the reader's browser [PRM025]\n    link to an http(s) page or a file of the course instead"
            #expect(warnings.contains(expected), "\(warnings)")
            #expect(!diagnostics.hasErrors, "\(diagnostics)")
        }
    }

    /// Once GitHub's tag filter; now the allow-list of `RawHTMLSanitizer` (RawHTMLTests has the rest).
    @Test func theTagFilterIsGitHubsAndEventHandlersAndScriptURLsGo() {
        let (html, _) = render("""
            <div onclick="steal()" class="box" ONLOAD='x()' title="on">a</div>

            <details ontoggle=alert(1) open><summary>s</summary>t</details>

            <img src=x onerror="alert(1)" alt="pic"> <a href="javascript&#58;alert(1)" id="k">k</a> <a href="https://example.org/">ok</a>

            <script1>kept</script1> <title-card>kept</title-card> <SCRIPT>x</SCRIPT> <script/>y <Style >z</style> <iframe
            src="https://example.org/"></iframe> <xmp>w</xmp>

            <!-- a comment with onload="x" -->
            """, raw: true)
        #expect(html.contains("<div class=\"box\" title=\"on\">a</div>"), "\(html)")
        // Attributes are written as XHTML has them: quoted, with a value; void elements closed.
        #expect(html.contains("<details open=\"\"><summary>s</summary>t</details>"), "\(html)")
        #expect(html.contains("<img src=\"x\" alt=\"pic\"/>") && html.contains("<a id=\"k\">k</a>") && html.contains("<a href=\"https://example.org/\">ok</a>"), "\(html)")
        // Elements outside the allow-list lose their tags; script, style, iframe and xmp their
        // content too (an unclosed <script/> takes the rest of the paragraph, as in a browser).
        #expect(html.contains("<p>kept kept  </p>"), "\(html)")
        for gone in ["script1", "title-card", "SCRIPT", "script", "Style", "iframe", "xmp", ">x<", "y ", ">z<", ">w<"] { #expect(!html.contains(gone), "\(gone): \(html)") }
        #expect(!html.contains("a comment with"), "comments are never shown")
        for handler in ["onclick", "ONLOAD", "ontoggle", "onerror", "javascript"] { #expect(!html.contains(handler), "\(handler)") }
    }

    /// GFM spec examples 534, 546 and 611: brackets in a destination are percent-encoded.
    @Test func bracketsInDestinationsArePercentEncoded() {
        #expect(render("[link](foo%20b&auml;)\n[x](/url?a[]=1)\n<https://example.com/[x]>\n").html
            .contains("<a href=\"/url?a%5B%5D=1\">x</a>"))
        #expect(render("<https://example.com/[x]>\n").html.contains("href=\"https://example.com/%5Bx%5D\""))
    }

    @Test func symbolicLinksAreCopiedAsFilesOrRefused() throws {
        let folder = try TestSupport.copyFixture("basic")
        let content = folder.appendingPathComponent("Content")
        let outside = folder.appendingPathComponent("secret.txt")
        try TestSupport.write("root:x:0:0\n", to: outside)
        // A link inside the course: its file is published, as a file.
        try FileManager.default.createSymbolicLink(atPath: content.appendingPathComponent("images/same.svg").path, withDestinationPath: "pic.svg")
        let chapter = content.appendingPathComponent("en/intro.md")
        try TestSupport.write(TestSupport.read(chapter) + "\n![Same](../images/same.svg)\n", to: chapter)
        let options = Build.Options(content: content.path, templates: TestSupport.templates, output: folder.appendingPathComponent("site").path)
        let good = try Build.run(options)
        #expect(good.succeeded, "\(good.diagnostics.filter(\.isError))")
        let published = folder.appendingPathComponent("site/images/same.svg").path
        var info = stat()
        #expect(lstat(published, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG)
        #expect(FileManager.default.contents(atPath: published) == FileManager.default.contents(atPath: content.appendingPathComponent("images/pic.svg").path))
        // A link out of the course: an error at the link, and the site is left as it was.
        try FileManager.default.createSymbolicLink(atPath: content.appendingPathComponent("images/passwd.txt").path, withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(atPath: content.appendingPathComponent("en/linked.md").path, withDestinationPath: "/etc/hostname")
        let before = TestSupport.snapshot(folder.appendingPathComponent("site"))
        let bad = try Build.run(options)
        let errors = bad.diagnostics.filter(\.isError).map(\.description)
        #expect(errors.contains { $0.hasPrefix("\(content.path)/images/passwd.txt: error: the symbolic link points to '\(outside.resolvingSymlinksInPath().path)', outside \(content.path)") }, "\(errors)")
        #expect(errors.contains { $0.hasPrefix("\(content.path)/en/linked.md: error: the symbolic link points to '/etc/hostname'") }, "\(errors)")
        #expect(TestSupport.snapshot(folder.appendingPathComponent("site")) == before)
    }
}
