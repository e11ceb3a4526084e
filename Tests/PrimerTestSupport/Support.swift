import CourseModel
import Foundation
import Markdown
import Resolver

/// Paths and helpers shared by the tests.
public enum TestSupport {
    public static let root: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    public static var templates: String { root.appendingPathComponent("Templates").path }
    public static var fixtures: URL { root.appendingPathComponent("Tests/Fixtures") }
    public static var primer: String { root.appendingPathComponent(".build/debug/primer").path }

    /// Where the tests' temporary folders go: one folder per test process, removed when it exits
    /// (and, at the start, those of earlier test processes that are gone), so a `make test`
    /// leaves nothing in the temporary folder.
    public static let scratchRoot: URL = {
        let fileManager = FileManager.default
        let temporary = fileManager.temporaryDirectory
        for name in (try? fileManager.contentsOfDirectory(atPath: temporary.path)) ?? [] where name.hasPrefix("primer-tests-") {
            if let pid = Int32(name.dropFirst("primer-tests-".count)), kill(pid, 0) != 0, errno == ESRCH {
                try? fileManager.removeItem(at: temporary.appendingPathComponent(name))
            }
        }
        let root = temporary.appendingPathComponent("primer-tests-\(getpid())")
        try? fileManager.createDirectory(at: root, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TestSupport.scratchRoot) }
        return root
    }()

    /// A new folder's path (not created) under `scratchRoot`, named `prefix-<UUID>`.
    public static func scratch(_ prefix: String) -> URL {
        scratchRoot.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    }

    /// A fresh copy of a fixture course in a temporary folder; returns the folder (holding Content/).
    public static func copyFixture(_ name: String) throws -> URL {
        let folder = TestSupport.scratch("primer-test")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let content = folder.appendingPathComponent("Content")
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent(name), to: content)
        // Fixture courses use Primer's built-in string catalog unless they bring their own.
        return folder
    }

    public static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    public static func read(_ url: URL) -> String { (try? String(contentsOf: url, encoding: .utf8)) ?? "" }

    /// Parses one Markdown text.
    public static func parse(_ markdown: String, path: String = "t.md") -> (Document, [Diagnostic]) {
        ChapterParser.parse(markdown, path: path)
    }

    /// Runs the CLI (or `executable`, a copy of it or a link to it); returns exit status and
    /// combined output. Search indexing is off unless `environment` sets `PRIMER_PAGEFIND`.
    public static func run(_ arguments: [String], in folder: URL, environment: [String: String] = [:],
                           executable: URL? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = executable ?? URL(fileURLWithPath: primer)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["PRIMER_PAGEFIND": ""].merging(environment) { $1 }) { $1 }
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Whether a process whose command line contains `pattern` is running.
    public static func isRunning(_ pattern: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ps -eo args | grep -F -- '\(pattern)' | grep -v grep || true"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try? process.run()
        process.waitUntilExit()
        return !pipe.fileHandleForReading.readDataToEndOfFile().isEmpty
    }

    /// Every file under `folder` with its contents, to prove a failed build touched nothing.
    public static func snapshot(_ folder: URL) -> [String: Data] {
        var result: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return result }
        while let item = enumerator.nextObject() as? String {
            if let data = FileManager.default.contents(atPath: folder.appendingPathComponent(item).path) { result[item] = data }
        }
        return result
    }
}

public let en = LocaleTag("en")!
public let ru = LocaleTag("ru")!
public let zh = LocaleTag("zh-Hans")!
