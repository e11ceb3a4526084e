import Archives
import ContentCache
import CourseModel
import Foundation

/// Ready-to-run Swift packages of samples, as reproducible zip archives: the same input gives a
/// byte-identical file (entries in a fixed order, one fixed timestamp, fixed permissions).
public enum Archiver {
    /// A file of an archive, path relative to the archive's root folder.
    public struct Entry: Sendable {
        public var path: String
        public var contents: [UInt8]
        public init(path: String, contents: [UInt8]) { self.path = path; self.contents = contents }
    }

    /// The package for `samples` (executable targets) and every target they depend on.
    public static func packageFiles(for samples: [String], in package: SamplesPackage, name: String,
                                    readme: String, expected: [String: String]) -> [Entry] {
        let targets = Set(samples.flatMap { package.closure(of: $0).map(\.name) })
        var manifest = "// swift-tools-version:6.0\n// Downloaded from the course; run with: swift run\(samples.count == 1 ? "" : " <sample>")\nimport PackageDescription\n\n"
        manifest += "let package = Package(\n    name: \"\(name)\",\n    targets: [\n"
        for target in targets.sorted().compactMap({ package.targets[$0] }) {
            let dependencies = target.dependencies.filter(targets.contains).sorted().map { "\"\($0)\"" }.joined(separator: ", ")
            let kind = switch target.kind {
            case .executable: "executableTarget"
            case .systemLibrary: "systemLibrary"
            case .library, .listingOnly: "target"
            }
            var arguments = "name: " + swiftStringLiteral(target.name)
            if !dependencies.isEmpty { arguments += ", dependencies: [\(dependencies)]" }
            if target.folder != "Sources/\(target.name)" { arguments += ", path: " + swiftStringLiteral(target.folder) }
            if let system = target.system { arguments += system.declaration }
            if !target.resources.isEmpty { arguments += ", resources: [\(target.resources.map(\.declaration).joined(separator: ", "))]" }
            manifest += "        .\(kind)(\(arguments)),\n"
        }
        manifest += "    ],\n    swiftLanguageModes: [.v6]\n)\n"
        var entries = [Entry(path: "Package.swift", contents: Array(manifest.utf8)), Entry(path: "README.md", contents: Array(readme.utf8))]
        for target in targets.sorted().compactMap({ package.targets[$0] }) {
            for file in target.files + target.resourceFiles { entries.append(Entry(path: file.path, contents: Array(file.text.utf8))) }
        }
        for (file, text) in expected.sorted(by: { $0.key < $1.key }) {
            entries.append(Entry(path: "Outputs/\(file)", contents: Array(text.utf8)))
        }
        return entries
    }

    /// The zip file: a root folder named `folder` holding the entries, sorted.
    public static func zip(_ entries: [Entry], folder: String) throws -> [UInt8] {
        let zip = try ReproducibleZip()
        var folders = Set<String>()
        for entry in entries.sorted(by: { $0.path < $1.path }) {
            let path = folder + "/" + entry.path
            var parent = (path as NSString).deletingLastPathComponent
            var missing: [String] = []
            while !parent.isEmpty && !folders.contains(parent) { missing.append(parent); parent = (parent as NSString).deletingLastPathComponent }
            for directory in missing.reversed() {
                folders.insert(directory)
                try zip.addFolder(directory)
            }
            try zip.addFile(path, entry.contents)
        }
        return zip.bytes
    }

    /// The key an archive of `entries` in `folder` is cached by.
    public static func key(_ entries: [Entry], folder: String) -> ContentKey {
        var key = ContentKey("zip-v2")
        key.add(folder)
        for entry in entries { key.add(entry.path); key.add(entry.contents) }
        return key
    }
}
