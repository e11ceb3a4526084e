import CourseModel
import Localization
import PrimerTestSupport
import Testing

/// Plural categories come from CLDR through ICU; every sample number CLDR lists for a
/// category must land in that category, integers and decimals alike.
@Suite struct PluralRulesTests {
    static let locales = ["en", "ru", "zh-Hans", "uk", "pl", "cs", "sk", "fr", "de", "es", "it", "pt", "pt-PT", "ar", "he",
                         "ja", "ko", "lt", "lv", "ro", "sl", "ga", "cy", "br", "mt", "be", "hr", "sr", "bs", "is", "mk",
                         "fil", "hi", "bn", "tr", "fi", "sv", "da", "nb", "gd", "kw"]

    @Test(arguments: locales)
    func cldrSamplesFallInTheirCategory(_ tag: String) throws {
        let locale = try #require(LocaleTag(tag))
        let categories = PluralRules.categories(locale: locale)
        #expect(categories.contains("other"))
        var checked = 0
        for category in categories.sorted() {
            let samples = PluralRules.samples(locale: locale, category: category)
            #expect(!(samples.integers + samples.decimals).isEmpty, "no CLDR samples for \(tag) \(category)")
            for number in samples.integers + samples.decimals {
                #expect(PluralRules.category(of: number, locale: locale) == category, "\(tag): [\(number)] should be \(category)")
                checked += 1
            }
        }
        #expect(checked > 0)
    }

    @Test func wellKnownCases() {
        let ruTag = LocaleTag("ru")!
        #expect(PluralRules.categories(locale: ruTag) == ["one", "few", "many", "other"])
        #expect(PluralRules.categories(locale: LocaleTag("zh-Hans")!) == ["other"])
        #expect(["1", "21", "101"].map { PluralRules.category(of: $0, locale: ruTag) } == ["one", "one", "one"])
        #expect(["2", "24", "11", "12", "25", "1.5"].map { PluralRules.category(of: $0, locale: ruTag) } == ["few", "few", "many", "many", "many", "other"])
        #expect(PluralRules.category(of: "1", locale: LocaleTag("en")!) == "one")
        #expect(PluralRules.category(of: "1.0", locale: LocaleTag("en")!) == "other")
        #expect(PluralRules.ruleSource(locale: ruTag, category: "few")?.contains("@integer 2~4, 22~24") == true)
    }
}
