import Crypto
import Foundation

/// Name-based UUIDs (RFC 9562, version 5: the SHA-1 of a namespace and a name). SHA-1 is what
/// the RFC names; nothing here depends on it resisting collisions.
public enum NameBasedUUID {
    /// The RFC's namespace for URLs, 6ba7b811-9dad-11d1-80b4-00c04fd430c8.
    public static let urlNamespace: [UInt8] = [0x6b, 0xa7, 0xb8, 0x11, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8]
    /// The RFC's namespace for domain names, 6ba7b810-9dad-11d1-80b4-00c04fd430c8.
    public static let dnsNamespace: [UInt8] = [0x6b, 0xa7, 0xb8, 0x10, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8]

    /// The version-5 UUID of `name` in `namespace`, as lowercase hex in 8-4-4-4-12 groups.
    public static func v5(namespace: [UInt8], name: String) -> String {
        var bytes = Array(Insecure.SHA1.hash(data: namespace + Array(name.utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x50  // version 5
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // the RFC's variant
        let hex = Array(ContentKey.hex(bytes))
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(hex[$0]) }.joined(separator: "-")
    }
}
