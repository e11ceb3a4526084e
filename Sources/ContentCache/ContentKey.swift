import Crypto

/// The SHA-256 of everything a cached product is made from, fed one field at a time. Each
/// field goes in as its length (eight bytes, little-endian) and then its bytes, so no two
/// different lists of fields give the same stream: ("ab", "c") and ("a", "bc") differ.
public struct ContentKey: Sendable {
    private var hasher = SHA256()
    /// Small fields are gathered here and hashed in one call: a page's digest feeds thousands
    /// of short strings, and each call into the hash has a fixed cost.
    private var pending: [UInt8] = []
    private static let gathered = 4096

    /// `purpose` names what the key is for and its version ("pdf-v2"): keys of two caches, or of
    /// two versions of one, never meet.
    public init(_ purpose: String) {
        pending.reserveCapacity(Self.gathered)
        add(purpose)
    }

    public mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add(UnsafeRawBufferPointer($0)) }  // no copy of the bytes
    }

    public mutating func add(_ bytes: [UInt8]) { bytes.withUnsafeBytes { add($0) } }

    public mutating func add(_ number: Int) { add(String(number)) }

    public mutating func add(_ flag: Bool) { add(flag ? "1" : "0") }

    public mutating func add(_ bytes: UnsafeRawBufferPointer) {
        withUnsafeBytes(of: UInt64(bytes.count).littleEndian) { pending.append(contentsOf: $0) }
        if pending.count + bytes.count <= Self.gathered {
            pending.append(contentsOf: bytes)
            return
        }
        flush()
        hasher.update(bufferPointer: bytes)
    }

    private mutating func flush() {
        guard !pending.isEmpty else { return }
        pending.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        pending.removeAll(keepingCapacity: true)
    }

    /// The key as 64 lowercase hexadecimal digits (the name of its cache file).
    public var hex: String {
        var copy = self
        copy.flush()
        return Self.hex(copy.hasher.finalize())
    }

    static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in bytes { out.append(digits[Int(byte >> 4)]); out.append(digits[Int(byte & 0x0F)]) }
        return String(decoding: out, as: UTF8.self)
    }

    /// The SHA-256 of one run of bytes, in hex: a cache file's checksum of what it holds.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> String {
        var hasher = SHA256()
        hasher.update(bufferPointer: bytes)
        return hex(hasher.finalize())
    }
}
