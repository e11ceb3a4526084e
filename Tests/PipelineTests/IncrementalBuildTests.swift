import CourseModel
import Foundation
import Pipeline
import PrimerTestSupport
import Testing

/// The command line's incremental build (Pipeline/Incremental.swift): after random edits, the
/// site is byte for byte what a clean build of the same text writes, with the same warnings.
@Suite(.serialized) struct IncrementalBuildTests {
    static let chapters = 9

    /// A course in three locales: cross-references by id and by file, inline code for the API
    /// index, tables, listings, a missing Russian chapter (a fallback page), a stale translation.
    /// Above 50 chapters a locale's table of contents expands only the reader's part, so the
    /// pages an incremental build renders get their own part's table made.
    static func makeCourse(in content: URL, chapters: Int = chapters) throws {
        var yml = "title:\n  en: Incremental\n  ru: Инкремент\n  zh-Hans: 增量\nsource_locale: en\nlocales: [en, ru, zh-Hans]\nparts:\n"
        let size = max(4, chapters / 3)
        for (index, start) in stride(from: 0, to: chapters, by: size).enumerated() {
            yml += "  - title: Part \(index + 1)\n    chapters: [" + (start..<min(chapters, start + size)).map { "c\($0)" }.joined(separator: ", ") + "]\n"
        }
        try TestSupport.write(yml, to: content.appendingPathComponent("course.yml"))
        for locale in ["en", "ru", "zh-Hans"] {
            for c in 0..<chapters where !(locale == "ru" && c == 3) {
                try TestSupport.write(chapter(c, locale: locale, chapters: chapters), to: content.appendingPathComponent("\(locale)/c\(c).md"))
            }
        }
    }

    static func chapter(_ c: Int, locale: String, chapters: Int) -> String {
        let next = (c + 1) % chapters, far = (c + 4) % chapters
        var text = "---\ntitle: Chapter \(c) \(locale)\nsummary: About \(c)\n"
        if locale == "zh-Hans" && c == 2 { text += "translated_from: 0123456789abcdef\n" }
        text += "---\n\nIntro \(c): see [](#s\(c)-2), [](c\(next).md) and [](c\(far).md#s\(far)-1); `Array.count` and `map(_:)`.\n"
        for s in 1...3 {
            text += "\n## Section \(s) {#s\(c)-\(s)}\n\nWords of section \(s) in \(locale), with `String.count` and **bold** text.\n"
            text += "\n```swift {#l\(c)-\(s) title=\"F\(s).swift\"}\nlet value\(s) = [1, 2].map { $0 * \(s) }\n```\n"
            text += "\nAs [](#l\(c)-\(s)) shows.\n\n| A | B |\n| - | - |\n| \(s) | \(c) |\n\nTable: Values {#t\(c)-\(s)}\n"
        }
        return text
    }

    /// An output's first build writes no page cache; a second one (after any change) does.
    func buildTwice(content: URL, output: URL) throws {
        let first = try Build.run(options(content: content, output: output))
        #expect(first.succeeded, "\(first.diagnostics.filter(\.isError))")
        #expect(!FileManager.default.fileExists(atPath: output.deletingLastPathComponent().appendingPathComponent(".primer-cache/pages-\(output.lastPathComponent).manifest").path))
        let file = content.appendingPathComponent("en/c0.md")
        try TestSupport.write(TestSupport.read(file), to: file)  // the same text, a new time
        let second = try Build.run(options(content: content, output: output))
        #expect(second.succeeded && second.incremental == nil)
    }

    func options(content: URL, output: URL, budget: Int? = Build.documentBudget) -> Build.Options {
        var options = Build.Options(content: content.path, templates: TestSupport.templates, output: output.path)
        options.product = .site(reuse: true)
        options.documentBudget = budget
        return options
    }

    /// Builds `content` into `clean` from nothing, and checks `site` and the warnings against it.
    func expectSameAsClean(_ result: Build.Result, content: URL, site: URL, scratch: URL, _ note: String) throws {
        try? FileManager.default.removeItem(at: scratch)
        let clean = try Build.run(options(content: content, output: scratch.appendingPathComponent("site")))
        #expect(result.succeeded == clean.succeeded, "\(note): \(result.diagnostics.filter(\.isError))")
        #expect(result.diagnostics.map(\.description).sorted() == clean.diagnostics.map(\.description).sorted(), "\(note): warnings differ")
        #expect(result.listings == clean.listings, "\(note): listings")
        guard clean.succeeded else { return }
        let mine = TestSupport.snapshot(site), theirs = TestSupport.snapshot(scratch.appendingPathComponent("site"))
        #expect(mine.keys.sorted() == theirs.keys.sorted(), "\(note): other files")
        for (path, data) in theirs where mine[path] != data {
            Issue.record("\(note): \(path) differs from a clean build's")
        }
    }

    /// With a document budget of 0, the full builds let every chapter go and parse it again as
    /// its page is rendered (see `StreamedBuildTests`); the clean builds keep every document.
    @Test(arguments: [(chapters: 9, rounds: 24, seed: UInt64(17), budget: Build.documentBudget),
                      (chapters: 60, rounds: 12, seed: UInt64(3), budget: Build.documentBudget),
                      (chapters: 9, rounds: 16, seed: UInt64(5), budget: 0)])
    func randomEditsGiveTheCleanBuildsBytes(_ course: (chapters: Int, rounds: Int, seed: UInt64, budget: Int)) throws {
        let folder = TestSupport.scratch("primer-incremental")
        defer { try? FileManager.default.removeItem(at: folder) }
        let content = folder.appendingPathComponent("Content"), site = folder.appendingPathComponent("out/site")
        let scratch = folder.appendingPathComponent("clean")
        try Self.makeCourse(in: content, chapters: course.chapters)
        let first = try Build.run(options(content: content, output: site, budget: course.budget))
        #expect(first.succeeded && first.incremental == nil, "\(first.diagnostics)")

        var random = SeededRandom(seed: course.seed)
        var incremental = 0, full = 0
        var broken: URL?
        for round in 0..<course.rounds {
            let locale = ["en", "ru", "zh-Hans"][random.next(3)]
            let c = random.next(course.chapters)
            var file = content.appendingPathComponent("\(locale)/c\(c).md")
            if !FileManager.default.fileExists(atPath: file.path) { file = content.appendingPathComponent("en/c\(c).md") }
            var text = TestSupport.read(file)
            let kind: String
            if let fixing = broken {
                // The build before failed: put the file right.
                file = fixing
                text = TestSupport.read(file).replacingOccurrences(of: " [](#no-such-id)", with: "")
                broken = nil
                kind = "fix"
            } else {
                switch random.next(7) {
                case 0, 1, 2:
                    kind = "word"
                    text = text.replacingOccurrences(of: "Words of section \(1 + random.next(3))", with: "Words (round \(round)) of section")
                case 3:
                    kind = "reference"
                    let other = random.next(course.chapters)
                    text += "\nSee also [](#s\(other)-3) and [](c\(other).md#l\(other)-1), round \(round).\n"
                case 4:
                    kind = "heading"
                    text += "\n## Added in round \(round) {#r\(round)}\n\nMore.\n"
                case 5:
                    kind = "title"
                    text = text.replacingOccurrences(of: "title: Chapter", with: "title: Renamed chapter")
                default:
                    kind = "broken"
                    text += "\nA broken [](#no-such-id) reference.\n"
                    broken = file
                }
            }
            try TestSupport.write(text, to: file)
            let result = try Build.run(options(content: content, output: site, budget: course.budget))
            if result.incremental != nil { incremental += 1 } else { full += 1 }
            let note = "round \(round), \(kind) in \(file.lastPathComponent) (\(locale))"
            if kind == "broken" {
                #expect(!result.succeeded, "\(note)")
            }
            try expectSameAsClean(result, content: content, site: site, scratch: scratch, note)
        }
        // Word changes and references to existing ids are incremental; new ids, titles and errors are not.
        #expect(incremental >= course.rounds / 4 && full >= 2, "incremental \(incremental), full \(full)")
    }

    @Test func anEditRendersOnlyItsPageAndThePrintVersion() throws {
        let folder = TestSupport.scratch("primer-incremental")
        defer { try? FileManager.default.removeItem(at: folder) }
        let content = folder.appendingPathComponent("Content"), site = folder.appendingPathComponent("site")
        try Self.makeCourse(in: content)
        try buildTwice(content: content, output: site)
        let file = content.appendingPathComponent("ru/c5.md")
        try TestSupport.write(TestSupport.read(file).replacingOccurrences(of: "Words of section 2", with: "Other words of section 2"), to: file)
        let result = try Build.run(options(content: content, output: site))
        #expect(result.incremental == ["ru/c5.html", "ru/c5.md", "ru/llms-full.txt", "ru/print.html"])  // the page, its twin, the two whole-course files
        #expect(result.pages == 3 * Self.chapters)
        #expect(TestSupport.read(site.appendingPathComponent("ru/c5.html")).contains("Other words of section 2"))
        // An unchanged file is the same file (kept, not written again).
        // Touching a chapter without changing it makes nothing at all.
        try TestSupport.write(TestSupport.read(file), to: file)
        let touched = try Build.run(options(content: content, output: site))
        #expect(touched.incremental == [] && touched.succeeded)
    }

    /// A damaged, truncated or foreign cache is never trusted: the build is a full one, and right.
    @Test(arguments: ["garbage", "truncated", "exports", "site"])
    func aDamagedCacheMeansAFullBuild(_ damage: String) throws {
        let folder = TestSupport.scratch("primer-incremental")
        defer { try? FileManager.default.removeItem(at: folder) }
        let content = folder.appendingPathComponent("Content"), site = folder.appendingPathComponent("out/site")
        try Self.makeCourse(in: content)
        try buildTwice(content: content, output: site)
        let cache = folder.appendingPathComponent("out/.primer-cache")
        let manifest = cache.appendingPathComponent("pages-site.manifest"), exports = cache.appendingPathComponent("pages-site.exports")
        switch damage {
        case "garbage": try Data("{not a manifest".utf8).write(to: manifest)
        case "truncated":
            let data = try Data(contentsOf: manifest)
            try data.prefix(data.count / 2).write(to: manifest)
        case "exports": try Data(repeating: 0x7b, count: 40).write(to: exports)
        default:  // the site changed by hand since the cache was written
            try TestSupport.write("<p>by hand</p>", to: site.appendingPathComponent("en/c1.html"))
        }
        let file = content.appendingPathComponent("en/c1.md")
        try TestSupport.write(TestSupport.read(file).replacingOccurrences(of: "Words of section 1", with: "New words of section 1"), to: file)
        let result = try Build.run(options(content: content, output: site))
        if damage != "exports" { #expect(result.incremental == nil) }
        try expectSameAsClean(result, content: content, site: site, scratch: folder.appendingPathComponent("clean"), damage)
        // And the next edit is incremental again.
        try TestSupport.write(TestSupport.read(file).replacingOccurrences(of: "New words", with: "Newer words"), to: file)
        let next = try Build.run(options(content: content, output: site))
        #expect(next.incremental != nil)
        try expectSameAsClean(next, content: content, site: site, scratch: folder.appendingPathComponent("clean"), damage + ", then")
    }
}
