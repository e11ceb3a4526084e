// Leaves a child behind that starts a session of its own with an empty environment.
#if canImport(Glibc)
import Glibc
#endif

let seconds = CommandLine.arguments.dropFirst().first ?? "319.5"
let arguments = ["/usr/bin/env", "-i", "/usr/bin/setsid", "-f", "/bin/sleep", seconds]
var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
var pid: pid_t = 0
guard posix_spawn(&pid, argv[0]!, nil, nil, &argv, nil) == 0 else { fatalError("posix_spawn failed") }
var status: Int32 = 0
waitpid(pid, &status, 0)
print("left a child behind")
