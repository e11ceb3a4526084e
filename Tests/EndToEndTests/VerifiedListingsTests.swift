import CourseModel
import Foundation
import Markdown
@testable import Pipeline
import PrimerTestSupport
@testable import Samples
import Localization
import Testing

/// "Nothing unverified": every Swift block is a sample, `{run}`, `{compile}`, `{fails}` or
/// `{listing-only}`; snippets compiled for real with swiftc; figures samples draw; and
/// references whose words follow Russian grammar.
@Suite(.serialized) struct VerifiedListingsTests {
    /// A course of one chapter in English (and Russian when given), in a fresh folder.
    func course(_ english: String, russian: String? = nil, strict: Bool = false) throws -> URL {
        let folder = TestSupport.scratch("primer-verify")
        let content = folder.appendingPathComponent("Content")
        try TestSupport.write("""
            title: { en: Checks, ru: Проверки }
            source_locale: en
            locales: [en, ru]
            \(strict ? "verify: strict\n" : "")parts:
              - title: { en: Part, ru: Часть }
                chapters: [checks]
            """, to: content.appendingPathComponent("course.yml"))
        try TestSupport.write("---\ntitle: Checks\n---\n" + english, to: content.appendingPathComponent("en/checks.md"))
        if let russian { try TestSupport.write("---\ntitle: Проверки\n---\n" + russian, to: content.appendingPathComponent("ru/checks.md")) }
        return folder
    }

    /// A build on a thread of its own: these builds run compilers for seconds, and blocking one of
    /// the few threads Swift Testing runs tests on would starve the tests that wait on a server.
    func build(_ folder: URL, bless: Bool = false) async throws -> Build.Result {
        var options = Build.Options(content: folder.appendingPathComponent("Content").path, templates: TestSupport.templates,
                                    output: folder.appendingPathComponent("site").path)
        options.product = .site(reuse: false)
        options.bless = bless
        let settled = options
        return try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try Build.run(settled) }) }.start()
        }
    }

    func errors(_ result: Build.Result) -> [String] { result.diagnostics.filter(\.isError).map(\.description) }
    func chapterPath(_ folder: URL, _ locale: String = "en") -> String { folder.appendingPathComponent("Content/\(locale)/checks.md").path }

    // MARK: The forms

    @Test func theParserKnowsEveryFormAndHidesSetupLines() {
        let (document, diagnostics) = TestSupport.parse("""
            ```swift {compile}
            // snippet.hide
            struct Hidden {}
            // snippet.show
            let shown = Hidden()
            ```

            ```swift {fails}
            let x = 1
            x = 2
            ```

            ```error
            error: cannot assign to value: 'x' is a 'let' constant
            ```

            ```swift {listing-only}
            import UIKit
            ```

            ```swift
            let unmarked = 1
            ```

            ```swift {compile}
            print(1)
            ```

            ```output
            1
            ```
            """)
        var modes: [Snippet.Mode] = []
        var shown: [String] = []
        for block in document.blocks {
            if case .snippet(let code, let snippet) = block { modes.append(snippet.mode); shown.append(code.code) }
        }
        #expect(modes == [.compile, .fails, .compile])
        #expect(shown[0] == "let shown = Hidden()\n")
        let blocks = SwiftBlocks(document.blocks)
        #expect(blocks.snippets[0].code.contains("struct Hidden {}"))
        #expect(blocks.snippets[1].expected == "error: cannot assign to value: 'x' is a 'let' constant\n")
        #expect(blocks.tally.compiled == 2 && blocks.tally.failing == 1 && blocks.tally.listingOnly == 1 && blocks.tally.unverified == 1)
        #expect(blocks.unmarked.map(\.line) == [21])
        // An output block under a {compile} snippet would be shown unchecked: a warning says so.
        #expect(diagnostics.map(\.message) == ["a {compile} snippet is not run, so its output block is shown unchecked"])
    }

    @Test func anUnmarkedBlockIsAWarningAndUnderStrictAnError() async throws {
        let text = "Some code:\n\n```swift\nlet x = 1\n```\n"
        let relaxed = try await build(try course(text))
        #expect(relaxed.succeeded)
        #expect(relaxed.diagnostics.map(\.description).contains { $0.contains("en/checks.md:6:1: warning: this Swift block is not checked by the build") && $0.contains("[PRM039]") })
        #expect(relaxed.listings.unverified == 1)
        let folder = try course(text, strict: true)
        let strict = try await build(folder)
        #expect(!strict.succeeded)
        #expect(errors(strict).contains { $0.hasPrefix(chapterPath(folder) + ":6:1: error: this Swift block is not checked by the build") })
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("site").path))
    }

    // MARK: Compiled for real

    static let good = """
        ## Checks {#checks}

        ```swift {compile}
        struct Point { var x = 0.0, y = 0.0 }
        extension Point: CustomStringConvertible { var description: String { "(\\(x), \\(y))" } }
        protocol Shape { var area: Double { get } }
        ```

        ```swift {compile}
        struct Point { var name = "same name, another snippet" }
        final class Node { weak var parent: Node? }
        ```

        ```swift {compile}
        // snippet.hide
        struct Fraction { var n = 1, d = 2 }
        // snippet.show
        let half = Fraction()
        print(half.n)
        ```

        ```swift {run #lst-sorted title="sorted.swift"}
        print([3, 1, 2].sorted())
        ```

        ```output
        [1, 2, 3]
        ```

        ```swift {fails}
        let limit = 10
        limit = 20
        ```

        ```error
        error: cannot assign to value: 'limit' is a 'let' constant
        ```

        ```swift {listing-only}
        import UIKit
        ```

        """

    @Test func everyFormIsCheckedAndNothingIsCompiledTwice() async throws {
        // The same code in both locales (and two same-named types in merged snippets) compiles once.
        let folder = try course(Self.good, russian: Self.good, strict: true)
        let first = try await build(folder)
        #expect(first.succeeded, "\(errors(first))")
        #expect(first.listings.summary == "listings: 0 samples, 2 run, 6 compiled, 2 expected to fail, 2 listing-only, 0 unverified")
        let cache = folder.appendingPathComponent(".primer-cache/snippets")
        // Declaration-only snippets went through the merged module; the fragment, the run and the failure alone.
        let merged = try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("merged").path)
        let alone = try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("src").path)
        #expect(merged.count == 2 && alone.count == 3, "\(merged) \(alone)")
        #expect(try String(contentsOf: cache.appendingPathComponent("merged/" + merged.sorted()[0]), encoding: .utf8).contains("fileprivate "))
        let page = TestSupport.read(folder.appendingPathComponent("site/en/checks.html"))
        #expect(page.contains("<figure class=\"output compiler-errors\">"))
        #expect(page.contains("Does not compile; the compiler says"))
        #expect(page.contains("is a &#39;let&#39; constant") || page.contains("is a 'let' constant"))
        #expect(page.contains("<p class=\"listing-only\" role=\"note\">Apple platforms only"))
        #expect(!page.contains("snippet.hide") && !page.contains("struct Fraction"))
        // Nothing changed: no compiler runs at all.
        try FileManager.default.removeItem(at: cache.appendingPathComponent("src"))
        let second = try await build(folder)
        #expect(second.succeeded && second.samples?.built == 0 && second.samples?.ran == 0)
        #expect(!FileManager.default.fileExists(atPath: cache.appendingPathComponent("src").path))
    }

    @Test func snippetsThatLieAreCaughtAtTheChaptersLine() async throws {
        let folder = try course("""
            ```swift {compile}
            struct Alone { var x = 1 }
            ```

            ```swift {compile}
            func useIt() -> Int { Alone().x }
            ```

            ```swift {compile}
            let n: Int = "seven"
            ```

            ```swift {fails}
            let fine = 1
            ```

            ```swift {fails}
            let y = 1
            y = 2
            ```

            ```error
            error: something the compiler never says
            ```

            ```swift {run}
            print("new")
            ```

            ```output
            old
            ```
            """)
        let path = chapterPath(folder)
        let result = try await build(folder)
        let reported = errors(result)
        // A snippet cannot lean on another snippet's declarations, even when they are checked together.
        #expect(reported.contains { $0.hasPrefix(path + ":9:23: error: this {compile} snippet does not compile: cannot find 'Alone' in scope [PRM040]") }, "\(reported)")
        #expect(reported.contains { $0.hasPrefix(path + ":13:14: error: this {compile} snippet does not compile: cannot convert value of type 'String' to specified type 'Int'") })
        #expect(reported.contains { $0.hasPrefix(path + ":16:1: error: this {fails} snippet compiles") && $0.contains("[PRM041]") })
        #expect(reported.contains { $0.hasPrefix(path + ":25:1: error: this {fails} snippet fails, but not with 'error: something the compiler never says'")
            && $0.contains("error: cannot assign to value: 'y' is a 'let' constant") })
        #expect(reported.contains { $0.contains(path + ":33:1: error: this snippet printed something else than its output block") && $0.contains("-old\n+new") })
        #expect(reported.count == 5, "\(reported.joined(separator: "\n"))")

        // --bless records the compiler's words and the new output; the compiling {fails} stays an error.
        let blessed = try await build(folder, bless: true)
        let text = TestSupport.read(URL(fileURLWithPath: path))
        #expect(text.contains("```error\nerror: cannot assign to value: 'y' is a 'let' constant\n```"))
        #expect(text.contains("```output\nnew\n```"))
        #expect(errors(blessed).count == 3)
    }

    @Test func onlyDeclarationsAreMergedAndEachStaysPrivateToItsFile() {
        #expect(SnippetCompiler.mergeableCode("struct A {}\nextension A: Equatable {}\nfunc f() {}\n")
                == "fileprivate struct A {}\nextension A: Equatable {}\nfileprivate func f() {}\n")
        #expect(SnippetCompiler.mergeableCode("@MainActor final class B {}\n") == "@MainActor fileprivate final class B {}\n")
        #expect(SnippetCompiler.mergeableCode("import Foundation\nprivate struct C {}\n") == "import Foundation\nprivate struct C {}\n")
        // Statements, variables, conformances of other modules' types, public names, @main: alone.
        for code in ["print(1)\n", "var x = 1\n", "extension Int: @retroactive Identifiable { public var id: Int { self } }\n",
                     "public struct D {}\n", "@main struct App { static func main() {} }\n", "infix operator ** : MultiplicationPrecedence\n"] {
            #expect(SnippetCompiler.mergeableCode(code) == nil, "\(code)")
        }
    }

    // MARK: Figures a program draws

    @Test func aSampleDrawsItsFiguresPerLocaleAndAChangedDrawingFails() async throws {
        let folder = try course("""
            ```swift {sample="plan"}
            ```

            ![The plan](sample:plan/plan.svg){#fig-plan}

            See [](#fig-plan).
            """, russian: """
            ```swift {sample="plan"}
            ```

            ![План](sample:plan/plan.svg){#fig-plan}

            Его видно на [рис. #](#fig-plan).
            """)
        let samples = folder.appendingPathComponent("Content/Samples")
        try TestSupport.write("// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(name: \"S\", targets: [.executableTarget(name: \"plan\")])\n",
                              to: samples.appendingPathComponent("Package.swift"))
        let program = samples.appendingPathComponent("Sources/plan/main.swift")
        func draw(_ width: Int) throws {
            try TestSupport.write("""
                import Foundation
                let env = ProcessInfo.processInfo.environment
                let word = env["PRIMER_LOCALE"] == "ru" ? "План" : "Plan"
                let svg = "<svg xmlns=\\"http://www.w3.org/2000/svg\\" width=\\"\(width)\\" height=\\"40\\"><text x=\\"4\\" y=\\"20\\">\\(word)</text></svg>\\n"
                try svg.write(toFile: env["PRIMER_FIGURES"]! + "/plan.svg", atomically: false, encoding: .utf8)
                print("drew plan.svg")
                """, to: program)
        }
        try draw(100)
        try TestSupport.write("samples:\n  plan: { per_locale: true, description: { en: Draws a plan., ru: Рисует план. } }\n",
                              to: samples.appendingPathComponent("samples.yml"))
        let unrecorded = try await build(folder)
        #expect(errors(unrecorded).contains { $0.contains("Figures/plan.ru/plan.svg: error: sample 'plan [ru]' drew plan.svg, which is not recorded") })
        #expect(try await build(folder, bless: true).succeeded)
        let recorded = TestSupport.read(samples.appendingPathComponent("Figures/plan.ru/plan.svg"))
        #expect(recorded.contains(">План</text>"))
        let built = try await build(folder)
        #expect(built.succeeded, "\(errors(built))")
        let site = folder.appendingPathComponent("site")
        #expect(TestSupport.read(site.appendingPathComponent("ru/figures/plan.ru/plan.svg")) == recorded)
        #expect(TestSupport.read(site.appendingPathComponent("en/figures/plan.en/plan.svg")).contains(">Plan</text>"))
        let page = TestSupport.read(site.appendingPathComponent("ru/checks.html"))
        // Sized from the drawing, as a course image is from its file.
        #expect(page.contains("<img src=\"figures/plan.ru/plan.svg\" width=\"100\" height=\"40\" alt=\"План\">"), "\(page)")
        #expect(page.contains("<span class=\"caption-label\">Рисунок 1.1</span>") && page.contains(">рис. 1.1</a>"))
        // A changed drawing fails the build with a diff of the SVG.
        try draw(120)
        let changed = try await build(folder)
        #expect(errors(changed).contains { $0.contains("sample 'plan [en]' drew plan.svg differently from the recorded one") && $0.contains("120") })
        #expect(errors(changed).allSatisfy { $0.contains("[PRM042]") })
    }

    // MARK: References that read as Russian

    @Test func russianReferencesTakeTheCaseTheSentenceNeeds() async throws {
        let russian = """
            ## Начало {#start}

            ```swift {compile #lst-a title="a.swift"}
            let a = 1
            ```

            Код в [листинге #](#lst-a) короткий, см. [](#lst-a). [](#lst-a) компилируется.
            Рядом [](#start), а в [разд. #](#start) и [упражнении #](#ex-a) то же самое.
            В [гл. #](checks.md) всё. Ссылка [на код](#lst-a) остаётся как есть.

            ## Упражнения {.exercises}

            1. Сделайте. {#ex-a}
            """
        let english = russian.replacingOccurrences(of: "Начало", with: "Start").replacingOccurrences(of: "Упражнения", with: "Exercises")
        let folder = try course(english, russian: russian)
        let result = try await build(folder)
        #expect(result.succeeded, "\(errors(result))")
        let page = TestSupport.read(folder.appendingPathComponent("site/ru/checks.html"))
        for expected in [">листинге 1.1</a> короткий", "см. <a href=\"#lst-a\" class=\"xref\">листинг 1.1</a>",
                         ">Листинг 1.1</a> компилируется", "Рядом <a href=\"#start\" class=\"xref\">разд. 1.1</a>",
                         ">разд. 1.1</a> и", ">упражнении 1.1</a> то же", ">гл. 1</a> всё", ">на код</a> остаётся",
                         "<span class=\"caption-label\">Листинг 1.1</span>"] {
            #expect(page.contains(expected), "\(expected)")
        }
        let englishPage = TestSupport.read(folder.appendingPathComponent("site/en/checks.html"))
        #expect(englishPage.contains(">Listing 1.1</a> компилируется"))

        // A section inserted before it renumbers the listing, and the author's word keeps up.
        let path = URL(fileURLWithPath: chapterPath(folder, "ru"))
        try TestSupport.write(TestSupport.read(path).replacingOccurrences(of: "## Начало {#start}", with: "## Вступление\n\n```swift {compile title=\"b.swift\"}\nlet b = 2\n```\n\n## Начало {#start}"), to: path)
        let moved = try await build(folder)
        #expect(moved.succeeded, "\(errors(moved))")
        let renumbered = TestSupport.read(folder.appendingPathComponent("site/ru/checks.html"))
        #expect(renumbered.contains(">листинге 1.2</a> короткий") && renumbered.contains(">разд. 1.2</a> и"))
    }
}

extension VerifiedListingsTests {
    @Test func blessingFillsEveryEmptyBlockOfAChapterInOneBuild() async throws {
        let folder = try course("""
            ```swift {run}
            print("one")
            ```

            ```output
            ```

            ```swift {run}
            print("two\\nlines")
            ```

            ```output
            ```

            > [!NOTE]
            > ```swift {fails}
            > let k = 1
            > k = 2
            > ```
            """)
        let blessed = try await build(folder, bless: true)
        #expect(blessed.succeeded, "\(errors(blessed))")
        let text = TestSupport.read(URL(fileURLWithPath: chapterPath(folder)))
        #expect(text.contains("```output\none\n```\n\n```swift {run}\nprint(\"two\\nlines\")\n```\n\n```output\ntwo\nlines\n```"), "\(text)")
        #expect(text.contains("> ```\n>\n> ```error\n> error: cannot assign to value: 'k' is a 'let' constant\n> ```"), "\(text)")
        #expect(try await build(folder).succeeded)
    }
}

extension VerifiedListingsTests {
    @Test func aRunSnippetDrawsAFigureRecordedPerLocale() async throws {
        func chapter(_ word: String) -> String {
            """
            ```swift {run #draw-box}
            import Foundation
            let folder = ProcessInfo.processInfo.environment["PRIMER_FIGURES"]!
            try "<svg xmlns=\\"http://www.w3.org/2000/svg\\"><text>\(word)</text></svg>\\n".write(toFile: folder + "/box.svg", atomically: false, encoding: .utf8)
            print("drew box.svg")
            ```

            ```output
            drew box.svg
            ```

            ![\(word)](snippet:draw-box/box.svg){#fig-box}

            ```swift {run}
            import Foundation
            try "x".write(toFile: ProcessInfo.processInfo.environment["PRIMER_FIGURES"]! + "/nameless.svg", atomically: false, encoding: .utf8)
            ```
            """
        }
        let folder = try course(chapter("Box"), russian: chapter("Ящик"))
        let first = try await build(folder)
        let reported = errors(first)
        #expect(reported.contains { $0.contains("Figures/draw-box.ru/box.svg: error: snippet 'draw-box' drew box.svg, which is not recorded") }, "\(reported)")
        #expect(reported.contains { $0.contains("en/checks.md:17:1: error: this snippet drew nameless.svg, but has no id to record them under") })
        for locale in ["en", "ru"] {
            let file = URL(fileURLWithPath: chapterPath(folder, locale))
            try TestSupport.write(TestSupport.read(file).components(separatedBy: "\n```swift {run}\nimport Foundation\ntry \"x\"")[0], to: file)
        }
        #expect(try await build(folder, bless: true).succeeded)
        let built = try await build(folder)
        #expect(built.succeeded, "\(errors(built))")
        let recorded = folder.appendingPathComponent("Content/Samples/Figures/draw-box.ru/box.svg")
        #expect(TestSupport.read(recorded).contains("<text>Ящик</text>"))
        let site = folder.appendingPathComponent("site")
        #expect(TestSupport.read(site.appendingPathComponent("ru/figures/draw-box.ru/box.svg")).contains("Ящик"))
        #expect(TestSupport.read(site.appendingPathComponent("ru/checks.html")).contains("<img src=\"figures/draw-box.ru/box.svg\" alt=\"Ящик\">"))
    }
}

extension VerifiedListingsTests {
    @Test func snippetsImportTheSamplesLibrariesAndFollowTheirChanges() async throws {
        let folder = try course("""
            ```swift {run}
            import Shapes
            print(Square(side: 3).area)
            ```

            ```output
            9
            ```

            ```swift {compile}
            import struct Shapes.Square
            let unit = Square(side: 1)
            ```
            """)
        let samples = folder.appendingPathComponent("Content/Samples")
        try TestSupport.write("""
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(name: "S", targets: [.target(name: "Shapes"), .executableTarget(name: "show", dependencies: ["Shapes"])])
            """, to: samples.appendingPathComponent("Package.swift"))
        let library = samples.appendingPathComponent("Sources/Shapes/Square.swift")
        try TestSupport.write("public struct Square {\n    public var side: Int\n    public init(side: Int) { self.side = side }\n    public var area: Int { side * side }\n}\n", to: library)
        try TestSupport.write("import Shapes\nprint(Square(side: 2).area)\n", to: samples.appendingPathComponent("Sources/show/main.swift"))
        try TestSupport.write("4\n", to: samples.appendingPathComponent("Outputs/show.txt"))
        try TestSupport.write("samples:\n  show: { description: { en: Shows a square., ru: Показывает квадрат. } }\n", to: samples.appendingPathComponent("samples.yml"))
        let first = try await build(folder)
        #expect(first.succeeded, "\(errors(first))")
        #expect(first.listings.run == 1 && first.listings.compiled == 1)
        // The library changes: the snippet that imports it is compiled and run again, and says so.
        try TestSupport.write(TestSupport.read(library).replacingOccurrences(of: "side * side", with: "side * side + 1"), to: library)
        let changed = try await build(folder)
        #expect(errors(changed).contains { $0.contains("this snippet printed something else than its output block") && $0.contains("-9\n+10") },
                "\(errors(changed))")
    }
}

extension VerifiedListingsTests {
    @Test func aReferenceCanShowItsTargetsTitle() async throws {
        let folder = try course("""
            ## Retain cycles {#cycles}

            ```swift {compile #lst-owner title="Owner.swift"}
            final class Owner {}
            ```

            See [{title}](#cycles), [{label}: {title}](#cycles), [{title}](#lst-owner) and [{title}](checks.md).
            """)
        let result = try await build(folder)
        #expect(result.succeeded, "\(errors(result))")
        let page = TestSupport.read(folder.appendingPathComponent("site/en/checks.html"))
        for expected in [">Retain cycles</a>", ">Section 1.1: Retain cycles</a>", ">Owner.swift</a>", ">Checks</a>"] {
            #expect(page.contains(expected), "\(expected)")
        }
    }
}

extension VerifiedListingsTests {
    @Test func aCourseCanLeaveTheAPIIndexOut() async throws {
        // A name alone in the text counts when it reads as one (`URLSession`) or names a member.
        let folder = try course("Uses `URLSession` and `Dictionary.Keys`.\n")
        let config = folder.appendingPathComponent("Content/course.yml")
        let first = try await build(folder)
        #expect(first.succeeded && FileManager.default.fileExists(atPath: folder.appendingPathComponent("site/en/api-index.html").path))
        try TestSupport.write(TestSupport.read(config) + "\napi_index: false\n", to: config)
        let second = try await build(folder)
        #expect(second.succeeded, "\(errors(second))")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("site/en/api-index.html").path))
        #expect(!TestSupport.read(folder.appendingPathComponent("site/en/checks.html")).contains("api-index.html"))
    }
}

extension VerifiedListingsTests {
    @Test func quotationMarksComeFromCLDR() {
        #expect(LocaleQuotes.marks(for: LocaleTag("ru")!).open == "«" && LocaleQuotes.marks(for: LocaleTag("ru")!).close == "»")
        #expect(LocaleQuotes.marks(for: LocaleTag("en")!) == .english)
        #expect(LocaleQuotes.marks(for: LocaleTag("de")!).open == "„")
        #expect(LocaleQuotes.marks(for: LocaleTag("zh-Hans")!).open == "“")
    }

    @Test func smartPunctuationWritesEachLanguagesQuotes() async throws {
        let text = "## \"Quoted\" heading {#q}\n\nShe said \"hi\" -- and left... It's `\"code\"` --- *\"emphasis\"*.\n"
        let folder = try course(text, russian: text.replacingOccurrences(of: "She said", with: "Она сказала"))
        let config = folder.appendingPathComponent("Content/course.yml")
        try TestSupport.write(TestSupport.read(config) + "\nsmart_punctuation: true\n", to: config)
        let result = try await build(folder)
        #expect(result.succeeded, "\(errors(result))")
        let english = TestSupport.read(folder.appendingPathComponent("site/en/checks.html"))
        let russian = TestSupport.read(folder.appendingPathComponent("site/ru/checks.html"))
        #expect(english.contains("She said “hi” – and left… It’s <code>&quot;code&quot;</code> — <em>“emphasis”</em>."), "\(english)")
        #expect(english.contains("“Quoted” heading"))
        #expect(russian.contains("Она сказала «hi» – and left… It’s <code>&quot;code&quot;</code> — <em>«emphasis»</em>."), "\(russian)")
        #expect(russian.contains("«Quoted» heading"))
    }
}
