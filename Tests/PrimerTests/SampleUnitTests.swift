import ContentCache
import CourseModel
import Foundation
@testable import Resolver
@testable import Samples
import Testing

/// The runner on small shell programs: every limit without waiting for a Swift build.
@Suite struct ProcessRunnerTests {
    func run(_ script: String, timeout: Double = 10, limit: Int = 1 << 20, stdin: [UInt8]? = nil, locale: LocaleTag? = nil) -> SampleOutcome {
        var settings = SampleSettings()
        settings.arguments = ["-c", script]
        settings.timeout = timeout
        settings.outputLimit = limit
        return ProcessRunner.run(id: SampleRunID(name: "sh", locale: locale), executable: "/bin/sh", settings: settings, stdin: stdin)
    }

    @Test func aLoopIsStoppedAtTheTimeLimit() {
        let outcome = run("echo started; while :; do :; done", timeout: 0.5)
        #expect(outcome.status == .timedOut(0.5))
        #expect(outcome.output == "started\n")
        #expect(outcome.seconds < 5)
    }

    @Test func aFloodIsStoppedAtTheCap() {
        let outcome = run("yes 'a long line of output'", limit: 1 << 20)
        #expect(outcome.status == .outputOverflow(1 << 20))
        #expect(outcome.output.utf8.count == 1 << 20)
    }

    @Test func crashesExitCodesAndStderrAreReported() {
        #expect(run("kill -SEGV $$").status == .signal(11))
        let failed = run("echo partial; echo 'it went wrong' >&2; exit 3")
        #expect(failed.status == .exited(3))
        #expect(failed.output == "partial\n" && failed.errorTail == "it went wrong\n")
        #expect(SampleStatus.signal(11).explanation == "crashed with signal 11 (SIGSEGV)")
    }

    @Test func aRunSeesNoneOfPrimersOpenFiles() throws {
        // Descriptors Primer holds without close-on-exec (a preview's client sockets, say): 300 of
        // them, more than a sample's open-file limit would leave room for if it inherited them.
        let held = (0..<300).map { _ in open("/dev/null", O_RDONLY) }
        defer { held.forEach { close($0) } }
        #expect(held.allSatisfy { $0 >= 0 })
        let outcome = run("ls /proc/self/fd | sort -n | tr '\\n' ' '")
        #expect(outcome.status == .exited(0), "\(outcome.errorTail)")
        // 0, 1, 2, and the descriptor ls opened to read the folder.
        #expect(outcome.output.split(separator: " ").count == 4, "\(outcome.output)")
    }

    @Test func stdinIsEmptyUnlessGiven() {
        #expect(run("cat; echo end").output == "end\n")
        #expect(run("cat", stdin: Array("line one\nline two\n".utf8)).output == "line one\nline two\n")
    }

    @Test func childrenThatOutliveTheSampleAreKilled() throws {
        let marker = "sleep 313.\(Int.random(in: 100...999))"
        let outcome = run("\(marker) & echo forked")
        #expect(outcome.status == .exited(0) && outcome.output == "forked\n")
        #expect(outcome.seconds < 5)
        Thread.sleep(forTimeInterval: 0.2)
        #expect(!TestSupport.isRunning(marker))
    }

    @Test func eachRunHasItsOwnWorkingDirectoryAndEnvironment() {
        let outcome = run("pwd; echo data > scratch.txt; ls", locale: LocaleTag("ru"))
        let lines = outcome.output.split(separator: "\n")
        #expect(lines.count == 2 && lines[1] == "scratch.txt")
        #expect(lines[0].contains("primer-sample-"))
        #expect(!FileManager.default.fileExists(atPath: String(lines[0])))  // removed afterwards
        #expect(run("echo $PRIMER_LOCALE $LANG", locale: LocaleTag("zh-Hans")).output == "zh-Hans zh_Hans.UTF-8\n")
    }
}

@Suite struct SampleTextTests {
    let source = """
    import Foundation
    // snippet.hide
    let secret = 42
    // snippet.show
    func greet() {
        // snippet.body
        print("hello")
        print("world")
        // snippet.end
    }
    greet()
    """

    @Test func hiddenLinesAndSlices() throws {
        let whole = try SliceText.extract(source, slice: nil).get()
        #expect(whole == "import Foundation\nfunc greet() {\n    print(\"hello\")\n    print(\"world\")\n}\ngreet()\n")
        #expect(try SliceText.extract(source, slice: "body").get() == "print(\"hello\")\nprint(\"world\")\n")
        guard case .failure(let error) = SliceText.extract(source, slice: "bdy") else { Issue.record("found a missing slice"); return }
        #expect(error.slices == ["body"])
    }

    @Test func unifiedDiffShowsContext() {
        let diff = unifiedDiff(expected: "a\nb\nc\nd\n", actual: "a\nB\nc\nd\ne\n", expectedName: "want", actualName: "got")
        #expect(diff == "--- want\n+++ got\n@@ -1,4 +1,5 @@\n a\n-b\n+B\n c\n d\n+e\n")
    }

    @Test func corruptCacheEntriesAreNotTrusted() throws {
        let folder = TestSupport.scratch("primer-cache").path
        let cache = SampleCache(folder: folder)
        let id = SampleRunID(name: "s", locale: nil)
        var key = ContentKey("test")
        key.add("k1")
        cache.store(SampleOutcome(id: id, status: .exited(0), output: "out\n", errorTail: "", seconds: 0.1, cached: false), key: key)
        guard case .hit(let outcome) = cache.lookup(key, id: id) else { Issue.record("no hit"); return }
        #expect(outcome.output == "out\n" && outcome.cached)
        // Change one byte of the stored output: the checksum no longer matches.
        let path = cache.path(key)
        let text = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "out\\n", with: "OUT\\n")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        guard case .corrupt = cache.lookup(key, id: id) else { Issue.record("a tampered entry was trusted"); return }
        guard case .miss = cache.lookup(key, id: id) else { Issue.record("a corrupt entry was kept"); return }
        try "{\"key\": ".write(toFile: path, atomically: true, encoding: .utf8)  // half-written
        guard case .corrupt = cache.lookup(key, id: id) else { Issue.record("a half-written entry was trusted"); return }
    }
}

/// The command a page prints under a sample's output reproduces the run the page shows.
@Suite struct RunCommandTests {
    @Test func aPerLocaleSampleWithArgumentsAndInputIsRunAsTheBuildRanIt() {
        var settings = SampleSettings()
        settings.perLocale = true
        settings.arguments = ["--verbose", "two words", "it's"]
        settings.stdin = "Inputs/reader.txt"
        let command = RunCommand(packageRoot: "Content/Samples", sample: "reader", settings: settings, locale: LocaleTag("zh-Hans")!)
        #expect(command.text(inPackage: false)
                == "PRIMER_LOCALE=zh-Hans LANG=zh_Hans.UTF-8 swift run --package-path Content/Samples reader --verbose 'two words' 'it'\\''s' < Content/Samples/Inputs/reader.txt")
        #expect(command.text(inPackage: true) == "PRIMER_LOCALE=zh-Hans LANG=zh_Hans.UTF-8 swift run reader --verbose 'two words' 'it'\\''s' < Inputs/reader.txt")
        // A sample that runs once: no locale, whatever page shows it.
        let plain = RunCommand(packageRoot: "Content/Samples", sample: "fraction", settings: SampleSettings(), locale: LocaleTag("ru")!)
        #expect(plain.text(inPackage: false) == "swift run --package-path Content/Samples fraction")
    }
}
