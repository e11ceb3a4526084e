import Foundation
import PrimerTestSupport
import Testing

/// `primer translations` with the tools translators use: gettext's msgmerge and msgfmt on the
/// exported PO files, and export → import with no edits leaving every file as it was.
@Suite struct TranslationExchangeTests {
    static let msgmerge = ["/usr/bin/msgmerge", "/usr/local/bin/msgmerge"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let msgfmt = ["/usr/bin/msgfmt", "/usr/local/bin/msgfmt"].first { FileManager.default.isExecutableFile(atPath: $0) }

    static func tool(_ path: String, _ arguments: [String], in folder: URL) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe; process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// A source edit, then msgmerge against the new template: msgfmt --check passes on the merged
    /// file, and primer imports it.
    @Test(.enabled(if: msgmerge != nil && msgfmt != nil, "gettext is not installed (`make deps` installs it: apt-get install gettext)"))
    func aPOFileMergedByMsgmergeImportsCleanly() throws {
        let folder = try TestSupport.copyFixture("basic")
        let templates = ["--templates", TestSupport.templates]
        let export = try TestSupport.run(["translations", "export", "--locale", "ru", "--format", "po"] + templates, in: folder)
        #expect(export.status == 0, "\(export.output)")
        let po = "translations/ru/intro.po"
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(po).path))
        #expect(TestSupport.read(folder.appendingPathComponent("translations/templates/intro.pot")).contains("msgctxt \"intro#start\""))

        // The source changes; the new template is merged into the translator's file.
        let source = folder.appendingPathComponent("Content/en/intro.md")
        try TestSupport.write(TestSupport.read(source).replacingOccurrences(of: "first.", with: "before anything else."), to: source)
        let again = try TestSupport.run(["translations", "export", "--locale", "ru", "--format", "po", "--output", "new"] + templates, in: folder)
        #expect(again.status == 0, "\(again.output)")
        let merge = try Self.tool(Self.msgmerge!, ["--update", "--backup=none", po, "new/templates/intro.pot"], in: folder)
        #expect(merge.0 == 0, "\(merge.1)")
        #expect(TestSupport.read(folder.appendingPathComponent(po)).contains("before anything else."))
        let check = try Self.tool(Self.msgfmt!, ["--check", "-o", "/dev/null", po], in: folder)
        #expect(check.0 == 0, "\(check.1)")

        let imported = try TestSupport.run(["translations", "import", po] + templates, in: folder)
        #expect(imported.status == 0, "\(imported.output)")
    }

    /// Export, then import what was exported: the course's files are byte for byte the same,
    /// through PO and through XLIFF (chapters and the catalog).
    @Test(arguments: ["po", "xliff"]) func anImportOfUneditedFilesChangesNothing(_ format: String) throws {
        let folder = TestSupport.scratch("primer-exchange")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestSupport.root.appendingPathComponent("Content"), to: folder.appendingPathComponent("Content"))
        try FileManager.default.copyItem(at: TestSupport.root.appendingPathComponent("Templates"), to: folder.appendingPathComponent("Templates"))
        let before = TestSupport.snapshot(folder)
        for locale in ["ru", "zh-Hans"] {
            let export = try TestSupport.run(["translations", "export", "--locale", locale, "--format", format], in: folder)
            #expect(export.status == 0, "\(export.output)")
        }
        let files = (TestSupport.snapshot(folder.appendingPathComponent("translations")).keys)
            .filter { $0.hasSuffix(".po") || $0.hasSuffix(".xliff") }.sorted().map { "translations/" + $0 }
        #expect(files.count >= 2)
        let imported = try TestSupport.run(["translations", "import"] + files, in: folder)
        #expect(imported.status == 0, "\(imported.output)")
        #expect(imported.output.contains("nothing changed"), "\(imported.output)")
        let after = TestSupport.snapshot(folder).filter { !$0.key.hasPrefix("translations") }
        #expect(after == before)
    }

    static let templates = ["--templates", TestSupport.templates]

    /// A copy of the basic fixture whose Russian PO files are exported, with `edit` made to
    /// translations/ru/intro.po (an edit that changes nothing fails the test).
    static func basicWithEditedPO(_ edit: (String) -> String) throws -> URL {
        let folder = try TestSupport.copyFixture("basic")
        #expect(try TestSupport.run(["translations", "export", "--locale", "ru", "--format", "po"] + templates, in: folder).status == 0)
        let po = folder.appendingPathComponent("translations/ru/intro.po")
        let text = TestSupport.read(po)
        let edited = edit(text)
        #expect(edited != text)
        try TestSupport.write(edited, to: po)
        return folder
    }

    /// A placeholder dropped in a translated PO file: exit 1, the file's place, nothing written.
    @Test func aDroppedPlaceholderIsAnErrorAndNothingIsWritten() throws {
        let folder = try Self.basicWithEditedPO { $0.replacingOccurrences(of: "\"## Начало [[1]]\\n\"", with: "\"## Самое начало\\n\"") }
        let before = TestSupport.snapshot(folder.appendingPathComponent("Content"))
        let result = try TestSupport.run(["translations", "import", "translations/ru/intro.po"] + Self.templates, in: folder)
        #expect(result.status == 1)
        #expect(result.output.contains("translations/ru/intro.po:") && result.output.contains("intro#start") && result.output.contains("[PRM079]"), "\(result.output)")
        #expect(TestSupport.snapshot(folder.appendingPathComponent("Content")) == before)
    }

    /// A unit translated anew (and no longer fuzzy) is written into its section, keeping the
    /// section's id, and marked translated from the current source.
    @Test func anEditedUnitIsWrittenAndMarkedTranslated() throws {
        let folder = try Self.basicWithEditedPO {
            $0.replacingOccurrences(of: "#, fuzzy\nmsgctxt \"intro#start\"", with: "msgctxt \"intro#start\"")
                .replacingOccurrences(of: "\"## Начало [[1]]\\n\"", with: "\"## Самое начало [[1]]\\n\"")
        }
        let result = try TestSupport.run(["translations", "import", "translations/ru/intro.po"] + Self.templates, in: folder)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("ru/intro.md: 1 section changed, 1 marked translated"), "\(result.output)")
        let chapter = TestSupport.read(folder.appendingPathComponent("Content/ru/intro.md"))
        #expect(chapter.contains("\n## Самое начало {#start}\n\nСмотрите"))
        #expect(chapter.contains("translated_sections:\n  start: "), "\(chapter)")
    }
}
