import CourseModel
import Foundation
import PrimerTestSupport
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
