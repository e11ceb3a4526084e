import CourseModel
import Foundation
@testable import Pipeline
import PrimerTestSupport
import Testing

/// The output-format registry (Pipeline/OutputFormat.swift): a format of a test's own is one
/// entry of `Build.Options.formats`, and the streamed and the incremental builds heed what it says.
@Suite(.serialized) struct OutputFormatTests {
    /// Every chapter text of the course, in path order: a file that depends on each one.
    static let everyText = OutputFormat(name: "every text", scope: .site, afterChapterEdit: .remadeWhole, maker: .files { input in
        let texts = input.sources.chapters.values.flatMap(\.values).sorted { $0.path < $1.path }
        return [SiteFile(path: "every-text.txt", contents: .text(texts.map { "\($0.path)\n\($0.body)" }.joined(separator: "\n")))]
    })

    /// How many top-level blocks each page's document has: a format that reads every document.
    static let blockCounts = OutputFormat(name: "block counts", scope: .site, readsEveryDocument: true, afterChapterEdit: .remadeWhole,
                                          maker: .files { input in
        let counts = input.course.locales.flatMap { locale in (input.course.pages[locale] ?? []).map { "\(locale) \($0.id) \($0.document.blocks.count)" } }
        return [SiteFile(path: "block-counts.txt", contents: .text(counts.joined(separator: "\n")))]
    })

    func options(content: URL, output: URL, extra: [OutputFormat], budget: Int? = Build.documentBudget) -> Build.Options {
        var options = Build.Options(content: content.path, templates: TestSupport.templates, output: output.path)
        options.product = .site(reuse: true)
        options.formats += extra
        options.documentBudget = budget
        return options
    }

    /// Builds twice (the second build writes the page cache), edits one chapter's words, builds again.
    func buildEditBuild(_ content: URL, _ site: URL, extra: [OutputFormat]) throws -> Build.Result {
        try IncrementalBuildTests.makeCourse(in: content)
        for _ in 0..<2 {
            let result = try Build.run(options(content: content, output: site, extra: extra))
            #expect(result.succeeded, "\(result.diagnostics.filter(\.isError))")
            try TestSupport.write(TestSupport.read(content.appendingPathComponent("en/c0.md")), to: content.appendingPathComponent("en/c0.md"))
        }
        let file = content.appendingPathComponent("en/c4.md")
        try TestSupport.write(TestSupport.read(file).replacingOccurrences(of: "Words of section 2", with: "Edited words of section 2"), to: file)
        return try Build.run(options(content: content, output: site, extra: extra))
    }

    /// An edit that is an incremental build without the format (the control) leaves the format's
    /// file right with it: an incremental build that kept every file it did not make would keep
    /// the old text.
    @Test func aFormatOfEveryChaptersTextIsRightAfterAnEdit() throws {
        let folder = TestSupport.scratch("primer-formats")
        defer { try? FileManager.default.removeItem(at: folder) }
        let control = try buildEditBuild(folder.appendingPathComponent("a/Content"), folder.appendingPathComponent("a/out/site"), extra: [])
        #expect(control.incremental != nil, "without the format the edit is an incremental build")

        let content = folder.appendingPathComponent("b/Content"), site = folder.appendingPathComponent("b/out/site")
        let edited = try buildEditBuild(content, site, extra: [Self.everyText])
        #expect(edited.succeeded)
        let made = TestSupport.read(site.appendingPathComponent("every-text.txt"))
        #expect(made.contains("Edited words of section 2"))
        let clean = folder.appendingPathComponent("clean/site")
        #expect(try Build.run(options(content: content, output: clean, extra: [Self.everyText])).succeeded)
        #expect(TestSupport.snapshot(site) == TestSupport.snapshot(clean))
    }

    /// Past the document budget a build lets chapters go, unless a format reads every document.
    @Test func aFormatThatReadsEveryDocumentKeepsThemAll() throws {
        let folder = TestSupport.scratch("primer-formats")
        defer { try? FileManager.default.removeItem(at: folder) }
        let content = folder.appendingPathComponent("Content")
        try IncrementalBuildTests.makeCourse(in: content)
        let streamed = try Build.run(options(content: content, output: folder.appendingPathComponent("a/site"), extra: [], budget: 0))
        #expect(streamed.succeeded && streamed.streamed > 0)
        let site = folder.appendingPathComponent("b/site")
        let kept = try Build.run(options(content: content, output: site, extra: [Self.blockCounts], budget: 0))
        #expect(kept.succeeded && kept.streamed == 0)
        let counts = TestSupport.read(site.appendingPathComponent("block-counts.txt")).split(separator: "\n")
        #expect(counts.count == 3 * IncrementalBuildTests.chapters)
        #expect(counts.allSatisfy { !$0.hasSuffix(" 0") }, "\(counts)")
    }

    /// The renderer makes exactly the formats listed: without two of them, their files are not
    /// in the site and every other file is as it was.
    @Test func aFormatLeftOffTheListMakesNoFile() throws {
        let folder = TestSupport.scratch("primer-formats")
        defer { try? FileManager.default.removeItem(at: folder) }
        let content = folder.appendingPathComponent("Content")
        try IncrementalBuildTests.makeCourse(in: content)
        let whole = folder.appendingPathComponent("a/site"), fewer = folder.appendingPathComponent("b/site")
        #expect(try Build.run(options(content: content, output: whole, extra: [])).succeeded)
        var options = options(content: content, output: fewer, extra: [])
        options.formats.removeAll { $0.name == "robots.txt" || $0.name == "print version" }
        #expect(try Build.run(options).succeeded)
        var expected = TestSupport.snapshot(whole)
        let dropped = expected.keys.filter { $0 == "robots.txt" || $0.hasSuffix("/print.html") }
        #expect(dropped.count == 4)
        for path in dropped { expected[path] = nil }
        #expect(TestSupport.snapshot(fewer) == expected)
    }

    /// What each built-in format says, as the streamed and incremental builds read it.
    @Test func theBuiltInFormatsSayWhatTheyNeed() {
        let config = CourseConfig(title: [en: "T"], sourceLocale: en, locales: [en], baseURL: nil, rawHTML: false, parts: [], path: "course.yml")
        #expect(OutputFormat.site.allowIncrementalBuilds(config) && !OutputFormat.site.readEveryDocument(config))
        #expect(!OutputFormat.builtIn.allowIncrementalBuilds(config) && OutputFormat.builtIn.readEveryDocument(config))
        var noBooks = config
        noBooks.editions = []
        #expect(OutputFormat.builtIn.allowIncrementalBuilds(noBooks) && OutputFormat.builtIn.editionFormats(noBooks).isEmpty)
        #expect(OutputFormat.builtIn.editionFormats(config) == [.epub, .pdf])
        #expect(OutputFormat.site.siteOutputs(config).count == 17)  // the subject index is the twelfth, the errors index after it; the feed, the twins and llms files after them
    }
}
