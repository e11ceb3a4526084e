#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Scratch folders that carry the id of the process that made them (`<prefix>-<pid>-XXXXXX`),
/// so a later Primer can tell the leftovers of a killed one from the folders of one still running.
public enum Scratch {
    /// A new, empty folder `<parent>/<prefix>-<pid>-XXXXXX` (mode 0700), or nil with errno set.
    public static func make(_ prefix: String, in parent: String = FileManager.default.temporaryDirectory.path) -> String? {
        var template = Array((parent + "/" + prefix + "-\(getpid())-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { return nil }
        return String(cString: made)
    }

    /// Removes the folders `<prefix>-<pid>-*` (or, with `exact`, `<prefix>-<pid>`) in `parent`
    /// whose process has ended. `isOurs` may look inside before anything is removed.
    /// Returns how many were removed.
    @discardableResult
    public static func removeStale(_ prefix: String, in parent: String = FileManager.default.temporaryDirectory.path,
                                   exact: Bool = false, isOurs: (String) -> Bool = { _ in true }) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent) else { return 0 }
        var removed = 0
        for name in names where name.hasPrefix(prefix + "-") {
            let rest = name.dropFirst(prefix.count + 1)
            let digits = rest.prefix(while: \.isNumber)
            guard let pid = Int32(digits), pid > 0 else { continue }
            let tail = rest.dropFirst(digits.count)
            guard exact ? tail.isEmpty : tail.hasPrefix("-") else { continue }
            guard !isRunning(pid) else { continue }
            let path = parent + "/" + name
            guard isOurs(path) else { continue }
            if (try? FileManager.default.removeItem(atPath: path)) != nil { removed += 1 }
        }
        return removed
    }

    /// Whether a process with this id exists (ours or anyone's: a process we may not signal is alive).
    public static func isRunning(_ pid: Int32) -> Bool {
        if pid == getpid() { return true }
        return kill(pid, 0) == 0 || errno == EPERM
    }
}
