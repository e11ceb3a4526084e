import Defaults
import Foundation
import Pipeline
import PrimerTestSupport
import Testing

/// `primer init` and the built-in templates, assets and words: a folder with only what
/// `primer init` wrote builds, checks and serves, with nothing taken from this repository.
@Suite struct StarterTests {
    /// Runs the built `primer` on a thread of its own (its builds take seconds).
    func primer(_ arguments: [String], in folder: URL) async throws -> (status: Int32, output: String) {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try TestSupport.run(arguments, in: folder) }) }.start()
        }
    }

    func emptyFolder() throws -> URL {
        let folder = TestSupport.scratch("primer-init")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aStarterCourseBuildsChecksAndIsTranslated() async throws {
        let parent = try emptyFolder()
        let made = try await primer(["init", "course", "--locales", "en,ru,zh-Hans,de,fr,es,ja,ko,pt"], in: parent)
        #expect(made.status == 0 && made.output.contains("Content/ko/getting-started.md") && made.output.contains("cd course && primer serve"), "\(made.output)")
        let folder = parent.appendingPathComponent("course")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Templates").path))
        let built = try await primer(["build"], in: folder)
        #expect(built.status == 0 && !built.output.contains("warning") && built.output.contains("built 9 pages"), "\(built.output)")
        let checked = try await primer(["check"], in: folder)
        #expect(checked.status == 0 && checked.output.contains("listings: 9 samples, 9 run, 0 compiled, 0 expected to fail, 0 unverified"), "\(checked.output)")
        let status = try await primer(["status", "--strict"], in: folder)
        #expect(status.status == 0, "\(status.output)")
        // The built-in templates, assets and words: German words on the German page, the style sheet.
        let german = TestSupport.read(folder.appendingPathComponent("site/de/getting-started.html"))
        #expect(german.contains("<html lang=\"de\"") && german.contains("Abschnitt 1.1") && german.contains("Listing 1.1"), "\(german)")
        let css = try Data(contentsOf: folder.appendingPathComponent("site/assets/style.css"))
        #expect(css == (try Data(contentsOf: TestSupport.root.appendingPathComponent("Templates/assets/style.css"))))
        // Nothing is overwritten: a second init names what is there and writes nothing.
        let again = try await primer(["init", "--locales", "en"], in: folder)
        #expect(again.status == 1 && again.output.contains("already has Content/, Content/course.yml"), "\(again.output)")
    }

    @Test func localesPrimerHasNoWordsForAreRefused() async throws {
        let folder = try emptyFolder()
        let italian = try await primer(["init", "--locales", "en,it"], in: folder)
        #expect(italian.status == 1 && italian.output.contains("Primer has no starter chapter or site words for 'it'"), "\(italian.output)")
        let bad = try await primer(["init", "--locales", "en,ru_RU"], in: folder)
        #expect(bad.status == 1 && bad.output.contains("'ru_RU' is not a BCP 47 language tag"), "\(bad.output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        // A regional tag takes its language's chapter: en-GB writes the English one.
        let british = try await primer(["init", "--locales", "en-GB,pt-BR"], in: folder)
        #expect(british.status == 0, "\(british.output)")
        #expect(TestSupport.read(folder.appendingPathComponent("Content/pt-BR/getting-started.md")).contains("title: "))
        #expect(TestSupport.read(folder.appendingPathComponent("Content/course.yml")).contains("locales: [en-GB, pt-BR]"))
    }

    /// `EN` and `en` are one locale: the course gets it once, in the usual case, and its status is clean.
    @Test func localesAreWrittenOnceInTheirUsualCase() async throws {
        let parent = try emptyFolder()
        let made = try await primer(["init", "x", "--locales", "en,en,EN"], in: parent)
        #expect(made.status == 0, "\(made.output)")
        let folder = parent.appendingPathComponent("x")
        #expect(TestSupport.read(folder.appendingPathComponent("Content/course.yml")).contains("locales: [en]\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Content").path).filter { $0.lowercased() == "en" } == ["en"])
        let status = try await primer(["status", "--strict"], in: folder)
        #expect(status.status == 0, "\(status.output)")

        let mixed = try await primer(["init", "y", "--locales", "EN-gb,zh-hans,ZH-HANS,pt-br"], in: parent)
        #expect(mixed.status == 0, "\(mixed.output)")
        let other = parent.appendingPathComponent("y")
        let course = TestSupport.read(other.appendingPathComponent("Content/course.yml"))
        #expect(course.contains("source_locale: en-GB\n") && course.contains("locales: [en-GB, zh-Hans, pt-BR]\n"), "\(course)")
        #expect(FileManager.default.fileExists(atPath: other.appendingPathComponent("Content/zh-Hans/getting-started.md").path))
        let otherStatus = try await primer(["status", "--strict"], in: other)
        #expect(otherStatus.status == 0, "\(otherStatus.output)")
    }

    /// A translation saved with CRLF line endings (and one with a byte order mark too) is marked
    /// for real, its line endings kept.
    @Test func markTranslatedWritesChaptersWithCRLFLineEndings() async throws {
        let parent = try emptyFolder()
        #expect(try await primer(["init", "c", "--locales", "en,ru,de"], in: parent).status == 0)
        let folder = parent.appendingPathComponent("c")
        let chapter = { (locale: String) in folder.appendingPathComponent("Content/\(locale)/getting-started.md") }
        try TestSupport.write(TestSupport.read(chapter("en")) + "\nOne more paragraph.\n", to: chapter("en"))
        func crlf(_ text: String) -> String { text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n") }
        try TestSupport.write(crlf(TestSupport.read(chapter("ru"))), to: chapter("ru"))
        try TestSupport.write("\u{FEFF}" + crlf(TestSupport.read(chapter("de"))), to: chapter("de"))
        #expect(try await primer(["status", "--strict"], in: folder).status == 1)

        let marked = try await primer(["status", "--mark-translated"], in: folder)
        #expect(marked.status == 0 && marked.output.contains("marked Content/ru/getting-started.md")
                && marked.output.contains("marked Content/de/getting-started.md"), "\(marked.output)")
        for locale in ["ru", "de"] {
            let bytes = [UInt8](try Data(contentsOf: chapter(locale)))
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.contains("\ntranslated_sections:\r\n  _title: ") && !text.contains("translated_from"), "\(locale): \(text.prefix(300))")
            // Every line still ends in CRLF; the byte order mark stays where it was.
            #expect(bytes.indices.allSatisfy { bytes[$0] != 0x0A || ($0 > 0 && bytes[$0 - 1] == 0x0D) }, "\(locale)")
            #expect(bytes.starts(with: [0xEF, 0xBB, 0xBF]) == (locale == "de"))
        }
        let status = try await primer(["status", "--strict"], in: folder)
        #expect(status.status == 0, "\(status.output)")
        #expect(try await primer(["status", "--mark-translated"], in: folder).output.contains("nothing to mark"))
    }

    @Test func theBuiltInFilesAreTheTemplatesFolder() throws {
        let templates = TestSupport.root.appendingPathComponent("Templates")
        let names = try FileManager.default.contentsOfDirectory(atPath: templates.path).filter { $0.hasSuffix(".mustache") }
        #expect(Set(names.map { String($0.dropLast(".mustache".count)) }) == Set(BuiltIn.templates.keys))
        for (name, text) in BuiltIn.templates {
            #expect(text == TestSupport.read(templates.appendingPathComponent("\(name).mustache")), "\(name)")
        }
        let assets = try FileManager.default.contentsOfDirectory(atPath: templates.appendingPathComponent("assets").path)
        #expect(Set(assets) == Set(BuiltIn.assets.keys))
        for (name, bytes) in BuiltIn.assets {
            #expect(Data(bytes) == (try Data(contentsOf: templates.appendingPathComponent("assets/\(name)"))), "\(name)")
        }
        #expect(BuiltIn.catalog == TestSupport.read(templates.appendingPathComponent("Localizable.xcstrings")))
        #expect(Set(Starter.chapters.keys) == Set(CourseStarter.locales))
    }
}
