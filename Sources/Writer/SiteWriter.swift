import CPlatform
import CourseModel
import Foundation

/// The write stage: puts the site on disk atomically. The new site is assembled in a
/// staging folder beside the output (unchanged files are hard-linked, not rewritten) and
/// swapped in with one rename, so a failed build never leaves a half-written site.
public enum SiteWriter {
    public struct Report: Sendable, Equatable {
        public var written: Int
        public var unchanged: Int
        public var removed: Int
        public var swapped: Bool
        public init(written: Int, unchanged: Int, removed: Int, swapped: Bool) {
            self.written = written; self.unchanged = unchanged; self.removed = removed; self.swapped = swapped
        }
    }

    /// - Parameters:
    ///   - regenerated: folders (`"pagefind/"`) that `beforeSwap` makes anew whenever the site
    ///     changes; their files in the current site are neither kept nor counted as stale.
    ///   - beforeSwap: runs on the staging folder once every file is in place, before the swap.
    public static func write(_ files: [SiteFile], to output: String, regenerated: [String] = [],
                             beforeSwap: ((_ staging: String) -> Void)? = nil) throws(DiagnosticsError) -> Report {
        let fm = FileManager.default
        let outputURL = URL(fileURLWithPath: output).standardizedFileURL
        let parent = outputURL.deletingLastPathComponent()
        let name = outputURL.lastPathComponent

        // What differs from what is there now?
        var existing = Set<String>()
        if fm.fileExists(atPath: outputURL.path) {
            existing = Set(allFiles(under: outputURL.path).filter { path in !regenerated.contains { path.hasPrefix($0) } })
        }
        let outputPath = outputURL.path
        let same = parallelMap(files) { [existing] file in
            existing.contains(file.path) && sameContents(file, at: outputPath + "/" + file.path)
        }
        let changed = zip(files, same).filter { !$0.1 }.map(\.0)
        let unchanged = zip(files, same).filter { $0.1 }.map(\.0.path)
        let wanted = Set(files.map(\.path))
        let stale = existing.subtracting(wanted)
        let regeneratedPresent = regenerated.allSatisfy { fm.fileExists(atPath: outputURL.path + "/" + $0) }
        if changed.isEmpty && stale.isEmpty && fm.fileExists(atPath: outputURL.path) && regeneratedPresent {
            return Report(written: 0, unchanged: unchanged.count, removed: 0, swapped: false)
        }

        let staging = parent.appendingPathComponent(".\(name)-staging-\(ProcessInfo.processInfo.processIdentifier)")
        let old = parent.appendingPathComponent(".\(name)-old-\(ProcessInfo.processInfo.processIdentifier)")
        try? fm.removeItem(at: staging)
        try? fm.removeItem(at: old)
        do {
            try fm.createDirectory(at: staging, withIntermediateDirectories: true)
            var folders = Set<String>()
            func prepare(_ path: String) throws {
                let folder = (path as NSString).deletingLastPathComponent
                if !folder.isEmpty, folders.insert(folder).inserted {
                    try fm.createDirectory(at: staging.appendingPathComponent(folder), withIntermediateDirectories: true)
                }
            }
            for path in unchanged {
                try prepare(path)
                try fm.linkItem(at: outputURL.appendingPathComponent(path), to: staging.appendingPathComponent(path))
            }
            for file in changed { try prepare(file.path) }
            let failures = changed.map { file -> String? in
                let target = staging.appendingPathComponent(file.path)
                do {
                    switch file.contents {
                    case .text(var text): try text.withUTF8 { try writeFile($0, to: target.path) }
                    case .bytes(let bytes): try bytes.withUnsafeBufferPointer { try writeFile($0, to: target.path) }
                    case .copy(let source): try FileManager.default.copyItem(at: URL(fileURLWithPath: source), to: target)
                    }
                    return nil
                } catch {
                    return "\(file.path): \(error.localizedDescription)"
                }
            }
            if let failure = failures.compactMap({ $0 }).first {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: failure])
            }
            beforeSwap?(staging.path)
            if fm.fileExists(atPath: outputURL.path) {
                if primer_exchange_paths(staging.path, outputURL.path) == 0 {
                    try fm.removeItem(at: staging)  // now holds the previous site
                } else {
                    // No atomic exchange on this system: two renames, a moment apart.
                    try fm.moveItem(at: outputURL, to: old)
                    try fm.moveItem(at: staging, to: outputURL)
                    try fm.removeItem(at: old)
                }
            } else {
                try fm.moveItem(at: staging, to: outputURL)
            }
        } catch {
            try? fm.removeItem(at: staging)
            throw DiagnosticsError([.error("cannot write the site: \(error.localizedDescription)",
                                           at: SourceLocation(path: output),
                                           suggestion: "check that the folder is writable; the previous site was left as it was")])
        }
        return Report(written: changed.count, unchanged: unchanged.count, removed: stale.count, swapped: true)
    }

    /// Plain open/write/close: the file is new in the staging folder, so nothing fancier is needed.
    static func writeFile(_ buffer: UnsafeBufferPointer<UInt8>, to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path]) }
        defer { close(fd) }
        var offset = 0
        while offset < buffer.count {
            let n = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
            }
            offset += n
        }
    }

    static func sameContents(_ file: SiteFile, at path: String) -> Bool {
        guard let current = FileManager.default.contents(atPath: path) else { return false }
        switch file.contents {
        case .text(let text):
            return current.count == text.utf8.count && current == Data(text.utf8)
        case .bytes(let bytes):
            return current.count == bytes.count && current == Data(bytes)
        case .copy(let source):
            guard let data = FileManager.default.contents(atPath: source) else { return false }
            return data == current
        }
    }

    static func allFiles(under folder: String) -> [String] { FileTree.regularFiles(under: folder) }
}
