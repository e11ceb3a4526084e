import CourseModel
import Foundation
import Pipeline
import PrimerTestSupport
import Testing

/// The samples fixture course, built for real with SwiftPM: every failure a sample can have,
/// blessing, caching, per-locale output, slices, snippets, compile errors and a broken manifest.
@Suite(.serialized) struct SamplesEndToEndTests {
    func build(_ folder: URL, bless: Bool = false) throws -> Build.Result {
        var options = Build.Options(content: folder.appendingPathComponent("Content").path, templates: TestSupport.templates,
                                    output: folder.appendingPathComponent("site").path)
        options.product = .site(reuse: false)  // the site-level cache would hide the samples stage
        options.bless = bless
        return try Build.run(options)
    }

    func errors(_ result: Build.Result) -> [String] { result.diagnostics.filter(\.isError).map(\.description) }

    @Test func samplesAreBuiltRunCachedAndVerified() throws {
        let folder = try TestSupport.copyFixture("samples")
        let content = folder.appendingPathComponent("Content")
        let samples = content.appendingPathComponent("Samples")
        let root = samples.path
        let chapter = content.appendingPathComponent("en/programs.md")
        try TestSupport.write(TestSupport.read(chapter) + "\nTypo:\n\n```swift {sample=\"helo\"}\n```\n", to: chapter)

        // 1. Every failure is reported in one build; nothing is left running or written.
        let first = try build(folder)
        let reported = errors(first)
        #expect(reported.count == 6, "\(reported.joined(separator: "\n"))")
        #expect(reported.contains { $0.hasPrefix("\(root)/Sources/forever/main.swift:1:1: error: sample 'forever' did not finish within 1 s and was stopped") })
        #expect(reported.contains { $0.hasPrefix("\(root)/Sources/flood/main.swift:1:1: error: sample 'flood' printed more than 1024 KiB and was stopped") })
        #expect(reported.contains { $0.hasPrefix("\(root)/Sources/segfault/main.swift:1:1: error: sample 'segfault' crashed with signal 11 (SIGSEGV)") })
        #expect(reported.contains { $0.hasPrefix("\(root)/Sources/unrecorded/main.swift:1:1: error: sample 'unrecorded' has no expected output") })
        #expect(reported.contains { $0.contains("\(root)/Outputs/wrong-output.txt:1:1: error: sample 'wrong-output' printed something else than expected: [PRM030]\n--- \(root)/Outputs/wrong-output.txt\n+++ what 'wrong-output' printed\n@@ -1,3 +1,3 @@\n one\n-two\n+two (new)\n three\n") })
        #expect(reported.contains { $0.hasPrefix("\(chapter.path):47:1: error: no sample named 'helo' in \(root) [PRM026]\n    did you mean 'hello'?") })
        #expect(first.samples?.ran == 16 && first.samples?.cached == 0)
        #expect(!TestSupport.isRunning("sleep 317.5"))
        #expect(!FileManager.default.fileExists(atPath: samples.appendingPathComponent("scratch.txt").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("site").path))

        // 2. Failing on purpose is allowed once declared; --bless records new output.
        try TestSupport.write(TestSupport.read(chapter).replacingOccurrences(of: "sample=\"helo\"", with: "sample=\"hello\" output=\"only\""), to: chapter)
        let settings = samples.appendingPathComponent("samples.yml")
        try TestSupport.write(TestSupport.read(settings) + "  flood: { expect_failure: true }\n  segfault: { expect_failure: true }\n"
                              .replacingOccurrences(of: "forever: { timeout: 1 }", with: "forever: { timeout: 1, expect_failure: true }"), to: settings)
        try TestSupport.write(TestSupport.read(settings).replacingOccurrences(of: "forever: { timeout: 1 }", with: "forever: { timeout: 1, expect_failure: true }"), to: settings)
        let blessed = try build(folder, bless: true)
        #expect(errors(blessed).isEmpty, "\(errors(blessed))")
        #expect(Set(blessed.samples?.blessed ?? []) == ["\(root)/Outputs/wrong-output.txt", "\(root)/Outputs/unrecorded.txt"])
        #expect(TestSupport.read(samples.appendingPathComponent("Outputs/wrong-output.txt")) == "one\ntwo (new)\nthree\n")

        // 3. Pages: listings captioned by file, outputs, slices, per-locale output, failures shown.
        let en = TestSupport.read(folder.appendingPathComponent("site/en/programs.html"))
        #expect(en.contains("<figure class=\"listing\" id=\"lst-hello\">\n<figcaption><span class=\"caption-label\">Listing 1.1</span> <span class=\"caption-text\">hello/main.swift</span>"))
        #expect(en.contains("The greeting is <a href=\"#lst-hello\" class=\"xref\">Listing 1.1</a>."))
        #expect(en.contains("<pre class=\"output-text\"><samp>Hello, world!\n</samp></pre>\n<p class=\"run-it\">Run it yourself: <code>swift run hello</code></p>"))
        // The command is the downloaded package's: the course's own folder is not the reader's.
        #expect(!en.contains("--package-path"))
        #expect(en.contains("<code class=\"language-swift\"><span class=\"hl-k\">let</span> sum = values.reduce(<span class=\"hl-n\">0</span>, +)\n<span class=\"hl-k\">return</span> sum\n</code>"))
        #expect(!en.contains("let setup"))
        #expect(en.contains("<samp>Hello\n</samp>"))
        #expect(en.contains("<figure class=\"output output-failed\">\n<figcaption><span class=\"caption-label\">Output</span> <span class=\"output-status\">(exit status 3)</span>"))
        #expect(en.contains("<p class=\"listing-only\" role=\"note\">This sample uses Apple-only frameworks"))
        #expect(en.contains("<samp>[1, 2, 3]\n</samp>"))
        let ru = TestSupport.read(folder.appendingPathComponent("site/ru/programs.html"))
        #expect(ru.contains("<samp>Привет\n</samp>") && ru.contains("<span class=\"caption-label\">Вывод</span>"))
        #expect(ru.contains("Запустите сами:"))

        // 4. Nothing changed: nothing is built or run.
        let again = try build(folder)
        #expect(again.succeeded && again.samples?.built == 0 && again.samples?.ran == 0 && again.samples?.cached == 16)

        // 5. One sample changed: only it runs again.
        let sliced = samples.appendingPathComponent("Sources/sliced/main.swift")
        try TestSupport.write(TestSupport.read(sliced) + "// a comment\n", to: sliced)
        let edited = try build(folder)
        #expect(edited.succeeded && edited.samples?.built == 1 && edited.samples?.ran == 1)

        // 6. A corrupt cache entry is detected and that sample runs again.
        let cacheFolder = folder.appendingPathComponent(".primer-cache/samples")
        let entry = try #require(try FileManager.default.contentsOfDirectory(atPath: cacheFolder.path).sorted().first)
        try TestSupport.write("{\"key\": \"trunc", to: cacheFolder.appendingPathComponent(entry))
        let repaired = try build(folder)
        #expect(repaired.succeeded && repaired.samples?.ran == 1)

        // 7. An inline snippet whose output block is wrong: a diff at the block, then --bless fixes the chapter.
        try TestSupport.write(TestSupport.read(chapter).replacingOccurrences(of: "```output\n[1, 2, 3]\n```", with: "```output\n[3, 2, 1]\n```"), to: chapter)
        let snippet = try build(folder)
        #expect(errors(snippet) == ["\(chapter.path):41:1: error: this snippet printed something else than its output block: [PRM030]\n--- the output block\n+++ what the snippet printed\n@@ -1,1 +1,1 @@\n-[3, 2, 1]\n+[1, 2, 3]\n\n    if the new output is right, record it with: primer build --bless"])
        #expect(try build(folder, bless: true).succeeded)
        #expect(TestSupport.read(chapter).contains("```output\n[1, 2, 3]\n```"))

        // 8. A compile error: the compiler's message at the sample's file and line; the site is untouched.
        let before = TestSupport.snapshot(folder.appendingPathComponent("site"))
        let hello = samples.appendingPathComponent("Sources/hello/main.swift")
        let good = TestSupport.read(hello)
        try TestSupport.write("import Greeting\nprint(greeting(42))\n", to: hello)
        let broken = try build(folder)
        #expect(errors(broken).contains { $0.hasPrefix("\(root)/Sources/hello/main.swift:2:16: error: cannot convert value of type 'Int' to expected argument type 'String'") },
                "\(errors(broken))")
        #expect(TestSupport.snapshot(folder.appendingPathComponent("site")) == before)
        try TestSupport.write(good, to: hello)

        // 9. A malformed Package.swift.
        let manifest = samples.appendingPathComponent("Package.swift")
        try TestSupport.write(TestSupport.read(manifest).replacingOccurrences(of: ".executableTarget(name: \"hello\", dependencies: [\"Greeting\"]),", with: ".executableTarget(name: \"hello\" dependencies: [\"Greeting\"]),"), to: manifest)
        let malformed = try build(folder)
        #expect(errors(malformed) == ["\(root)/Package.swift:8:41: error: expected ',' separator [PRM027]"])
        #expect(TestSupport.snapshot(folder.appendingPathComponent("site")) == before)
    }
}
