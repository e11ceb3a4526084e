#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Listing a folder tree with readdir: FileManager's enumerator looks up every file's owner
/// and group (reading /etc/passwd and /etc/group each time), which cost a quarter of a second
/// per listing of a 1,000-page site.
public enum FileTree {
    /// Regular files under `root`, as paths relative to it, sorted. `hidden: false` skips names
    /// starting with a dot, and what is inside such folders. `linkedFiles: true` also lists
    /// symbolic links to regular files (links to folders are never entered).
    public static func regularFiles(under root: String, hidden: Bool = true, linkedFiles: Bool = false) -> [String] {
        var found = Found()
        walk(root, relative: "", hidden: hidden, linkedFiles: linkedFiles, into: &found)
        return found.files.sorted()
    }

    /// Both lists of one walk: the regular files (as `regularFiles`) and every symbolic link
    /// (to anything; folders behind links are not entered), relative and sorted.
    public static func scan(under root: String, hidden: Bool = true, linkedFiles: Bool = false) -> (files: [String], links: [String]) {
        var found = Found()
        walk(root, relative: "", hidden: hidden, linkedFiles: linkedFiles, into: &found)
        return (found.files.sorted(), found.links.sorted())
    }

    private struct Found {
        var files: [String] = []
        var links: [String] = []
    }

    private static func walk(_ folder: String, relative: String, hidden: Bool, linkedFiles: Bool, into found: inout Found) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." || (!hidden && name.hasPrefix(".")) { continue }
            let path = folder + "/" + name
            let child = relative.isEmpty ? name : relative + "/" + name
            var type = entry.pointee.d_type
            if type == UInt8(DT_UNKNOWN) {
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                let mode = info.st_mode & S_IFMT
                type = mode == S_IFDIR ? UInt8(DT_DIR) : mode == S_IFREG ? UInt8(DT_REG) : mode == S_IFLNK ? UInt8(DT_LNK) : 0
            }
            if type == UInt8(DT_LNK) {
                found.links.append(child)
                var info = stat()
                if linkedFiles, stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { found.files.append(child) }
            } else if type == UInt8(DT_DIR) {
                walk(path, relative: child, hidden: hidden, linkedFiles: linkedFiles, into: &found)
            } else if type == UInt8(DT_REG) {
                found.files.append(child)
            }
        }
    }
}
