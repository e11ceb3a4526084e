import CPlatform
import CourseModel
import Foundation

/// Runs one sample binary in its sandbox (see `Sandbox`): own process group, own scratch
/// folder, stdin from a file or /dev/null, a time limit, an output cap and resource limits;
/// whatever it leaves running is killed.
enum ProcessRunner {
    /// The prefix of every sample's scratch folder in the temporary folder.
    static let scratchPrefix = "primer-sample"

    static func run(id: SampleRunID, executable: String, settings: SampleSettings, stdin: [UInt8]?,
                    sandbox: Sandbox = .current) -> SampleOutcome {
        let fm = FileManager.default
        guard let scratch = Scratch.make(scratchPrefix) else {
            return SampleOutcome(id: id, status: .notStarted("no scratch folder: \(String(cString: strerror(errno)))"), output: "",
                                 errorTail: "", seconds: 0, cached: false)
        }
        defer { try? fm.removeItem(atPath: scratch) }
        // The working folder holds only what the sample writes; its input and a copy of its
        // binary (which the sandbox's user can read wherever the project is) sit beside it.
        let home = scratch + "/home"
        try? fm.createDirectory(atPath: home, withIntermediateDirectories: true)
        // Where it may draw figures: on disk (the sandbox's own folders vanish with it), read back after the run.
        let figures = scratch + "/figures"
        try? fm.createDirectory(atPath: figures, withIntermediateDirectories: true)
        var stdinPath: String?
        if let stdin {
            stdinPath = scratch + "/stdin"
            _ = fm.createFile(atPath: stdinPath!, contents: Data(stdin))
        }
        var program = executable
        if sandbox.isActive {
            program = scratch + "/bin/" + URL(fileURLWithPath: executable).lastPathComponent
            try? fm.createDirectory(atPath: scratch + "/bin", withIntermediateDirectories: true)
            // The file itself, not a link to it; copied so that no other run's child holds it open.
            let source = URL(fileURLWithPath: executable).resolvingSymlinksInPath().path
            guard primer_copy_executable(source, program, sandbox.user?.uid ?? -1, sandbox.user?.gid ?? -1) == 0 else {
                return SampleOutcome(id: id, status: .notStarted("cannot copy \(executable): \(String(cString: strerror(errno)))"),
                                     output: "", errorTail: "", seconds: 0, cached: false)
            }
            // The target's resource bundles go beside the copy, where `Bundle.module` looks first.
            var bundles: [String] = []
            for bundle in Sandbox.resourceBundles(beside: source) {
                let copy = scratch + "/bin/" + (bundle as NSString).lastPathComponent
                if (try? fm.copyItem(atPath: bundle, toPath: copy)) != nil { bundles.append(copy) }
            }
            if let user = sandbox.user {
                for path in [scratch, home, scratch + "/bin", figures] { _ = chown(path, uid_t(user.uid), gid_t(user.gid)) }
                for bundle in bundles {
                    _ = chown(bundle, uid_t(user.uid), gid_t(user.gid))
                    for file in fm.enumerator(atPath: bundle)?.allObjects as? [String] ?? [] {
                        _ = chown(bundle + "/" + file, uid_t(user.uid), gid_t(user.gid))
                    }
                }
            }
        }
        // The marker is inherited by everything the sample starts, so it can all be found afterwards.
        let marker = "PRIMER_SAMPLE_RUN=\(UUID().uuidString)"
        var environment = ["PATH=/usr/local/bin:/usr/bin:/bin", "HOME=\(home)", "TMPDIR=\(sandbox.isActive ? "/tmp" : home)", "TERM=dumb",
                           "SWIFT_BACKTRACE=enable=no", "PRIMER_FIGURES=\(sandbox.isActive ? Sandbox.figuresFolder : figures)", marker]
        if settings.deterministicHashing { environment.append("SWIFT_DETERMINISTIC_HASHING=1") }
        if let locale = id.locale {
            environment += RunCommand.environment(locale)
        } else {
            environment.append("LANG=C.UTF-8")
        }
        let (path, argv) = sandbox.command(executable: program, arguments: settings.arguments, home: home, figures: figures, settings: settings)
        var limits = primer_run_options()
        if !sandbox.isActive {
            // Without the sandbox the limits are set on the sample itself; not the process count,
            // which would count every process of the user running Primer.
            limits.limit_memory = settings.memoryLimit
            limits.limit_files = settings.openFilesLimit
            limits.limit_file_size = settings.fileSizeLimit
        }
        var result = spawn(path: path, argv: argv, environment: environment, directory: home, stdin: stdinPath,
                           timeout: settings.timeout, outputLimit: settings.outputLimit, errorTail: 4096,
                           user: sandbox.user, limits: limits, marker: marker)
        if sandbox.isActive, case .exited(let code) = result.status, code > 128, code <= 128 + 64 {
            // bwrap reports a sample ended by a signal as 128 + the signal, as a shell does.
            result.status = .signal(code - 128)
        }
        return SampleOutcome(id: id, status: result.status, output: result.output, errorTail: result.errorTail,
                             seconds: result.seconds, cached: false, figures: drawnFigures(in: figures))
    }

    /// The most figures a run may leave, and the largest one (bigger ones are not read).
    static let figureLimit = (count: 64, bytes: 8 << 20)

    /// The SVG and PNG files a run left in its figures folder, by name.
    static func drawnFigures(in folder: String) -> [String: [UInt8]] {
        var figures: [String: [UInt8]] = [:]
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        for name in names where name.hasSuffix(".svg") || name.hasSuffix(".png") {
            guard figures.count < figureLimit.count else { break }
            var info = stat()
            let path = folder + "/" + name
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) <= figureLimit.bytes,
                  let data = FileManager.default.contents(atPath: path) else { continue }
            figures[name] = [UInt8](data)
        }
        return figures
    }

    struct Result: Sendable {
        var status: SampleStatus
        var output: String
        var errorTail: String
        var seconds: Double
    }

    /// One process under `primer_run_with`: its own group, killed with everything that carries
    /// `marker` in its environment once it ends or runs out of time.
    static func spawn(path: String, argv: [String], environment: [String], directory: String?, stdin: String?,
                      timeout: Double, outputLimit: Int, errorTail: Int, user: (uid: Int32, gid: Int32)? = nil,
                      limits: primer_run_options = primer_run_options(), marker: String) -> Result {
        var result = withCStrings(argv) { argv in
            withCStrings(environment) { envp in
                path.withCString { path in
                    withOptionalCString(directory) { directory in
                        withOptionalCString(stdin) { stdin in
                            var options = limits
                            options.path = path
                            options.argv = UnsafePointer(argv)
                            options.envp = UnsafePointer(envp)
                            options.cwd = directory
                            options.stdin_path = stdin
                            options.timeout = timeout
                            options.out_cap = outputLimit
                            options.err_tail = errorTail
                            options.uid = user?.uid ?? -1
                            options.gid = user?.gid ?? -1
                            options.die_with_parent = 1
                            return primer_run_with(&options)
                        }
                    }
                }
            }
        }
        defer { primer_run_free(&result) }
        primer_kill_marked(marker)
        let output = result.out.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: result.out_len), as: UTF8.self) } ?? ""
        let errorText = result.err.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: result.err_len), as: UTF8.self) } ?? ""
        let status: SampleStatus
        if result.started == 0 { status = .notStarted(String(cString: strerror(result.spawn_errno))) }
        else if result.timed_out != 0 { status = .timedOut(timeout) }
        else if result.output_overflow != 0 { status = .outputOverflow(outputLimit) }
        else if result.exited != 0 { status = .exited(Int(result.exit_code)) }
        else { status = .signal(Int(result.signal)) }
        return Result(status: status, output: output, errorTail: errorText, seconds: result.seconds)
    }

    /// A NULL-terminated C array of strings, alive for the closure's duration.
    static func withCStrings<R>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
        var pointers = strings.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }

    static func withOptionalCString<R>(_ string: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
        guard let string else { return body(nil) }
        return string.withCString { body($0) }
    }
}

extension SampleStatus {
    /// "exited with status 3", "crashed with signal 11 (SIGSEGV)", …
    public var explanation: String {
        switch self {
        case .exited(let code): return "exited with status \(code)"
        case .signal(let signal):
            let names = [4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE", 9: "SIGKILL", 11: "SIGSEGV", 13: "SIGPIPE", 15: "SIGTERM",
                         25: "SIGXFSZ"]
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
