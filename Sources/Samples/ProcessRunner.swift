import CPlatform
import CourseModel
import Foundation

/// Runs one sample binary: own process group, own temporary working directory, stdin from a
/// file or /dev/null, a time limit and an output cap; whatever it leaves running is killed.
enum ProcessRunner {
    static func run(id: SampleRunID, executable: String, settings: SampleSettings, stdin: [UInt8]?) -> SampleOutcome {
        let fm = FileManager.default
        let workdir = fm.temporaryDirectory.appendingPathComponent("primer-sample-\(UUID().uuidString)").path
        try? fm.createDirectory(atPath: workdir, withIntermediateDirectories: true)
        defer { try? fm.removeItem(atPath: workdir) }
        var stdinPath: String?
        if let stdin {
            stdinPath = workdir + "/.stdin"
            _ = fm.createFile(atPath: stdinPath!, contents: Data(stdin))
        }
        // The marker is inherited by everything the sample starts, so it can all be found afterwards.
        let marker = "PRIMER_SAMPLE_RUN=\(UUID().uuidString)"
        var environment = ["PATH=/usr/local/bin:/usr/bin:/bin", "HOME=\(workdir)", "TMPDIR=\(workdir)", "TERM=dumb",
                           "SWIFT_BACKTRACE=enable=no", marker]
        if let locale = id.locale {
            environment.append("LANG=\(locale.rawValue.replacingOccurrences(of: "-", with: "_")).UTF-8")
            environment.append("PRIMER_LOCALE=\(locale.rawValue)")
        } else {
            environment.append("LANG=C.UTF-8")
        }
        let arguments = [executable] + settings.arguments
        var result = withCStrings(arguments) { argv in
            withCStrings(environment) { envp in
                primer_run(executable, argv, envp, workdir, stdinPath, settings.timeout, settings.outputLimit, 4096)
            }
        }
        defer { primer_run_free(&result) }
        primer_kill_marked(marker)
        let output = result.out.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: result.out_len), as: UTF8.self) } ?? ""
        let errorTail = result.err.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: result.err_len), as: UTF8.self) } ?? ""
        let status: SampleStatus
        if result.started == 0 { status = .notStarted(String(cString: strerror(result.spawn_errno))) }
        else if result.timed_out != 0 { status = .timedOut(settings.timeout) }
        else if result.output_overflow != 0 { status = .outputOverflow(settings.outputLimit) }
        else if result.exited != 0 { status = .exited(Int(result.exit_code)) }
        else { status = .signal(Int(result.signal)) }
        return SampleOutcome(id: id, status: status, output: output, errorTail: errorTail, seconds: result.seconds, cached: false)
    }

    /// A NULL-terminated C array of strings, alive for the closure's duration.
    static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}

extension SampleStatus {
    /// "exited with status 3", "crashed with signal 11 (SIGSEGV)", …
    public var explanation: String {
        switch self {
        case .exited(let code): return "exited with status \(code)"
        case .signal(let signal):
            let names = [4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE", 9: "SIGKILL", 11: "SIGSEGV", 13: "SIGPIPE", 15: "SIGTERM"]
            return "crashed with signal \(signal)" + (names[signal].map { " (\($0))" } ?? "")
        case .timedOut(let seconds): return "did not finish within \(seconds.formatted()) s and was stopped"
        case .outputOverflow(let limit): return "printed more than \(limit / 1024) KiB and was stopped"
        case .notStarted(let reason): return "could not be started (\(reason))"
        }
    }
}

extension Double {
    func formatted() -> String { self == rounded() ? String(Int(self)) : String(self) }
}
