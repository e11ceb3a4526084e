import Foundation
import Pipeline
import PrimerTestSupport
import Testing

extension SamplesEndToEndTests {
    /// A one-chapter English course in a new scratch folder whose chapter shows `sample`, with
    /// `samples` (paths under `Content/Samples`) as its package.
    func oneSampleCourse(_ name: String, sample: String, samples: [String: String]) throws -> URL {
        let folder = TestSupport.scratch(name)
        try? FileManager.default.removeItem(at: folder)
        let content = folder.appendingPathComponent("Content")
        var files = [
            "course.yml": "title: { en: Samples }\nsource_locale: en\nlocales: [en]\nparts:\n  - title: { en: Part }\n    chapters: [one]\n",
            "en/one.md": "---\ntitle: One\n---\n\n```swift {sample=\"\(sample)\"}\n```\n",
        ]
        for (path, text) in samples { files["Samples/" + path] = text }
        for (path, text) in files { try TestSupport.write(text, to: content.appendingPathComponent(path)) }
        return folder
    }

    /// A course folder moved (or copied) with its samples' `.build`: SwiftPM's clang module cache
    /// still names the old path, and every compile failed with "precompiled file … was compiled
    /// with module cache path …" until the author deleted `.build` by hand.
    @Test func samplesStillBuildAfterTheCourseMoves() throws {
        let folder = try oneSampleCourse("primer-samples-moving", sample: "hello", samples: [
            "Package.swift": """
                // swift-tools-version:6.0
                import PackageDescription

                let package = Package(name: "MovingSamples", targets: [.executableTarget(name: "hello")], swiftLanguageModes: [.v6])

                """,
            "Sources/hello/main.swift": "import Foundation\n\nprint(\"moved \\(Int(\"7\") ?? 0)\")\n",
            "Outputs/hello.txt": "moved 7\n",
        ])
        let content = folder.appendingPathComponent("Content")
        let first = try build(folder)
        #expect(errors(first).isEmpty, "\(errors(first))")
        let caches = try FileManager.default.subpathsOfDirectory(atPath: content.appendingPathComponent("Samples/.build").path)
            .filter { $0.hasSuffix("/ModuleCache") }
        #expect(!caches.isEmpty, "SwiftPM made no module cache to go stale")

        let moved = TestSupport.scratch("primer-samples-moved")
        try? FileManager.default.removeItem(at: moved)
        try FileManager.default.moveItem(at: folder, to: moved)
        // The remembered outcomes go, so the moved samples are built and run again.
        try? FileManager.default.removeItem(at: moved.appendingPathComponent("Content/.primer-cache"))
        try? FileManager.default.removeItem(at: moved.appendingPathComponent(".primer-cache"))
        let second = try build(moved)
        #expect(errors(second).isEmpty, "\(errors(second))")
        #expect(second.samples?.ran == 1)
        #expect(TestSupport.read(moved.appendingPathComponent("site/en/one.html")).contains("moved 7"))
        try? FileManager.default.removeItem(at: moved)
    }
}
