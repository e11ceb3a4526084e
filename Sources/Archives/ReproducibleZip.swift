import Foundation
import ZIPFoundation

/// A ZIP file built in memory whose bytes depend only on what is added and in which order:
/// every entry gets one fixed timestamp and fixed permissions. The sample downloads and the
/// EPUB are both written with it.
public struct ReproducibleZip {
    private let archive: Archive
    /// ZIP stores local wall-clock time; building the date in the local zone keeps the stored
    /// fields the same on every machine.
    private let date = Calendar.current.date(from: DateComponents(year: 2000, month: 1, day: 1, hour: 0, minute: 0, second: 0))!

    public init() throws {
        archive = try Archive(data: Data(), accessMode: .create)
    }

    /// A file, deflated or (`compressed: false`) stored as it is.
    public func addFile(_ path: String, _ bytes: [UInt8], compressed: Bool = true) throws {
        let data = Data(bytes)
        try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), modificationDate: date,
                             permissions: 0o644, compressionMethod: compressed ? .deflate : .none) { (position: Int64, size: Int) in
            data.subdata(in: Int(position)..<Int(position) + size)
        }
    }

    /// A folder entry (`path` without the trailing slash).
    public func addFolder(_ path: String) throws {
        try archive.addEntry(with: path + "/", type: .directory, uncompressedSize: Int64(0), modificationDate: date,
                             permissions: 0o755, provider: { (_: Int64, _: Int) in Data() })
    }

    public var bytes: [UInt8] { Array(archive.data ?? Data()) }
}
