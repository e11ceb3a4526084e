import CourseModel
import Foundation
import Pipeline
import PrimerTestSupport
import Testing

/// A source edit in one section shows exactly that section stale, in every locale: in
/// `primer status`, with the source's change in `--diff` (from git, or from Primer's snapshots
/// when the course is not in git), and as one note on each translated page.
@Suite(.serialized) struct SectionStalenessTests {
    let templates = ["--templates", TestSupport.templates]

    func git(_ arguments: [String], in folder: URL) throws {
        let result = try TestSupport.run(["git", "-c", "user.name=Test", "-c", "user.email=test@example.org"] + arguments,
                                         in: folder, executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(result.status == 0, "git \(arguments): \(result.output)")
    }

    /// The fixture course, translated and marked, with the English "Getting started" section edited.
    func markedThenEdited(inGit: Bool) throws -> (folder: URL, content: URL) {
        let folder = try TestSupport.copyFixture("basic")
        let content = folder.appendingPathComponent("Content")
        if inGit { try git(["init", "-q"], in: folder); try git(["add", "-A"], in: folder); try git(["commit", "-qm", "course"], in: folder) }
        let marked = try TestSupport.run(["status", "--mark-translated"] + templates, in: folder)
        #expect(marked.status == 0, "\(marked.output)")
        #expect(marked.output.contains("marked Content/ru/intro.md") && marked.output.contains("marked Content/zh-Hans/intro.md"))
        let ru = TestSupport.read(content.appendingPathComponent("ru/intro.md"))
        #expect(ru.hasPrefix("---\ntitle: Введение\ntranslated_sections:\n  _title: "))
        #expect(ru.contains("\n  0: ") && ru.contains("\n  start: ") && ru.contains("\n  2: ") && ru.contains("\n  3: ") && ru.contains("\n  4: "))
        if inGit { try git(["commit", "-qam", "marked"], in: folder) }
        let english = content.appendingPathComponent("en/intro.md")
        try TestSupport.write(TestSupport.read(english).replacingOccurrences(of: "Read [](#fig-pic) and [](#tbl-words) first.",
                                                                             with: "Read [](#fig-pic) first, then [](#tbl-words)."), to: english)
        return (folder, content)
    }

    @Test func oneEditedSectionIsStaleInEveryLocaleWithItsDiffAndOneNoteOnThePage() throws {
        let (folder, content) = try markedThenEdited(inGit: true)
        // Marked in git: no snapshot was needed.
        #expect(!FileManager.default.fileExists(atPath: content.appendingPathComponent(".primer").path))

        let (rows, diagnostics) = TranslationStatus.compute(content: content.path, templates: TestSupport.templates)
        #expect(!diagnostics.hasErrors)
        for locale in ["ru", "zh-Hans"] {
            let row = try #require(rows.first { $0.locale.rawValue == locale })
            #expect(row.staleChapters == ["intro"], "\(locale)")
            let stale = try #require(row.staleSections["intro"])
            #expect(stale.sections.map(\.key) == ["start"] && stale.sections.map(\.reason) == [.changed], "\(locale)")
            #expect(stale.sections.first?.translationLine == 13)  // below the front matter's marks
            #expect(!stale.wholeChapter)
        }

        let verbose = try TestSupport.run(["status", "--verbose"] + templates, in: folder)
        #expect(verbose.output.contains("ru/intro: 1 stale section\n  #start \"Getting started\", source line 7 (translation line 13): changed since translated\n"))
        #expect(verbose.output.contains("zh-Hans/intro: 1 stale section\n  #start \"Getting started\""))

        let diff = try TestSupport.run(["status", "--diff", "ru/intro"] + templates, in: folder)
        #expect(diff.status == 0)
        #expect(diff.output.contains("## #start Getting started — git "))
        #expect(diff.output.contains("-Read [](#fig-pic) and [](#tbl-words) first.\n+Read [](#fig-pic) first, then [](#tbl-words).\n"))
        #expect(diff.output.contains("@@ -7,"))  // hunks numbered by the source file's lines
        #expect(!diff.output.contains("#_title") && !diff.output.contains("## #0"))
        let whole = try TestSupport.run(["status", "--diff", "zh-Hans"] + templates, in: folder)
        #expect(whole.output.hasPrefix("# zh-Hans/intro\n## #start Getting started — git "))

        // A translator's tool sees the same: the unit fuzzy, with the source it was made from.
        let export = try TestSupport.run(["translations", "export", "--locale", "ru", "--format", "po"] + templates, in: folder)
        #expect(export.status == 0, "\(export.output)")
        let po = TestSupport.read(folder.appendingPathComponent("translations/ru/intro.po"))
        let unit = try #require(po.components(separatedBy: "\n\n").first { $0.contains("msgctxt \"intro#start\"") })
        #expect(unit.contains("#, fuzzy\n#| msgid \"\"\n"))
        #expect(unit.contains("#| \"Read []([[2]]) and []([[3]]) first.\\n\"\n"), "\(unit)")
        #expect(unit.contains("\nmsgid \"\"\n\"## Getting started [[1]]\\n\"\n\"\\n\"\n\"Read []([[2]]) first, then []([[3]]).\\n\"\n"), "\(unit)")
        #expect(po.components(separatedBy: "#, fuzzy").count == 2)  // that unit only

        // On the pages: one note, under that heading, in each locale; no banner.
        let result = try Build.run(.init(content: content.path, templates: TestSupport.templates, output: folder.appendingPathComponent("site").path))
        #expect(result.succeeded, "\(result.diagnostics)")
        let ru = TestSupport.read(folder.appendingPathComponent("site/ru/intro.html"))
        let zh = TestSupport.read(folder.appendingPathComponent("site/zh-Hans/intro.html"))
        #expect(ru.components(separatedBy: "class=\"stale-section\"").count == 2)
        #expect(ru.contains("#</a></h2>\n<p class=\"stale-section\" role=\"note\">Этот раздел оригинала изменился после перевода.</p>"))
        #expect(ru.range(of: "<h2 id=\"start\">")!.lowerBound < ru.range(of: "stale-section")!.lowerBound)
        #expect(zh.components(separatedBy: "<p class=\"stale-section\" role=\"note\">本节的原文在翻译之后有所修改。</p>").count == 2)
        #expect(!ru.contains("stale-banner") && !zh.contains("stale-banner"))
        #expect(!TestSupport.read(folder.appendingPathComponent("site/en/intro.html")).contains("stale-section"))

        // Marking the one section makes Russian current; Chinese stays stale.
        let mark = try TestSupport.run(["status", "--mark-translated", "--locale", "ru", "--chapter", "intro", "--section", "start"] + templates, in: folder)
        #expect(mark.output == "primer: marked Content/ru/intro.md as translated from the current source (section start)\n")
        let after = TranslationStatus.compute(content: content.path, templates: TestSupport.templates).0
        #expect(after.first { $0.locale.rawValue == "ru" }?.staleChapters == [])
        #expect(after.first { $0.locale.rawValue == "zh-Hans" }?.staleSections["intro"]?.sections.map(\.key) == ["start"])
        _ = try Build.run(.init(content: content.path, templates: TestSupport.templates, output: folder.appendingPathComponent("site").path))
        #expect(!TestSupport.read(folder.appendingPathComponent("site/ru/intro.html")).contains("stale-section"))

        // Mistakes get a clear error.
        let noSection = try TestSupport.run(["status", "--mark-translated", "--chapter", "intro", "--section", "nope"] + templates, in: folder)
        #expect(noSection.status != 0 && noSection.output.contains("has no section 'nope'") && noSection.output.contains("_title, 0, start, 2, 3, 4"))
        let badDiff = try TestSupport.run(["status", "--diff", "ru/intr"] + templates, in: folder)
        #expect(badDiff.status != 0 && badDiff.output.contains("did you mean 'intro'?"))
    }

    @Test func outsideGitTheDiffComesFromASnapshotThatIsRemovedOnceNoTranslationNeedsIt() throws {
        let (folder, content) = try markedThenEdited(inGit: false)
        let snapshots = content.appendingPathComponent(".primer/sources")
        let kept = try FileManager.default.contentsOfDirectory(atPath: snapshots.path)
        #expect(kept.count == 6)  // intro's _title, 0, start, 2, 3 and 4, the same for both translations
        let diff = try TestSupport.run(["status", "--diff", "zh-Hans/intro"] + templates, in: folder)
        #expect(diff.output.contains("## #start Getting started — snapshot "))
        #expect(diff.output.contains("+Read [](#fig-pic) first, then [](#tbl-words).\n"))
        // The site is built as before: snapshots are not pages.
        let result = try Build.run(.init(content: content.path, templates: TestSupport.templates, output: folder.appendingPathComponent("site").path))
        #expect(result.succeeded, "\(result.diagnostics)")
        _ = try TestSupport.run(["status", "--mark-translated"] + templates, in: folder)
        let left = try FileManager.default.contentsOfDirectory(atPath: snapshots.path)
        #expect(left.count == kept.count && Set(left) != Set(kept))  // the old "start" replaced by the new one
    }

    @Test func aPerLocaleSampleOutputIsStaleWhenItsSampleChangedSinceItWasChecked() throws {
        let folder = try TestSupport.copyFixture("samples")
        let content = folder.appendingPathComponent("Content")
        func ruOutputs() throws -> TranslationStatus.Row {
            let (rows, diagnostics) = TranslationStatus.compute(content: content.path, templates: TestSupport.templates)
            #expect(!diagnostics.hasErrors, "\(diagnostics)")
            return try #require(rows.first { $0.locale.rawValue == "ru" })
        }
        // Never checked: stale, and said so.
        var row = try ruOutputs()
        #expect((row.outputs.total, row.outputs.stale) == (1, 1))
        #expect(row.staleOutputs.map(\.file) == ["Outputs/hello-locale.ru.txt"] && row.staleOutputs.first?.wasMarked == false)
        let marked = try TestSupport.run(["status", "--mark-translated"] + templates, in: folder)
        #expect(marked.output.contains("marked Content/Samples/translations.yml"))
        #expect(TestSupport.read(content.appendingPathComponent("Samples/translations.yml")).contains("\nhello-locale.ru: "))
        row = try ruOutputs()
        #expect((row.outputs.done, row.outputs.stale) == (1, 0))
        // The sample's source changes: its Russian output is older than it.
        let main = content.appendingPathComponent("Samples/Sources/hello-locale/main.swift")
        try TestSupport.write(TestSupport.read(main) + "\n// A comment the Russian output was not checked against.\n", to: main)
        row = try ruOutputs()
        #expect(row.staleOutputs.map(\.file) == ["Outputs/hello-locale.ru.txt"] && row.staleOutputs.first?.wasMarked == true)
        let verbose = try TestSupport.run(["status", "--verbose"] + templates, in: folder)
        #expect(verbose.output.contains("ru: sample output Outputs/hello-locale.ru.txt: the sample's source changed since it was checked\n"))
        #expect(try TestSupport.run(["status", "--strict"] + templates, in: folder).status == 1)
    }
}
