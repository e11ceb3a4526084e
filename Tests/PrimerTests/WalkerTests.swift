import CourseModel
import Extras
import Foundation
import Markdown
@testable import Pipeline
import Preview
import Renderer
import Resolver
import Samples
import Testing

/// Every stage walks the document through `CourseModel`'s one walker, so a sample, a `{run}`
/// snippet, a reference and an API name work in every container: a footnote, a callout, a
/// solution, a list, and (for what fits in a line) a table cell.
@Suite struct WalkerTests {
    let chapter = """
    ## Places {#places}

    Text with a note.[^n]

    [^n]: In a footnote, see [](#places) and `isKnownUniquelyReferenced(_:)`:

        ```swift {sample="hello"}
        ```

        ```swift {run}
        print("in a footnote")
        ```

    > [!NOTE]
    > In a callout, see [](#places) and `Footnote.Callout`:
    >
    > ```swift {sample="hello"}
    > ```
    >
    > ```swift {run}
    > print("in a callout")
    > ```

    | Where | What |
    | --- | --- |
    | a cell | [](#places) and `Table.Cell` |

    ### Exercises {.exercises}

    1. Try it. {#ex-try}

       > [!SOLUTION]
       > In a solution, see [](#places) and `Solution.Name`:
       >
       > ```swift {sample="hello"}
       > ```
       >
       > ```swift {run}
       > print("in a solution")
       > ```
    """

    func resolved() -> (ResolvedCourse, [Diagnostic], Document) {
        let (document, parseDiagnostics) = ChapterParser.parse(chapter, path: "en/c.md")
        let source = ChapterSource(id: "c", locale: en, path: "en/c.md", title: "C", summary: nil, body: chapter, bodyLine: 1)
        let config = CourseConfig(title: [en: "T"], sourceLocale: en, locales: [en], baseURL: nil, rawHTML: false,
                                  parts: [.init(title: [en: "P"], chapters: [.init(id: "c", location: SourceLocation(path: "course.yml"))])],
                                  path: "course.yml")
        let target = SampleTarget(name: "hello", kind: .executable, folder: "Sources/hello",
                                  files: [SampleFile(path: "Sources/hello/main.swift", text: "print(\"Hello\")\n")],
                                  dependencies: [], settings: SampleSettings())
        let package = SamplesPackage(root: "Samples", manifest: "", targets: ["hello": target], expected: [:], inputs: [:])
        var snippets: [String: SampleOutcome] = [:]
        for snippet in SwiftBlocks(document.blocks).snippets {
            let printed = snippet.code.split(separator: "\"")[1]
            snippets[snippet.targetName] = SampleOutcome(id: SampleRunID(name: snippet.targetName, locale: nil), status: .exited(0),
                                                         output: "\(printed)\n", errorTail: "", seconds: 0, cached: false)
        }
        let outcome = SampleOutcome(id: SampleRunID(name: "hello", locale: nil), status: .exited(0), output: "Hello\n", errorTail: "", seconds: 0, cached: false)
        let results = SampleResults(package: package, outcomes: [outcome.id: outcome], snippets: snippets)
        let context = ResolveContext(config: config, locales: [en], strings: testStrings, contentFiles: [])
        let (course, diagnostics) = Resolver.resolve(["c": [en: Resolver.ParsedChapter(source: source, document: document)]], in: context,
                                                     samples: results)
        return (course, parseDiagnostics + diagnostics, document)
    }

    @Test func snippetsInEveryContainerAreFoundToRun() {
        let (document, _) = ChapterParser.parse(chapter, path: "en/c.md")
        let printed = SwiftBlocks(document.blocks).snippets.map(\.code)
        // In the tree's order: cmark-gfm puts footnote definitions at the end.
        #expect(printed == ["print(\"in a callout\")\n", "print(\"in a solution\")\n", "print(\"in a footnote\")\n"], "\(printed)")
    }

    @Test func samplesSnippetsAndReferencesWorkInEveryContainer() {
        let (course, diagnostics, _) = resolved()
        #expect(!diagnostics.hasErrors, "\(diagnostics)")
        let html = HTMLRenderer.render(course.pages[en]![0].document, strings: UIStrings(locale: en, entries: [
            "ref_listing": "Listing %1$@.%2$@", "ref_section": "Section %@", "ref_exercise": "Exercise %1$@.%2$@", "callout_note": "Note",
            "exercise_solution": "Solution", "output_label": "Output", "sample_run_yourself": "Run it:", "heading_anchor": "Link",
            "footnote_back": "Back", "sample_gallery_link": "Gallery", "sample_download": "Download %@",
        ]), rawHTML: false)
        // Three embeds, three listings with their output; three snippets with theirs.
        #expect(html.components(separatedBy: "<figure class=\"listing\"").count - 1 == 3, "\(html)")
        #expect(html.components(separatedBy: "<samp>Hello\n</samp>").count - 1 == 3)
        for place in ["footnote", "callout", "solution"] { #expect(html.contains("<samp>in a \(place)\n</samp>"), "\(place)") }
        // References in a footnote, a callout, a table cell and a solution.
        #expect(html.components(separatedBy: "class=\"xref\">Section 1.1</a>").count - 1 == 4, "\(html)")
        #expect(!html.contains("{sample="))
    }

    @Test func apiNamesInEveryContainerAreIndexed() {
        let (course, _, _) = resolved()
        let (index, _) = Extras.apiIndex(course, package: nil)
        let names = Set((index[en] ?? []).map(\.name))
        for name in ["isKnownUniquelyReferenced(_:)", "Footnote", "Table", "Solution"] {
            #expect(names.contains { $0.hasPrefix(name.split(separator: "(").first.map(String.init) ?? name) }, "\(name) in \(names.sorted())")
        }
    }
}

/// The preview re-renders a page when anything around it changed, compared whole: a setting
/// added to course.yml reaches every page without a restart.
@Suite struct PreviewSurroundingsTests {
    @Test func courseSettingsReachEveryPageOnTheNextRebuild() throws {
        let folder = try TestSupport.copyFixture("basic")
        let content = folder.appendingPathComponent("Content")
        let server = PreviewServer(options: .init(content: content.path, templates: TestSupport.templates, port: 0)) { _ in }
        #expect(server.rebuild() != nil)
        func page(_ path: String) -> String { String(decoding: server.store.file(path)?.bytes ?? [], as: UTF8.self) }
        #expect(!page("en/intro.html").contains("class=\"edit-page\""))
        #expect(page("en/intro.html").contains("id=\"search-input\""))

        let config = content.appendingPathComponent("course.yml")
        try TestSupport.write(TestSupport.read(config) + "edit_url: https://example.org/edit/{path}\n", to: config)
        #expect(server.rebuild(because: [config.path]) != nil)
        #expect(page("en/intro.html").contains("<p class=\"edit-page\"><a href=\"https://example.org/edit/en/intro.md\">"), "\(page("en/intro.html"))")
        #expect(page("ru/details.html").contains("class=\"edit-page\""))

        try TestSupport.write(TestSupport.read(config) + "search: false\n", to: config)
        #expect(server.rebuild(because: [config.path]) != nil)
        for path in ["index.html", "en/index.html", "en/intro.html", "zh-Hans/details.html"] {
            #expect(!page(path).contains("id=\"search-input\""), "\(path)")
        }
        // Nothing changed: nothing is rendered again.
        #expect(server.rebuild() != nil)
        #expect(server.session.renderedInLastBuild.isEmpty)
    }
}

/// The README's lists made from the code: what each template can read (from the page models),
/// and the diagnostic codes (from `DiagnosticCode`).
@Suite struct ReadmeListsTests {
    func check(_ script: String) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", TestSupport.root.appendingPathComponent("Scripts/" + script).path, "--check"]
        let pipe = Pipe()
        process.standardError = pipe
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    @Test func theReadmeListsWhatTheModelsOffer() throws {
        let (status, message) = try check("template-fields.py")
        #expect(status == 0, "\(message)")
    }

    @Test func theReadmeListsEveryDiagnosticCode() throws {
        let (status, message) = try check("diagnostic-codes.py")
        #expect(status == 0, "\(message)")
    }

    /// Every code is given somewhere (a code nothing uses is a stale line in the README).
    @Test func everyDiagnosticCodeIsUsed() throws {
        var sources = ""
        for path in FileTree.regularFiles(under: TestSupport.root.appendingPathComponent("Sources").path) where path.hasSuffix(".swift") && !path.hasSuffix("DiagnosticCode.swift") {
            sources += (try? String(contentsOf: TestSupport.root.appendingPathComponent("Sources/" + path), encoding: .utf8)) ?? ""
        }
        for code in DiagnosticCode.allCases {
            let name = String(describing: code)
            #expect(sources.contains(".\(name)"), "\(code.rawValue) (\(name)) is never used")
        }
        #expect(Set(DiagnosticCode.allCases.map(\.rawValue)).count == DiagnosticCode.allCases.count)
    }
}
