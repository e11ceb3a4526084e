import CourseModel
import Foundation
@testable import Loader
import PrimerTestSupport
import Testing

/// Every message `ConfigReader` can give, each from a course.yml that has just that mistake,
/// with the place it points at.
@Suite struct ConfigReaderTests {
    static let good = """
    title: T
    source_locale: en
    locales: [en, ru]
    parts:
      - title: P
        chapters: [a]

    """

    /// `good` with one line replaced (or added when `line` is past the end).
    static func with(_ line: Int, _ text: String) -> String {
        var lines = good.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if line <= lines.count - 1 { lines[line - 1] = text } else { lines.insert(text, at: lines.count - 1) }
        return lines.joined(separator: "\n")
    }

    static let cases: [(String, String, String)] = [
        ("subject_index a list", with(7, "subject_index: [a]"), "7:16: error: 'subject_index' must name the term base or be a mapping (terms, places)"),
        ("subject_index places", with(7, "subject_index: {terms: t.yml, places: 0}"), "7:39: error: 'places' must be a whole number above 0"),
        ("subject_index unknown key", with(7, "subject_index: {term: t.yml}"), "7:17: warning: unknown key 'term' in subject_index is ignored [PRM004]\n    did you mean 'terms'?"),
        ("term base outside", with(7, "subject_index: ../terms.yml"), "7:16: error: the term base must be a file inside Content/"),
        ("not a mapping", "- a list\n", "1:1: error: course.yml must be a mapping with title, source_locale, locales and parts"),
        ("unknown key", with(7, "titel: X"), "7:1: warning: unknown key 'titel' in course.yml is ignored [PRM004]\n    did you mean 'title'?"),
        ("missing key", with(2, "# no source locale"), "1:1: error: course.yml has no 'source_locale'"),
        ("locale twice", with(3, "locales: [en, ru, en]"), "3:19: error: locale 'en' is listed twice"),
        ("locales not a list", with(3, "locales: en"), "3:10: error: 'locales' must be a list of language tags [PRM006]\n    write: locales: [en, ru, zh-Hans]"),
        ("locales empty", with(3, "locales: []"), "3:10: error: 'locales' is empty"),
        ("source not listed", with(2, "source_locale: fr"), "2:16: error: the source locale 'fr' is not in 'locales'"),
        ("locale not a text", with(3, "locales: [en, [ru]]"), "3:15: error: a locale must be a language tag such as en or zh-Hans"),
        ("locale not BCP 47", with(3, "locales: [en, ru_RU_x]"), "3:15: error: 'ru_RU_x' is not a BCP 47 language tag"),
        ("unknown language", with(3, "locales: [en, rv]"), "3:15: error: unknown locale 'rv': 'rv' is not a known language code"),
        ("base_url", with(7, "base_url: example.org"), "7:11: error: 'base_url' must be an absolute http(s) URL"),
        ("raw_html", with(7, "raw_html: maybe"), "7:11: error: 'raw_html' must be true or false"),
        ("edit_url", with(7, "edit_url: https://example.org/edit"), "7:11: error: 'edit_url' must be an absolute http(s) URL containing {path}"),
        ("search", with(7, "search: sometimes"), "7:9: error: 'search' must be true or false"),
        ("editions", with(7, "editions: sometimes"), "7:11: error: 'editions' must be true, false or a list of formats (epub, pdf)"),
        ("edition format", with(7, "editions: [epub, mobi]"), "7:18: error: 'editions' must be true, false or a list of formats (epub, pdf)"),
        ("editions optional", with(7, "editions: { optional: maybe }"), "7:23: error: 'optional' in 'editions' must be true or false [PRM005]\n    optional: true leaves out a PDF"),
        ("editions key", with(7, "editions: { fromats: [pdf] }"), "7:13: warning: unknown key 'fromats' in editions is ignored [PRM004]\n    did you mean 'formats'?"),
        ("verify", with(7, "verify: always"), "7:9: error: 'verify' must be strict or warn"),
        ("check_prints", with(7, "check_prints: yes please"), "7:15: error: 'check_prints' must be true or false"),
        ("deterministic_hashing", with(7, "deterministic_hashing: seeded"), "7:24: error: 'deterministic_hashing' must be true or false"),
        ("smart_punctuation", with(7, "smart_punctuation: sometimes"), "7:20: error: 'smart_punctuation' must be true or false"),
        ("api_index", with(7, "api_index: true"), "7:12: error: 'api_index' must be false or a mapping (docs_url, add, exclude)"),
        ("part not a mapping", with(6, "  - just a title"), "6:5: error: each part needs a 'title' and 'chapters'"),
        ("chapters not a list", with(6, "    chapters: a"), "6:15: error: 'chapters' must be a list of chapter ids"),
        ("chapter id not a text", with(6, "    chapters: [[a]]"), "6:16: error: a chapter id must be a text"),
        ("chapter id characters", with(6, "    chapters: [a b/c]"), "6:16: error: chapter id 'a b/c' may only hold letters, digits, '-' and '_'"),
        ("reserved chapter id", with(6, "    chapters: [index]"), "6:16: error: chapter id 'index' is the name of a page Primer makes"),
        ("chapter twice", with(6, "    chapters: [a, a]"), "6:19: error: chapter 'a' is listed twice in the table of contents"),
        ("unknown part key", with(7, "    chapter: [b]"), "7:5: warning: unknown key 'chapter' in a part is ignored [PRM004]\n    did you mean 'chapters'?"),
        ("part without chapters", with(6, "    # none"), "5:5: error: this part has no 'chapters'"),
        ("parts not a list", with(4, "parts: P").replacingOccurrences(of: "  - title: P\n    chapters: [a]\n", with: ""),
         "4:8: error: 'parts' must be a list of parts"),
        ("docs_url", with(7, "api_index: { docs_url: apple }"), "7:24: error: 'docs_url' must be an http(s) URL"),
        ("api_index list", with(7, "api_index: { add: Date }"), "7:19: error: 'add' must be a list of names"),
        ("api_index key", with(7, "api_index: { exclud: [x] }"), "7:14: warning: unknown key 'exclud' in api_index is ignored [PRM004]\n    did you mean 'exclude'?"),
        ("title for another locale", with(1, "title: { en: T, fr: X }"), "1:17: warning: title for 'fr', which is not one of the course's locales"),
        ("title not a text", with(1, "title: { en: [T] }"), "1:10: error: title for 'en' must be a text"),
        ("title neither", with(1, "title: [T]"), "1:8: error: title must be a text or a mapping of locale to text"),
        ("title with control characters", with(1, "title: \"T\\e]0;X\\a\""), "1:8: error: the title holds control characters (\\u{1B}, \\u{7}), which no page can show [PRM005]"),
        ("section_numbers", with(7, "section_numbers: some"), "7:18: error: 'section_numbers' must be true or false"),
        ("callout kind not a word", with(7, "callouts: [two words]"), "7:12: error: a callout kind is a word of ASCII letters, written as > [!WORD] in a chapter"),
        ("callout kind built in", with(7, "callouts: [tip]"), "7:12: error: [!TIP] is one of Primer's own callouts; declare only new kinds"),
        ("callout kind twice", with(7, "callouts: [aside, Aside]"), "7:19: error: callout kind 'Aside' is listed twice"),
        ("callouts not a list", with(7, "callouts: aside"), "7:11: error: 'callouts' must be a list of kinds"),
        ("repository", with(7, "repository: github.com/acme/course"), "7:13: error: 'repository' must be an absolute http(s) URL"),
        ("repository key", with(7, "repository: { url: https://example.org/r, brnch: dev }"), "7:43: error: 'repository' has no key 'brnch'"),
        ("repository branch", with(7, "repository: { url: https://example.org/r, branch: '' }"), "7:51: error: 'repository.branch' must be a branch name"),
        ("license key", with(7, "license: { name: MIT, link: x }"), "7:23: error: 'license' has no key 'link'"),
        ("license without a name", with(7, "license: { url: https://example.org/l }"), "7:10: error: 'license' needs a name"),
        ("license url", with(7, "license: { name: MIT, url: mit }"), "7:28: error: 'license.url' must be an absolute http(s) URL"),
        ("authors not names", with(7, "authors: [Ada, { name: Bob }]"), "7:16: error: 'authors' must be a name or a list of names"),
        ("planned not a list", with(7, "    planned: Testing"), "7:14: error: 'planned' must be a list of chapter titles"),
        ("part numbering", with(6, "    numbering: roman"), "6:16: error: a part's 'numbering' is numbered, appendix or none"),
        ("part without a title", with(5, "  - chapters: [a]").replacingOccurrences(of: "    chapters: [a]\n", with: ""),
         "5:5: error: this part has no 'title'"),
    ]

    @Test(arguments: cases)
    func eachMistakeHasItsMessageAndPlace(_ name: String, _ yaml: String, _ expected: String) {
        let (_, diagnostics) = ConfigReader.read(yaml, path: "course.yml")
        let shown = diagnostics.map(\.description)
        #expect(shown.contains { $0.hasPrefix("course.yml:" + expected) }, "\(name): \(shown)")
    }

    @Test func theGoodFileHasNoMessage() {
        let (config, diagnostics) = ConfigReader.read(Self.good, path: "course.yml")
        #expect(config != nil && diagnostics.isEmpty, "\(diagnostics)")
    }

    /// Every message in ConfigReader.swift and its section readers (Config*.swift) is one of the cases above.
    @Test func everyMessageIsCovered() throws {
        let folder = TestSupport.root.appendingPathComponent("Sources/Loader")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("Config") && $0.hasSuffix(".swift") }
        #expect(files.contains("ConfigReader.swift") && files.count > 1, "\(files)")
        let source = try files.map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }.joined()
        let calls = source.components(separatedBy: ".error(.").count - 1 + source.components(separatedBy: ".warning(.").count - 1
        #expect(calls == Self.cases.count, "\(calls) messages in Config*.swift, \(Self.cases.count) cases")
    }
}
