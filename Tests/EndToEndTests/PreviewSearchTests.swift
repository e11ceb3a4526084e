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
        // A Pagefind that says when it starts and would then take a minute.
        let started = folder.appendingPathComponent("pagefind-started")
        let fake = folder.appendingPathComponent("fake-pagefind")
        try TestSupport.write("#!/bin/sh\necho $$ >> '\(started.path)'\nsleep 60\n", to: fake)
        chmod(fake.path, 0o755)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestSupport.primer)
        process.arguments = ["serve", "--port", "0", "--templates", TestSupport.templates]
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(["PRIMER_PAGEFIND": fake.path]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { process.terminate(); process.waitUntilExit() }

        // The first index starts right after the first build (up to 5 min on a loaded machine).
        let first = try #require(try await lines(of: started, atLeast: 1, within: 300))
        let indexing = try #require(Int32(first[0]))
        #expect(isAlive(indexing))

        let intro = folder.appendingPathComponent("Content/en/intro.md")
        try TestSupport.write(TestSupport.read(intro) + "\nOne more paragraph.\n", to: intro)
        // Stopped as the change arrives, not a minute later when it would have finished.
        var waited = 0
        while isAlive(indexing) && waited < 250 { try await Task.sleep(for: .milliseconds(20)); waited += 1 }
        #expect(!isAlive(indexing), "the index of the previous build still runs 5 s after the change")
        // The rebuild's pages are indexed in their turn.
        let second = try await lines(of: started, atLeast: 2, within: 120)
        #expect(second?.count == 2)
    }
}
