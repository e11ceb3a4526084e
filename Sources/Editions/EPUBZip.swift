import Foundation
import ZIPFoundation

/// The EPUB's container: `mimetype` first and stored (no compression, no extra field, as the
/// OCF spec wants it), then every file deflated in the order given, all with one fixed
/// timestamp and fixed permissions, so the same files give the same bytes.
enum EPUBZip {
    static func archive(_ files: [(path: String, bytes: [UInt8])]) -> [UInt8] {
        do {
            let archive = try Archive(data: Data(), accessMode: .create)
            // ZIP stores local wall-clock time; building the date in the local zone keeps the
            // stored fields the same on every machine (as `Archiver` does).
            let date = Calendar.current.date(from: DateComponents(year: 2000, month: 1, day: 1, hour: 0, minute: 0, second: 0))!
            let mimetype = Data("application/epub+zip".utf8)
            try archive.addEntry(with: "mimetype", type: .file, uncompressedSize: Int64(mimetype.count), modificationDate: date,
                                 permissions: 0o644, compressionMethod: .none) { (position: Int64, size: Int) in
                mimetype.subdata(in: Int(position)..<Int(position) + size)
            }
            for file in files {
                let data = Data(file.bytes)
                try archive.addEntry(with: file.path, type: .file, uncompressedSize: Int64(data.count), modificationDate: date,
                                     permissions: 0o644, compressionMethod: .deflate) { (position: Int64, size: Int) in
                    data.subdata(in: Int(position)..<Int(position) + size)
                }
            }
            return Array(archive.data ?? Data())
        } catch {
            // An in-memory archive has no disk to fail on; this is a bug, not a user's problem.
            fatalError("EPUB archive: \(error)")
        }
    }
}

/// Name-based UUIDs (RFC 9562, version 5: SHA-1 of a namespace and a name).
enum UUIDv5 {
    /// The RFC's namespace for URLs, 6ba7b811-9dad-11d1-80b4-00c04fd430c8.
    static let urlNamespace: [UInt8] = [0x6b, 0xa7, 0xb8, 0x11, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8]

    static func make(namespace: [UInt8], name: String) -> String {
        var bytes = Array(SHA1.hash(namespace + Array(name.utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x50
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }
        return [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]].map { $0.joined() }.joined(separator: "-")
    }
}

/// SHA-1, for name-based UUIDs only (not for security).
enum SHA1 {
    static func hash(_ message: [UInt8]) -> [UInt8] {
        var h: [UInt32] = [0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0]
        var data = message
        let bitLength = UInt64(message.count) * 8
        data.append(0x80)
        while data.count % 64 != 56 { data.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { data.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 { (x << n) | (x >> (32 - n)) }
        var w = [UInt32](repeating: 0, count: 80)
        for chunk in stride(from: 0, to: data.count, by: 64) {
            for i in 0..<16 {
                w[i] = (0..<4).reduce(UInt32(0)) { ($0 << 8) | UInt32(data[chunk + i * 4 + $1]) }
            }
            for i in 16..<80 { w[i] = rotate(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1) }
            var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
            for i in 0..<80 {
                let (f, k): (UInt32, UInt32)
                switch i {
                case 0..<20: (f, k) = ((b & c) | (~b & d), 0x5A827999)
                case 20..<40: (f, k) = (b ^ c ^ d, 0x6ED9EBA1)
                case 40..<60: (f, k) = ((b & c) | (b & d) | (c & d), 0x8F1BBCDC)
                default: (f, k) = (b ^ c ^ d, 0xCA62C1D6)
                }
                let temp = rotate(a, 5) &+ f &+ e &+ k &+ w[i]
                (e, d, c, b, a) = (d, c, rotate(b, 30), a, temp)
            }
            h[0] = h[0] &+ a; h[1] = h[1] &+ b; h[2] = h[2] &+ c; h[3] = h[3] &+ d; h[4] = h[4] &+ e
        }
        return h.flatMap { value in (0..<4).map { UInt8(truncatingIfNeeded: value >> UInt32(24 - $0 * 8)) } }
    }
}
