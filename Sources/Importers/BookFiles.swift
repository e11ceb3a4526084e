import CourseModel
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The fence around what an importer reads: every file a book names (a chapter, an include, a
/// picture, book.toml's `src`) is followed to its real path, symbolic links and `..` resolved,
/// and is read only when that path is inside the book's folder. What an imported book names
/// elsewhere (`../../x`, `/etc/passwd`, `/proc/self/environ`, a link out) is never read.
struct BookFiles {
    /// The book's folder as the user named it (paths in messages start with it).
    let root: String
    /// "book" or "catalog", for messages.
    let noun: String
    /// The folder's real path; nil when it has none (then nothing is inside).
    let realRoot: String?
    /// The folder as an absolute path, worked out lexically, for absolute paths the book names.
    private let absoluteRoot: String

    init(root: String, noun: String) {
        self.root = root
        self.noun = noun
        realRoot = Self.realPath(root)
        absoluteRoot = root.hasPrefix("/") ? root : Paths.join(FileManager.default.currentDirectoryPath, root)
    }

    /// Where a path (relative to the current folder, as `Paths.join` makes them) leads.
    enum Place: Equatable {
        /// Inside the book: the file's real path.
        case inside(String)
        /// Outside the book: its real path when a symbolic link leads there, nil when the path itself is.
        case outside(String?)
        /// Nothing is there (or a link leads to nothing).
        case missing
    }

    func place(of path: String) -> Place {
        let lexicallyInside = Paths.relative(path, to: root) != nil || path == root
            || (path.hasPrefix("/") && (path == absoluteRoot || Paths.relative(path, to: absoluteRoot) != nil))
        guard lexicallyInside else { return .outside(nil) }
        guard let real = Self.realPath(path) else { return .missing }
        return contains(real) ? .inside(real) : .outside(real)
    }

    func contains(_ real: String) -> Bool {
        guard let realRoot else { return false }
        return real == realRoot || real.hasPrefix(realRoot == "/" ? "/" : realRoot + "/")
    }

    /// Why a path is not read: it is outside the book, or a symbolic link leads out of it (to `real`).
    func outside(_ real: String?) -> String {
        real.map { "a symbolic link leads out of the \(noun), to \($0)" } ?? "it is outside the \(noun)"
    }

    var suggestion: String { "copy the file into the \(noun)'s folder: an import reads nothing outside it" }

    /// The warning (an error with `error`) for a path the book names that leads out of it.
    func diagnostic(_ what: String, _ real: String?, at place: SourceLocation?, error: Bool = false) -> Diagnostic {
        let message = "\(what): \(outside(real)); it is not read"
        return error ? .error(.importOutside, message, at: place, suggestion: suggestion)
            : .warning(.importOutside, message, at: place, suggestion: suggestion)
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The size of a regular file, nil for anything else (a folder, a pipe, a device).
    static func regularFileSize(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }
}
