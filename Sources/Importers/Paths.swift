import CourseModel
import Foundation

/// Paths of the book's files, worked out lexically (`a/b/../c` → `a/c`), as the book names them.
enum Paths {
    static func normalize(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." || part.isEmpty { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part == "..", absolute {
                continue
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    static func join(_ folder: String, _ path: String) -> String {
        if path.hasPrefix("/") { return normalize(path) }
        return normalize(folder.isEmpty ? path : folder + "/" + path)
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func name(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// `path` relative to `folder` when it is inside it.
    static func relative(_ path: String, to folder: String) -> String? {
        if folder == "." { return path.hasPrefix("/") || path.hasPrefix("../") ? nil : path }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }

    /// Whether a link destination names a place outside the book (`https:`, `mailto:`, `//host`).
    static func isExternal(_ destination: String) -> Bool {
        if destination.hasPrefix("//") { return true }
        guard let colon = destination.firstIndex(of: ":") else { return false }
        let scheme = destination[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) }
    }

    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "svg", "webp", "avif"]

    /// A file's text, or an error at its path. Only a regular file is read (a pipe or a device
    /// would never end).
    static func read(_ path: String, display: String) -> Result<String, Diagnostic> {
        guard BookFiles.regularFileSize(path) != nil, let data = FileManager.default.contents(atPath: path) else {
            return .failure(.error(.importInput, "cannot read \(display)", at: SourceLocation(path: display)))
        }
        guard var text = String(validatingUTF8Data: data) else {
            return .failure(.error(.importInput, "\(display) is not UTF-8 text", at: SourceLocation(path: display),
                                   suggestion: "save the file as UTF-8"))
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        return .success(text)
    }

    static func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }
}

extension String {
    init?(validatingUTF8Data data: Data) {
        guard let text = String(data: data, encoding: .utf8) else { return nil }
        self = text
    }
}
