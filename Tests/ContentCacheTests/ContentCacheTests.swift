@testable import ContentCache
import Foundation
import Testing

/// `ContentKey`'s framing and `ContentCache`'s file store: a hit only for a whole entry of the
/// key asked for; anything else in its place is a miss.
@Suite struct ContentKeyTests {
    static func key(_ fields: String...) -> String {
        var key = ContentKey("test")
        for field in fields { key.add(field) }
        return key.hex
    }

    @Test func fieldsAreFramedByTheirLength() {
        #expect(Self.key("ab", "c") != Self.key("a", "bc"))
        #expect(Self.key("abc") != Self.key("abc", ""))
        #expect(Self.key("ab", "c") == Self.key("ab", "c"))
        #expect(ContentKey("pdf").hex != ContentKey("zip").hex)
        #expect(Self.key("ab", "c").count == 64)
    }

    /// The stream is each field's length (eight bytes, little-endian) and then its bytes:
    /// SHA-256 of `03 00 00 00 00 00 00 00 61 62 63`, as Python's hashlib gives it.
    @Test func theKeyIsTheSHA256OfTheFramedFields() {
        #expect(ContentKey("abc").hex == "ce91dc5eec0139adf091900d225971d6ad246a845bad791b5693a9d0d55dd391")
        // A field larger than what is gathered before hashing goes the other way, to the same stream.
        var key = ContentKey("x")
        key.add([UInt8](repeating: UInt8(ascii: "a"), count: 5000))
        key.add("tail")
        #expect(key.hex == "1156b1bb351d432c0025c6fb5989882bfe550557c14bf9a3f3de6f15d1f24144")
    }

    @Test func numbersAndFlagsAreFieldsToo() {
        var one = ContentKey("test"), other = ContentKey("test")
        one.add(12); one.add(3)
        other.add(1); other.add(23)
        #expect(one.hex != other.hex)
        var yes = ContentKey("test"), no = ContentKey("test")
        yes.add(true); no.add(false)
        #expect(yes.hex != no.hex)
    }
}

@Suite struct ContentCacheTests {
    static func cache() -> ContentCache {
        ContentCache(folder: FileManager.default.temporaryDirectory.appendingPathComponent("primer-content-cache-\(UUID().uuidString)").path,
                     suffix: ".bin")
    }

    static func key(_ name: String) -> ContentKey {
        var key = ContentKey("test")
        key.add(name)
        return key
    }

    @Test func aStoredEntryIsAHitAndAnotherKeyAMiss() {
        let cache = Self.cache()
        #expect(cache.lookup(Self.key("a")) == .miss)
        cache.store([1, 2, 3], for: Self.key("a"))  // creates the folder
        #expect(cache.lookup(Self.key("a")) == .hit([1, 2, 3]))
        #expect(cache.bytes(for: Self.key("b")) == nil)
        cache.store([], for: Self.key("empty"))
        #expect(cache.lookup(Self.key("empty")) == .hit([]))
    }

    @Test func aTornEntryIsAMissAndIsRemoved() throws {
        let cache = Self.cache()
        let key = Self.key("a")
        cache.store(Array(repeating: 7, count: 1000), for: key)
        let path = cache.path(for: key)
        let whole = try #require(FileManager.default.contents(atPath: path))
        for cut in [whole.count - 1, whole.count / 2, 10, 0] {
            try whole.prefix(cut).write(to: URL(fileURLWithPath: path))
            #expect(cache.lookup(key) == .invalid, "cut at \(cut)")
            #expect(!FileManager.default.fileExists(atPath: path))
        }
        // One changed byte of the contents: the checksum no longer matches.
        var changed = whole
        changed[changed.count - 1] = 8
        try changed.write(to: URL(fileURLWithPath: path))
        #expect(cache.lookup(key) == .invalid)
    }

    @Test func aForeignFileIsAMiss() throws {
        let cache = Self.cache()
        let key = Self.key("a")
        cache.store([1], for: key)
        let path = cache.path(for: key)
        // A PDF as the cache held them before, and another key's whole entry under this name.
        try Data("%PDF-1.7\n%\u{e2}\u{e3}\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(cache.lookup(key) == .invalid)
        cache.store([2], for: Self.key("b"))
        try FileManager.default.copyItem(atPath: cache.path(for: Self.key("b")), toPath: path)
        #expect(cache.lookup(key) == .invalid)
    }

    @Test func filesOfOlderCachesBesideItAreIgnored() throws {
        let cache = Self.cache()
        try FileManager.default.createDirectory(atPath: cache.folder, withIntermediateDirectories: true)
        try Data("{\"key\": \"0123\"}".utf8).write(to: URL(fileURLWithPath: cache.folder + "/0123456789abcdef0123456789abcdef.bin"))
        try Data("half".utf8).write(to: URL(fileURLWithPath: cache.folder + "/0123456789abcdef.bin.tmp"))
        #expect(cache.lookup(Self.key("a")) == .miss)
        cache.store([5], for: Self.key("a"))
        #expect(cache.lookup(Self.key("a")) == .hit([5]))
    }

    /// Writers of one key in parallel (threads of one build, or two builds sharing the folder):
    /// every read sees nothing or one writer's whole entry, and no temporary file is left.
    @Test func racingWritersLeaveOneWholeEntry() async throws {
        let cache = Self.cache()
        let key = Self.key("shared")
        let payloads = (0..<8).map { writer in [UInt8](repeating: UInt8(writer), count: 200_000 + writer) }
        let seen = await withTaskGroup(of: [ContentCache.Lookup].self) { group in
            for payload in payloads {
                group.addTask { for _ in 0..<5 { cache.store(payload, for: key) }; return [] }
                group.addTask { (0..<20).map { _ in cache.lookup(key) } }
            }
            var all: [ContentCache.Lookup] = []
            for await lookups in group { all += lookups }
            return all
        }
        for lookup in seen {
            if case .hit(let bytes) = lookup { #expect(payloads.contains(bytes)) } else { #expect(lookup == .miss) }
        }
        guard case .hit(let final) = cache.lookup(key) else { Issue.record("no entry after the writers"); return }
        #expect(payloads.contains(final))
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.folder) == [key.hex + ".bin"])
    }

    @Test func entriesNothingTouchedGo() throws {
        let cache = Self.cache()
        cache.store([1], for: Self.key("old"))
        cache.store([2], for: Self.key("new"))
        let old = Date().addingTimeInterval(-3600)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: cache.path(for: Self.key("old")))
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: cache.path(for: Self.key("new")))
        cache.touch(Self.key("new"))
        cache.removeUnused(olderThan: 60)
        #expect(cache.lookup(Self.key("old")) == .miss)
        #expect(cache.lookup(Self.key("new")) == .hit([2]))
    }
}

/// Version-5 UUIDs through swift-crypto's SHA-1.
@Suite struct NameBasedUUIDTests {
    /// RFC 9562's example (appendix A.4): the DNS namespace and "www.example.com".
    @Test func theRFCsTestVector() {
        #expect(NameBasedUUID.v5(namespace: NameBasedUUID.dnsNamespace, name: "www.example.com") == "2ed6657d-e927-568b-95e1-2665a8aea6a2")
    }

    /// The real course's English EPUB identifier as the hand-written SHA-1 made it (in the
    /// published book): books already on readers keep their identity.
    @Test func theCoursesEPUBIdentifierIsUnchanged() {
        let name = ["primer-epub", "iOS Programming in Swift", "", "en"].joined(separator: "\u{1F}")
        #expect(NameBasedUUID.v5(namespace: NameBasedUUID.urlNamespace, name: name) == "5b9d896c-82d5-5214-be14-abe8cc7e61ab")
    }
}
