import CourseModel
import Extras
import Foundation
import Markdown
@testable import Pipeline
import PrimerTestSupport
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
