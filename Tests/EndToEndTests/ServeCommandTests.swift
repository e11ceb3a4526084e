import Foundation
import PrimerTestSupport
import Testing

/// `primer serve` hands its arguments to `primer-preview`, the program next to `primer`.
@Suite struct ServeCommandTests {
    /// Runs `executable` with `arguments` in `folder`; its exit status and combined output.
    func run(_ executable: URL, _ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
        try TestSupport.run(arguments, in: folder, executable: executable)
    }

    @Test func withoutThePreviewProgramServeSaysHowToBuildIt() throws {
        let folder = try TestSupport.copyFixture("basic")
        let alone = folder.appendingPathComponent("bin/primer")
        try FileManager.default.createDirectory(at: alone.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: TestSupport.primer), to: alone)
        let missing = try run(alone, ["serve", "--port", "0"], in: folder)
        #expect(missing.status == 1, "\(missing.output)")
        #expect(missing.output.contains("primer: error: the preview is a separate program, primer-preview, and it is not built")
                && missing.output.contains("make serve") && missing.output.contains("--product primer-preview"), "\(missing.output)")
        // The options are still checked first, with the usual exit code for a wrong call.
        let port = try run(alone, ["serve", "--port", "99999"], in: folder)
        #expect(port.status == 2 && port.output.contains("--port must be from 0 to 65535"), "\(port.output)")
        // The other commands do not need the preview.
        let strings = try run(alone, ["strings", "--locale", "ru", "--key", "nav_home"], in: folder)
        #expect(strings.status == 0 && !strings.output.isEmpty, "\(strings.output)")
    }

    @Test func throughASymbolicLinkServeFindsThePreviewNextToTheRealPrimer() throws {
        let folder = try TestSupport.copyFixture("basic")
        let link = folder.appendingPathComponent("bin/primer")
        try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: TestSupport.primer)
        // An address that is not this machine's: only primer-preview, which tries to listen, says so.
        let served = try run(link, ["serve", "--port", "0", "--host", "999.1.1.1", "--templates", TestSupport.templates], in: folder)
        #expect(served.status == 1 && served.output.contains("primer: error: cannot serve on 999.1.1.1:0: '999.1.1.1' is not a host name or address"),
                "\(served.output)")
    }

    @Test func bothProgramsDescribeTheSameOptions() throws {
        let folder = try TestSupport.copyFixture("basic")
        let primer = URL(fileURLWithPath: TestSupport.primer)
        let preview = primer.deletingLastPathComponent().appendingPathComponent("primer-preview")
        let serveHelp = try run(primer, ["serve", "--help"], in: folder)
        let previewHelp = try run(preview, ["--help"], in: folder)
        #expect(serveHelp.status == 0 && previewHelp.status == 0)
        for option in ["--content", "--templates", "--locale", "--port", "--host", "--open", "--verbose", "--idle-timeout"] {
            #expect(serveHelp.output.contains(option) && previewHelp.output.contains(option), "\(option)")
        }
        #expect(previewHelp.output.contains("USAGE: primer serve"), "\(previewHelp.output)")
    }
}
