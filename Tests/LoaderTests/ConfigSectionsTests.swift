import CourseModel
@testable import Loader
import Testing

/// What each section reader of course.yml makes of a good value (ConfigReaderTests has the mistakes).
@Suite struct ConfigSectionsTests {
    static let everyKey = """
    title: { en: Swift, ru: Свифт }
    source_locale: ru
    locales: [en, ru]
    base_url: https://example.org/course
    raw_html: true
    edit_url: https://example.org/edit/{path}
    search: false
    editions: { formats: [PDF], optional: true }
    smart_punctuation: true
    verify: strict
    section_numbers: false
    callouts: [experiment, Deprecated]
    parts:
      - numbering: none
        chapters: [preface]
      - title: Basics
        chapters: [memory, closures]
      - title: { en: Extras, ru: Дополнения }
        numbering: appendix
        chapters: [tools]
    api_index: { docs_url: "https://example.org/?q=%@", add: [Sendable], exclude: [print] }
    check_prints: true
    deterministic_hashing: true

    """

    static func read(_ yaml: String) throws -> CourseConfig {
        let (config, diagnostics) = ConfigReader.read(yaml, path: "course.yml")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        return try #require(config)
    }

    @Test func everyKeyIsReadIntoItsSetting() throws {
        let config = try Self.read(Self.everyKey)
        let en = LocaleTag("en")!, ru = LocaleTag("ru")!
        #expect(config.title == [en: "Swift", ru: "Свифт"])
        #expect(config.sourceLocale == ru && config.locales == [en, ru])
        #expect(config.baseURL == "https://example.org/course/")
        #expect(config.rawHTML && !config.search && config.smartPunctuation && config.strictVerify && !config.sectionNumbers && config.checkPrints && config.deterministicHashing)
        #expect(config.editURL == "https://example.org/edit/{path}")
        #expect(config.editions == [.pdf] && config.editionsOptional)
        #expect(Set(config.calloutKinds.keys) == ["EXPERIMENT", "DEPRECATED"])
        #expect(config.calloutKinds["DEPRECATED"]?.line == 12)
        #expect(config.parts.map(\.numbering) == [.none, .numbered, .appendix])
        #expect(config.parts.map(\.title) == [[:], [en: "Basics", ru: "Basics"], [en: "Extras", ru: "Дополнения"]])
        #expect(config.chapterIDs == ["preface", "memory", "closures", "tools"])
        #expect(config.parts[1].chapters[1].location.line == 17 && config.parts[1].chapters[1].location.column == 24)
        #expect(config.apiIndex.enabled && config.apiIndex.docsURL == "https://example.org/?q=%@")
        #expect(config.apiIndex.add == ["Sendable"] && config.apiIndex.exclude["print"]?.line == 21)
        #expect(config.path == "course.yml")
    }

    @Test func keysLeftOutKeepTheirDefaults() throws {
        let config = try Self.read(ConfigReaderTests.good)
        #expect(config.title == [LocaleTag("en")!: "T", LocaleTag("ru")!: "T"])
        #expect(config.sourceLocale == LocaleTag("en")!)
        #expect(config.baseURL == nil && config.editURL == nil && !config.rawHTML && config.search)
        #expect(config.editions == [.epub, .pdf] && !config.editionsOptional)
        #expect(!config.smartPunctuation && !config.strictVerify && !config.checkPrints && !config.deterministicHashing && config.sectionNumbers && config.calloutKinds.isEmpty)
        #expect(config.apiIndex == CourseConfig.APIIndexSettings())
        #expect(config.parts.map(\.numbering) == [.numbered])
    }

    @Test func otherFormsOfEditionsVerifyAndAPIIndex() throws {
        func with(_ line: String) throws -> CourseConfig { try Self.read(ConfigReaderTests.good + line + "\n") }
        #expect(try with("editions: false").editions.isEmpty)
        #expect(try with("editions: true").editions == [.epub, .pdf])
        #expect(try with("editions: [epub]").editions == [.epub])
        #expect(try with("editions: { optional: true }").editions == [.epub, .pdf])
        #expect(try !with("verify: warn").strictVerify)
        #expect(try !with("api_index: false").apiIndex.enabled)
        #expect(try with("repository: { url: https://gitlab.com/a/b.git/, branch: dev }").repository
                == CourseConfig.Repository(url: "https://gitlab.com/a/b", branch: "dev"))
        let gitlab = CourseConfig.Repository(url: "https://gitlab.com/a/b", branch: "dev")
        #expect(gitlab.editURL(path: "ru/x.md") == "https://gitlab.com/a/b/-/edit/dev/Content/ru/x.md")
        #expect(gitlab.issueURL(title: "Память и ARC") == "https://gitlab.com/a/b/-/issues/new?issue%5Btitle%5D=%D0%9F%D0%B0%D0%BC%D1%8F%D1%82%D1%8C%20%D0%B8%20ARC")
        #expect(try with("license: MIT").license == CourseConfig.License(name: [LocaleTag("en")!: "MIT", LocaleTag("ru")!: "MIT"], url: nil))
        #expect(try with("authors: Ada Lovelace").authors == ["Ada Lovelace"])
        #expect(try with("authors: [Ada Lovelace, \"Babbage, C.\"]").authors == ["Ada Lovelace", "Babbage, C."])
    }

    /// A new key needs only its entry in `ConfigReader.sections`: the known keys and the required ones come from it.
    @Test func theSectionTableIsTheListOfKeys() {
        #expect(ConfigReader.knownKeys == ConfigReader.sections.map(\.key))
        #expect(Set(ConfigReader.knownKeys).count == ConfigReader.knownKeys.count)
        #expect(Set(ConfigReader.sections.filter(\.required).map(\.key)) == ["title", "source_locale", "locales", "parts"])
        #expect(ConfigReader.knownKeys.count == 21)
    }
}
