import CourseModel
import Foundation

/// What an importer made of a book: the files of a Primer project, each named by its path
/// relative to the project's folder (`Content/course.yml`), and what could not be converted.
public struct ImportResult: Sendable {
    /// Files to write: relative path → bytes.
    public var files: [String: Data] = [:]
    /// Files to copy: relative path → the path of the book's file.
    public var copies: [String: String] = [:]
    public var diagnostics: [Diagnostic] = []
    /// What `primer import docc` made of the book's `swifttest` blocks, nil when it has none.
    public var swiftTests: SwiftTestTally?

    public init() {}

    /// An import that stops before making anything, for what `diagnostics` say.
    init(failure diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    public var succeeded: Bool { !diagnostics.hasErrors }
    /// Every path the import writes, sorted.
    public var paths: [String] { (Array(files.keys) + Array(copies.keys)).sorted() }

    /// The text of a file to write (for tests and messages).
    public func text(_ path: String) -> String? { files[path].map { String(decoding: $0, as: UTF8.self) } }
}

/// Writes an import into a folder, never over anything that is there.
public enum ImportWriter {
    /// The paths `result` would write that exist already in `folder` (as anything: a file, a
    /// folder, a link), or that cannot be made because one of their folders is a file.
    public static func conflicts(_ result: ImportResult, in folder: String) -> [String] {
        var found = Set<String>()
        for path in result.paths {
            var prefix = ""
            let components = path.split(separator: "/")
            for (index, component) in components.enumerated() {
                prefix += (prefix.isEmpty ? "" : "/") + component
                let full = join(folder, prefix)
                guard let type = (try? FileManager.default.attributesOfItem(atPath: full))?[.type] as? FileAttributeType else { break }
                if index == components.count - 1 || type != .typeDirectory {
                    found.insert(prefix)
                    break
                }
            }
        }
        return found.sorted()
    }

    /// Writes every file of `result` into `folder` (made when missing). When any of them exists,
    /// writes nothing and returns one error per file in the way.
    public static func write(_ result: ImportResult, to folder: String) -> [Diagnostic] {
        let existing = conflicts(result, in: folder)
        if !existing.isEmpty {
            return existing.map {
                .error(.importOverwrite, "this file exists, and the import writes nothing over existing files",
                       at: SourceLocation(path: display(folder, $0)),
                       suggestion: "import into a new or empty folder with --output, or move the file away")
            }
        }
        let manager = FileManager.default
        for path in result.paths {
            let target = join(folder, path)
            do {
                try manager.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                let data: Data
                if let bytes = result.files[path] {
                    data = bytes
                } else {
                    data = try Data(contentsOf: URL(fileURLWithPath: result.copies[path]!))
                }
                try data.write(to: URL(fileURLWithPath: target), options: .withoutOverwriting)
            } catch {
                return [.error(.importWrite, "cannot write \(display(folder, path)): \(error.localizedDescription)",
                               at: SourceLocation(path: display(folder, path)),
                               suggestion: "check that the folder is writable and has room")]
            }
        }
        return []
    }

    /// `folder/path`, or `path` alone for the current folder.
    public static func display(_ folder: String, _ path: String) -> String {
        folder == "." || folder.isEmpty ? path : join(folder, path)
    }

    static func join(_ folder: String, _ path: String) -> String {
        folder.hasSuffix("/") ? folder + path : folder + "/" + path
    }
}
