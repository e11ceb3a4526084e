import CourseModel
import Foundation
import Pipeline
import PrimerTestSupport
import Testing

/// The files for readers that are programs: each page's Markdown twin with every listing's
/// checked output, `llms.txt` in the llms.txt format with links that resolve, `llms-full.txt`,
/// and an incremental build that keeps them right.
@Suite(.serialized) struct MachineReadableTests {
    func course() throws -> URL {
        let folder = TestSupport.scratch("primer-machine")
        let content = folder.appendingPathComponent("Content")
        try TestSupport.write("""
            title: { en: Checks, ru: Проверки }
            description: { en: "A course to check the machine files. It has two chapters.", ru: "Курс для проверки файлов для машин." }
            source_locale: en
            locales: [en, ru]
            parts:
              - title: { en: Basics, ru: Основы }
                chapters: [runs, prose]
            """, to: content.appendingPathComponent("course.yml"))
        try TestSupport.write("""
            ---
            title: Runs
            summary: Programs and what they print.
            ---
            ## Printing {#printing}

            ```swift {run}
            print("forty-two:", 6 * 7)
            ```

            ```swift {fails}
            let x = 1
            x = 2
            ```

            ```error
            error: cannot assign to value: 'x' is a 'let' constant
            ```

            > [!NOTE]
            > See [](#prose-start).
            """, to: content.appendingPathComponent("en/runs.md"))
        try TestSupport.write("""
            ---
            title: Prose
            ---
            ## Start {#prose-start}

            Words of the prose, and [](#printing).

            | A | B |
            | - | - |
            | 1 | 2 |
            """, to: content.appendingPathComponent("en/prose.md"))
        return folder
    }

    func options(_ folder: URL) -> Build.Options {
        var options = Build.Options(content: folder.appendingPathComponent("Content").path, templates: TestSupport.templates,
                                    output: folder.appendingPathComponent("site").path)
        options.product = .site(reuse: true)
        return options
    }

    /// A build on a thread of its own (it compiles snippets for seconds).
    func build(_ options: Build.Options) async throws -> Build.Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try Build.run(options) }) }.start()
        }
    }

    /// The text of each `<pre class="output-text"><samp>…</samp></pre>` of a page, unescaped.
    static func outputs(inHTML html: String) -> [String] {
        html.components(separatedBy: "<pre class=\"output-text\"><samp>").dropFirst().compactMap { $0.components(separatedBy: "</samp>").first }
            .map { $0.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&") }
    }

    @Test func twinsHoldEveryCheckedOutputAndLLMsTxtLinksResolve() async throws {
        let folder = try course()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = folder.appendingPathComponent("site")
        let result = try await build(options(folder))
        #expect(result.succeeded, "\(result.diagnostics)")
        var outputsSeen = 0
        for locale in ["en", "ru"] {
            for id in ["runs", "prose"] {
                let html = TestSupport.read(site.appendingPathComponent("\(locale)/\(id).html"))
                let twin = TestSupport.read(site.appendingPathComponent("\(locale)/\(id).md"))
                #expect(html.contains("<link rel=\"alternate\" type=\"text/markdown\" href=\"\(id).md\">"))
                #expect(!twin.contains("<nav") && !twin.contains("<footer"))
                for output in Self.outputs(inHTML: html) {
                    outputsSeen += 1
                    #expect(twin.contains("```text\n" + output + (output.hasSuffix("\n") ? "" : "\n") + "```"), "\(locale)/\(id): \(output)")
                }
            }
        }
        #expect(outputsSeen == 4)  // the run and the compiler's errors, in both locales
        let runs = TestSupport.read(site.appendingPathComponent("en/runs.md"))
        #expect(runs.hasPrefix("# 1 Runs\n\n> Programs and what they print.\n\n## 1.1 Printing {#printing}\n"), "\(runs)")
        #expect(runs.contains("**Output**\n\n```text\nforty-two: 42\n```"), "\(runs)")
        #expect(runs.contains("**Does not compile; the compiler says**\n\n```text\nerror: cannot assign to value: 'x' is a 'let' constant\n```"), "\(runs)")
        #expect(runs.contains("> **Note:** See [Section 2.1](prose.md#prose-start)."), "\(runs)")

        for (path, prefix) in [("llms.txt", "en/"), ("en/llms.txt", ""), ("ru/llms.txt", "")] {
            let file = site.appendingPathComponent(path)
            let text = TestSupport.read(file)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.first?.hasPrefix("# ") == true && lines.filter { $0.hasPrefix("# ") }.count == 1, "\(path): one H1 first")
            #expect(lines.count > 2 && lines[1].isEmpty && lines[2].hasPrefix("> "), "\(path): the summary")
            #expect(lines.contains { $0.hasPrefix("## ") } && lines.contains("## Optional"), "\(path)")
            let links = lines.filter { $0.hasPrefix("- [") }
            #expect(links.count >= 3, "\(path): \(links)")
            for line in links {
                let href = try #require(line.components(separatedBy: "](").dropFirst().first?.components(separatedBy: ")").first)
                #expect(href.hasPrefix(prefix), "\(path): \(href)")
                let target = file.deletingLastPathComponent().appendingPathComponent(href)
                #expect(FileManager.default.fileExists(atPath: target.path), "\(path): \(href) resolves")
            }
        }
        #expect(TestSupport.read(site.appendingPathComponent("en/llms.txt")).contains("- [1 Runs](runs.md): Programs and what they print.\n- [2 Prose](prose.md)\n"))
        let full = TestSupport.read(site.appendingPathComponent("en/llms-full.txt"))
        #expect(full.hasPrefix("# Checks\n\n> A course to check the machine files. It has two chapters.\n\n# 1 Runs\n"), "\(full)")
        #expect(full.contains("forty-two: 42") && full.contains("# 2 Prose"))
    }

    @Test func anIncrementalBuildRemakesTheEditedTwinAndTheFullText() async throws {
        let folder = try course()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = folder.appendingPathComponent("site")
        let first = try await build(options(folder))
        #expect(first.succeeded, "\(first.diagnostics)")
        // The first build of an output keeps no page cache: the second (full) one does, for the third.
        let chapter = folder.appendingPathComponent("Content/en/prose.md")
        try TestSupport.write(TestSupport.read(chapter).replacingOccurrences(of: "Words of the prose", with: "Words of the prose text"), to: chapter)
        #expect(try await build(options(folder)).succeeded)
        try TestSupport.write(TestSupport.read(chapter).replacingOccurrences(of: "Words of the prose", with: "Edited words of the prose"), to: chapter)
        let second = try await build(options(folder))
        #expect(second.succeeded && second.incremental != nil, "\(second.diagnostics)")
        #expect(second.incremental?.contains("en/prose.md") == true && second.incremental?.contains("en/llms-full.txt") == true, "\(second.incremental ?? [])")
        #expect(TestSupport.read(site.appendingPathComponent("en/prose.md")).contains("Edited words of the prose"))
        let full = TestSupport.read(site.appendingPathComponent("en/llms-full.txt"))
        #expect(full.contains("Edited words of the prose") && full.contains("forty-two: 42"), "\(full)")
    }

    /// With `base_url`, llms.txt links absolutely (an assistant may fetch it from anywhere).
    @Test func withABaseURLTheLinksAreAbsolute() async throws {
        let folder = try course()
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("Content/course.yml")
        try TestSupport.write("base_url: https://example.org/course/\n" + TestSupport.read(config), to: config)
        #expect(try await build(options(folder)).succeeded)
        let root = TestSupport.read(folder.appendingPathComponent("site/llms.txt"))
        #expect(root.contains("- [1 Runs](https://example.org/course/en/runs.md): Programs and what they print.\n"), "\(root)")
        #expect(root.contains("- [llms-full.txt](https://example.org/course/en/llms-full.txt): "), "\(root)")
        let russian = TestSupport.read(folder.appendingPathComponent("site/ru/llms.txt"))
        #expect(russian.hasPrefix("# Проверки\n\n> Курс для проверки файлов для машин.\n\n## Часть 1. Основы\n\n- [1 Runs](https://example.org/course/ru/runs.md)"), "\(russian)")
    }
}
