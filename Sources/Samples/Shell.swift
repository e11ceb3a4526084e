import CourseModel
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
    }

    public static func run(_ arguments: [String], in directory: String? = nil, timeout: Double = 3600) -> Output {
        guard let tool = arguments.first.flatMap({ $0.contains("/") ? $0 : Sandbox.which($0) }) else {
            return Output(status: -1, stdout: "", stderr: "cannot start \(arguments.joined(separator: " ")): \(arguments.first ?? "") is not on the PATH")
        }
        let marker = "PRIMER_TOOL_RUN=\(UUID().uuidString)"
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" } + [marker]
        let result = ProcessRunner.spawn(path: tool, argv: arguments, environment: environment, directory: directory, stdin: nil,
                                         timeout: timeout, outputLimit: 256 << 20, errorTail: 1 << 20, marker: marker)
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

    /// `swift --version`, once per process: part of every cache key.
    static let toolchainVersion: String = {
        let output = run(["swift", "--version"], timeout: 120)
        return (output.stdout + output.stderr).trimmingCharacters(in: .whitespacesAndNewlines)
    }()

    /// Who holds SwiftPM's lock on a package's `.build` folder right now, if anyone: "process
    /// 1234" (SwiftPM writes its id into the lock file), or "another process".
    static func lockHolder(packageRoot: String) -> String? {
        let path = packageRoot + "/.build/.lock"
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        if flock(fd, LOCK_SH | LOCK_NB) == 0 {
            flock(fd, LOCK_UN)
            return nil
        }
        let text = (FileManager.default.contents(atPath: path)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let pid = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return Int(pid).map { "process \($0)" } ?? "another process"
    }
}
