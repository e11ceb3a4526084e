import ContentCache
import CourseModel
import Foundation
import PrimerTestSupport
@testable import Resolver
@testable import Samples
import Testing

@Suite struct SampleTextTests {
    let source = """
    import Foundation
    // snippet.hide
    let secret = 42
    // snippet.show
    func greet() {
        // snippet.body
        print("hello")
        print("world")
        // snippet.end
    }
    greet()
    """

    @Test func hiddenLinesAndSlices() throws {
        let whole = try SliceText.extract(source, slice: nil).get()
        #expect(whole == "import Foundation\nfunc greet() {\n    print(\"hello\")\n    print(\"world\")\n}\ngreet()\n")
        #expect(try SliceText.extract(source, slice: "body").get() == "print(\"hello\")\nprint(\"world\")\n")
        guard case .failure(let error) = SliceText.extract(source, slice: "bdy") else { Issue.record("found a missing slice"); return }
        #expect(error.slices == ["body"])
    }

    @Test func unifiedDiffShowsContext() {
        let diff = unifiedDiff(expected: "a\nb\nc\nd\n", actual: "a\nB\nc\nd\ne\n", expectedName: "want", actualName: "got")
        #expect(diff == "--- want\n+++ got\n@@ -1,4 +1,5 @@\n a\n-b\n+B\n c\n d\n+e\n")
    }

    @Test func corruptCacheEntriesAreNotTrusted() throws {
        let folder = TestSupport.scratch("primer-cache").path
        let cache = SampleCache(folder: folder)
        let id = SampleRunID(name: "s", locale: nil)
        var key = ContentKey("test")
        key.add("k1")
        cache.store(SampleOutcome(id: id, status: .exited(0), output: "out\n", errorTail: "", seconds: 0.1, cached: false), key: key)
        guard case .hit(let outcome) = cache.lookup(key, id: id) else { Issue.record("no hit"); return }
        #expect(outcome.output == "out\n" && outcome.cached)
        // Change one byte of the stored output: the checksum no longer matches.
        let path = cache.path(key)
        let text = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "out\\n", with: "OUT\\n")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        guard case .corrupt = cache.lookup(key, id: id) else { Issue.record("a tampered entry was trusted"); return }
        guard case .miss = cache.lookup(key, id: id) else { Issue.record("a corrupt entry was kept"); return }
        try "{\"key\": ".write(toFile: path, atomically: true, encoding: .utf8)  // half-written
        guard case .corrupt = cache.lookup(key, id: id) else { Issue.record("a half-written entry was trusted"); return }
    }
}
