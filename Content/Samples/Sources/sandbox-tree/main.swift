// sandbox-tree — models an iOS app's data container in a temporary folder:
// Documents, Library (Application Support, Caches, Preferences) and tmp, with
// invented files in each. It lists the tree with FileManager's enumerator,
// marks what the backup keeps and what the system may purge, and draws the
// same tree as a figure (Figure.swift). Paths are printed relative to the
// container, so the output does not depend on where the folder was made.
import Foundation

/// What happens to a file in a given place of the container.
enum Policy: String { case backedUp = "backed up", purgeable = "purgeable" }

/// Caches and tmp hold data the app can re-create; everything else is kept.
func policy(of path: String) -> Policy {
    path.hasPrefix("Library/Caches") || path.hasPrefix("tmp") ? .purgeable : .backedUp
}

/// The invented files: what a hiking app might keep, and where.
let files: [(path: String, text: String)] = [
    ("Documents/Ridge Loop.gpx", String(repeating: "<trkpt/>", count: 40)),
    ("Documents/Notes/day-1.txt", "Fog until ten, then clear.\n"),
    ("Library/Application Support/trails.sqlite", String(repeating: "#", count: 2048)),
    ("Library/Caches/tiles/12-2140-1420.png", String(repeating: "t", count: 900)),
    ("Library/Caches/tiles/12-2141-1420.png", String(repeating: "t", count: 870)),
    ("Library/Preferences/com.example.trails.plist", "<plist/>"),
    ("tmp/upload-7.part", String(repeating: "u", count: 300)),
]

struct Entry { var path: String; var depth: Int; var isFolder: Bool; var size: Int }

func buildContainer(at root: URL) throws {
    let manager = FileManager.default
    for folder in ["Documents", "Library/Application Support", "Library/Caches", "Library/Preferences", "tmp"] {
        try manager.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    for file in files {
        let url = root.appendingPathComponent(file.path)
        try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(file.text.utf8).write(to: url)
    }
}

/// Every item under `root`, depth first, with paths relative to `root`.
func listContainer(at root: URL) throws -> [Entry] {
    let keys: [URLResourceKey] = [.isDirectoryKey, .fileSizeKey]
    guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: keys) else { return [] }
    let prefix = root.standardizedFileURL.path + "/"
    var entries: [Entry] = []
    for case let url as URL in walker {
        let values = try url.resourceValues(forKeys: Set(keys))
        let path = String(url.standardizedFileURL.path.dropFirst(prefix.count))
        let isFolder = values.isDirectory ?? false
        entries.append(Entry(path: path, depth: walker.level, isFolder: isFolder, size: isFolder ? 0 : values.fileSize ?? 0))
    }
    // The enumerator promises no order: sort so that the listing is the same on every run.
    return entries.sorted { $0.path.split(separator: "/").lexicographicallyPrecedes($1.path.split(separator: "/")) }
}

let manager = FileManager.default
let root = manager.temporaryDirectory.appendingPathComponent("container-\(UUID().uuidString)", isDirectory: true)
defer { try? manager.removeItem(at: root) }
do {
    try buildContainer(at: root)
    print("Top level:", try manager.contentsOfDirectory(atPath: root.path).sorted())
    let entries = try listContainer(at: root)
    var totals: [Policy: Int] = [:]
    for entry in entries {
        let indent = String(repeating: "  ", count: entry.depth - 1)
        let name = (entry.path as NSString).lastPathComponent + (entry.isFolder ? "/" : "")
        let detail = entry.isFolder ? "" : "\(entry.size) B, \(policy(of: entry.path).rawValue)"
        print(detail.isEmpty ? indent + name : indent + name.padding(toLength: 36 - indent.count, withPad: " ", startingAt: 0) + detail)
        if !entry.isFolder { totals[policy(of: entry.path), default: 0] += entry.size }
    }
    print("Backed up: \(totals[.backedUp, default: 0]) B; purgeable: \(totals[.purgeable, default: 0]) B")
    try drawFigure(entries)
} catch {
    print("sandbox-tree failed: \(error)")
}
