import Foundation
import PrimerTestSupport
import Testing

/// `primer import` on the command line, with the importers' fixture books.
@Suite(.serialized) struct ImportCommandTests {
    let mdBook = TestSupport.fixtures.appendingPathComponent("import-mdbook").path
    let docc = TestSupport.fixtures.appendingPathComponent("import-docc/Sloths.docc").path

    @Test func theImportCommand() throws {
        let folder = TestSupport.scratch("primer-import-out")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let first = try TestSupport.run(["import", "mdbook", mdBook, "--output", "book"], in: folder)
        #expect(first.status == 0, "\(first.output)")
        #expect(first.output.contains("primer: wrote book/Content/course.yml"))
        #expect(first.output.contains("SUMMARY.md:11:1: warning: 'Coming Soon' is a draft chapter (no file); it is left out [PRM061]"))
        #expect(first.output.contains("primer: next: cd book && primer build"))
        let before = TestSupport.snapshot(folder)
        let again = try TestSupport.run(["import", "mdbook", mdBook, "--output", "book"], in: folder)
        #expect(again.status == 1)
        #expect(again.output.contains("book/Content/course.yml: error: this file exists, and the import writes nothing over existing files [PRM068]"))
        #expect(!again.output.contains("warning:"))
        #expect(again.output.contains("nothing was written"))
        #expect(TestSupport.snapshot(folder) == before)

        let here = try TestSupport.run(["import", "docc", docc], in: folder.appendingPathComponent("book"))
        #expect(here.status == 1 && here.output.contains("Content/course.yml: error:"))
        let bad = try TestSupport.run(["import", "docc", "no-such.docc", "--output", "x"], in: folder)
        #expect(bad.status == 1 && bad.output.contains("no-such.docc is not a folder [PRM060]"))
        let usage = try TestSupport.run(["import", "docc", docc, "--locale", "not a tag"], in: folder)
        #expect(usage.status == 2)
    }
}
