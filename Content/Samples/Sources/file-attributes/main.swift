// file-attributes — creates a few invented files with fixed dates and
// permissions, then reads their attributes back two ways: the attribute
// dictionary of FileManager and the typed resource values of URL. Dates are
// set by the program and printed in UTC, so the output is the same on every run.
import Foundation

let manager = FileManager.default
let root = manager.temporaryDirectory.appendingPathComponent("attributes-\(UUID().uuidString)", isDirectory: true)
defer { try? manager.removeItem(at: root) }

/// "rw-r-----" for 0o640.
func symbolic(_ permissions: Int) -> String {
    let letters = Array("rwxrwxrwx")
    return String((0..<9).map { bit in permissions & (1 << (8 - bit)) != 0 ? letters[bit] : "-" })
}

let stamp = Date.ISO8601FormatStyle()   // UTC, the same on every machine

do {
    try manager.createDirectory(at: root.appendingPathComponent("Exports"), withIntermediateDirectories: true)
    // name, contents, permissions, days after 1 March 2026 (UTC) of the last change
    let made: [(String, String, Int, Double)] = [
        ("trail.json", #"{"name":"Ridge Loop","km":11.4}"#, 0o644, 0),
        ("journal.txt", "Fog until ten.\n", 0o600, 3.5),
        ("Exports", "", 0o755, 7),
    ]
    let march = Date(timeIntervalSince1970: 1_772_323_200)   // 2026-03-01 00:00 UTC
    for (name, text, permissions, days) in made {
        let url = root.appendingPathComponent(name)
        if !text.isEmpty { try Data(text.utf8).write(to: url) }
        try manager.setAttributes([.posixPermissions: permissions,
                                   .modificationDate: march.addingTimeInterval(days * 86_400)],
                                  ofItemAtPath: url.path)
    }
    try manager.createSymbolicLink(at: root.appendingPathComponent("latest.json"),
                                   withDestinationURL: root.appendingPathComponent("trail.json"))

    print("FileManager.attributesOfItem(atPath:)")
    for name in try manager.contentsOfDirectory(atPath: root.path).sorted() {
        let attributes = try manager.attributesOfItem(atPath: root.appendingPathComponent(name).path)
        let type = (attributes[.type] as? FileAttributeType)?.rawValue ?? "?"
        let permissions = (attributes[.posixPermissions] as? Int) ?? 0
        var line = "  \(name): \(type)"
        if type == FileAttributeType.typeSymbolicLink.rawValue {
            let target = try manager.destinationOfSymbolicLink(atPath: root.appendingPathComponent(name).path)
            line += " -> \((target as NSString).lastPathComponent)"
        } else {
            line += ", \(symbolic(permissions))"
        }
        if type == FileAttributeType.typeRegular.rawValue {
            let size = (attributes[.size] as? Int) ?? 0
            let date = (attributes[.modificationDate] as? Date).map { $0.formatted(stamp) } ?? "?"
            line += ", \(size) B, changed \(date)"
        }
        print(line)
    }

    print("URL.resourceValues(forKeys:)")
    let keys: Set<URLResourceKey> = [.isRegularFileKey, .isSymbolicLinkKey, .fileSizeKey, .contentModificationDateKey]
    let link = root.appendingPathComponent("latest.json")
    let own = try link.resourceValues(forKeys: keys)
    print("  latest.json itself: link \(own.isSymbolicLink ?? false), regular file \(own.isRegularFile ?? false)")
    let target = try link.resolvingSymlinksInPath().resourceValues(forKeys: keys)
    print("  latest.json resolved: link \(target.isSymbolicLink ?? false), regular file \(target.isRegularFile ?? false), "
        + "\(target.fileSize ?? 0) B, changed \(target.contentModificationDate.map { $0.formatted(stamp) } ?? "?")")
} catch {
    print("file-attributes failed: \(error)")
}
