import CourseModel
@testable import Extras
import Foundation
import Pipeline
import PrimerTestSupport
import Testing
import ZIPFoundation

/// The real course, built for real: gallery, downloads and the API index.
@Suite(.serialized) struct GalleryDownloadsIndexTests {
    static let built: (folder: URL, result: Build.Result)? = {
        let folder = TestSupport.scratch("primer-course")
        let content = folder.appendingPathComponent("Content")
        try? FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        // Everything but build products.
        let source = TestSupport.root.appendingPathComponent("Content")
        for item in (try? FileManager.default.subpathsOfDirectory(atPath: source.path)) ?? [] where !item.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: source.appendingPathComponent(item).path, isDirectory: &isDirectory)
            let target = content.appendingPathComponent(item)
            if isDirectory.boolValue { try? FileManager.default.createDirectory(at: target, withIntermediateDirectories: true) }
            else { try? FileManager.default.copyItem(at: source.appendingPathComponent(item), to: target) }
        }
        guard let result = try? Build.run(.init(content: content.path, templates: TestSupport.templates,
                                                output: folder.appendingPathComponent("site").path)) else { return nil }
        return (folder, result)
    }()

    func site(_ path: String) throws -> URL { try #require(Self.built).folder.appendingPathComponent("site/" + path) }

    @Test func theGalleryListsEverySampleInChapterOrder() throws {
        let built = try #require(Self.built)
        #expect(built.result.succeeded, "\(built.result.diagnostics)")
        #expect(built.result.diagnostics.isEmpty, "\(built.result.diagnostics)")
        let gallery = TestSupport.read(try site("ru/samples.html"))
        let order = ["fraction", "fraction-calculator", "protocol-check", "deinit-trace", "retain-cycle", "copy-on-write"]
        let positions = order.map { gallery.range(of: "id=\"sample-\($0)\"")?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil } && positions.map { $0! } == positions.map { $0! }.sorted())
        #expect(gallery.contains("<p class=\"gallery-places\"><a href=\"memory.html\">Глава 2. Память и семантика значений</a> · <a href=\"memory.html#weak-fix\">Раздел 2.2.2</a> · <a href=\"memory.html#lst-retain-cycle\">Листинг 2.3</a></p>"))
        #expect(gallery.contains("<p class=\"gallery-description\">Два объекта, удерживающие друг друга, и слабая ссылка, которая их освобождает.</p>"))
        #expect(gallery.contains("<p class=\"gallery-platform\">Работает в Linux и macOS</p>"))
        // A chapter's zip is under its heading, beside its samples.
        #expect(gallery.contains("<h2 id=\"chapter-memory-heading\"><a href=\"memory.html\">Глава 2. Память и семантика значений</a></h2>\n<p class=\"chapter-download\"><a href=\"downloads/chapter-memory.zip\" download>Все примеры главы 2 (zip)</a></p>"))
        // Each sample's block in a chapter links to its entry and its download.
        let chapter = TestSupport.read(try site("zh-Hans/memory.html"))
        #expect(chapter.contains("<p class=\"sample-links\"><a href=\"samples.html#sample-retain-cycle\">在示例集中查看</a> · <a href=\"downloads/retain-cycle.zip\" download>下载 retain-cycle.zip</a></p>"))
    }

    @Test func downloadsAreReproducibleAndRunOnTheirOwn() throws {
        let built = try #require(Self.built)
        let zip = try site("ru/downloads/fraction-calculator.zip")
        let first = try Data(contentsOf: zip)
        // Build again without the archive cache: byte for byte the same file.
        try FileManager.default.removeItem(at: built.folder.appendingPathComponent(".primer-cache/archives"))
        try FileManager.default.removeItem(at: built.folder.appendingPathComponent(".primer-cache/build-site.manifest"))
        let again = try Build.run(.init(content: built.folder.appendingPathComponent("Content").path, templates: TestSupport.templates,
                                        output: built.folder.appendingPathComponent("site").path))
        #expect(again.succeeded)
        #expect(try Data(contentsOf: zip) == first)

        let archive = try Archive(url: zip, accessMode: .read)
        let paths = archive.map(\.path).sorted()
        #expect(paths.contains("fraction-calculator/Sources/Fractions/Fraction.swift"))
        #expect(paths.contains("fraction-calculator/Outputs/fraction-calculator.txt"))
        #expect(!paths.contains { $0.contains("retain-cycle") })
        let chapter = try Archive(url: try site("en/downloads/chapter-memory.zip"), accessMode: .read).map(\.path)
        #expect(["deinit-trace", "retain-cycle", "copy-on-write"].allSatisfy { name in chapter.contains("chapter-memory/Sources/\(name)/main.swift") })

        // Unpack and run it as a learner would: `swift run` in the folder.
        let unpacked = TestSupport.scratch("primer-unzip")
        try FileManager.default.unzipItem(at: zip, to: unpacked)
        let package = unpacked.appendingPathComponent("fraction-calculator")
        #expect(TestSupport.read(package.appendingPathComponent("README.md")).contains("Запустите из этой папки командой:\n\n    swift run"))
        let (status, printed) = try run("swift run --quiet", in: package)
        #expect(status == 0)
        #expect(printed == TestSupport.read(package.appendingPathComponent("Outputs/fraction-calculator.txt")))
    }

    /// A per-locale sample's download runs as its page and README say: the README gives the
    /// command with the locale the build ran it in, and that command prints the page's output
    /// (`swift run` alone printed the English index on the Russian site).
    @Test func aPerLocaleDownloadPrintsItsLocalesOutput() throws {
        let unpacked = TestSupport.scratch("primer-unzip-per-locale")
        try? FileManager.default.removeItem(at: unpacked)
        try FileManager.default.unzipItem(at: try site("ru/downloads/index-sections.zip"), to: unpacked)
        let package = unpacked.appendingPathComponent("index-sections")
        let command = "PRIMER_LOCALE=ru LANG=ru.UTF-8 swift run index-sections"
        #expect(TestSupport.read(package.appendingPathComponent("README.md")).contains("\n\n    \(command)\n"))
        let chapter = unpacked.appendingPathComponent("chapter")
        try FileManager.default.unzipItem(at: try site("ru/downloads/chapter-collections.zip"), to: chapter)
        #expect(TestSupport.read(chapter.appendingPathComponent("chapter-collections/README.md")).contains("    \(command)\n"))
        let (status, printed) = try run(command.replacingOccurrences(of: "swift run", with: "swift run --quiet"), in: package)
        #expect(status == 0)
        #expect(printed == TestSupport.read(package.appendingPathComponent("Outputs/index-sections.ru.txt")))
        #expect(printed.contains("А"))
    }

    /// A shell command run in `folder` as a learner types it: its exit status and what it printed.
    func run(_ command: String, in folder: URL) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = folder
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, printed)
    }

    @Test func theAPIIndexLinksEveryPlace() throws {
        let index = TestSupport.read(try site("ru/api-index.html"))
        #expect(index.contains("<dt><code>isKnownUniquelyReferenced</code> <a class=\"docs-link\" href=\"https://developer.apple.com/search/?q=isKnownUniquelyReferenced\" hreflang=\"en\">документация</a></dt>"))
        #expect(index.contains("<a href=\"memory.html#lst-copy-on-write\">Листинг 2.5</a>"))
        #expect(index.contains("<dt><code>NSObject</code>"))
        for own in ["Fraction", "Tracked", "ScreenController", "gcd"] { #expect(!index.contains("<code>\(own)</code>"), "\(own) is the course's own") }
        let names = index.components(separatedBy: "<dt><code>").dropFirst().map { String($0.prefix { $0 != "<" }) }
        #expect(names == names.sorted(by: Extras.latinOrder))
        #expect(TestSupport.read(try site("zh-Hans/api-index.html")).contains("<h1>API 索引</h1>"))
    }

    @Test func missingDescriptionsAndUnusedExclusionsAreWarned() throws {
        let folder = try TestSupport.copyFixture("samples")
        let content = folder.appendingPathComponent("Content")
        try TestSupport.write(TestSupport.read(content.appendingPathComponent("course.yml")) + "api_index:\n  exclude: [NoSuchName]\n",
                              to: content.appendingPathComponent("course.yml"))
        var options = Build.Options(content: content.path, templates: TestSupport.templates, output: folder.appendingPathComponent("site").path)
        options.product = .check
        let result = try Build.run(options)
        let warnings = result.diagnostics.filter { !$0.isError }.map(\.description)
        #expect(warnings.contains { $0.hasPrefix("\(content.path)/Samples/Sources/hello/main.swift:1:1: warning: sample 'hello' has no description for the sample gallery") })
        #expect(warnings.contains { $0.hasPrefix("\(content.path)/course.yml:8:13: warning: api_index excludes 'NoSuchName', which the course never uses") })
    }
}
