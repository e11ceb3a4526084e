import CourseModel
import Foundation
import PrimerTestSupport
@testable import Samples
import Testing

/// What a hostile or careless sample tries, on small shell and Perl programs run the way samples
/// are (`ProcessRunner`, in the sandbox). `make deps` installs bubblewrap; these tests need it.
@Suite struct SandboxTests {
    func run(_ script: String, timeout: Double = 10, settings adjust: (inout SampleSettings) -> Void = { _ in }) -> SampleOutcome {
        var settings = SampleSettings()
        settings.arguments = ["-c", script]
        settings.timeout = timeout
        adjust(&settings)
        return ProcessRunner.run(id: SampleRunID(name: "sh", locale: nil), executable: "/bin/sh", settings: settings, stdin: nil)
    }

    @Test func theSandboxIsAvailable() {
        #expect(Sandbox.current.isActive, "\(Sandbox.current.mode)")
    }

    @Test func primersEnvironmentIsOutOfReach() {
        let secret = "primer-test-token-\(UUID().uuidString)"
        setenv("PRIMER_FAKE_TOKEN", secret, 1)
        defer { unsetenv("PRIMER_FAKE_TOKEN") }
        let outcome = run("cat /proc/$PPID/environ /proc/1/environ; for p in /proc/[0-9]*; do cat $p/environ; done; env")
        #expect(outcome.status == .exited(0))
        #expect(!outcome.output.contains(secret) && !outcome.errorTail.contains(secret))
        // Only the sandbox's own processes are in its /proc.
        let pids = run("ls -d /proc/[0-9]* | wc -l").output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect((Int(pids) ?? 99) < 8, "\(pids)")
    }

    @Test func theProjectAndTheCacheCannotBeReadOrWritten() throws {
        let project = TestSupport.root.path
        let token = "pwned-\(UUID().uuidString)"
        let outcome = run("""
            for d in /proc/1/root /proc/1/root/tmp/.. "\(project)" "\(project)/Content" "\(project)/.primer-cache" /usr /etc /; do
              echo x > "$d/\(token)" 2>/dev/null && echo "wrote $d"
            done
            test -e "\(project)/Package.swift" && echo "project visible"
            [ "$(readlink /proc/$PPID/cwd)" = "$PWD" ] || [ "$(readlink /proc/$PPID/cwd)" = / ] || echo "parent elsewhere: $(readlink /proc/$PPID/cwd)"
            echo done
            """)
        #expect(outcome.output == "done\n", "\(outcome.output)")
        #expect(!FileManager.default.fileExists(atPath: project + "/" + token))
        #expect(!FileManager.default.fileExists(atPath: project + "/Content/" + token))
        // Its own folder and /tmp are writable.
        #expect(run("echo a > here.txt && echo b > /tmp/t.txt && cat here.txt /tmp/t.txt").output == "a\nb\n")
    }

    @Test func theNetworkIsLoopbackOnly() {
        let outcome = run("cat /proc/net/dev | tail -n +3 | cut -d: -f1 | tr -d ' '")
        #expect(outcome.output == "lo\n", "\(outcome.output)")
    }

    /// Moving into Primer's process group used to dodge the kill at the time limit.
    @Test func aSampleThatLeavesItsProcessGroupIsStillStoppedInTime() {
        let outcome = run("exec perl -e 'setpgrp(0, getpgrp(getppid())); setpgrp(0, 0); sleep 60'", timeout: 1)
        #expect(outcome.status == .timedOut(1), "\(outcome)")
        #expect(outcome.seconds < 10)
    }

    @Test func childrenThatStartASessionAndClearTheirEnvironmentAreKilled() throws {
        let marker = "sleep 318.\(Int.random(in: 100...999))"
        let outcome = run("env -i setsid -f \(marker); env -i sh -c '\(marker) &'; echo started")
        #expect(outcome.status == .exited(0) && outcome.output == "started\n", "\(outcome)")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(!TestSupport.isRunning(marker))
    }

    @Test func memoryProcessesOpenFilesAndFileSizeAreLimited() {
        // 1 GiB against the default 512 MiB.
        let memory = run("perl -e '$x = \"a\" x (1 << 30); print \"allocated\\n\"'")
        #expect(!memory.status.succeeded && !memory.output.contains("allocated"), "\(memory)")
        let processes = run("perl -e 'my $n = 0; for (1..60) { my $p = fork; last unless defined $p; if ($p == 0) { sleep 2; exit } $n++ } print \"$n\\n\"'") {
            $0.processLimit = 20
        }
        let started = Int(processes.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(started > 0 && started < 20, "\(processes)")
        let files = run("ulimit -n") { $0.openFilesLimit = 64 }
        #expect(files.output == "64\n")
        let size = run("head -c 3000000 /dev/zero > big; wc -c < big") { $0.fileSizeLimit = 1 << 20 }
        #expect(size.output.contains("1048576"), "\(size)")
        // Many files, each under the file size limit, still cannot fill the disk.
        let disk = run("for n in 1 2 3 4; do head -c 600000 /dev/zero > f$n 2>/dev/null; done; cat f* | wc -c; cd /tmp && head -c 3000000 /dev/zero > t 2>/dev/null; wc -c < t") {
            $0.diskLimit = 2 << 20
        }
        let written = disk.output.split(separator: "\n").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        #expect(written.count == 2 && written[0] <= 2 << 20 && written[0] >= 1 << 20 && written[1] <= 2 << 20, "\(disk)")
    }

    /// Where namespaces are refused, samples run as before, with the limits that need no sandbox.
    @Test func withoutTheSandboxSamplesStillRunWithLimits() {
        let none = Sandbox(mode: .unavailable("refused for the test"), user: nil, systemFolders: [])
        var settings = SampleSettings()
        settings.arguments = ["-c", "ulimit -n; ulimit -f; echo $TMPDIR | grep -c primer-sample"]
        settings.openFilesLimit = 64
        settings.fileSizeLimit = 1 << 20
        let outcome = ProcessRunner.run(id: SampleRunID(name: "sh", locale: nil), executable: "/bin/sh", settings: settings, stdin: nil, sandbox: none)
        #expect(outcome.status == .exited(0) && outcome.output == "64\n2048\n1\n", "\(outcome)")
    }

    @Test func aCrashIsStillReportedAsASignal() {
        #expect(run("kill -SEGV $$").status == .signal(11))
        #expect(run("exit 3").status == .exited(3))
    }

    @Test func controlCharactersInStderrAreShownEscaped() {
        #expect(SamplesStage.escapingControls("red \u{1B}[31mtext\u{07}\tend") == "red \\u{1B}[31mtext\\u{7}\tend")
        let outcome = SampleOutcome(id: SampleRunID(name: "s", locale: nil), status: .exited(1), output: "",
                                    errorTail: "\u{1B}]0;owned\u{07}boom\n", seconds: 0, cached: false)
        let shown = SamplesStage.stderrTail(outcome)
        #expect(!shown.contains("\u{1B}") && shown.contains("\\u{1B}]0;owned\\u{7}boom"))
    }
}
