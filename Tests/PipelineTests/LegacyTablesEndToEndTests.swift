import CourseModel
import Foundation
import Pipeline
import PrimerTestSupport
import Testing

@Suite struct LegacyTablesEndToEndTests {
    @Test func lprojTablesFillWhatTheCatalogLacks() throws {
        let folder = try TestSupport.copyFixture("basic")
        let content = folder.appendingPathComponent("Content")
        // A legacy table in UTF-16 gives the Russian "Next" its own word, over the built-in one.
        let strings = "/* Legacy table */\n\"nav_next\" = \"Дальше\";\n"
        try Data([0xFF, 0xFE] + strings.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
            .write(to: content.appendingPathComponent("ru.lproj/Localizable.strings").creatingFolder())
        let result = try Build.run(.init(content: content.path, templates: TestSupport.templates, output: folder.appendingPathComponent("site").path))
        #expect(result.succeeded, "\(result.diagnostics)")
        #expect(TestSupport.read(folder.appendingPathComponent("site/ru/intro.html")).contains("<span class=\"pager-direction\">Дальше</span>"))
    }
}
