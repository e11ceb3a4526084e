import CourseModel
import Foundation
import PrimerTestSupport
import Testing
import Writer

@Suite struct WriterTests {
    func temp() -> URL {
        TestSupport.scratch("primer-writer")
    }

    func inode(_ path: String) -> UInt64 {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
    }

    @Test func writesSwapsAndLeavesUnchangedFilesAlone() throws {
        let root = temp()
        let site = root.appendingPathComponent("site").path
        let first = try SiteWriter.write([SiteFile(path: "a.html", contents: .text("A")), SiteFile(path: "d/b.html", contents: .text("B")),
                                          SiteFile(path: "old.html", contents: .text("O"))], to: site)
        #expect(first == .init(written: 3, unchanged: 0, removed: 0, swapped: true))
        let inodeA = inode(site + "/a.html")
        let second = try SiteWriter.write([SiteFile(path: "a.html", contents: .text("A")), SiteFile(path: "d/b.html", contents: .text("B2"))], to: site)
        #expect(second == .init(written: 1, unchanged: 1, removed: 1, swapped: true))
        #expect(inode(site + "/a.html") == inodeA)  // hard-linked, not rewritten
        #expect(TestSupport.read(URL(fileURLWithPath: site + "/d/b.html")) == "B2")
        #expect(!FileManager.default.fileExists(atPath: site + "/old.html"))
        let third = try SiteWriter.write([SiteFile(path: "a.html", contents: .text("A")), SiteFile(path: "d/b.html", contents: .text("B2"))], to: site)
        #expect(third == .init(written: 0, unchanged: 2, removed: 0, swapped: false))
        // No staging folders left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["site"])
    }

    @Test func aFailedWriteLeavesThePreviousSite() throws {
        let root = temp()
        let site = root.appendingPathComponent("site").path
        _ = try SiteWriter.write([SiteFile(path: "a.html", contents: .text("A"))], to: site)
        #expect(throws: DiagnosticsError.self) {
            try SiteWriter.write([SiteFile(path: "a.html", contents: .text("new")),
                                  SiteFile(path: "b.png", contents: .copy(from: root.appendingPathComponent("missing.png").path))], to: site)
        }
        #expect(TestSupport.read(URL(fileURLWithPath: site + "/a.html")) == "A")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["site"])
    }

    /// The render stage hands files over from every thread as it makes them.
    @Test func filesAddedFromManyThreadsAreSwappedInTogether() throws {
        let root = temp()
        let site = root.appendingPathComponent("site").path
        _ = try SiteWriter.write([SiteFile(path: "f7/p7.html", contents: .text("page 7")), SiteFile(path: "gone.html", contents: .text("G"))], to: site)
        let staged = try StagedSite(output: site)
        let files = (0..<300).map { SiteFile(path: "f\($0 % 10)/p\($0).html", contents: .text("page \($0)")) }
        _ = parallelMap(files) { staged.add($0) }
        // Nothing is visible until the commit.
        #expect(!FileManager.default.fileExists(atPath: site + "/f0/p0.html"))
        let report = try staged.commit()
        #expect(report == .init(written: 299, unchanged: 1, removed: 1, swapped: true))
        for index in [0, 7, 155, 299] {
            #expect(TestSupport.read(URL(fileURLWithPath: site + "/f\(index % 10)/p\(index).html")) == "page \(index)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["site"])
    }

    @Test func aFileThatCannotBeWrittenAbandonsTheStagedSite() throws {
        let root = temp()
        let site = root.appendingPathComponent("site").path
        _ = try SiteWriter.write([SiteFile(path: "a.html", contents: .text("A"))], to: site)
        let staged = try StagedSite(output: site)
        staged.add(SiteFile(path: "a.html", contents: .text("new")))
        staged.add(SiteFile(path: "b.png", contents: .copy(from: root.appendingPathComponent("missing.png").path)))
        #expect(throws: DiagnosticsError.self) { try staged.commit() }
        #expect(TestSupport.read(URL(fileURLWithPath: site + "/a.html")) == "A")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["site"])
    }

    /// A page in chunks (the print version) is written as one file and compared as one.
    @Test func aFileInChunksIsWrittenAndComparedWhole() throws {
        let site = temp().appendingPathComponent("site").path
        let page = SiteFile(path: "print.html", contents: .chunks([.bytes(Array("<p>".utf8)), .bytes(Array("body ✓".utf8)), .bytes([]), .bytes(Array("</p>".utf8))]))
        #expect(try SiteWriter.write([page], to: site).written == 1)
        #expect(TestSupport.read(URL(fileURLWithPath: site + "/print.html")) == "<p>body ✓</p>")
        #expect(try SiteWriter.write([page], to: site) == .init(written: 0, unchanged: 1, removed: 0, swapped: false))
        let changed = SiteFile(path: "print.html", contents: .chunks([.bytes(Array("<p>".utf8)), .bytes(Array("body ✗".utf8)), .bytes(Array("</p>".utf8))]))
        #expect(try SiteWriter.write([changed], to: site).written == 1)
    }

    /// Chunks set aside in a spill file (a big course's print bodies) are written and compared
    /// like chunks in memory, whatever their size, and the spill file leaves nothing behind.
    @Test func spilledChunksAreWrittenAndComparedLikeOthers() throws {
        let root = temp()
        let site = root.appendingPathComponent("site").path
        let cache = root.appendingPathComponent("cache").path
        let spill = try #require(Spill(folder: cache))
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache).isEmpty)  // no name on disk
        let big = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let bodies = [Array("body ✓".utf8), [], big, Array("last".utf8)]
        let spilled = try bodies.map { try #require(spill.append($0)) }
        #expect(spilled.map(\.count) == bodies.map(\.count))
        #expect(spilled.map(\.bytes) == bodies)
        var chunks: [Chunk] = [.bytes(Array("<p>".utf8))]
        for chunk in spilled { chunks += [chunk, .bytes(Array("<hr>".utf8))] }
        let page = SiteFile(path: "print.html", contents: .chunks(chunks))
        #expect(try SiteWriter.write([page], to: site).written == 1)
        let expected = Array("<p>".utf8) + bodies.flatMap { $0 + Array("<hr>".utf8) }
        #expect(FileManager.default.contents(atPath: site + "/print.html").map { [UInt8]($0) } == expected)
        #expect(try SiteWriter.write([page], to: site) == .init(written: 0, unchanged: 1, removed: 0, swapped: false))
        // The same bytes in memory are the same file; one byte changed in a spilled body is not.
        let inMemory = SiteFile(path: "print.html", contents: .chunks([.bytes(expected)]))
        #expect(try SiteWriter.write([inMemory], to: site).written == 0)
        var other = big
        other[2_999_999] &+= 1
        var changedChunks = chunks
        changedChunks[5] = try #require(spill.append(other))  // in place of `big`
        let changed = SiteFile(path: "print.html", contents: .chunks(changedChunks))
        #expect(try SiteWriter.write([changed], to: site).written == 1)
    }

    /// Two files for one path would silently replace each other: the write fails instead.
    @Test func aPathMadeTwiceFailsTheWrite() throws {
        let root = temp()
        let site = root.appendingPathComponent("site").path
        #expect(throws: DiagnosticsError.self) {
            try SiteWriter.write([SiteFile(path: "en/samples.html", contents: .text("gallery")),
                                  SiteFile(path: "en/samples.html", contents: .text("chapter"))], to: site)
        }
        #expect(!FileManager.default.fileExists(atPath: site))
    }
}
