import Foundation
import Preview
import PrimerTestSupport
import Testing

/// The preview re-renders a page when anything around it changed, compared whole: a setting
/// added to course.yml reaches every page without a restart.
@Suite struct PreviewSurroundingsTests {
    @Test func courseSettingsReachEveryPageOnTheNextRebuild() throws {
        let folder = try TestSupport.copyFixture("basic")
        let content = folder.appendingPathComponent("Content")
        let server = PreviewServer(options: .init(content: content.path, templates: TestSupport.templates, port: 0)) { _ in }
        #expect(server.rebuild() != nil)
        func page(_ path: String) -> String { String(decoding: server.store.file(path)?.bytes ?? [], as: UTF8.self) }
        #expect(!page("en/intro.html").contains("class=\"edit-page\""))
        #expect(page("en/intro.html").contains("id=\"search-input\""))

        let config = content.appendingPathComponent("course.yml")
        try TestSupport.write(TestSupport.read(config) + "edit_url: https://example.org/edit/{path}\n", to: config)
        #expect(server.rebuild(because: [config.path]) != nil)
        #expect(page("en/intro.html").contains("<p class=\"edit-page\"><a href=\"https://example.org/edit/en/intro.md\">"), "\(page("en/intro.html"))")
        #expect(page("ru/details.html").contains("class=\"edit-page\""))

        try TestSupport.write(TestSupport.read(config) + "search: false\n", to: config)
        #expect(server.rebuild(because: [config.path]) != nil)
        for path in ["index.html", "en/index.html", "en/intro.html", "zh-Hans/details.html"] {
            #expect(!page(path).contains("id=\"search-input\""), "\(path)")
        }
        // Nothing changed: nothing is rendered again.
        #expect(server.rebuild() != nil)
        #expect(server.session.renderedInLastBuild.isEmpty)
    }
}
