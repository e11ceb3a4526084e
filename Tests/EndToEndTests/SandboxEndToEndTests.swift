import CourseModel
import Foundation
import Pipeline
import PrimerTestSupport
import Samples
import Testing

/// Real Swift samples that misbehave, built with SwiftPM and run by a real build: none of them
/// can reach Primer's environment, change the project, outlive its time limit or leave
/// processes behind; a Package.swift that never finishes is stopped with a clear error.
@Suite(.serialized) struct SandboxEndToEndTests {
    func build(_ folder: URL) throws -> Build.Result {
        var options = Build.Options(content: folder.appendingPathComponent("Content").path, templates: TestSupport.templates,
                                    output: folder.appendingPathComponent("site").path)
        options.product = .site(reuse: false)
        return try Build.run(options)
    }

    @Test func misbehavingSamplesAreContained() throws {
        let folder = try TestSupport.copyFixture("hostile")
        let content = folder.appendingPathComponent("Content")
        let cache = folder.appendingPathComponent(".primer-cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        let sleeper = "319.\(Int.random(in: 100...999))"
        let settings = content.appendingPathComponent("Samples/samples.yml")
        try TestSupport.write(TestSupport.read(settings) + """
              escape: { arguments: ["\(content.path)", "\(content.path)/en", "\(cache.path)", "\(folder.path)"] }
              detach: { arguments: ["\(sleeper)"] }

            """, to: settings)
        let token = "token-\(UUID().uuidString)"
        setenv("PRIMER_FAKE_TOKEN", token, 1)
        defer { unsetenv("PRIMER_FAKE_TOKEN") }
        let before = TestSupport.snapshot(content)
        let start = ContinuousClock.now

        let result = try build(folder)
        #expect(result.succeeded, "\(result.diagnostics.filter(\.isError).map(\.description))")
        let outcomes = result.samples?.outcomes ?? [:]
        func outcome(_ name: String) -> SampleOutcome? { outcomes[SampleRunID(name: name, locale: nil)] }
        #expect(outcome("environ")?.output.hasPrefix("no token in") == true, "\(String(describing: outcome("environ")))")
        #expect(!TestSupport.read(folder.appendingPathComponent("site/en/misbehaving.html")).contains(token))
        #expect(outcome("escape")?.output == "done\n", "\(String(describing: outcome("escape")))")
        #expect(outcome("pgroup")?.status == .timedOut(2))
        #expect(outcome("detach")?.output == "left a child behind\n")
        #expect(outcome("allocate").map { !$0.status.succeeded && !$0.output.contains("allocated") } == true,
                "\(String(describing: outcome("allocate")))")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(!TestSupport.isRunning("sleep \(sleeper)"))
        #expect(!TestSupport.isRunning(folder.path + "/Content/Samples/.build/debug/pgroup"))
        // The sources are as they were (SwiftPM's .build aside), and nothing escaped anywhere.
        let after = TestSupport.snapshot(content).filter { !$0.key.hasPrefix("Samples/.build") }
        #expect(after == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).allSatisfy { !$0.hasPrefix("escaped-") })
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path).allSatisfy { !$0.hasPrefix("escaped-") })
        #expect((ContinuousClock.now - start) < .seconds(600))
    }

    @Test func aPackageSwiftThatNeverFinishesIsStopped() throws {
        let folder = try TestSupport.copyFixture("hostile")
        let samples = folder.appendingPathComponent("Content/Samples")
        try TestSupport.write("""
            // swift-tools-version:6.0
            import PackageDescription

            while true {}
            let package = Package(name: "Stuck", targets: [])

            """, to: samples.appendingPathComponent("Package.swift"))
        try TestSupport.write("build_timeout: 15\n" + TestSupport.read(samples.appendingPathComponent("samples.yml")),
                              to: samples.appendingPathComponent("samples.yml"))
        let start = ContinuousClock.now
        let result = try build(folder)
        let errors = result.diagnostics.filter(\.isError).map(\.description)
        #expect(errors.contains { $0.hasPrefix("\(samples.path)/Package.swift:1:1: error: SwiftPM did not finish reading Package.swift of the samples within 15 s and was stopped") },
                "\(errors)")
        #expect((ContinuousClock.now - start) < .seconds(60))
        Thread.sleep(forTimeInterval: 0.3)
        #expect(!TestSupport.isRunning(samples.path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("site").path))
    }

    /// Another build holding the package's `.build` is said, not waited on in silence.
    @Test func aHeldBuildLockIsReported() throws {
        let folder = try TestSupport.copyFixture("hostile")
        let samples = folder.appendingPathComponent("Content/Samples")
        try FileManager.default.createDirectory(at: samples.appendingPathComponent(".build"), withIntermediateDirectories: true)
        try TestSupport.write("4242", to: samples.appendingPathComponent(".build/.lock"))
        // What another `swift build` holds while it works.
        let fd = open(Shell.lockPath(packageRoot: samples.path), O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        #expect(fd >= 0)
        defer { close(fd) }
        #expect(flock(fd, LOCK_EX) == 0)
        try TestSupport.write("build_timeout: 10\n" + TestSupport.read(samples.appendingPathComponent("samples.yml")),
                              to: samples.appendingPathComponent("samples.yml"))
        final class Lines: @unchecked Sendable { var lines: [String] = []; let lock = NSLock() }
        let said = Lines()
        var options = Build.Options(content: folder.appendingPathComponent("Content").path, templates: TestSupport.templates,
                                    output: folder.appendingPathComponent("site").path)
        options.product = .site(reuse: false)
        options.sampleProgress = { event in
            if case .waiting(let line) = event { said.lock.lock(); said.lines.append(line); said.lock.unlock() }
        }
        let result = try Build.run(options)
        #expect(said.lines == ["another build (process 4242) holds \(samples.path)/.build; waiting for it (at most 10 s)"])
        let errors = result.diagnostics.filter(\.isError).map(\.description)
        #expect(errors == ["\(samples.path)/Package.swift:1:1: error: SwiftPM waited 10 s for another build that holds \(samples.path)/.build, and was stopped [PRM032]\n    stop the other build (or wait for it), then build again"],
                "\(errors)")
        #expect(!TestSupport.isRunning(samples.path))
    }
}
