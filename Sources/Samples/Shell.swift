import CourseModel
import CPlatform
import Foundation

/// Runs a tool (swift build, swift package dump-package, pagefind) and collects what it printed.
/// The tool gets a time limit; when it ends or runs out of time, it and everything it started
/// (found by a marker in their environment) are killed, so nothing it leaves behind can hold
/// SwiftPM's lock on `.build` and stall the next build.
public struct Shell {
    public struct Output: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        /// The time limit was reached and the tool was stopped.
        public var timedOut = false
        /// Another build held the package's `.build` lock all the time (a build in the sandbox, where Primer holds it).
        var lockHeld = false
        /// SwiftPM said it waits for another instance that holds the package's `.build`.
        public var waitedForLock: Bool { lockHeld || (stdout + stderr).contains("Another instance of SwiftPM") }
    }

    /// `swift <arguments> --package-path <root>` with a time limit, saying through `waiting` when
    /// another build holds the package's lock (SwiftPM then waits without a word on a pipe).
    static func swiftPM(_ arguments: [String], root: String, timeout: Double, waiting: (String) -> Void) -> Output {
        if let holder = lockHolder(packageRoot: root) {
            waiting("another build (\(holder)) holds \(root)/.build; waiting for it (at most \(timeout.formatted()) s)")
        }
        if Sandbox.current.isActive { return sandboxedSwiftPM(arguments, root: root, timeout: timeout) }
        return run(["swift"] + arguments + ["--package-path", root], timeout: timeout)
    }

    /// `stopMark`: a name `stop(_:)` can end this run by, from another thread, before it ends.
    public static func run(_ arguments: [String], in directory: String? = nil, timeout: Double = 3600, stopMark: String? = nil) -> Output {
        guard let tool = arguments.first.flatMap({ $0.contains("/") ? $0 : which($0) }) else {
            return Output(status: -1, stdout: "", stderr: "cannot start \(arguments.joined(separator: " ")): \(arguments.first ?? "") is not on the PATH")
        }
        let marker = "PRIMER_TOOL_RUN=\(stopMark ?? UUID().uuidString)"
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" } + [marker]
        let result = ProcessRunner.spawn(path: tool, argv: arguments, environment: environment, directory: directory, stdin: nil,
                                         timeout: timeout, outputLimit: 256 << 20, errorTail: 1 << 20, marker: marker)
        return output(of: result, arguments: arguments)
    }

    /// Ends the run started with `stopMark` and everything it started, if it is still running.
    public static func stop(_ stopMark: String) {
        primer_kill_marked("PRIMER_TOOL_RUN=\(stopMark)")
    }

    static func output(of result: ProcessRunner.Result, arguments: [String]) -> Output {
        var output = Output(status: -1, stdout: result.output, stderr: result.errorTail)
        switch result.status {
        case .exited(let code): output.status = Int32(code)
        case .signal(let signal): output.status = Int32(128 + signal)
        case .timedOut: output.timedOut = true
        case .outputOverflow: output.stderr += "\n(stopped: it printed more than 256 MiB)"
        case .notStarted(let reason): output.stderr = "cannot start \(arguments.joined(separator: " ")): \(reason)"
        }
        return output
    }

    /// Where `name` is on the PATH, if it is there.
    public static func which(_ name: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = String(folder) + "/" + name
            if access(path, X_OK) == 0 { return path }
        }
        return nil
    }

    /// `swift --version`, once per process: part of every cache key.
    static let toolchainVersion: String = {
        let output = run(["swift", "--version"], timeout: 120)
        return (output.stdout + output.stderr).trimmingCharacters(in: .whitespacesAndNewlines)
    }()

    /// Who holds SwiftPM's lock on a package's `.build` folder right now, if anyone: "process
    /// 1234" (SwiftPM writes its id into `.build/.lock`), or "another process". The lock itself
    /// is a file in the temporary folder named after the `.build` folder's path, which SwiftPM
    /// holds with flock(2) while it works.
    public static func lockHolder(packageRoot: String) -> String? {
        let fd = open(lockPath(packageRoot: packageRoot), O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        if flock(fd, LOCK_SH | LOCK_NB) == 0 {
            flock(fd, LOCK_UN)
            return nil
        }
        let text = FileManager.default.contents(atPath: packageRoot + "/.build/.lock").map { String(decoding: $0, as: UTF8.self) } ?? ""
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines)).map { "process \($0)" } ?? "another process"
    }

    /// `/tmp/_work_course_Content_Samples_.build.lock` for `/work/course/Content/Samples`.
    public static func lockPath(packageRoot: String) -> String {
        let build = URL(fileURLWithPath: packageRoot + "/.build").standardizedFileURL.resolvingSymlinksInPath().path
        var temporary = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
        while temporary.count > 1 && temporary.hasSuffix("/") { temporary.removeLast() }
        return temporary + "/" + build.replacingOccurrences(of: "/", with: "_") + ".lock"
    }
}
