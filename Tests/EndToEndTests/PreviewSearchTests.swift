import Foundation
import PrimerTestSupport
import Testing

/// The preview's search index must never hold a core the next rebuild needs.
@Suite struct PreviewSearchTests {
    /// Lines of `file`, once it has at least `count` of them (nil after `seconds`).
    func lines(of file: URL, atLeast count: Int, within seconds: Double) async throws -> [String]? {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            let lines = TestSupport.read(file).split(separator: "\n").map(String.init)
            if lines.count >= count { return lines }
            try await Task.sleep(for: .milliseconds(20))
        }
        return nil
    }

    func isAlive(_ pid: Int32) -> Bool { kill(pid, 0) == 0 }

    @Test func aChangeStopsTheIndexBeingMadeAndTheNextRebuildIndexesAgain() async throws {
        let folder = try TestSupport.copyFixture("basic")
        // A Pagefind that says when it starts and would then take ten minutes (long enough that a
        // test starved of threads by the rest of the suite still finds it running).
        let started = folder.appendingPathComponent("pagefind-started")
        let fake = folder.appendingPathComponent("fake-pagefind")
        try TestSupport.write("#!/bin/sh\necho $$ >> '\(started.path)'\nexec sleep 600\n", to: fake)
        chmod(fake.path, 0o755)
        // A copy of the templates: the server watches them, and no other test may touch what it watches.
        let templates = folder.appendingPathComponent("Templates")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: TestSupport.templates), to: templates)
        let log = folder.appendingPathComponent("serve.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestSupport.primer)
        process.arguments = ["serve", "--port", "0", "--templates", templates.path]
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(["PRIMER_PAGEFIND": fake.path]) { $1 }
        process.standardOutput = try FileHandle(forWritingTo: log)
        process.standardError = process.standardOutput
        try process.run()
        defer { process.terminate(); process.waitUntilExit() }

        // The index being made: the newest Pagefind, once one runs (the first starts right after
        // the first build, up to 5 min on a loaded machine).
        var indexing: Int32?
        var startedBefore = 0
        let deadline = ContinuousClock.now + .seconds(300)
        while indexing == nil && ContinuousClock.now < deadline {
            let lines = TestSupport.read(started).split(separator: "\n")
            if let pid = lines.last.flatMap({ Int32($0) }), isAlive(pid) { indexing = pid; startedBefore = lines.count } else {
                try await Task.sleep(for: .milliseconds(20))
            }
        }
        let running = try #require(indexing, "no Pagefind ran: \(TestSupport.read(log))")

        let intro = folder.appendingPathComponent("Content/en/intro.md")
        try TestSupport.write(TestSupport.read(intro) + "\nOne more paragraph.\n", to: intro)
        // Stopped as the change arrives, not a minute later when it would have finished.
        var waited = 0
        while isAlive(running) && waited < 250 { try await Task.sleep(for: .milliseconds(20)); waited += 1 }
        #expect(!isAlive(running), "the index of the previous build still runs 250 polls after the change")
        // The rebuild's pages are indexed in their turn.
        let after = try await lines(of: started, atLeast: startedBefore + 1, within: 120)
        #expect(after != nil, "no index after the change: \(TestSupport.read(log))")
    }
}
