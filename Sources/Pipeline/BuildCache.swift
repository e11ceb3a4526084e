import ContentCache
import CourseModel
import Foundation

/// Skips a build when nothing it reads has changed since the last successful one and the
/// site on disk is still exactly what that build wrote — the way make compares timestamps.
/// The fingerprint covers every file under the content and templates folders (path, size,
/// modification time), the primer executable itself and the build options.
struct BuildCache {
    struct Manifest: Equatable {
        var fingerprint: String
        var pages: Int
        var warnings: [Diagnostic]
        /// Site files as written: path → "size:mtime".
        var files: [String: String]
    }

    let manifestURL: URL
    let outputPath: String
    /// `.primer-cache` beside the output: also home to the samples' outcomes.
    let folder: String

    init(output: String) {
        let url = URL(fileURLWithPath: output).standardizedFileURL
        outputPath = url.path
        folder = url.deletingLastPathComponent().appendingPathComponent(".primer-cache").path
        manifestURL = URL(fileURLWithPath: folder).appendingPathComponent("build-\(url.lastPathComponent).manifest")
    }

    static func fingerprint(_ options: Build.Options) -> String { fingerprint(inputs(options), excluding: []) }

    /// What the fingerprint is made of: the build's settings and tools, and every input file
    /// (`root/relative` → "size:mtime"), walked once per build.
    struct Inputs {
        var header: String
        var files: [(root: String, path: String, stamp: String)]
        var stamps: [String: String]
    }

    static func inputs(_ options: Build.Options) -> Inputs {
        var header = "primer-build-1\0\(options.locale ?? "*")\0"
        // What the command line asks for: a build without the editions or the index is another site.
        if case .site(let search, _) = options.product {
            header += "search:\(search) editions:\(options.editions) formats:" + options.formats.map(\.name).joined(separator: ",")
        }
        header += stamp("/proc/self/exe") ?? CommandLine.arguments[0]
        // The Swift toolchain that builds the samples.
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let swift = URL(fileURLWithPath: String(folder) + "/swift").resolvingSymlinksInPath().path
            if let found = stamp(swift) { header += swift + found; break }
        }
        var files: [(root: String, path: String, stamp: String)] = []
        var stamps: [String: String] = [:]
        for root in [options.content, options.templates] {
            let prefix = root.hasSuffix("/") ? root : root + "/"
            for path in Self.files(under: root) {
                let found = stamp(root + "/" + path) ?? "missing"
                files.append((root, path, found))
                stamps[prefix + path] = found
            }
        }
        return Inputs(header: header, files: files, stamps: stamps)
    }

    /// The fingerprint without the files in `excluded` (paths as `root/relative`): the page
    /// cache's key for everything but the chapters, which it compares by their text.
    static func fingerprint(_ inputs: Inputs, excluding excluded: Set<String>) -> String {
        var hasher = ContentKey("build-fingerprint-v1")
        hasher.add(inputs.header)
        var root: String?
        for file in inputs.files {
            if file.root != root {
                root = file.root
                hasher.add("\0root:\(file.root)\0")
            }
            let prefix = file.root.hasSuffix("/") ? file.root : file.root + "/"
            guard excluded.isEmpty || !excluded.contains(prefix + file.path) else { continue }
            hasher.add(file.path)
            hasher.add(file.stamp)
        }
        return hasher.hex
    }

    /// The last build's manifest as saved (whether the site still matches it is `siteIsAsWritten`).
    func lastManifest() -> Manifest? {
        guard let data = FileManager.default.contents(atPath: manifestURL.path) else { return nil }
        return Self.decode([UInt8](data))
    }

    /// Whether the site on disk is still exactly what the build of `manifest` wrote.
    func siteIsAsWritten(by manifest: Manifest) -> Bool {
        let present = Self.files(under: outputPath)
        guard present.count == manifest.files.count else { return false }
        return present.allSatisfy { manifest.files[$0] == Self.stamp(outputPath + "/" + $0) }
    }

    func save(fingerprint: String, pages: Int, warnings: [Diagnostic]) {
        var files: [String: String] = [:]
        for path in Self.files(under: outputPath) { files[path] = Self.stamp(outputPath + "/" + path) }
        let manifest = Manifest(fingerprint: fingerprint, pages: pages, warnings: warnings, files: files)
        do {
            try FileManager.default.createDirectory(at: manifestURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            // Written from the encoded bytes, not a copy of them (50,000 warnings are 16 MB).
            var encoded = Self.encode(manifest)
            try encoded.withUnsafeMutableBytes { bytes in
                try Data(bytesNoCopy: bytes.baseAddress!, count: bytes.count, deallocator: .none).write(to: manifestURL, options: .atomic)
            }
        } catch {
            // The cache only saves time; a build without it is still right.
        }
    }

    static let format = "primer-build-manifest-2"

    static func encode(_ manifest: Manifest) -> [UInt8] {
        var writer = Fields.Writer()
        writer.record(format)
        writer.record("fingerprint"); writer.add(manifest.fingerprint)
        writer.record("pages"); writer.add(manifest.pages)
        for (path, stamp) in manifest.files.sorted(by: { $0.key < $1.key }) { writer.record("file"); writer.add(path); writer.add(stamp) }
        for warning in manifest.warnings {
            writer.record("warning")
            Fields.write(warning, into: &writer)
        }
        return writer.encoded
    }

    static func decode(_ bytes: [UInt8]) -> Manifest? {
        let records = Fields.decode(bytes)
        guard records.first == [format] else { return nil }
        var manifest = Manifest(fingerprint: "", pages: -1, warnings: [], files: [:])
        for record in records.dropFirst() {
            switch (record.first, record.count) {
            case ("fingerprint", 2): manifest.fingerprint = record[1]
            case ("pages", 2): manifest.pages = Int(record[1]) ?? -1
            case ("file", 3): manifest.files[record[1]] = record[2]
            case ("warning", _):
                var reader = Fields.Reader(record)
                guard let warning = Fields.readDiagnostic(&reader), reader.atEnd else { return nil }
                manifest.warnings.append(warning)
            default: return nil
            }
        }
        return manifest.fingerprint.isEmpty || manifest.pages < 0 ? nil : manifest
    }

    func invalidate() { try? FileManager.default.removeItem(at: manifestURL) }

    /// "size:mtime-in-nanoseconds", or nil when the file does not exist.
    static func stamp(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return "\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }

    /// Regular files and links to them under `root`, relative and sorted (a link's stamp is its
    /// file's); hidden files and folders are skipped.
    static func files(under root: String) -> [String] { FileTree.regularFiles(under: root, hidden: false, linkedFiles: true) }
}
