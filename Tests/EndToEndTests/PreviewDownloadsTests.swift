import Foundation
import Preview
import PrimerTestSupport
import Synchronization
import Testing

extension SamplesEndToEndTests {
    /// A preview rebuild after an edit to a chapter's prose hands back the last build's archives
    /// (nothing read, zipped or hashed again); an edit to a sample's code makes them again.
    @Test func aProseEditKeepsTheDownloadsAndACodeEditRemakesThem() throws {
        let folder = try oneSampleCourse("primer-preview-downloads", sample: "hello", samples: [
            "Package.swift": """
                // swift-tools-version:6.0
                import PackageDescription

                let package = Package(name: "PreviewDownloads", targets: [.executableTarget(name: "hello")], swiftLanguageModes: [.v6])

                """,
            "Sources/hello/main.swift": "print(\"hello 1\")\n",
            "Outputs/hello.txt": "hello 1\n",
        ])
        let content = folder.appendingPathComponent("Content")
        let logs = Mutex<[String]>([])
        let server = PreviewServer(options: .init(content: content.path, templates: TestSupport.templates, port: 0, verbose: true)) { line in
            logs.withLock { $0.append(line) }
        }
        #expect(server.rebuild() != nil, "\(logs.withLock { $0 })")
        let zip = "en/downloads/hello.zip"
        let first = try #require(server.store.file(zip))

        let chapter = content.appendingPathComponent("en/one.md")
        try TestSupport.write(TestSupport.read(chapter) + "\nA sentence more.\n", to: chapter)
        let changed = try #require(server.rebuild(because: [chapter.path]))
        #expect(changed.contains("en/one.html") && !changed.contains(zip))
        #expect(server.store.file(zip)?.etag == first.etag)

        let code = content.appendingPathComponent("Samples/Sources/hello/main.swift")
        try TestSupport.write("print(\"hello 2\")\n", to: code)
        try TestSupport.write("hello 2\n", to: content.appendingPathComponent("Samples/Outputs/hello.txt"))
        let remade = try #require(server.rebuild(because: [code.path]), "\(logs.withLock { $0 })")
        #expect(remade.contains(zip))

        let stages = logs.withLock { $0 }.filter { $0.contains("primer: stages") }
        #expect(stages.count == 3)
        #expect(stages.count == 3 && !stages[0].contains("downloads (kept)") && stages[1].contains("downloads (kept)")
                && !stages[2].contains("downloads (kept)"), "\(stages)")
    }
}
