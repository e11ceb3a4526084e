import Foundation
import PrimerTestSupport
import Testing

extension VerifiedListingsTests {
    /// Clang's modules in the snippets' module cache record the path they were built at: a
    /// project moved with its `.primer-cache` must compile its snippets again, not fail them all.
    @Test func snippetsStillCompileAfterTheProjectMoves() async throws {
        let folder = try course(Self.good, strict: true)
        let first = try await build(folder)
        #expect(first.succeeded, "\(errors(first))")
        let moved = TestSupport.scratch("primer-verify-moved")
        try? FileManager.default.removeItem(at: moved)
        try FileManager.default.moveItem(at: folder, to: moved)
        // The outcomes go, the snippets' sources, binaries and module cache stay: every snippet
        // is compiled again from the moved folder.
        let cache = moved.appendingPathComponent(".primer-cache")
        for entry in try FileManager.default.contentsOfDirectory(atPath: cache.path) where entry != "snippets" {
            try FileManager.default.removeItem(at: cache.appendingPathComponent(entry))
        }
        let second = try await build(moved)
        #expect(second.succeeded, "\(errors(second))")
        #expect((second.samples?.built ?? 0) > 0, "nothing was compiled again")
        #expect(second.listings.summary == first.listings.summary)
    }
}
