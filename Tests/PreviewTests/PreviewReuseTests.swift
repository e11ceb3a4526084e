import Foundation
import Preview
import PrimerTestSupport
import Synchronization
import Testing

/// A preview rebuild keeps what an edit did not change (chapters as last loaded, the print
/// version's other bodies, the gallery and API index, the API index page); after every edit its
/// site is byte for byte what a fresh preview of the same files serves.
@Suite struct PreviewReuseTests {
    func files(_ server: PreviewServer) -> [String: [UInt8]] {
        Dictionary(uniqueKeysWithValues: server.store.paths.map { ($0, server.store.file($0)?.bytes ?? []) })
    }

    @Test func everyRebuildServesWhatAFreshPreviewServes() throws {
        let folder = try TestSupport.copyFixture("basic")
        let content = folder.appendingPathComponent("Content")
        let options = PreviewServer.Options(content: content.path, templates: TestSupport.templates, port: 0, verbose: true)
        let logs = Mutex<[String]>([])
        let server = PreviewServer(options: options) { line in logs.withLock { $0.append(line) } }
        #expect(server.rebuild() != nil)
        func page(_ path: String) -> String { String(decoding: server.store.file(path)?.bytes ?? [], as: UTF8.self) }
        let details = content.appendingPathComponent("en/details.md")
        let intro = content.appendingPathComponent("en/intro.md")
        let catalog = content.appendingPathComponent("Localizable.xcstrings")
        let edits: [(URL, (String) -> String)] = [
            // Prose only: the gallery and the API index are kept.
            (details, { $0.replacingOccurrences(of: "Nothing.", with: "Nothing at all.") }),
            // Code that uses a name: the API index is made again and shows it.
            (details, { $0 + "\n```swift\nlet decoder = JSONDecoder()\n```\n" }),
            // A section before that code: the index links it from its new section.
            (details, { $0.replacingOccurrences(of: "## Unnumbered", with: "## Inserted {#inserted}\n\nMore.\n\n## Unnumbered") }),
            // The front matter: every page shows the new title, the print version too.
            (intro, { $0.replacingOccurrences(of: "title: ", with: "title: Renamed ") }),
            // A word of the site's: the API index page's heading follows.
            (catalog, { _ in Self.catalog(apiIndexTitle: "Names Used") }),
        ]
        for (file, edit) in edits {
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            try TestSupport.write(edit(text), to: file)
            #expect(server.rebuild(because: [file.path]) != nil)
            let fresh = PreviewServer(options: options) { _ in }
            #expect(fresh.rebuild() != nil)
            let (served, expected) = (files(server), files(fresh))
            #expect(served.keys.sorted() == expected.keys.sorted(), "after editing \(file.lastPathComponent)")
            for (path, bytes) in expected where served[path] != bytes {
                Issue.record("after editing \(file.lastPathComponent): \(path) differs from a fresh preview's")
            }
        }
        #expect(page("en/api-index.html").contains("JSONDecoder"))
        #expect(page("en/api-index.html").contains("Names Used"))
        #expect(page("en/print.html").contains("Nothing at all."))
        // The edited page's Markdown twin and the whole course's Markdown follow the edit.
        #expect(page("en/details.md").contains("Nothing at all.") && page("en/llms-full.txt").contains("Nothing at all."))
        #expect(page("en/print.html").contains("Renamed "))
        // The prose edit kept the extras; the code edit made them again.
        let stages = logs.withLock { $0 }.filter { $0.contains("primer: stages") }
        #expect(stages.count == 6)
        #expect(stages.count == 6 && stages[1].contains("extras (kept)") && !stages[2].contains("extras (kept)"), "\(stages)")
    }

    static func catalog(apiIndexTitle: String) -> String {
        """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "api_index_title" : {
              "localizations" : {
                "en" : { "stringUnit" : { "state" : "translated", "value" : "\(apiIndexTitle)" } }
              }
            }
          },
          "version" : "1.0"
        }
        """
    }
}
