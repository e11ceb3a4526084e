import CourseModel
@testable import Pipeline
import PrimerTestSupport
import Testing

@Suite struct SocialCardsFormatTests {
    /// The cards are on only with a base URL, and an incremental build keeps them.
    @Test func theCardsFormatNeedsABaseURLAndAllowsIncrementalBuilds() throws {
        let format = try #require(OutputFormat.builtIn.first { $0.name == "social cards" })
        var config = CourseConfig(title: [en: "T"], sourceLocale: en, locales: [en], baseURL: nil, rawHTML: false, parts: [], path: "course.yml")
        #expect(format.isOn?(config) == false && format.afterChapterEdit == .unchanged && format.scope == .page)
        config.baseURL = "https://example.org/"
        config.editions = []
        #expect(format.isOn?(config) == true && OutputFormat.builtIn.allowIncrementalBuilds(config))
    }
}
