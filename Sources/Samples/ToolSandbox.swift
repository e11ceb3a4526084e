import CPlatform
import CourseModel
import Foundation

/// SwiftPM and the compiler run the course's code too: Package.swift is a program SwiftPM
/// compiles and runs to read the package, and a package can build macros and plugins that run
/// during the build. So `swift package dump-package`, `swift build` and the snippets' `swiftc`
/// run in a sandbox made like a sample's (see `Sandbox`): their own user (`nobody` when Primer
/// is root), PID, IPC, UTS and network namespaces, the system and the toolchain read-only, the
/// folders they read read-only and the ones they write read-write (the package and its
/// `.build`), a private temporary folder in memory that holds `$HOME`, a cleared environment, and limits
/// fit for a compiler. The rest of the project, Primer's cache, the user's home and the network
/// are not there.
extension Sandbox {
    /// The limits of one build tool's sandbox, set inside it as a sample's are.
    struct ToolLimits: Sendable {
        /// Address space of each process: the compiler and SwiftPM map several GB.
        var memory = 8 << 30
        /// Processes and threads of the sandbox's user, together: SwiftPM and the compiler are threaded.
        var processes = 4096
        var openFiles = 8192
        /// The largest file it writes (an object file, a binary, the build database).
        var fileSize = 4 << 30
        /// The memory file system of the private temporary folder (and `$HOME` in it).
        var scratchSize = 2 << 30
    }

    static let toolLimits = ToolLimits()

    /// Where the tool's private temporary folder (`$TMPDIR`, with `$HOME` in it) is mounted:
    /// `/tmp`, unless a folder the tool sees lies in it (a course in `/tmp`); then elsewhere, so
    /// that the folders bwrap makes on the way to the course stay read-only, as they are
    /// everywhere else.
    static func toolScratch(avoiding folders: [String]) -> String {
        let candidates = ["/tmp", "/var/tmp", "/run/primer-tmp"]
        return candidates.first { scratch in !folders.contains { $0 == scratch || $0.hasPrefix(scratch + "/") } } ?? candidates[2]
    }

    /// SwiftPM's options in the sandbox: the manifest cache in `.build` (it would otherwise go to
    /// the user's home, which is not there) and its user-level folders in the private `$HOME`.
    static func swiftPMOptions(build: String, scratch: String) -> [String] {
        let home = scratch + "/home"
        return ["--scratch-path", build, "--manifest-cache", "local", "--cache-path", home + "/cache",
                "--config-path", home + "/configuration", "--security-path", home + "/security"]
    }

    /// bwrap around prlimit around the tool, or the tool alone without bubblewrap. `readWrite`
    /// folders may lie inside `readOnly` ones; `protected` files inside them stay read-only.
    func toolCommand(executable: String, arguments: [String], directory: String, readOnly: [String], readWrite: [String],
                     protected: [String] = [], limits: ToolLimits = toolLimits) -> (String, [String]) {
        guard case .bubblewrap(let bwrap) = mode else { return (executable, [executable] + arguments) }
        var argv = namespaces(bwrap, hostname: "build")
        let scratch = Self.toolScratch(avoiding: readOnly + readWrite)
        argv += ["--proc", "/proc", "--dev", "/dev", "--size", String(limits.scratchSize), "--tmpfs", scratch, "--dir", scratch + "/home"]
        for folder in readOnly { argv += ["--ro-bind", folder, folder] }
        for folder in readWrite { argv += ["--bind", folder, folder] }
        for file in protected { argv += ["--ro-bind-try", file, file] }
        argv += ["--chdir", directory, "--remount-ro", "/"]
        // No higher than Primer's own hard limits, which nothing in the sandbox can raise.
        func capped(_ resource: Int32, _ wanted: Int) -> Int {
            var limit = rlimit()
            guard getrlimit(__rlimit_resource_t(resource), &limit) == 0, limit.rlim_max != rlim_t.max else { return wanted }
            return min(wanted, Int(clamping: limit.rlim_max))
        }
        argv += ["/usr/bin/prlimit", "--as=\(capped(Int32(RLIMIT_AS.rawValue), limits.memory))",
                 "--nproc=\(capped(Int32(__RLIMIT_NPROC.rawValue), limits.processes))",
                 "--nofile=\(capped(Int32(RLIMIT_NOFILE.rawValue), limits.openFiles))",
                 "--fsize=\(capped(Int32(RLIMIT_FSIZE.rawValue), limits.fileSize))", "--", executable] + arguments
        return (bwrap, argv)
    }

    /// What a tool finds in its environment: nothing of Primer's.
    static func toolEnvironment(executable: String, scratch: String, marker: String) -> [String] {
        var folders = [URL(fileURLWithPath: executable).deletingLastPathComponent().path]
        let real = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent().path
        if !folders.contains(real) { folders.append(real) }
        return ["PATH=" + (folders + ["/usr/local/bin", "/usr/bin", "/bin"]).joined(separator: ":"), "HOME=\(scratch)/home",
                "XDG_CACHE_HOME=\(scratch)/home/.cache", "TMPDIR=\(scratch)", "LANG=C.UTF-8", "TERM=dumb", marker]
    }

    /// What to do when a sandboxed build failed fetching a dependency: the network is not there.
    static func fetchSuggestion(_ output: Shell.Output, root: String) -> String? {
        let text = output.stdout + output.stderr
        guard current.isActive, ["Fetching http", "Failed to clone repository", "Could not resolve host"].contains(where: text.contains) else { return nil }
        return "the build runs without a network: put the package it depends on inside \(root) and name it by path, e.g. .package(path: \"Vendor/Name\")"
    }

    /// This sandbox, or, as root, the same run by root when `nobody` cannot reach one of `folders`.
    func reaching(_ folders: [String]) -> Sandbox {
        user == nil || folders.allSatisfy(Self.othersCanReach) ? self : Sandbox(mode: mode, user: nil, systemFolders: systemFolders)
    }

    /// As root, when `chosen` runs as root after all (`reaching`), the folders an earlier build
    /// gave to `nobody` are taken back, so root in the sandbox's user namespace can write them.
    func takeBack(_ folders: [String], for chosen: Sandbox) -> String? {
        guard chosen.isActive, user != nil, chosen.user == nil else { return nil }
        for folder in folders where primer_chown_tree(folder, Int32(bitPattern: getuid()), Int32(bitPattern: getgid())) != 0 {
            return "cannot give \(folder) back to root: \(String(cString: strerror(errno)))"
        }
        return nil
    }

    /// Whether any user can reach `folder`: every folder on its way lets others through, and it
    /// lets them read it. A folder that is not there yet counts as its parent.
    static func othersCanReach(_ folder: String) -> Bool {
        var path = URL(fileURLWithPath: folder).standardizedFileURL.path
        var info = stat()
        while stat(path, &info) != 0 {
            guard path != "/" else { return false }
            path = URL(fileURLWithPath: path).deletingLastPathComponent().path
        }
        guard info.st_mode & S_IROTH != 0 else { return false }
        while true {
            guard stat(path, &info) == 0, info.st_mode & S_IXOTH != 0 else { return false }
            if path == "/" { return true }
            path = URL(fileURLWithPath: path).deletingLastPathComponent().path
        }
    }

    /// As root, the folders a tool writes are given to the sandbox's user (`nobody`) first, with
    /// everything in them. Returns what went wrong, if anything.
    func handOver(_ folders: [String]) -> String? {
        guard isActive, let user else { return nil }
        for folder in folders where primer_chown_tree(folder, user.uid, user.gid) != 0 {
            return "cannot give \(folder) to the sandbox's user (\(user.uid)): \(String(cString: strerror(errno)))"
        }
        return nil
    }
}

extension Shell {
    /// `arguments` in the build sandbox (`Sandbox.toolCommand`), or as `run` starts them where
    /// there is no sandbox. The `readWrite` folders are made when missing and handed over to the
    /// sandbox's user, unless the caller did (`handOver` false).
    static func sandboxed(_ arguments: [String], in directory: String, readOnly: [String], readWrite: [String], protected: [String] = [],
                          timeout: Double, handOver: Bool = true, sandbox: Sandbox = .current) -> Output {
        guard sandbox.isActive else { return run(arguments, in: directory, timeout: timeout) }
        // As root, a course `nobody` cannot reach (under a 0700 /root, say) is built by root in
        // the same namespaces and mounts: what it sees and may write is the same, only the
        // process limit, which root is exempt from, no longer holds (the time limit does).
        let original = sandbox
        let sandbox = sandbox.reaching(readOnly + readWrite)
        guard let tool = arguments.first.flatMap({ $0.contains("/") ? $0 : which($0) }) else {
            return Output(status: -1, stdout: "", stderr: "cannot start \(arguments.joined(separator: " ")): \(arguments.first ?? "") is not on the PATH")
        }
        if handOver {
            for folder in readWrite { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            if let problem = sandbox.handOver(readWrite) ?? original.takeBack(readWrite, for: sandbox) {
                return Output(status: -1, stdout: "", stderr: problem)
            }
        }
        let marker = "PRIMER_TOOL_RUN=\(UUID().uuidString)"
        let (path, argv) = sandbox.toolCommand(executable: tool, arguments: Array(arguments.dropFirst()), directory: directory,
                                               readOnly: readOnly, readWrite: readWrite, protected: protected)
        let environment = Sandbox.toolEnvironment(executable: tool, scratch: Sandbox.toolScratch(avoiding: readOnly + readWrite), marker: marker)
        let result = ProcessRunner.spawn(path: path, argv: argv, environment: environment,
                                         directory: "/", stdin: nil, timeout: timeout, outputLimit: 256 << 20, errorTail: 1 << 20,
                                         user: sandbox.user, marker: marker)
        return output(of: result, arguments: arguments)
    }

    /// Holds SwiftPM's lock on a package's `.build` (the file `lockPath` names, locked with
    /// flock(2)) for a build in the sandbox, whose own SwiftPM would lock a file in its private
    /// temporary folder that no other build sees. Writes Primer's process id into `.build/.lock`, as
    /// SwiftPM does, so that another build can say who holds it.
    final class BuildLock {
        private let fd: Int32

        /// Nil when another build held the lock for all of `timeout` seconds (or it cannot be taken).
        init?(packageRoot: String, timeout: Double) {
            let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
            fd = open(Shell.lockPath(packageRoot: packageRoot), O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard fd >= 0 else { return nil }
            while flock(fd, LOCK_EX | LOCK_NB) != 0 {
                guard ContinuousClock.now < deadline else { close(fd); return nil }
                usleep(50_000)
            }
            // Not through a link that something else put there: Primer may be root.
            let path = packageRoot + "/.build/.lock"
            var info = stat()
            if lstat(path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG { unlink(path) }
            let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if file >= 0 {
                _ = String(getpid()).withCString { write(file, $0, strlen($0)) }
                close(file)
            }
        }

        deinit {
            flock(fd, LOCK_UN)
            close(fd)
        }
    }

    /// `swift <arguments>` for the package at `root`, in the build sandbox: the package read-only
    /// but for its `.build`.
    static func sandboxedSwiftPM(_ arguments: [String], root: String, timeout: Double) -> Output {
        let start = ContinuousClock.now
        let package = URL(fileURLWithPath: root).standardizedFileURL.path
        let build = package + "/.build"
        try? FileManager.default.createDirectory(atPath: build, withIntermediateDirectories: true)
        guard let lock = BuildLock(packageRoot: package, timeout: timeout) else {
            var output = Output(status: -1, stdout: "", stderr: "another build held \(build) for \(timeout.formatted()) s")
            output.timedOut = true
            output.lockHeld = true
            return output
        }
        let left = max(1, timeout - (ContinuousClock.now - start).seconds)
        let options = Sandbox.swiftPMOptions(build: build, scratch: Sandbox.toolScratch(avoiding: [package, build]))
        let output = sandboxed(["swift"] + arguments + ["--package-path", package] + options, in: package,
                               readOnly: [package], readWrite: [build], protected: [build + "/.lock"], timeout: left)
        withExtendedLifetime(lock) {}
        return output
    }
}
