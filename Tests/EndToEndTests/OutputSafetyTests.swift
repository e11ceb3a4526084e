import CourseModel
import Foundation
import PrimerTestSupport
import Testing
import Writer

/// `--output` can never cost an author their files: Primer replaces only a folder it wrote.
@Suite struct OutputSafetyTests {
    /// Every refused output leaves the whole project byte for byte as it was, and exits 1.
    @Test func anOutputThatIsNotPrimersIsRefusedAndNothingIsTouched() throws {
        let folder = try TestSupport.copyFixture("basic")
        try TestSupport.write("# My project\n", to: folder.appendingPathComponent("README.md"))
        try TestSupport.write("notes\n", to: folder.appendingPathComponent("notes/todo.txt"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try TestSupport.write("[core]\n", to: folder.appendingPathComponent(".git/config"))
        let before = TestSupport.snapshot(folder)
        let templates = ["--templates", TestSupport.templates]
        let cases: [(String, String)] = [
            ("Content", "error: the output 'Content' is the course folder 'Content'"),
            ("Content/en", "error: the output 'Content/en' is inside the course folder 'Content'"),
            ("Content/site", "error: the output 'Content/site' is inside the course folder 'Content'"),
            (".", "error: the output '.' holds the course folder 'Content'"),
            ("..", "error: the output '..' holds the course folder 'Content'"),
            ("README.md", "error: the output 'README.md' is a file, not a folder"),
            ("notes", "error: the output 'notes' was not written by Primer (it holds todo.txt and no .primer-site marker)"),
        ]
        for (output, message) in cases {
            let run = try TestSupport.run(["build", "--output", output] + templates, in: folder)
            #expect(run.status == 1, "\(output): \(run.output)")
            #expect(run.output.contains(message), "\(output): \(run.output)")
            #expect(!run.output.contains("removed"))
        }
        #expect(TestSupport.snapshot(folder) == before)
        // Nothing was staged beside any of them either.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("staging") }.isEmpty)
        // The templates folder is guarded the same way.
        let templatesCopy = folder.appendingPathComponent("MyTemplates")
        try FileManager.default.copyItem(atPath: TestSupport.templates, toPath: templatesCopy.path)
        let inTemplates = try TestSupport.run(["build", "--templates", "MyTemplates", "--output", "MyTemplates/out"], in: folder)
        #expect(inTemplates.status == 1 && inTemplates.output.contains("is inside the course folder 'MyTemplates'"), "\(inTemplates.output)")
        #expect(!FileManager.default.fileExists(atPath: templatesCopy.appendingPathComponent("out").path))
    }

    @Test func primersOwnEmptyAndMissingFoldersAreReplaced() throws {
        let folder = try TestSupport.copyFixture("basic")
        let templates = ["--templates", TestSupport.templates]
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("empty"), withIntermediateDirectories: true)
        for output in ["site", "empty", "deep/new/site"] {
            let first = try TestSupport.run(["build", "--output", output] + templates, in: folder)
            #expect(first.status == 0, "\(output): \(first.output)")
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(output)/\(OutputFolder.markerName)").path))
            // The author edits a chapter: the site Primer wrote is replaced.
            let chapter = folder.appendingPathComponent("Content/en/intro.md")
            try TestSupport.write(TestSupport.read(chapter) + "\nOne more line for \(output).\n", to: chapter)
            let second = try TestSupport.run(["build", "--output", output] + templates, in: folder)
            #expect(second.status == 0, "\(output): \(second.output)")
            #expect(TestSupport.read(folder.appendingPathComponent("\(output)/en/intro.html")).contains("One more line for \(output)."))
        }
    }

    /// A site from a Primer before the marker is still recognised (and marked on its next build).
    @Test func aSiteWrittenBeforeTheMarkerIsStillPrimers() throws {
        let root = TestSupport.scratch("primer-output")
        let site = root.appendingPathComponent("site").path
        _ = try SiteWriter.write([SiteFile(path: "index.html", contents: .text("I")), SiteFile(path: ".nojekyll", contents: .text("")),
                                  SiteFile(path: "assets/primer.js", contents: .text("//"))], to: site)
        try FileManager.default.removeItem(atPath: site + "/" + OutputFolder.markerName)
        #expect(OutputFolder.problems(site).isEmpty)
        let report = try SiteWriter.write([SiteFile(path: "index.html", contents: .text("I")), SiteFile(path: ".nojekyll", contents: .text("")),
                                           SiteFile(path: "assets/primer.js", contents: .text("//"))], to: site)
        #expect(report.swapped)  // only the marker was new
        #expect(FileManager.default.fileExists(atPath: site + "/" + OutputFolder.markerName))
    }

    @Test func aLinkAsTheOutputIsRefused() throws {
        let root = TestSupport.scratch("primer-output")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("elsewhere"), withIntermediateDirectories: true)
        try TestSupport.write("keep\n", to: root.appendingPathComponent("elsewhere/keep.txt"))
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("site").path, withDestinationPath: "elsewhere")
        #expect(throws: DiagnosticsError.self) {
            try SiteWriter.write([SiteFile(path: "a.html", contents: .text("A"))], to: root.appendingPathComponent("site").path)
        }
        #expect(TestSupport.read(root.appendingPathComponent("elsewhere/keep.txt")) == "keep\n")
    }

    /// What a killed build left beside the site is removed by the next one, and only that.
    @Test func aKilledBuildsStagingFoldersAreRemovedByTheNextBuild() throws {
        let root = TestSupport.scratch("primer-output")
        let site = root.appendingPathComponent("site").path
        _ = try SiteWriter.write([SiteFile(path: "a.html", contents: .text("A"))], to: site)
        // A process id that is certainly not running: a child that has exited.
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let dead = finished.processIdentifier
        let staging = root.appendingPathComponent(".site-staging-\(dead)").path
        let old = root.appendingPathComponent(".site-old-\(dead)").path
        let someoneElses = root.appendingPathComponent(".site-staging-\(dead)0").path  // no: another id, another number
        let live = root.appendingPathComponent(".site-staging-1").path  // init is always running
        for folder in [staging, old, live] {
            try TestSupport.write("half a page", to: URL(fileURLWithPath: folder + "/a.html"))
            try TestSupport.write("", to: URL(fileURLWithPath: folder + "/" + OutputFolder.markerName))
        }
        try TestSupport.write("not Primer's", to: URL(fileURLWithPath: someoneElses + "/notes.txt"))
        _ = try SiteWriter.write([SiteFile(path: "a.html", contents: .text("A2"))], to: site)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: root.path))
        #expect(left == ["site", ".site-staging-1", ".site-staging-\(dead)0"])
    }

    @Test func staleScratchFoldersOfEndedProcessesAreRemoved() throws {
        let parent = TestSupport.scratch("primer-scratch").path
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let mine = try #require(Scratch.make("primer-sample", in: parent))
        try FileManager.default.createDirectory(atPath: parent + "/primer-sample-\(finished.processIdentifier)-abc123", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: parent + "/primer-sampler-\(finished.processIdentifier)-abc123", withIntermediateDirectories: true)
        #expect(Scratch.removeStale("primer-sample", in: parent) == 1)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: parent))
        #expect(left == [URL(fileURLWithPath: mine).lastPathComponent, "primer-sampler-\(finished.processIdentifier)-abc123"])
    }
}
