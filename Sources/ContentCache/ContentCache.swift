import Foundation

/// A folder of products stored by their `ContentKey`: one file per key, named by it. A file
/// starts with a header line naming the format, the key and the SHA-256 of the bytes after the
/// header, so a file cut short, changed, or left by something else (another version of Primer,
/// an older cache format) is a miss, never served. Files are written under a name no other
/// writer uses and renamed into place, so a reader sees a whole file or none, and two builds
/// sharing the folder (a preview and `primer build`) can write the same key at once.
public struct ContentCache: Sendable {
    public let folder: String
    /// The file names' ending (".pdf", ".zip"), so a person looking in the folder knows what is there.
    public let suffix: String

    public init(folder: String, suffix: String = "") {
        self.folder = folder
        self.suffix = suffix
    }

    public enum Lookup: Sendable, Equatable {
        case hit([UInt8])
        case miss
        /// A file was there but was not a whole entry of this key; it has been removed.
        case invalid
    }

    static let format = "primer-content-cache-1"

    public func path(for key: ContentKey) -> String { folder + "/" + key.hex + suffix }

    /// The bytes stored for `key`, or nil.
    public func bytes(for key: ContentKey) -> [UInt8]? {
        if case .hit(let bytes) = lookup(key) { return bytes }
        return nil
    }

    public func lookup(_ key: ContentKey) -> Lookup {
        let path = path(for: key)
        guard let data = FileManager.default.contents(atPath: path) else { return .miss }
        guard let bytes = Self.payload(of: [UInt8](data), key: key.hex) else {
            try? FileManager.default.removeItem(atPath: path)
            return .invalid
        }
        return .hit(bytes)
    }

    /// Stores `bytes` for `key`; a failure to write only means the next build makes them again.
    public func store(_ bytes: [UInt8], for key: ContentKey) {
        let path = path(for: key)
        let contents = Data(Self.header(key: key.hex, payload: bytes).utf8 + bytes)
        // Unique to this process and this call: two threads may store one key at once.
        let temporary = path + ".tmp-\(getpid())-\(String(UInt64.random(in: 0 ... .max), radix: 16))"
        var written = FileManager.default.createFile(atPath: temporary, contents: contents)
        if !written {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            written = FileManager.default.createFile(atPath: temporary, contents: contents)
        }
        guard written else { return }
        if rename(temporary, path) != 0 { try? FileManager.default.removeItem(atPath: temporary) }
    }

    /// Marks the entry as used now (for `removeUnused`).
    public func touch(_ key: ContentKey) {
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: path(for: key))
    }

    /// Removes every file of the folder that nothing has written or touched for `seconds`: a
    /// cache shared by several outputs and locales cannot tell at once what no build needs.
    public func removeUnused(olderThan seconds: TimeInterval) {
        let manager = FileManager.default
        for name in (try? manager.contentsOfDirectory(atPath: folder)) ?? [] {
            let path = folder + "/" + name
            guard let modified = (try? manager.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
                  Date().timeIntervalSince(modified) > seconds else { continue }
            try? manager.removeItem(atPath: path)
        }
    }

    static func header(key: String, payload: [UInt8]) -> String {
        let checksum = payload.withUnsafeBytes { ContentKey.checksum($0) }
        return "\(format) \(key) \(checksum)\n"
    }

    /// What follows a valid header for `key`, or nil.
    static func payload(of file: [UInt8], key: String) -> [UInt8]? {
        guard let newline = file.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let fields = String(decoding: file[..<newline], as: UTF8.self).split(separator: " ")
        guard fields.count == 3, fields[0] == format, fields[1] == key else { return nil }
        let payload = Array(file[(newline + 1)...])
        guard payload.withUnsafeBytes({ ContentKey.checksum($0) }) == fields[2] else { return nil }
        return payload
    }
}
