import CPlatform
import CourseModel
import Foundation
import Synchronization

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

    /// Writes `files` as the whole site (see `StagedSite`).
    public static func write(_ files: [SiteFile], to output: String, regenerated: [String] = [], protecting: [String] = [],
                             beforeSwap: ((_ staging: String) -> Void)? = nil) throws(DiagnosticsError) -> Report {
        let site = try StagedSite(output: output, regenerated: regenerated, protecting: protecting)
        for file in files { site.add(file) }
        return try site.commit(beforeSwap: beforeSwap)
    }

    /// Plain open/write/close: the file is new in the staging folder, so nothing fancier is needed.
    static func writeFile(_ buffer: UnsafeBufferPointer<UInt8>, to path: String) throws {
        let fd = try create(path)
        defer { close(fd) }
        try write(buffer, to: fd, path: path)
    }

    static func writeFile(chunks: [Chunk], to path: String) throws {
        let fd = try create(path)
        defer { close(fd) }
        for chunk in chunks {
            switch chunk {
            case .bytes(let bytes): try bytes.withUnsafeBufferPointer { try write($0, to: fd, path: path) }
            case .spilled(let spill, let offset, let count):
                guard spill.copy(offset: offset, count: count, to: fd) else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
            }
        }
    }

    static func create(_ path: String) throws -> Int32 {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path]) }
        return fd
    }

    static func write(_ buffer: UnsafeBufferPointer<UInt8>, to fd: Int32, path: String) throws {
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

    static func equal(_ data: Data, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        data.count == bytes.count && data.withUnsafeBytes { raw in
            bytes.isEmpty || memcmp(raw.baseAddress!, bytes.baseAddress!, bytes.count) == 0
        }
    }

    static func sameContents(_ file: SiteFile, at path: String) -> Bool {
        // The size first: most changed pages differ in it, and a stat reads nothing.
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        switch file.contents {
        case .text(let text): guard Int(info.st_size) == text.utf8.count else { return false }
        case .bytes(let bytes): guard Int(info.st_size) == bytes.count else { return false }
        case .chunks(let chunks): guard Int(info.st_size) == chunks.reduce(0, { $0 + $1.count }) else { return false }
        case .copy: break
        }
        guard let current = FileManager.default.contents(atPath: path) else { return false }
        switch file.contents {
        case .text(var text):
            return current.count == text.utf8.count && text.withUTF8 { equal(current, $0) }
        case .bytes(let bytes):
            return current.count == bytes.count && bytes.withUnsafeBufferPointer { equal(current, $0) }
        case .chunks(let chunks):
            guard current.count == chunks.reduce(0, { $0 + $1.count }) else { return false }
            var offset = current.startIndex
            for chunk in chunks {
                let bytes = chunk.bytes
                guard bytes.count == chunk.count, current[offset..<(offset + chunk.count)].elementsEqual(bytes) else { return false }
                offset += chunk.count
            }
            return true
        case .copy(let source):
            guard let data = FileManager.default.contents(atPath: source) else { return false }
            return data == current
        }
    }
}

/// A site being written: files go into the staging folder as they are made (from any thread),
/// so the render stage can hand each page over and forget it; `commit` swaps the staging
/// folder in, or throws it away if a file could not be written.
public final class StagedSite: Sendable {
    /// The output folder as it was given (for messages), and standardized.
    let output: String
    let outputPath: String
    let stagingPath: String
    let oldPath: String
    /// The current site's files (minus the regenerated folders), to link unchanged ones and find stale ones.
    public let existing: Set<String>
    let regenerated: [String]

    struct State {
        var folders: Set<String> = [""]
        var written = 0
        /// Files whose current version is already right.
        var unchanged: [String] = []
        var paths = Set<String>()
        var failure: String?
    }
    let state = Mutex(State())

    /// Refuses (before touching anything) an output that is not safe to replace: see `OutputFolder`.
    /// `protecting` names the folders the build reads, which the output may not be, hold or sit in.
    public init(output: String, regenerated: [String] = [], protecting: [String] = []) throws(DiagnosticsError) {
        let problems = OutputFolder.problems(output, protecting: protecting)
        if !problems.isEmpty { throw DiagnosticsError(problems) }
        let outputURL = URL(fileURLWithPath: output).standardizedFileURL
        let parent = outputURL.deletingLastPathComponent()
        let name = outputURL.lastPathComponent
        self.output = output
        outputPath = outputURL.path
        stagingPath = parent.appendingPathComponent(".\(name)-staging-\(getpid())").path
        oldPath = parent.appendingPathComponent(".\(name)-old-\(getpid())").path
        self.regenerated = regenerated
        if FileManager.default.fileExists(atPath: outputPath) {
            existing = Set(FileTree.regularFiles(under: outputPath).filter { path in
                path != OutputFolder.markerName && !regenerated.contains { path.hasPrefix($0) }
            })
        } else {
            existing = []
        }
        // What an interrupted build of this process, or a killed one of another, left beside the site.
        try? FileManager.default.removeItem(atPath: stagingPath)
        try? FileManager.default.removeItem(atPath: oldPath)
        for kind in ["staging", "old"] {
            Scratch.removeStale(".\(name)-\(kind)", in: parent.path, exact: true, isOurs: OutputFolder.isOurs)
        }
        do {
            try FileManager.default.createDirectory(atPath: stagingPath, withIntermediateDirectories: true)
            try Data(OutputFolder.markerText.utf8).write(to: URL(fileURLWithPath: stagingPath + "/" + OutputFolder.markerName))
        } catch {
            try? FileManager.default.removeItem(atPath: stagingPath)
            throw Self.failed(output, "\(error.localizedDescription)")
        }
    }

    static func failed(_ output: String, _ reason: String) -> DiagnosticsError {
        DiagnosticsError([.error(.siteWrite, "cannot write the site: \(reason)", at: SourceLocation(path: output),
                                 suggestion: "check that the folder is writable; the previous site was left as it was")])
    }

    /// Puts one file into the staging folder, or notes that the current site's file already has
    /// its contents (it is hard-linked into the staging folder by `commit`, and only if the site
    /// changes at all). A failure is reported by `commit`.
    public func add(_ file: SiteFile) {
        guard state.withLock({ $0.paths.insert(file.path).inserted }) else {
            state.withLock { state in
                if state.failure == nil { state.failure = "\(file.path) is made twice (two pages with one name)" }
            }
            return
        }
        if existing.contains(file.path) && SiteWriter.sameContents(file, at: outputPath + "/" + file.path) {
            state.withLock { $0.unchanged.append(file.path) }
            return
        }
        do {
            try makeFolder(for: file.path)
            let target = stagingPath + "/" + file.path
            switch file.contents {
            case .text(var text): try text.withUTF8 { try SiteWriter.writeFile($0, to: target) }
            case .bytes(let bytes): try bytes.withUnsafeBufferPointer { try SiteWriter.writeFile($0, to: target) }
            case .chunks(let chunks): try SiteWriter.writeFile(chunks: chunks, to: target)
            // The file a link leads to, never the link: a static host would follow it.
            case .copy(let source): try FileManager.default.copyItem(atPath: URL(fileURLWithPath: source).resolvingSymlinksInPath().path, toPath: target)
            }
            state.withLock { $0.written += 1 }
        } catch {
            fail("\(file.path): \(error.localizedDescription)")
        }
    }

    /// Keeps the current site's file at `path` as it is (hard-linked into the new site by
    /// `commit`): the command line's incremental build knows the build would make it the same.
    public func keep(_ path: String) {
        guard existing.contains(path) else { return fail("\(path) was to be kept but is not in the current site") }
        state.withLock { state in
            if state.paths.insert(path).inserted {
                state.unchanged.append(path)
            } else if state.failure == nil {
                state.failure = "\(path) is made twice (two pages with one name)"
            }
        }
    }

    func makeFolder(for path: String) throws {
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
        guard !state.withLock({ $0.folders.contains(folder) }) else { return }
        try FileManager.default.createDirectory(atPath: stagingPath + "/" + folder, withIntermediateDirectories: true)
        state.withLock { _ = $0.folders.insert(folder) }
    }

    func fail(_ reason: String) {
        state.withLock { state in
            if state.failure == nil { state.failure = reason }
        }
    }

    /// Swaps the staging folder in (after `beforeSwap` ran on it), unless nothing changed.
    /// On failure the staging folder is removed and the current site stays as it was.
    public func commit(beforeSwap: ((_ staging: String) -> Void)? = nil) throws(DiagnosticsError) -> SiteWriter.Report {
        let fm = FileManager.default
        var (written, unchanged, paths, failure) = state.withLock { ($0.written, $0.unchanged, $0.paths, $0.failure) }
        let stale = existing.subtracting(paths)
        let regeneratedPresent = regenerated.allSatisfy { fm.fileExists(atPath: outputPath + "/" + $0) }
        let marked = fm.fileExists(atPath: outputPath + "/" + OutputFolder.markerName)
        if failure == nil && written == 0 && stale.isEmpty && marked && regeneratedPresent {
            abandon()
            return .init(written: 0, unchanged: unchanged.count, removed: 0, swapped: false)
        }
        // The site changes: its unchanged files join the new one as hard links.
        if failure == nil {
            _ = parallelMap(unchanged) { [self] path in
                do {
                    try makeFolder(for: path)
                    try FileManager.default.linkItem(atPath: outputPath + "/" + path, toPath: stagingPath + "/" + path)
                } catch {
                    fail("\(path): \(error.localizedDescription)")
                }
            }
            failure = state.withLock { $0.failure }
        }
        if let failure {
            abandon()
            throw Self.failed(output, failure)
        }
        do {
            beforeSwap?(stagingPath)
            if fm.fileExists(atPath: outputPath) {
                // Once swapped, the new site is in place: failing to remove the previous one is no
                // reason to report the build as failed.
                if primer_exchange_paths(stagingPath, outputPath) == 0 {
                    try? fm.removeItem(atPath: stagingPath)  // now holds the previous site
                } else {
                    // No atomic exchange on this system: two renames, a moment apart.
                    try fm.moveItem(atPath: outputPath, toPath: oldPath)
                    try fm.moveItem(atPath: stagingPath, toPath: outputPath)
                    try? fm.removeItem(atPath: oldPath)
                }
            } else {
                try fm.moveItem(atPath: stagingPath, toPath: outputPath)
            }
        } catch {
            abandon()
            throw Self.failed(output, error.localizedDescription)
        }
        return .init(written: written, unchanged: unchanged.count, removed: stale.count, swapped: true)
    }

    /// Removes the staging folder (a build that failed after it began writing).
    public func abandon() { try? FileManager.default.removeItem(atPath: stagingPath) }
}
