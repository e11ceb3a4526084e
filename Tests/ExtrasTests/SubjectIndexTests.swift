import CourseModel
@testable import Extras
import PrimerTestSupport
import Testing

/// The subject index: terms of the term base found in each locale's text, and their order.
@Suite struct SubjectIndexTests {
    static let terms = [
        SubjectTerm(forms: [en: "alert", ru: "окно предупреждения", zh: "警告框"]),
        SubjectTerm(forms: [en: "actor", ru: "актор", zh: "actor"]),
        SubjectTerm(forms: [en: "action (Interface Builder)", ru: "действие", zh: "action"]),
        SubjectTerm(forms: [en: "ellipsoid", ru: "эллипсоид", zh: "椭球"]),
    ]

    func index(_ chapters: [(String, [LocaleTag: String])], locales: [LocaleTag]) -> [LocaleTag: [IndexEntry]] {
        var (course, diagnostics) = resolveCourse(chapters, locales: locales)
        #expect(!diagnostics.hasErrors, "\(diagnostics)")
        course.config.subjectIndex.terms = Self.terms
        course.config.subjectIndex.placesPerTerm = 2
        return Extras.subjectIndex(Extras.inputs(course), config: course.config)
    }

    @Test func russianTermsAreFoundInflectedChineseOnesInsideWords() {
        let found = index([("c", [
            ru: "## Окна {#windows}\n\nПоказать *окна предупреждения* и спросить акторов.\n\n## Код {#code}\n\n`окно предупреждения` и `актор`\n",
            zh: "## 窗口 {#windows}\n\n弹出一个警告框，再交给 actor 处理。\n\n```swift\nlet 椭球 = 1\n```\n",
        ])], locales: [ru, zh])
        let ru = found[ru] ?? [], zh = found[zh] ?? []
        #expect(ru.map(\.name) == ["актор", "окно предупреждения"])
        #expect(ru.allSatisfy { $0.places.map(\.sectionID) == ["windows"] }, "never inside code: \(ru)")
        #expect(zh.map(\.name).sorted() == ["actor", "警告框"], "\(zh)")
    }

    @Test func aTermsPlaceIsWhereAChapterIntroducesIt() {
        let found = index([
            ("a", [en: "## One {#one}\n\nAn actor here.\n\n## Two {#two}\n\nAn *actor* is introduced; alerts too.\n"]),
            ("b", [en: "## Three {#three}\n\nActors again, and an *alert*.\n"]),
            ("c", [en: "## Four {#four}\n\nThe *actor*: a third chapter that stresses it, while the cap is two.\n"]),
        ], locales: [en])[en] ?? []
        let actor = found.first { $0.name == "actor" }
        // One place per chapter, the emphasised one; at most two (the settings' cap), those that introduce it first.
        #expect(actor?.places.map(\.sectionID) == ["two", "four"], "\(String(describing: actor))")
        #expect(found.first { $0.name == "alert" }?.places.map(\.sectionID) == ["two", "three"])
        // The sense in parentheses is not matched: `action` is never named.
        #expect(!found.contains { $0.name.hasPrefix("action") })
    }

    @Test func entriesFollowTheLocalesAlphabetUnderLetters() {
        let names = ["ёлка", "Яблоко", "арка", "ARC", "жест", "180° меридиан"]
        let ru = Extras.ordered(names.map { IndexEntry(name: $0, places: []) }, locale: ru)
        #expect(ru.map(\.name) == ["арка", "ёлка", "жест", "Яблоко", "ARC", "180° меридиан"])
        #expect(ru.map(\.letter) == ["А", "Е", "Ж", "Я", "A", nil])
        // Chinese by pinyin: 警 jǐng, 地 dì, 椭 tuǒ; Latin words among them under their own letter.
        let zh = Extras.ordered(["警告框", "地理编码", "椭球", "actor", "Delegate"].map { IndexEntry(name: $0, places: []) }, locale: zh)
        #expect(zh.map(\.name) == ["actor", "地理编码", "Delegate", "警告框", "椭球"], "\(zh.map(\.name))")
        #expect(zh.map(\.letter) == ["A", "D", "D", "J", "T"])
        let groups = zh.groupedByLetter(other: "Other")
        #expect(groups.map(\.heading) == ["A", "D", "J", "T"])
    }

    @Test func wordsAreSplitAndMatchedByLanguage() {
        #expect(Extras.SubjectMatcher.words("App 群组, ёлки-палки") == ["app", "群", "组", "елки", "палки"])
        #expect(Extras.SubjectMatcher.stem("предупреждения") == "предупрежден")
        #expect(Extras.SubjectMatcher.withoutSense("action (Interface Builder)") == "action ")
    }
}
