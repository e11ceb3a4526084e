import CourseModel
import Foundation
import Pipeline
import PrimerTestSupport
import Testing

/// A course past the document budget (`Build.Options.documentBudget`) lets its chapters go after
/// numbering them and parses them again as their pages are rendered, with the print versions'
/// bodies set aside on disk: the site, the warnings and the listings are byte for byte those of a
/// build that keeps every document.
@Suite(.serialized) struct StreamedBuildTests {
    func options(content: URL, output: URL, budget: Int?, product: Build.Product = .site(reuse: false)) -> Build.Options {
        var options = Build.Options(content: content.path, templates: TestSupport.templates, output: output.path)
        options.product = product
        options.documentBudget = budget
        return options
    }

    /// The generated three-locale course (fallback page, stale translation, references of every
    /// kind, API index), with what the generator lacks: a picture, a heading with a link in it
    /// (such a chapter keeps its document), a warning that only linking finds, an unnumbered appendix.
    static func makeCourse(in content: URL) throws {
        try IncrementalBuildTests.makeCourse(in: content, chapters: 9)
        let yml = content.appendingPathComponent("course.yml")
        try TestSupport.write(TestSupport.read(yml) + "  - title: Appendices\n    numbering: appendix\n    chapters: [extra]\n", to: yml)
        try TestSupport.write("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"20\"></svg>\n",
                              to: content.appendingPathComponent("images/pic.svg"))
        try TestSupport.write("""
            ---
            title: Extra
            ---

            ![A picture](../images/pic.svg){#fig-extra}

            ## About [](c1.md) {#about}

            See [](#fig-extra), [](#s2-1) and [a script](javascript:alert(1)); `Dictionary.keys` too.

            ```swift {#lst-extra}
            let keys = ["a": 1].keys.sorted()
            ```

            """, to: content.appendingPathComponent("en/extra.md"))
        let c4 = content.appendingPathComponent("ru/c4.md")
        try TestSupport.write(TestSupport.read(c4) + "\n![Картинка](../images/pic.svg)\n\nСм. [](#about) и [](extra.md#lst-extra).\n", to: c4)
        // A warning only linking finds, in a chapter that is let go.
        let c5 = content.appendingPathComponent("zh-Hans/c5.md")
        try TestSupport.write(TestSupport.read(c5) + "\n见 [脚本](javascript:void(0))。\n", to: c5)
    }

    func expectSame(_ streamed: Build.Result, _ kept: Build.Result, sites: (URL, URL)?, _ note: String) {
        #expect(streamed.succeeded == kept.succeeded, "\(note): \(streamed.diagnostics.filter(\.isError))")
        #expect(streamed.diagnostics.map(\.description) == kept.diagnostics.map(\.description), "\(note): diagnostics differ")
        #expect(streamed.listings == kept.listings, "\(note): listings")
        #expect(streamed.pages == kept.pages, "\(note): pages")
        guard let (mine, theirs) = sites else { return }
        let a = TestSupport.snapshot(mine), b = TestSupport.snapshot(theirs)
        #expect(!a.isEmpty && a.keys.sorted() == b.keys.sorted(), "\(note): other files")
        for (path, data) in b where a[path] != data {
            Issue.record("\(note): \(path) differs from the build that keeps every document")
        }
    }

    @Test(arguments: ["generated", "basic"])
    func aStreamedBuildWritesTheSameSite(_ course: String) throws {
        let folder = TestSupport.scratch("primer-streamed")
        defer { try? FileManager.default.removeItem(at: folder) }
        let content: URL
        if course == "basic" {
            let copy = try TestSupport.copyFixture("basic")
            defer { try? FileManager.default.removeItem(at: copy) }
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.moveItem(at: copy.appendingPathComponent("Content"), to: folder.appendingPathComponent("Content"))
            content = folder.appendingPathComponent("Content")
        } else {
            content = folder.appendingPathComponent("Content")
            try Self.makeCourse(in: content)
        }
        let kept = try Build.run(options(content: content, output: folder.appendingPathComponent("kept"), budget: nil))
        #expect(kept.succeeded && kept.streamed == 0, "\(kept.diagnostics.filter(\.isError))")
        if course == "generated" {
            // The link in a heading, the script URL and the picture each show up.
            #expect(kept.diagnostics.filter { $0.code == .scriptURL }.map { $0.location?.path.hasSuffix("zh-Hans/c5.md") } == [false, true])
            #expect(TestSupport.read(folder.appendingPathComponent("kept/ru/c4.html")).contains("pic.svg"))
        }
        // Every chapter past the budget (0: all of them), and past half of the course.
        for budget in [0, 2_000] {
            let output = folder.appendingPathComponent("streamed-\(budget)")
            let streamed = try Build.run(options(content: content, output: output, budget: budget))
            // The generated course: 27 chapter files, one with a link in a heading, and 2 within
            // a budget of 2,000 bytes; basic: the one chapter without a snippet, past the budget of 0.
            #expect(streamed.streamed == (course == "basic" ? (budget == 0 ? 1 : 0) : (budget == 0 ? 26 : 24)), "\(course), budget \(budget)")
            expectSame(streamed, kept, sites: (output, folder.appendingPathComponent("kept")), "\(course), budget \(budget)")
            // No spill file is left in the cache folder.
            let cache = folder.appendingPathComponent(".primer-cache").path
            #expect((try? FileManager.default.contentsOfDirectory(atPath: cache))?.contains { $0.hasPrefix("spill-") } != true)
        }
        // `primer check` finds the same.
        let check = try Build.run(options(content: content, output: folder.appendingPathComponent("check"), budget: 0, product: .check))
        let keptCheck = try Build.run(options(content: content, output: folder.appendingPathComponent("check"), budget: nil, product: .check))
        expectSame(check, keptCheck, sites: nil, "\(course), check")
    }

    /// A reference that only linking a streamed chapter finds broken (while its page is being
    /// rendered, after other pages were written to the staging folder) fails the build at its
    /// line, and the site on disk stays as it was, with nothing left beside it.
    @Test func aBrokenReferenceFoundWhileRenderingWritesNoSite() throws {
        let folder = TestSupport.scratch("primer-streamed")
        defer { try? FileManager.default.removeItem(at: folder) }
        let content = folder.appendingPathComponent("Content"), site = folder.appendingPathComponent("site")
        try Self.makeCourse(in: content)
        #expect(try Build.run(options(content: content, output: site, budget: 0)).succeeded)
        let before = TestSupport.snapshot(site)
        let file = content.appendingPathComponent("zh-Hans/c7.md")
        try TestSupport.write(TestSupport.read(file) + "\nA broken [](#no-such-id) reference.\n", to: file)
        let lines = TestSupport.read(file).split(separator: "\n", omittingEmptySubsequences: false)
        let line = lines.firstIndex { $0.contains("no-such-id") }! + 1
        let result = try Build.run(options(content: content, output: site, budget: 0))
        let errors = result.diagnostics.filter(\.isError)
        #expect(errors.count == 1 && errors.first?.code == .unknownReference)
        #expect(errors.first?.location == SourceLocation(path: file.path, line: line, column: 10), "\(errors)")
        #expect(TestSupport.snapshot(site) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [".primer-cache", "Content", "site"])
        // The same course with every document kept says the same.
        let kept = try Build.run(options(content: content, output: folder.appendingPathComponent("kept"), budget: nil))
        expectSame(result, kept, sites: nil, "broken reference")
    }
}
