import Foundation
import PrimerTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Package.swift is a program that SwiftPM compiles and runs: it runs, with the build, in the
/// sandbox the samples run in. A manifest that looks for Primer's environment, the user's
/// keys, the project and the network finds none of them, and the samples still build and run.
@Suite(.serialized) struct BuildSandboxTests {
    /// A listening socket on 127.0.0.1 and its port: whatever connects to it is waiting in its queue.
    func listener() throws -> (fd: Int32, port: Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        try withUnsafeMutablePointer(to: &address) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                guard bind(fd, $0, length) == 0, listen(fd, 8) == 0, getsockname(fd, $0, &length) == 0 else { throw POSIXError(.EADDRNOTAVAIL) }
            }
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// Every file under `folder` that holds `needle`.
    func files(under folder: URL, holding needle: String) -> [String] {
        let bytes = Data(needle.utf8)
        var found: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let item = enumerator?.nextObject() as? String {
            let path = folder.appendingPathComponent(item).path
            if let data = FileManager.default.contents(atPath: path), data.range(of: bytes) != nil { found.append(item) }
        }
        return found
    }

    @Test func packageSwiftFindsNeitherSecretsNorTheProjectNorTheNetwork() async throws {
        let parent = TestSupport.scratch("primer-manifest")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        #expect(try TestSupport.run(["init", "course"], in: parent).status == 0)
        let folder = parent.appendingPathComponent("course")
        let samples = folder.appendingPathComponent("Content/Samples")
        let cache = folder.appendingPathComponent(".primer-cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        // The user's home, with a private key in it.
        let home = parent.appendingPathComponent("home")
        let canary = "canary-\(UUID().uuidString)"
        try TestSupport.write(canary, to: home.appendingPathComponent(".ssh/id_rsa"))
        let token = "token-\(UUID().uuidString)"
        let (socket, port) = try listener()
        defer { close(socket) }
        let report = samples.appendingPathComponent(".build/manifest-saw.txt")
        let manifest = TestSupport.read(samples.appendingPathComponent("Package.swift"))
        try TestSupport.write(manifest.replacingOccurrences(of: "import PackageDescription\n", with: """
            import PackageDescription
            import Foundation
            import Glibc

            // What a hostile manifest tries while SwiftPM reads it.
            var seen: [String] = []
            let environment = ProcessInfo.processInfo.environment
            seen.append("token: " + (environment["TOKEN"] ?? "none"))
            for path in ["\(home.path)/.ssh/id_rsa", (environment["HOME"] ?? "/nonexistent") + "/.ssh/id_rsa"] {
                seen.append("read \\(path): " + ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "refused"))
            }
            for path in ["\(cache.path)/escaped-manifest", "\(folder.path)/Content/escaped-manifest", "\(samples.path)/escaped-manifest"] {
                seen.append("write \\(path): " + (FileManager.default.createFile(atPath: path, contents: Data("escaped".utf8)) ? "written" : "refused"))
            }
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(\(port)).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            seen.append("connect: " + (connected == 0 ? "connected" : "refused"))
            try? FileManager.default.createDirectory(atPath: "\(report.deletingLastPathComponent().path)", withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: "\(report.path)", contents: Data((seen.joined(separator: "\\n") + "\\n").utf8))

            """), to: samples.appendingPathComponent("Package.swift"))

        let built = try TestSupport.run(["build"], in: folder, environment: ["TOKEN": token, "HOME": home.path])
        // The samples package still builds, and its sample runs and prints what it should.
        #expect(built.status == 0, "\(built.output)")
        #expect(TestSupport.read(folder.appendingPathComponent("site/en/getting-started.html")).contains("3 names, 13 letters"))
        // The manifest ran, and saw nothing.
        let saw = TestSupport.read(report)
        #expect(saw.hasPrefix("token: none\n"), "\(saw)")
        #expect(saw.components(separatedBy: ": refused\n").count == 7, "\(saw)")
        #expect(!saw.contains(canary) && !saw.contains("written") && !saw.contains("connected"), "\(saw)")
        #expect(accept(socket, nil, nil) < 0 && errno == EAGAIN)
        // Nowhere is there a trace of the token or the key: not in what the build printed, the
        // site, the cache or the content (the package's .build included).
        #expect(!built.output.contains(token) && !built.output.contains(canary))
        for place in ["site", ".primer-cache", "Content"] {
            let location = folder.appendingPathComponent(place)
            #expect(files(under: location, holding: token).isEmpty && files(under: location, holding: canary).isEmpty, "\(place)")
        }
        let written = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix("escaped-manifest") }
        #expect(written == [])
    }

    /// The build sandbox's limits are no higher than Primer's own hard limits: with the
    /// open-file limit of many desktops (1024), the samples and snippets still build.
    @Test func aLowHardOpenFileLimitStillBuilds() throws {
        let parent = TestSupport.scratch("primer-limits")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        #expect(try TestSupport.run(["init", "course"], in: parent).status == 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
        process.arguments = ["--nofile=1024:1024", TestSupport.primer, "build"]
        process.currentDirectoryURL = parent.appendingPathComponent("course")
        process.environment = ProcessInfo.processInfo.environment.merging(["PRIMER_PAGEFIND": ""]) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0 && output.contains("samples: 2 ran"), "\(output)")
    }

    /// As root, the build runs as `nobody`, who cannot reach a course in a folder only its owner
    /// may enter (a fresh clone under a 0700 /root): the build is then root's, in the same
    /// sandbox, and the samples and snippets still build.
    @Test func aCourseNobodyCanReachStillBuilds() throws {
        let parent = TestSupport.scratch("primer-private")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        #expect(try TestSupport.run(["init", "course"], in: parent).status == 0)
        #expect(chmod(parent.path, 0o700) == 0)
        let run = try TestSupport.run(["build", "--no-editions"], in: parent.appendingPathComponent("course"))
        #expect(run.status == 0 && run.output.contains("samples: 2 ran"), "\(run.output)")
    }

    /// The build has no network: a dependency to fetch fails, and the error says what to do instead.
    @Test func aDependencyToFetchIsRefusedWithAWayOut() throws {
        let parent = TestSupport.scratch("primer-fetch")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        #expect(try TestSupport.run(["init", "course"], in: parent).status == 0)
        let folder = parent.appendingPathComponent("course")
        let manifest = folder.appendingPathComponent("Content/Samples/Package.swift")
        try TestSupport.write(TestSupport.read(manifest).replacingOccurrences(of: "    targets: [", with: """
                dependencies: [.package(url: "https://primer-tests.invalid/nothing.git", from: "1.0.0")],
                targets: [
            """), to: manifest)
        let built = try TestSupport.run(["build"], in: folder)
        #expect(built.status == 1 && built.output.contains("error: the samples package did not build")
                && built.output.contains("the build runs without a network: put the package it depends on inside Content/Samples"), "\(built.output)")
    }
}
