import ContentCache
@testable import Extras
import Foundation
import Testing
import ZIPFoundation

/// `Archiver.zip`: the same entries give the same bytes, under one root folder, every folder
/// listed before what it holds, one fixed date and fixed permissions.
@Suite struct ExtrasArchiverTests {
    static let entries = [
        Archiver.Entry(path: "Sources/hello/main.swift", contents: Array("print(greeting())\n".utf8)),
        Archiver.Entry(path: "Package.swift", contents: Array("// swift-tools-version:6.0\n".utf8)),
        Archiver.Entry(path: "Sources/Greeting/Greeting.swift", contents: Array("public func greeting() -> String { \"hi\" }\n".utf8)),
        Archiver.Entry(path: "Outputs/hello.txt", contents: Array("hi\n".utf8)),
    ]

    @Test func theSameEntriesGiveTheSameBytes() throws {
        let zip = try Archiver.zip(Self.entries, folder: "hello")
        #expect(try Archiver.zip(Self.entries.reversed(), folder: "hello") == zip)
        // Pinned: a change to the writer, the date or the order shows here before it shows as
        // every download of every course changing.
        var digest = ContentKey("")
        digest.add(zip)
        #expect(zip.count == 1174 && digest.hex == Self.pinned, "\(zip.count) \(digest.hex)")
    }

    static let pinned = "4c21cfe5b631e9115dad147456e3e76846ef46312eb5bef83a4b9f94b0d95851"

    @Test func theArchiveHoldsTheEntriesUnderItsFolder() throws {
        let archive = try Archive(data: Data(try Archiver.zip(Self.entries, folder: "hello")), accessMode: .read)
        #expect(archive.map(\.path) == [
            "hello/", "hello/Outputs/", "hello/Outputs/hello.txt", "hello/Package.swift",
            "hello/Sources/", "hello/Sources/Greeting/", "hello/Sources/Greeting/Greeting.swift",
            "hello/Sources/hello/", "hello/Sources/hello/main.swift",
        ])
        let date = Calendar.current.date(from: DateComponents(year: 2000, month: 1, day: 1))!
        for entry in archive {
            #expect(entry.fileAttributes[.modificationDate] as? Date == date)
            #expect(entry.fileAttributes[.posixPermissions] as? Int16 == (entry.type == .directory ? 0o755 : 0o644), "\(entry.path)")
        }
        let main = try #require(archive["hello/Sources/hello/main.swift"])
        var text = Data()
        _ = try archive.extract(main, skipCRC32: false) { text.append($0) }
        #expect(String(decoding: text, as: UTF8.self) == "print(greeting())\n")
    }

    @Test func theKeyFollowsTheEntriesAndTheFolder() {
        let key = Archiver.key(Self.entries, folder: "hello").hex
        #expect(key == Archiver.key(Self.entries, folder: "hello").hex)
        #expect(key != Archiver.key(Self.entries, folder: "hello2").hex)
        var changed = Self.entries
        changed[3].contents = Array("hi!\n".utf8)
        #expect(key != Archiver.key(changed, folder: "hello").hex)
    }
}
