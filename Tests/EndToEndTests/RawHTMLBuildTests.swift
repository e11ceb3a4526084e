import CourseModel
import Foundation
import PrimerTestSupport
import Testing

/// What issue 28 found in raw HTML (`raw_html: true`), on the site and in the EPUB that
/// `primer build` makes: the same HTML in both, nothing that runs script or moves links, a
/// valid book, and a warning at each place.
@Suite struct RawHTMLBuildTests {
    static let chapter = """
        ---
        title: Raw
        ---

        ## Findings

        <svg width="20" height="20"><a href="#findings"><animate attributeName="href" values="javascript:alert(1)" begin="0s"/><title>Back to the top</title><text x="0" y="15">click</text></a></svg>

        <base href="https://evil.example/">

        See [the text](#findings), <a href="java&#9;script:alert(2)">this</a> and <a href="other.html">that</a>.

        <div id="twice">one</div>

        <div id="twice">two</div>

        <?xml-stylesheet href="evil.css" type="text/css"?>

        <span style="background: url(file:///etc/passwd)" onmouseover="alert(3)">styled</span> <img src="../images/none.png" alt="gone">

        <audio controls src="https://example.org/a.mp3">A recording</audio>

        <details>
        <summary>More</summary>

        Markdown *inside* the details.

        </details>
        """

    @Test func theFindingsAreGoneFromTheSiteAndTheBookWhichIsValid() throws {
        let folder = TestSupport.scratch("primer-raw-html")
        try TestSupport.write("""
            title: { en: Raw HTML }
            source_locale: en
            locales: [en]
            raw_html: true
            editions: [epub]
            parts:
              - title: { en: Part }
                chapters: [raw]
            """, to: folder.appendingPathComponent("Content/course.yml"))
        try TestSupport.write(Self.chapter, to: folder.appendingPathComponent("Content/en/raw.md"))
        let run = try TestSupport.run(["build", "--templates", TestSupport.templates], in: folder)
        #expect(run.status == 0, "\(run.output)")

        // One warning at each place, once (the site and the book share the parse).
        let expected = [
            "Content/en/raw.md:7:49: warning: raw HTML: <animate> in SVG is left out with what it holds [PRM043]",
            "Content/en/raw.md:9:1: warning: raw HTML: <base> is left out [PRM043]",
            "Content/en/raw.md:11:31: warning: raw HTML: the attribute 'href' of <a> is left out: javascript: URLs are not published [PRM043]",
            "Content/en/raw.md:15:6: warning: raw HTML: the id 'twice' of <div> is left out: an element before it has it [PRM043]",
            "Content/en/raw.md:17:1: warning: raw HTML: a processing instruction (<?…?>) is left out [PRM043]",
            "Content/en/raw.md:19:7: warning: raw HTML: the attribute 'style' of <span> is left out: a style with 'url(' could load something or hide what it does [PRM043]",
            "Content/en/raw.md:19:51: warning: raw HTML: the attribute 'onmouseover' of <span> is left out: it would run script [PRM043]",
        ]
        for line in expected {
            #expect(run.output.components(separatedBy: line).count == 2, "\(line)\n\(run.output)")
        }
        #expect(run.output.components(separatedBy: "[PRM043]").count == expected.count + 1, "\(run.output)")

        let site = TestSupport.read(folder.appendingPathComponent("site/en/raw.html"))
        let epubFile = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("site/en/downloads").path)
            .first { $0.hasSuffix(".epub") })
        let epub = folder.appendingPathComponent("site/en/downloads/" + epubFile)
        let book = EPUBTests.text(try EPUBTests.unzip(Array(try Data(contentsOf: epub))), "EPUB/text/raw.xhtml")
        for (name, page) in [("site", site), ("book", book)] {
            for gone in ["animate", "javascript", "<base", "evil", "<?xml-stylesheet", "url(file", "passwd", "onmouseover", "alert"] {
                #expect(!page.contains(gone), "\(name): \(gone)")
            }
            #expect(page.components(separatedBy: "id=\"twice\"").count == 2, "\(name): one element keeps the id")
            #expect(page.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"20\" height=\"20\"><a href=\"#findings\"><title>Back to the top</title><text x=\"0\" y=\"15\">click</text></a></svg>"), "\(name): \(page)")
            #expect(page.contains("<span>styled</span>") && page.contains("<div>two</div>"), "\(name)")
            #expect(page.contains("<details>\n<summary>More</summary>\n<p>Markdown <em>inside</em> the details.</p>\n</details>"), "\(name): \(page)")
        }
        #expect(site.contains("<a>this</a> and <a href=\"other.html\">that</a>") && site.contains("<img src=\"../images/none.png\" alt=\"gone\"/>"))
        #expect(site.contains("<audio controls=\"\" src=\"https://example.org/a.mp3\">A recording</audio>"))
        #expect(!book.contains("<audio") && book.contains("A recording"), "a book carries its media: the fallback is shown")
        // The book cannot follow the link to a site page (no base URL) or show a picture it does not carry.
        #expect(book.contains("<a>this</a> and <a>that</a>") && book.contains("<span>styled</span> gone"), "\(book)")

        guard FileManager.default.isExecutableFile(atPath: EPUBTests.epubcheckPath) else {
            Issue.record("epubcheck is missing at \(EPUBTests.epubcheckPath): `make editions-deps` installs it")
            return
        }
        let result = try #require(EPUBTests.epubcheck([epub]).first)
        #expect(result.status == 0 && result.counts == ["nFatal": 0, "nError": 0, "nWarning": 0] && result.messages.isEmpty,
                "\(result.counts) \(result.messages.joined(separator: "\n"))")
    }
}
