import Foundation
import Pipeline
import PrimerTestSupport
import Testing

extension SamplesEndToEndTests {
    /// A sample with `resources:` reads them through `Bundle.module` when the build runs it (in
    /// the sandbox, the bundle beside the executable was not there: the program stopped with
    /// SIGILL), and its download carries the declaration and the files, so `swift run` works
    /// for the reader too (the manifest had no `resources:` and the files were left out).
    @Test func aSampleReadsItsBundledResourcesHereAndInItsDownload() throws {
        let samples = [
            "Package.swift": """
                // swift-tools-version:6.0
                import PackageDescription

                let package = Package(name: "ResourceSamples", targets: [
                    .executableTarget(name: "trails", resources: [.copy("Trails"), .process("limits.json")]),
                ], swiftLanguageModes: [.v6])

                """,
            "Sources/trails/main.swift": """
                import Foundation

                let trails = Bundle.module.url(forResource: "Trails", withExtension: nil)!
                let names = try FileManager.default.contentsOfDirectory(atPath: trails.path).sorted()
                for name in names { print(name, try String(contentsOf: trails.appendingPathComponent(name), encoding: .utf8), terminator: "") }
                let limits = try String(contentsOf: Bundle.module.url(forResource: "limits", withExtension: "json")!, encoding: .utf8)
                print("limits", limits, terminator: "")

                """,
            "Sources/trails/Trails/ridge.txt": "Ridge Loop, 7 km\n",
            "Sources/trails/Trails/lake.txt": "Lake Path, 3 km\n",
            "Sources/trails/limits.json": "{\"km\": 10}\n",
            "Outputs/trails.txt": "lake.txt Lake Path, 3 km\nridge.txt Ridge Loop, 7 km\nlimits {\"km\": 10}\n",
        ]
        let folder = try oneSampleCourse("primer-samples-resources", sample: "trails", samples: samples)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try build(folder)
        #expect(errors(result).isEmpty, "\(errors(result))")
        #expect(TestSupport.read(folder.appendingPathComponent("site/en/one.html")).contains("ridge.txt Ridge Loop, 7 km"))

        // The download: unzip it where the course is not, build and run it as a reader would.
        let zip = folder.appendingPathComponent("site/en/downloads/trails.zip")
        #expect(FileManager.default.fileExists(atPath: zip.path))
        let env = URL(fileURLWithPath: "/usr/bin/env")
        let reader = folder.appendingPathComponent("reader")
        try FileManager.default.createDirectory(at: reader, withIntermediateDirectories: true)
        #expect(try TestSupport.run(["unzip", "-q", zip.path], in: reader, executable: env).status == 0)
        let package = try #require(try FileManager.default.contentsOfDirectory(atPath: reader.path).first)
        let root = reader.appendingPathComponent(package)
        #expect(TestSupport.read(root.appendingPathComponent("Package.swift")).contains("resources: [.copy(\"Trails\"), .process(\"limits.json\")]"))
        let run = try TestSupport.run(["swift", "run", "-q", "trails"], in: root, executable: env)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.hasSuffix(samples["Outputs/trails.txt"]!), "\(run.output)")
    }
}

extension SamplesEndToEndTests {
    /// `build --bless` records a new output and the same build writes the downloads: their
    /// `Outputs/` held the old text until the next build.
    @Test func aBlessedOutputIsTheOneTheDownloadCarries() throws {
        let folder = try oneSampleCourse("primer-samples-bless-download", sample: "count", samples: [
            "Package.swift": "// swift-tools-version:6.0\nimport PackageDescription\n\nlet package = Package(name: \"BlessSamples\", targets: [.executableTarget(name: \"count\")], swiftLanguageModes: [.v6])\n",
            "Sources/count/main.swift": "print(\"three trails\")\n",
            "Outputs/count.txt": "two trails\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let content = folder.appendingPathComponent("Content")
        let result = try build(folder, bless: true)
        #expect(errors(result).isEmpty, "\(errors(result))")
        #expect(TestSupport.read(content.appendingPathComponent("Samples/Outputs/count.txt")) == "three trails\n")
        let zip = folder.appendingPathComponent("site/en/downloads/count.zip").path
        let carried = try TestSupport.run(["unzip", "-p", zip, "count/Outputs/count.txt"], in: folder, executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(carried.output == "three trails\n")
    }
}

extension SamplesEndToEndTests {
    /// A sample that links a system library (SQLite through a `.systemLibrary` target with a
    /// module map): its download declares that target and carries the module map, so `swift run`
    /// works for the reader (it failed with "no such module 'CSQLite'"), and the library is not
    /// offered as a sample of its own.
    @Test func aSampleOnASystemLibraryRunsFromItsDownload() throws {
        let samples = [
            "Package.swift": """
                // swift-tools-version:6.0
                import PackageDescription

                let package = Package(name: "SystemSamples", targets: [
                    .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
                    .executableTarget(name: "query", dependencies: ["CSQLite"]),
                ], swiftLanguageModes: [.v6])

                """,
            "Sources/CSQLite/module.modulemap": "module CSQLite [system] {\n    header \"shim.h\"\n    link \"sqlite3\"\n    export *\n}\n",
            "Sources/CSQLite/shim.h": "#include <sqlite3.h>\n",
            "Sources/query/main.swift": """
                import CSQLite

                var db: OpaquePointer?
                guard sqlite3_open(":memory:", &db) == SQLITE_OK else { fatalError("no database") }
                var statement: OpaquePointer?
                sqlite3_prepare_v2(db, "SELECT 6 * 7", -1, &statement, nil)
                sqlite3_step(statement)
                print("answer", sqlite3_column_int(statement, 0))
                sqlite3_finalize(statement)
                sqlite3_close(db)

                """,
            "Outputs/query.txt": "answer 42\n",
        ]
        let folder = try oneSampleCourse("primer-samples-system-library", sample: "query", samples: samples)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try build(folder)
        #expect(errors(result).isEmpty, "\(errors(result))")
        #expect(result.samples?.failed == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("site/en/downloads/CSQLite.zip").path))

        let env = URL(fileURLWithPath: "/usr/bin/env")
        let reader = folder.appendingPathComponent("reader")
        try FileManager.default.createDirectory(at: reader, withIntermediateDirectories: true)
        #expect(try TestSupport.run(["unzip", "-q", folder.appendingPathComponent("site/en/downloads/query.zip").path], in: reader, executable: env).status == 0)
        let root = reader.appendingPathComponent("query")
        #expect(TestSupport.read(root.appendingPathComponent("Package.swift"))
            .contains(".systemLibrary(name: \"CSQLite\", pkgConfig: \"sqlite3\", providers: [.apt([\"libsqlite3-dev\"])])"))
        let run = try TestSupport.run(["swift", "run", "-q", "query"], in: root, executable: env)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.hasSuffix("answer 42\n"), "\(run.output)")
    }
}
