#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization

/// Bytes set aside on disk until they are written: a file with no name (unlinked as soon as it
/// is made, so nothing is left behind whatever happens to the process) that runs of bytes are
/// appended to from any thread. A big course's print versions hold every chapter body of their
/// locale, and these wait here, not in memory, for the last chapter to be rendered.
public final class Spill: Sendable, Hashable {
    private let descriptor: Int32
    private let end = Mutex(0)

    /// A spill file in `folder` (made if missing), or nil when none can be made there.
    public init?(folder: String) {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var template = Array((folder + "/spill-\(getpid())-XXXXXX").utf8CString)
        let made = mkstemp(&template)
        guard made >= 0 else { return nil }
        unlink(template)
        descriptor = made
    }

    deinit { close(descriptor) }

    public static func == (a: Spill, b: Spill) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// `bytes` appended (from any thread), or nil when the disk refused them.
    public func append(_ bytes: [UInt8]) -> Chunk? {
        let offset = end.withLock { end in
            defer { end += bytes.count }
            return end
        }
        let written = bytes.withUnsafeBytes { buffer -> Bool in
            var done = 0
            while done < buffer.count {
                let n = pwrite(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                done += n
            }
            return true
        }
        return written ? .spilled(self, offset: offset, count: bytes.count) : nil
    }

    /// The bytes at `offset` (empty if they cannot be read, which only a vanished disk causes).
    func read(offset: Int, count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var done = 0
            while done < count {
                let n = pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset + done))
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { break }
                done += n
            }
            initialized = done == count ? count : 0
        }
    }

    /// Copies the bytes at `offset` to the end of the open file `target`; false on failure.
    public func copy(offset: Int, count: Int, to target: Int32) -> Bool {
        var done = 0
        // In the kernel where it can (no copy through user memory), else through a buffer.
        #if os(Linux)
        while done < count {
            var from = off_t(offset + done)
            let n = sendfile(target, descriptor, &from, count - done)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            done += n
        }
        #endif
        let step = 1 << 20
        var buffer = [UInt8](repeating: 0, count: min(step, count - done))
        while done < count {
            let want = min(step, count - done)
            let n = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, want, off_t(offset + done)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            var out = 0
            while out < n {
                let w = buffer.withUnsafeBytes { Foundation.write(target, $0.baseAddress! + out, n - out) }
                if w < 0 && errno == EINTR { continue }
                guard w > 0 else { return false }
                out += w
            }
            done += n
        }
        return true
    }
}

/// A run of a file's bytes: in memory, or set aside in a `Spill`.
public enum Chunk: Hashable, Sendable {
    case bytes([UInt8])
    case spilled(Spill, offset: Int, count: Int)

    public var count: Int {
        switch self {
        case .bytes(let bytes): bytes.count
        case .spilled(_, _, let count): count
        }
    }

    /// The bytes themselves (read back from the spill file if they are there).
    public var bytes: [UInt8] {
        switch self {
        case .bytes(let bytes): bytes
        case .spilled(let spill, let offset, let count): spill.read(offset: offset, count: count)
        }
    }
}
