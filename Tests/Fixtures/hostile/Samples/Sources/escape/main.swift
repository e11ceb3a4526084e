// Tries to write outside its own folder: through its parent's root, the system folders, and
// the folders given as arguments (the test names the course's own and Primer's cache).
import Foundation

let name = "escaped-\(getpid()).txt"
var targets = ["/proc/\(getppid())/root", "/proc/1/root", "/", "/usr", "/etc"]
targets += CommandLine.arguments.dropFirst()
for folder in targets {
    let path = folder + "/" + name
    if FileManager.default.createFile(atPath: path, contents: Data("x".utf8)) { print("wrote \(path)") }
}
print("done")
