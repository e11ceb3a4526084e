import CourseModel
import Foundation
import Importers
import Pipeline
import PrimerTestSupport
import Testing

/// `primer import mdbook` and `primer import docc` on the two fixture books
/// (Fixtures/import-mdbook, Fixtures/import-docc/Sloths.docc), which use every construct the
/// importers convert or warn about.
@Suite(.serialized) struct ImportTests {
    static let mdBook = TestSupport.fixtures.appendingPathComponent("import-mdbook").path
    static let docc = TestSupport.fixtures.appendingPathComponent("import-docc/Sloths.docc").path

    /// Each diagnostic as `path-under-root:line [code]`, sorted.
    func places(_ diagnostics: [Diagnostic], under root: String) -> [String] {
        diagnostics.map { diagnostic in
            let path = diagnostic.location?.path ?? ""
            let relative = path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
            return "\(relative):\(diagnostic.location?.line ?? 0) [\(diagnostic.code?.rawValue ?? "")]"
        }.sorted()
    }

    /// A book made of `files` (relative path → text) in a new temporary folder.
    func makeBook(_ files: [String: String]) throws -> String {
        let folder = TestSupport.scratch("primer-import")
        for (path, text) in files { try TestSupport.write(text, to: folder.appendingPathComponent(path)) }
        return folder.path
    }

    func temporaryFolder() -> URL {
        TestSupport.scratch("primer-import-out")
    }

    // MARK: mdBook

    @Test func mdBookTableOfContents() throws {
        let result = MDBookImporter.convert(book: Self.mdBook)
        #expect(result.succeeded, "\(result.diagnostics)")
        #expect(result.text("Content/course.yml") == """
            title: "Fixture Book: \\"mdBook\\" edition"
            source_locale: en
            locales: [en]
            parts:
              - numbering: none
                chapters: [preface, introduction]
              - title: "The Basics"
                chapters: [getting-started, variables, control-flow]
              - title: "Going Further"
                chapters: [closures]
              - title: "Appendix"
                numbering: appendix
                chapters: [glossary]
              - numbering: none
                chapters: [contributors, revision-history]

            """)
        // No custom callouts, so no string catalog.
        #expect(result.files["Content/Localizable.xcstrings"] == nil)
        #expect(Set(result.files.keys) == Set(["course.yml", "en/preface.md", "en/introduction.md", "en/getting-started.md", "en/variables.md",
                                               "en/control-flow.md", "en/closures.md", "en/glossary.md", "en/contributors.md",
                                               "en/revision-history.md"].map { "Content/" + $0 }))
    }

    @Test func mdBookIncludesAdmonitionsAndImages() throws {
        let result = MDBookImporter.convert(book: Self.mdBook)
        let chapter = try #require(result.text("Content/en/getting-started.md"))
        #expect(chapter.hasPrefix("---\ntitle: \"Getting Started\"\n---\n\n## Installing {#install}\n"))
        // The title moved into the front matter: no `#` heading is left.
        #expect(!chapter.contains("\n# "))
        // {{#include file:anchor}}, with the anchor lines of the file left out; rust,ignore → rust.
        #expect(chapter.contains("The whole program:\n\n```rust\nfn main() {\n    println!(\"Hello\");\n}\n```\n"))
        // file:3:5, file:4 (one line), file::5 (anchor lines dropped).
        #expect(chapter.contains("five:\n\n```rust\nfn main() {\n    println!(\"Hello\");\n}\n```\n\n```rust\n    println!(\"Hello\");\n```\n\n```rust\nfn main() {\n    println!(\"Hello\");\n}\n```\n"))
        // rustdoc_include drops the lines Rust hides; rust,editable → rust.
        #expect(chapter.contains("left out:\n\n```rust\nfn helper() -> u32 {\n    42\n}\n```\n"))
        #expect(!chapter.contains("fn hidden"))
        // A missing file stays as the directive, in a code span; a missing anchor, inside its fence.
        #expect(chapter.contains("\n`{{#include ../listings/missing.rs}}`\n"))
        #expect(chapter.contains("```rust\n{{#include ../listings/hello.rs:nothere}}\n```"))
        // Swift code stays swift, unmarked (Primer itself warns about unchecked blocks).
        #expect(chapter.contains("```swift\nfunc greet(_ name: String) -> String {\n    \"Hello, \\(name)!\"\n}\n```"))
        // An escaped directive is written as it is, without the backslash.
        #expect(chapter.contains("```hbs\n{{#include file.rs}}\n```"))
        // {{#playground}} becomes a Rust block.
        #expect(chapter.contains("{{#include file.rs}}\n```\n\n```rust\nfn main() {\n    println!(\"Hello\");\n}\n```\n\n> [!WARNING]"))
        // mdbook-admonish → callouts with titles.
        #expect(chapter.contains("> [!WARNING] Do not do this\n> Never run as root.\n"))
        #expect(chapter.contains("> [!TIP] Shortcut\n> Press **Ctrl-C**.\n"))
        #expect(chapter.contains("> [!NOTE]\n> An example body.\n"))
        #expect(chapter.contains("> [!NOTE] Sparkle\n> An unknown kind.\n"))
        // GitHub alerts pass through.
        #expect(chapter.contains("> [!NOTE]\n> GitHub alerts pass through.\n"))
        // Images: copied under images/ with their subfolder, variants beside them.
        #expect(chapter.contains("![A diagram](../images/img/diagram.png)"))
        #expect(chapter.contains("![An icon](../images/img/icon.png \"Icon\")"))
        #expect(chapter.contains("Missing<!-- image not found: ../img/nope.png -->"))
        let src = Self.mdBook + "/src/img/"
        #expect(result.copies == [
            "Content/images/img/diagram.png": src + "diagram.png",
            "Content/images/img/diagram@2x.png": src + "diagram@2x.png",
            "Content/images/img/diagram~dark.png": src + "diagram~dark.png",
            "Content/images/img/diagram~dark@2x.png": src + "diagram~dark@2x.png",
            "Content/images/img/icon@2x.png": src + "icon@2x.png",
        ])
        // Raw HTML and math stay (with warnings).
        #expect(chapter.contains("<div class=\"warning\">\nRaw HTML block.\n</div>"))
        // A link to a heading of another chapter: the heading gets an explicit id.
        #expect(chapter.hasSuffix("Next: [shadowing](#variables-shadowing).\n"))
    }

    @Test func mdBookHeadingsAndReferences() throws {
        let result = MDBookImporter.convert(book: Self.mdBook)
        // `#` used for sections as well as the title: every heading moves down a level.
        #expect(result.text("Content/en/variables.md") == """
            ---
            title: "Variables"
            ---

            Bindings are immutable by default.

            ## Shadowing {#variables-shadowing}

            A new `let` shadows the old binding.

            ### Details

            ```rust
            let x = 5;
            let x = x + 1;
            ```

            """)
        // An explicit {#id} is kept, and links to it use it; a link to a draft keeps its text.
        #expect(result.text("Content/en/control-flow.md") == """
            ---
            title: "Control Flow"
            ---

            ## If and else {#if-else}

            Back to [installing](#install), and on to
            a draft.

            * Item with <kbd>Ctrl</kbd> inline HTML.

            """)
        let preface = try #require(result.text("Content/en/preface.md"))
        #expect(preface.contains("`primer import mdbook`. <!-- a note to self stays -->"))
        #expect(preface.contains("See [the closures chapter](closures.md) and\n[capturing values](#closures-capturing-values)."))
        let closures = try #require(result.text("Content/en/closures.md"))
        #expect(closures.contains("## Capturing values {#closures-capturing-values}"))
        #expect(closures.contains("See the [glossary](#glossary-terms) and a missing heading."))
        // Setext headings (title and section); the heading a link names gets its id.
        #expect(result.text("Content/en/glossary.md")?.hasPrefix("---\ntitle: \"Glossary\"\n---\n\n## Terms {#glossary-terms}\n") == true)
        // Link text that is the target's title becomes {title}; a path with %20 finds its chapter.
        #expect(result.text("Content/en/revision-history.md")?.hasSuffix("new: [{title}](closures.md) and [{title}](#if-else).\n") == true)
        // index.md is a page Primer makes: the chapter is "introduction". {{#title}} is dropped.
        #expect(result.text("Content/en/introduction.md") == """
            ---
            title: "Introduction"
            ---

            Welcome. The next chapter is [](getting-started.md).

            """)
    }

    @Test func mdBookWarningsSayWhereAndWhat() throws {
        let result = MDBookImporter.convert(book: Self.mdBook)
        #expect(result.diagnostics.allSatisfy { !$0.isError })
        #expect(places(result.diagnostics, under: Self.mdBook) == [
            "src/SUMMARY.md:11 [PRM061]",                    // draft chapter
            "src/SUMMARY.md:9 [PRM061]",                     // nested chapter
            "src/advanced/closures.md:7 [PRM065]",           // #no-such-heading
            "src/basics/control flow.md:6 [PRM065]",         // coming-soon.md is no chapter
            "src/basics/control flow.md:8 [PRM067]",         // inline <kbd>
            "src/basics/getting-started.md:31 [PRM062]",     // missing include file
            "src/basics/getting-started.md:34 [PRM062]",     // missing anchor
            "src/basics/getting-started.md:61 [PRM064]",     // admonish sparkle
            "src/basics/getting-started.md:72 [PRM066]",     // missing image
            "src/basics/getting-started.md:74 [PRM063]",     // \\( math \\)
            "src/basics/getting-started.md:76 [PRM067]",     // <div>
            "src/index.md:3 [PRM063]",                       // {{#title}}
        ])
        let nested = try #require(result.diagnostics.first { $0.location?.line == 9 })
        #expect(nested.message.contains("'Variables' is nested under 'Getting Started'"))
        #expect(nested.description.hasPrefix(Self.mdBook + "/src/SUMMARY.md:9:1: warning: "))
    }

    @Test func mdBookWithoutPartsLocaleAndIDs() throws {
        let book = try makeBook([
            "book.toml": "[book]\ntitle = 'Tiny: a book'\nlanguage = \"de\"\nsrc = \"text\"\n",
            "text/SUMMARY.md": "- [Intro](intro.md)\n- [Intro again](more/intro.md)\n- [Print](print.md)\n- [Samples](Samples.md)\n- [Weird](My%20File!.md)\n",
            "text/intro.md": "# Intro\n\nHello.\n",
            "text/more/intro.md": "Text without a heading.\n",
            "text/print.md": "# Print\n",
            "text/Samples.md": "# Samples\n",
            "text/My File!.md": "# Weird\n",
        ])
        let result = MDBookImporter.convert(book: book)
        #expect(result.succeeded, "\(result.diagnostics)")
        // No `# Part` heading: one part titled with the book's title; book.toml's language.
        #expect(result.text("Content/course.yml") == """
            title: "Tiny: a book"
            source_locale: de
            locales: [de]
            parts:
              - title: "Tiny: a book"
                chapters: [intro, intro-2, print-chapter, samples-chapter, my-file]

            """)
        // An entry mdBook could not read either is left out, with a warning.
        let broken = MDBookImporter.convert(book: try makeBook(["src/SUMMARY.md": "- [A](a.md)\n- [Spaces](a b.md)\n", "src/a.md": "# A\n"]))
        #expect(broken.diagnostics.map { "\($0.location?.line ?? 0) \($0.code?.rawValue ?? "")" } == ["2 PRM061"])
        // A chapter without a # heading takes its title from SUMMARY.md.
        #expect(result.text("Content/de/intro-2.md") == "---\ntitle: \"Intro again\"\n---\n\nText without a heading.\n")
        // --locale wins over book.toml.
        let english = MDBookImporter.convert(book: book, locale: "en-GB")
        #expect(english.files["Content/en-GB/intro.md"] != nil)
        #expect(english.text("Content/course.yml")?.contains("locales: [en-GB]") == true)
    }

    @Test func mdBookIncludeForms() throws {
        let book = try makeBook([
            "src/SUMMARY.md": "- [One](part/one.md)\n",
            "src/part/one.md": """
                # One

                ```
                {{#include ../code/lines.txt:3:}}
                ```

                Inline: {{#include ../code/word.txt}} and on.

                {{#include ../code/outer.md}}

                ```
                {{#include ../code/lines.txt:9}}
                {{#include ../code/lines.txt:x:2}}
                ```
                """,
            "src/code/lines.txt": "one\ntwo\nthree\nfour\n",
            "src/code/word.txt": "WORD\n",
            "src/code/outer.md": "Outer, then {{#include inner/inner.md}}\n",
            "src/code/inner/inner.md": "inner text\n",
        ])
        let result = MDBookImporter.convert(book: book)
        let chapter = try #require(result.text("Content/en/one.md"))
        // file:3: runs to the end; an include mid-line is spliced in; an included file's own
        // includes are relative to it.
        #expect(chapter.contains("```\nthree\nfour\n```\n\nInline: WORD and on.\n\nOuter, then inner text\n"))
        #expect(chapter.contains("```\n{{#include ../code/lines.txt:9}}\n{{#include ../code/lines.txt:x:2}}\n```"))
        #expect(places(result.diagnostics, under: book) == ["src/part/one.md:12 [PRM062]", "src/part/one.md:13 [PRM062]"])
        #expect(result.diagnostics.first?.message == "../code/lines.txt has 4 lines; line 9 is past its end")
    }

    /// Every form of link mdBook accepts, as a real book writes it (the published `.html` name, a
    /// folder, `index.html` for a `README.md`, `../`, reference definitions, a link over two lines).
    func linkFormsBook() throws -> String {
        try makeBook([
            "src/SUMMARY.md": "- [Intro](README.md)\n- [Guide](guide/README.md)\n- [Theme](guide/theme/index.md)\n- [Other](guide/other.md)\n",
            "src/README.md": """
                # Intro

                See [the guide](guide/index.html), [its folder](guide/), [colours](guide/theme/index.html#colours),
                [the theme](guide/theme/README.md), [other](guide/other.html) and [setup][set up].
                A [link that goes
                on](guide/other.md#setup) and [one](guide/other.md#no-such-heading).
                Not chapters: [notes](notes.txt), [a rule][type.never], [outside][out] and [[nested]][out].
                Untouched: [web][], [mail](mailto:a@example.com) and [^1].
                ![](img/bitwiseNOT.png)

                [set up]: guide/other.html#setup "Setting up"
                [type.never]: type.never
                [OUT]: ../../outside.md
                [web]: https://example.com/
                [^1]: A footnote.
                """,
            "src/guide/README.md": "# Guide\n\n[Up](../index.html), [the theme](theme/) and [back](./).\n",
            "src/guide/theme/index.md": "# Theme\n\n## Colours\n\n[Home](../../README.md#intro)\n",
            "src/guide/other.md": "# Other\n\n## Setup\n",
            "src/img/bitwiseNOT.png": "a picture",
        ])
    }

    @Test func mdBookLinkForms() throws {
        let book = try linkFormsBook()
        let result = MDBookImporter.convert(book: book)
        #expect(result.succeeded, "\(result.diagnostics)")
        #expect(result.text("Content/en/readme.md") == """
            ---
            title: "Intro"
            ---

            See [the guide](readme-2.md), [its folder](readme-2.md), [colours](#introduction-colours),
            [the theme](introduction.md), [other](other.md) and [setup][set up].
            A [link that goes
            on](#other-setup) and [one](other.md).
            Not chapters: notes, a rule, outside and [nested].
            Untouched: [web][], [mail](mailto:a@example.com) and [^1].
            ![bitwise NOT](../images/img/bitwiseNOT.png)

            [set up]: #other-setup "Setting up"

            [web]: https://example.com/
            [^1]: A footnote.

            """)
        #expect(result.text("Content/en/readme-2.md")?.hasSuffix("[Up](readme.md), [the theme](introduction.md) and [back](readme-2.md).\n") == true)
        #expect(result.text("Content/en/introduction.md")?.hasSuffix("[Home](readme.md)\n") == true)
        // What is not a chapter, or not a heading of one, is a warning at the book's line (the
        // first line of a link over two).
        // A picture without alt text (which a book's edition rejects) is named after its file.
        #expect(places(result.diagnostics, under: book) == [
            "src/README.md:12 [PRM065]", "src/README.md:13 [PRM065]", "src/README.md:5 [PRM065]", "src/README.md:7 [PRM065]",
            "src/README.md:9 [PRM074]",
        ])
        #expect(result.diagnostics.map(\.message).contains("../../outside.md is not a chapter of the book; the link is left out, its text kept"))
        let (folder, build) = try importAndBuild(result)
        #expect(build.succeeded, "\(build.diagnostics.filter(\.isError))")
        #expect(siteProblems(folder.appendingPathComponent("site")) == [])
    }

    @Test func mdBookAlertsOfOtherKindsAreTheCoursesOwnCallouts() throws {
        let book = try makeBook([
            "src/SUMMARY.md": "- [Rules](rules.md)\n",
            "src/rules.md": "# Rules\n\n> [!EXAMPLE]\n> ```rust\n> let x = 1;\n> ```\n\n> [!Note]\n> Said once.\n\n```\n> [!KEPT]\n```\n\n> [!EDITION-2018]\n> Older.\n",
        ])
        let result = MDBookImporter.convert(book: book)
        // A kind that is no word of letters cannot be a callout kind: a note with its name.
        #expect(places(result.diagnostics, under: book) == ["src/rules.md:15 [PRM064]"])
        #expect(result.text("Content/en/rules.md")?.hasSuffix("> [!NOTE] Edition 2018\n> Older.\n") == true)
        #expect(result.text("Content/course.yml")?.contains("callouts: [example]\n") == true)
        #expect(result.text("Content/Localizable.xcstrings")?.contains("\"Example\"") == true)
        #expect(result.text("Content/en/rules.md")?.contains("> [!EXAMPLE]\n> ```rust\n> let x = 1;\n> ```\n\n> [!NOTE]\n> Said once.\n\n```\n> [!KEPT]\n```\n") == true)
        let (_, build) = try importAndBuild(result)
        #expect(build.succeeded && !build.diagnostics.contains { $0.code == .unknownCallout }, "\(build.diagnostics)")
    }

    @Test func headingsThatSkipALevelMoveUp() throws {
        let book = try makeBook([
            "src/SUMMARY.md": "- [T](t.md)\n",
            "src/t.md": "# T\n\n#### A\n\n#### B\n\n###### C\n\n```\n#### code\n```\n\n### D\n\n#### E\n",
        ])
        let result = MDBookImporter.convert(book: book)
        // A tagged PDF (PDF/UA-1) has no heading that skips a level; siblings stay siblings.
        #expect(result.text("Content/en/t.md") == "---\ntitle: \"T\"\n---\n\n## A\n\n## B\n\n### C\n\n```\n#### code\n```\n\n## D\n\n### E\n")
    }

    @Test func mdBookSpecRulesAreLeftOutAndLinksToThemReachTheirHeading() throws {
        let book = try makeBook([
            "src/SUMMARY.md": "- [Types](types.md)\n- [Uses](uses.md)\n",
            "src/types.md": "r[type]\n# Types\n\nr[type.never]\n## The never type\n\nr[type.never.intro]\nIt never returns.\n\n```\nr[kept.in.code]\n```\n",
            "src/uses.md": "# Uses\n\nSee [never][type.never], [the intro][type.never.intro], [its anchor](types.md#r-type.never.intro) and [types].\n\n"
                + "[type.never]: type.never\n[type.never.intro]: type.never.intro\n[types]: type\n",
        ])
        let result = MDBookImporter.convert(book: book)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.text("Content/en/types.md") == "---\ntitle: \"Types\"\n---\n\n## The never type {#types-the-never-type}\n\nIt never returns.\n\n```\nr[kept.in.code]\n```\n")
        #expect(result.text("Content/en/uses.md")?.contains("[its anchor](#types-the-never-type)") == true)
        #expect(result.text("Content/en/uses.md")?.hasSuffix("[type.never]: #types-the-never-type\n[type.never.intro]: #types-the-never-type\n[types]: types.md\n") == true)
    }

    @Test func mdBookBadInputIsAnError() throws {
        let empty = try makeBook(["book.toml": "[book]\ntitle = \"x\"\n"])
        let noSummary = MDBookImporter.convert(book: empty)
        #expect(!noSummary.succeeded)
        #expect(places(noSummary.diagnostics, under: empty) == ["src/SUMMARY.md:0 [PRM060]"])
        #expect(noSummary.files.isEmpty)

        let missing = try makeBook(["src/SUMMARY.md": "# Summary\n\n- [Gone](gone.md)\n", "src/bad.md": ""])
        let noChapter = MDBookImporter.convert(book: missing)
        #expect(places(noChapter.diagnostics, under: missing) == ["src/SUMMARY.md:3 [PRM060]"])

        let binary = try makeBook(["src/SUMMARY.md": "- [Bad](bad.md)\n"])
        try Data([0xFF, 0xFE, 0x00, 0xC3]).write(to: URL(fileURLWithPath: binary + "/src/bad.md"))
        let unreadable = MDBookImporter.convert(book: binary)
        #expect(places(unreadable.diagnostics, under: binary) == ["src/bad.md:0 [PRM060]"])

        let nowhere = MDBookImporter.convert(book: empty + "/no-such-folder")
        #expect(nowhere.diagnostics.first?.code == .importInput && !nowhere.succeeded)
    }

    // MARK: DocC

    @Test func doccTableOfContentsAndCallouts() throws {
        let result = DocCImporter.convert(catalog: Self.docc)
        #expect(result.succeeded, "\(result.diagnostics)")
        #expect(result.text("Content/course.yml") == """
            title: "Sloth Care"
            source_locale: en
            locales: [en]
            callouts: [experiment, deprecated, todo]
            parts:
              - numbering: none
                chapters: [sloths]
              - title: "Essentials"
                chapters: [gettingstarted, namingsloths, feeding]
              - title: "Advanced"
                chapters: [habitat]
              - title: "Appendix"
                numbering: appendix
                chapters: [glossary]
              - title: "More articles"
                chapters: [orphan]

            """)
        // The custom kinds' labels, for the course's locale, in a String Catalog.
        let catalog = try #require(result.files["Content/Localizable.xcstrings"])
        let json = try #require(try JSONSerialization.jsonObject(with: catalog) as? [String: Any])
        #expect(json["sourceLanguage"] as? String == "en")
        let strings = try #require(json["strings"] as? [String: [String: Any]])
        #expect(Set(strings.keys) == ["callout_experiment", "callout_deprecated", "callout_todo"])
        func label(_ key: String) -> String? {
            let localizations = strings[key]?["localizations"] as? [String: [String: [String: String]]]
            return localizations?["en"]?["stringUnit"]?["value"]
        }
        #expect(label("callout_experiment") == "Experiment" && label("callout_deprecated") == "Deprecated" && label("callout_todo") == "To Do")
        #expect(result.copies.keys.sorted() == ["Content/images/chart@2x.png", "Content/images/sloth.png", "Content/images/sloth@2x.png",
                                                 "Content/images/sloth~dark.png", "Content/images/sloth~dark@2x.png"])
        #expect(result.copies["Content/images/chart@2x.png"] == Self.docc + "/Resources/charts/chart@2x.png")
    }

    @Test func doccArticles() throws {
        let result = DocCImporter.convert(catalog: Self.docc)
        let article = try #require(result.text("Content/en/gettingstarted.md"))
        // Title and abstract: front matter, and the abstract stays the first paragraph.
        #expect(article.hasPrefix("""
            ---
            title: "Getting Started with Sloths"
            summary: "Create a Sloth and read about Feeding."
            ---

            Create a `Sloth` and read about [{title}](feeding.md).

            ## Overview

            Sloths need [{title}](feeding.md) and a tree: see [{title}](#habitat-choosing-a-tree),
            or [the habitat article](habitat.md). A second `Sloth` link warns no more.

            > [!NOTE]
            > Sloths sleep a lot.
            >
            > A second paragraph of the note.

            > [!IMPORTANT]
            > Keep them warm.

            > [!WARNING]
            > Do not drop them.

            > [!TIP]
            > Use a hammock.

            > [!EXPERIMENT]
            > Try feeding at night.

            > [!DEPRECATED]
            > The old enclosure API.

            > [!TODO]
            > Write more.

            <!-- Remember to add a video. -->

            Left column text.

            Right column text.

            ![A chart of naps](../images/chart.png)

            A missing picture<!-- image not found: nothing -->

            <!-- an HTML comment -->

            ```swift
            let sloth = Sloth(name: "Super Sloth")
            ```

            ## Topics

            ### Going Deeper

            - [{title}](namingsloths.md)

            """))
        #expect(!article.contains("@Metadata") && !article.contains("@Options") && !article.contains("@Video"))
        // `#` sections below the title move down a level.
        #expect(result.text("Content/en/feeding.md") == """
            ---
            title: "Feeding"
            summary: "What sloths eat, and when."
            ---

            What sloths eat, and when.

            ## Morning

            Leaves, mostly.

            ### Fruit

            Now and then.

            """)
        // The heading <doc:Habitat#Choosing-a-Tree> names gets its id; symbols become code.
        let habitat = try #require(result.text("Content/en/habitat.md"))
        #expect(habitat.contains("## Choosing a Tree {#habitat-choosing-a-tree}\n\nA tall one. A sloth climbs with `climb(_:)`.\n\n**Rainforest**\n\nWarm and wet.\n"))
        // The root's own text opens the course; its Topics are the parts, not text.
        #expect(result.text("Content/en/sloths.md") == """
            ---
            title: "Sloth Care"
            summary: "Everything about keeping sloths: food, trees and naps."
            ---

            Everything about keeping sloths: food, trees and naps.

            ## Overview

            Sloths are slow, and this catalog is a fixture for `primer import docc`.

            ![A sloth hanging from a branch](../images/sloth.png)

            """)
    }

    @Test func doccWarningsSayWhereAndWhat() throws {
        let result = DocCImporter.convert(catalog: Self.docc)
        #expect(places(result.diagnostics, under: Self.docc) == [
            "GettingStarted.md:3 [PRM065]",      // ``Sloth``, once per file
            "GettingStarted.md:38 [PRM063]",     // @Video
            "GettingStarted.md:40 [PRM063]",     // @Row (its @Columns go with it)
            "GettingStarted.md:51 [PRM066]",     // missing image
            "GettingStarted.md:63 [PRM061]",     // NamingSloths curated under it
            "Habitat.md:15 [PRM067]",            // <aside>
            "Habitat.md:7 [PRM065]",             // ``Sloth/climb(_:)``
            "Habitat.md:9 [PRM063]",             // @TabNavigator
            "Orphan.md:1 [PRM061]",              // in no topic
            "Sloth.md:1 [PRM061]",               // a symbol's page
            "SlothTutorial.tutorial:1 [PRM061]", // tutorials
            "Sloths.md:26 [PRM061]",             // a symbol in Topics
        ])
    }

    @Test func doccLinksOverLinesPicturesWithoutAltAndNumberedNames() throws {
        let catalog = try makeBook([
            "R.docc/Root.md": "# Root\n\n@Metadata {\n  @TechnologyRoot\n}\n\n## Topics\n\n- <doc:6.4>\n",
            "R.docc/6.4.md": "# Release 6.4\n\nSee [the known\nissues](#Known-issues).\n\n![](bitwiseNOT)\n\n## Known issues\n\nNone.\n",
            "R.docc/Resources/bitwiseNOT.png": "a picture",
        ])
        let result = DocCImporter.convert(catalog: catalog + "/R.docc")
        #expect(result.succeeded, "\(result.diagnostics)")
        // The heading's id starts with a letter, as Primer's ids must.
        #expect(result.text("Content/en/6.md") == """
            ---
            title: "Release 6.4"
            summary: "See the known issues."
            ---

            See [the known
            issues](#chapter-6-known-issues).

            ![bitwise NOT](../images/bitwiseNOT.png)

            ## Known issues {#chapter-6-known-issues}

            None.

            """)
        #expect(places(result.diagnostics, under: catalog) == ["R.docc/6.4.md:6 [PRM074]"])
        let (folder, build) = try importAndBuild(result)
        #expect(build.succeeded, "\(build.diagnostics.filter(\.isError))")
        #expect(siteProblems(folder.appendingPathComponent("site")) == [])
    }

    @Test func doccWithoutARootIsAnError() throws {
        let catalog = try makeBook(["Lonely.docc/One.md": "# One\n\nText.\n", "Lonely.docc/Two.md": "# Two\n"])
        let result = DocCImporter.convert(catalog: catalog + "/Lonely.docc")
        #expect(!result.succeeded)
        #expect(places(result.diagnostics, under: catalog) == ["Lonely.docc:0 [PRM060]"])

        // A page whose Topics list articles is the root when none says @TechnologyRoot.
        let implicit = try makeBook([
            "K.docc/Kit.md": "# ``Kit``\n\nA kit.\n\n## Topics\n\n- <doc:Use>\n",
            "K.docc/Use.md": "# Using the Kit\n\nHow.\n",
        ])
        let found = DocCImporter.convert(catalog: implicit + "/K.docc", locale: "fr")
        #expect(found.succeeded)
        #expect(found.text("Content/course.yml") == "title: \"Kit\"\nsource_locale: fr\nlocales: [fr]\nparts:\n  - title: \"Kit\"\n    chapters: [use]\n")
    }

    // MARK: Writing

    @Test func anImportNeverOverwrites() throws {
        let result = MDBookImporter.convert(book: Self.mdBook)
        let folder = temporaryFolder()
        try TestSupport.write("title: mine\n", to: folder.appendingPathComponent("Content/course.yml"))
        try TestSupport.write("---\ntitle: Mine\n---\n", to: folder.appendingPathComponent("Content/en/preface.md"))
        let before = TestSupport.snapshot(folder)
        let failures = ImportWriter.write(result, to: folder.path)
        #expect(failures.map(\.code) == [.importOverwrite, .importOverwrite])
        #expect(failures.compactMap(\.location?.path) == [folder.path + "/Content/course.yml", folder.path + "/Content/en/preface.md"])
        #expect(TestSupport.snapshot(folder) == before)

        // A file where a folder must go is in the way too.
        let blocked = temporaryFolder()
        try TestSupport.write("not a folder", to: blocked.appendingPathComponent("Content/images"))
        #expect(ImportWriter.conflicts(result, in: blocked.path) == ["Content/images"])

        let fresh = temporaryFolder()
        #expect(ImportWriter.write(result, to: fresh.path).isEmpty)
        let written = TestSupport.snapshot(fresh)
        #expect(written["Content/course.yml"] == result.files["Content/course.yml"])
        #expect(written["Content/images/img/diagram~dark@2x.png"] == FileManager.default.contents(atPath: Self.mdBook + "/src/img/diagram~dark@2x.png"))
    }

    // MARK: End to end

    /// Imports `convert`'s book into a new folder and builds it with the pipeline.
    /// Writes the imported project and builds it with Primer's built-in templates and words only.
    func importAndBuild(_ result: ImportResult) throws -> (URL, Build.Result) {
        let folder = temporaryFolder()
        #expect(ImportWriter.write(result, to: folder.path).isEmpty)
        var options = Build.Options(content: folder.appendingPathComponent("Content").path,
                                    templates: folder.appendingPathComponent("Templates").path,
                                    output: folder.appendingPathComponent("site").path)
        options.product = .site(reuse: false)
        return (folder, try Build.run(options))
    }

    /// What a reader would trip over on the built site: a link to a page or an anchor that is not
    /// there, an image or one of its versions that is missing, a comment shown as text.
    func siteProblems(_ site: URL) -> [String] {
        var problems: [String] = []
        let pages = TestSupport.snapshot(site).filter { $0.key.hasSuffix(".html") }
        for (path, data) in pages.sorted(by: { $0.key < $1.key }) {
            let html = String(decoding: data, as: UTF8.self)
            if html.contains("&lt;!--") { problems.append("\(path): comment text shown") }
            let folder = (path as NSString).deletingLastPathComponent
            let targets = html.matches(of: /(?:href|src)="([^"]+)"/).map { String($0.1) }
                + html.matches(of: /srcset="([^"]+)"/).flatMap { $0.1.split(separator: ",").map { String($0.split(separator: " ").first ?? "") } }
            for target in targets where !target.contains(":") && !target.hasPrefix("/") {
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let file = parts[0].isEmpty ? path : ((folder as NSString).appendingPathComponent(parts[0]) as NSString).standardizingPath
                let resolved = file.hasSuffix("/") || (!file.contains(".") && !parts[0].isEmpty) ? file + "/index.html" : file
                guard let contents = pages[resolved] ?? (FileManager.default.fileExists(atPath: site.appendingPathComponent(resolved).path) ? Data() : nil) else {
                    problems.append("\(path): \(target) is not there"); continue
                }
                if parts.count == 2, !parts[1].isEmpty, !String(decoding: contents, as: UTF8.self).contains("id=\"\(parts[1])\"") {
                    problems.append("\(path): \(target) has no such anchor")
                }
            }
        }
        return problems
    }

    @Test func anImportedMDBookBuilds() throws {
        let (folder, build) = try importAndBuild(MDBookImporter.convert(book: Self.mdBook))
        #expect(build.succeeded, "\(build.diagnostics.filter(\.isError))")
        // Primer knows everything the importer wrote: no unknown keys or callouts.
        let unknown = build.diagnostics.filter { $0.code == .unknownKey || $0.code == .unknownCallout || $0.code == .fileNotFound }
        #expect(unknown.isEmpty, "\(unknown)")
        let site = folder.appendingPathComponent("site")
        #expect(siteProblems(site) == [])
        let page = TestSupport.read(site.appendingPathComponent("en/getting-started.html"))
        #expect(page.contains("variables.html#variables-shadowing"))
        #expect(page.contains("Do not do this"))
        #expect(page.contains("<picture><source srcset=\"../images/img/diagram~dark.png, ../images/img/diagram~dark@2x.png 2x\""), "\(page)")
    }

    @Test func anImportedDocCCatalogBuilds() throws {
        let (folder, build) = try importAndBuild(DocCImporter.convert(catalog: Self.docc))
        #expect(build.succeeded, "\(build.diagnostics.filter(\.isError))")
        let unknown = build.diagnostics.filter { $0.code == .unknownKey || $0.code == .unknownCallout || $0.code == .fileNotFound }
        #expect(unknown.isEmpty, "\(unknown)")
        let site = folder.appendingPathComponent("site")
        #expect(siteProblems(site) == [])
        let page = TestSupport.read(site.appendingPathComponent("en/gettingstarted.html"))
        #expect(page.contains("habitat.html#habitat-choosing-a-tree"))
        #expect(page.contains("Experiment"))
        let pages = TestSupport.snapshot(site.appendingPathComponent("en")).values.map { String(decoding: $0, as: UTF8.self) }
        #expect(pages.contains { $0.contains("<picture><source srcset=\"../images/sloth~dark.png, ../images/sloth~dark@2x.png 2x\"") })
        #expect(page.contains("<img src=\"../images/chart@2x.png\""), "only the @2x file: it is the image")
    }
}
