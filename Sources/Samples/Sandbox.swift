import CPlatform
import CourseModel
import Foundation

/// Where a sample runs: inside bubblewrap (the sandbox Flatpak uses) when it works on this
/// machine, otherwise with limits only. In the sandbox a sample has its own user, PID, IPC,
/// UTS and network namespaces (loopback only), sees the system read-only (`/usr`, `/etc`, the
/// Swift toolchain) with a private working folder and `/tmp` (memory file systems of a fixed
/// size), a `/proc` of its own processes,
/// and nothing of the project, the cache or Primer's environment. Limits are set inside
/// (`prlimit`), so the process count is the sandbox's own, and the whole sandbox dies with the
/// run (a time limit, or Primer itself ending: `--die-with-parent`).
struct Sandbox: Sendable {
    enum Mode: Sendable, Equatable {
        case bubblewrap(String)
        /// Why there is no sandbox, said once per build.
        case unavailable(String)
    }

    let mode: Mode
    /// The user a root Primer runs samples as: root is exempt from the process limit, and a
    /// sample has no business being root.
    let user: (uid: Int32, gid: Int32)?
    /// Read-only binds besides `/usr` and `/etc`: the toolchain's libraries when they live elsewhere.
    let systemFolders: [String]
    /// How `/bin`, `/lib`… appear inside: links into `/usr` on a merged system, read-only binds
    /// of folders of their own elsewhere. Read once: the system's layout does not change.
    static let topLevelFolders: [String] = ["/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"].flatMap { top -> [String] in
        var info = stat()
        guard lstat(top, &info) == 0 else { return [] }
        if (info.st_mode & S_IFMT) == S_IFLNK, let target = try? FileManager.default.destinationOfSymbolicLink(atPath: top) {
            return ["--symlink", target, top]
        }
        return (info.st_mode & S_IFMT) == S_IFDIR ? ["--ro-bind", top, top] : []
    }

    /// Probed once per process.
    static let current: Sandbox = probe()

    static let nobody: (uid: Int32, gid: Int32) = (65534, 65534)

    static func probe() -> Sandbox {
        let user = getuid() == 0 ? nobody : nil
        var folders: [String] = []
        if let swift = Shell.which("swift"), let real = realpath(swift, nil) {
            // …/usr/bin/swift → …/usr, whose lib/swift holds the runtime the samples link.
            let usr = URL(fileURLWithPath: String(cString: real)).deletingLastPathComponent().deletingLastPathComponent().path
            free(real)
            if usr != "/usr" && !usr.hasPrefix("/usr/") { folders.append(usr) }
        }
        guard let bwrap = Shell.which("bwrap") else {
            return Sandbox(mode: .unavailable("bubblewrap (bwrap) is not installed"), user: nil, systemFolders: folders)
        }
        let candidate = Sandbox(mode: .bubblewrap(bwrap), user: user, systemFolders: folders)
        // The same sandbox a sample gets, around /bin/true.
        var settings = SampleSettings()
        settings.timeout = 20
        let outcome = ProcessRunner.run(id: SampleRunID(name: "true", locale: nil), executable: "/bin/true", settings: settings,
                                        stdin: nil, sandbox: candidate)
        if outcome.status == .exited(0) { return candidate }
        let why = outcome.errorTail.trimmingCharacters(in: .whitespacesAndNewlines)
        return Sandbox(mode: .unavailable("bubblewrap cannot make its namespaces here: " + (why.isEmpty ? outcome.status.explanation : why)),
                       user: nil, systemFolders: folders)
    }

    /// The program to start and its arguments: bwrap around prlimit around the sample, or the sample.
    /// Where a sample finds `$PRIMER_FIGURES` inside the sandbox.
    static let figuresFolder = "/figures"

    func command(executable: String, arguments: [String], home: String, figures: String? = nil, settings: SampleSettings) -> (String, [String]) {
        guard case .bubblewrap(let bwrap) = mode else { return (executable, [executable] + arguments) }
        var argv = namespaces(bwrap, hostname: "sample")
        // Its folders live in memory, of a fixed size: a sample cannot fill the disk.
        let size = String(settings.diskLimit)
        argv += ["--proc", "/proc", "--dev", "/dev", "--size", size, "--tmpfs", "/tmp", "--size", size, "--tmpfs", home, "--chdir", home]
        if let figures { argv += ["--bind", figures, Self.figuresFolder] }
        argv += ["--ro-bind", executable, executable]
        // A target's resources, copied beside the copy of its executable as SwiftPM puts them
        // (`Samples_trails.resources`), where `Bundle.module` looks for them.
        for bundle in Self.resourceBundles(beside: executable) { argv += ["--ro-bind", bundle, bundle] }
        argv += ["--remount-ro", "/"]
        argv += ["/usr/bin/prlimit", "--as=\(settings.memoryLimit)", "--nproc=\(settings.processLimit)",
                 "--nofile=\(settings.openFilesLimit)", "--fsize=\(settings.fileSizeLimit)", "--", executable] + arguments
        return (bwrap, argv)
    }

    /// The resource bundles SwiftPM built beside `executable` (`*.resources` on Linux, `*.bundle`
    /// on Apple platforms).
    static func resourceBundles(beside executable: String) -> [String] {
        let folder = (executable as NSString).deletingLastPathComponent
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".resources") || $0.hasSuffix(".bundle") }.sorted().map { folder + "/" + $0 }
    }

    /// bwrap's own namespaces and the system, read-only: what a sample and a build share.
    func namespaces(_ bwrap: String, hostname: String) -> [String] {
        var argv = [bwrap, "--unshare-user", "--unshare-pid", "--unshare-ipc", "--unshare-net", "--unshare-uts", "--unshare-cgroup-try",
                    "--die-with-parent", "--new-session", "--hostname", hostname, "--ro-bind", "/usr", "/usr"]
        argv += Self.topLevelFolders + ["--ro-bind", "/etc", "/etc"]
        for folder in systemFolders { argv += ["--ro-bind", folder, folder] }
        return argv
    }

    var isActive: Bool { if case .bubblewrap = mode { return true } else { return false } }
}
