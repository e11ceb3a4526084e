import CourseModel
import Foundation
@testable import Loader
import PrimerTestSupport
import Testing

/// The term base check: translated sections against the terms their source sections use.
@Suite struct TermCheckTests {
    static let termBase = """
        terms:
          - en: accessor
            ru: аксессор
            zh-Hans: 访问器
            avoid:
              ru: [метод доступа]
              zh-Hans: [存取方法]
          - en: action (Interface Builder)
            ru: действие
            zh-Hans: action
          - en: ARC
            ru: ARC
            zh-Hans: ARC
            keep_english: true
          - en: key
            ru: ключ
            zh-Hans: 键
          - en: key path
            ru: ключевой путь
            zh-Hans: 键路径
          - en: retain cycle
            ru: цикл удержания
            zh-Hans: 循环引用
          - en: state
            ru: состояние
            zh-Hans: 状态
            also:
              ru: [стейт]
        """

    static let english = """
        ---
        title: Basics
        ---
        ## Accessors {#accessors}

        A computed property has accessors: `get` and `set`.

        ## Cycles {#cycles}

        Retain cycles leak; the `accessor` in code is no use of the term.

        ## Actions {#actions}

        Connect an action to a key path.

        ## ARC {#arc}

        ARC counts references.

        ## States {#states}

        Each state of the app, and [the docs](https://example.com/state) on it.

        """

    static let russian = """
        ---
        title: Основы
        ---
        ## Аксессоры {#accessors}

        У вычисляемого свойства есть методы доступа: `get` и `set`.

        ## Циклы {#cycles}

        Циклы ссылок ведут к утечкам; `метод доступа` в коде не в счёт.

        ## Действия {#actions}

        Подключите обработчик к ключевому пути.

        ## Подсчёт ссылок {#arc}

        Автоматический подсчёт ссылок считает ссылки.

        ## Стейты {#states}

        Каждый стейт приложения.

        """

    static let chinese = """
        ---
        title: 基础
        ---
        ## 访问器 {#accessors}

        计算属性有存取方法：`get` 和 `set`。

        ## 循环 {#cycles}

        循环引用会导致泄漏；代码中的 `存取方法` 不算。

        ## 操作 {#actions}

        把 action 连接到键路径。

        ## ARC {#arc}

        ARC 统计引用。

        ## 状态 {#states}

        应用的每个状态。

        """

    func check(russian: String = russian, chinese: String = chinese, termBase: String = termBase,
               english: String = english) throws -> [Diagnostic] {
        guard case .success(let root) = YAML.compose(termBase, path: "terms.yml") else {
            Issue.record("the test's term base does not compose")
            return []
        }
        let terms = TermBase.readForCheck(root, path: "terms.yml", locales: [en, ru, zh], source: en)
        var chapters: [LocaleTag: ChapterSource] = [:]
        for (locale, text) in [(en, english), (ru, russian), (zh, chinese)] {
            let chapter = try #require(CourseLoader.parseChapter(text, path: "\(locale)/c.md", id: "c", locale: locale).0)
            chapters[locale] = chapter
        }
        return TermCheck.check(terms, chapters: ["c": chapters], source: en)
    }

    @Test func plantedInconsistenciesAreFoundAtTheirPlaces() throws {
        let found = try check().map { "\($0.location.map(\.description) ?? "") \($0.code?.rawValue ?? "")" }
        #expect(found == [
            // «методы доступа»: an avoided form, inflected (plural); the heading's «Аксессоры» does not excuse it.
            "ru/c.md:6:30 PRM081",
            // "Retain cycles" (plural) in the source, no «цикл удержания» in the translation.
            "ru/c.md:8:1 PRM082",
            // ARC is kept in English: the translation must write it.
            "ru/c.md:16:1 PRM082",
            // 存取方法: an avoided substring.
            "zh-Hans/c.md:6:6 PRM081",
        ])
        // Not reported: `метод доступа` and `存取方法` in code, the source's `accessor` in code,
        // "action" (a sense-qualified term is not required), "key" inside "key path" (the
        // translation's «ключевому пути» has no «ключ»), "state" in a URL, «стейт» (its `also:`).
    }

    @Test func theMessagesNameTheTermTheSourceAndTheRendering() throws {
        let found = try check()
        #expect(found[0].message == "«метод доступа» is a rendering of 'accessor' the term base avoids")
        #expect(found[0].suggestion == "write «аксессор» (terms.yml:3)")
        #expect(found[1].message == "the source uses 'retain cycle' in this section (en/c.md:10) but the translation has no «цикл удержания»")
        #expect(found[1].suggestion?.hasPrefix("write «цикл удержания» (terms.yml:22) where the section translates 'retain cycle'") == true)
        #expect(found[2].message == "the source uses 'ARC' in this section (en/c.md:16) but the translation does not keep the English «ARC»")
        #expect(found.allSatisfy { !$0.isError })
    }

    @Test func aTranslationThatUsesTheTermsPasses() throws {
        let russian = Self.russian
            .replacingOccurrences(of: "методы доступа", with: "аксессоры")
            .replacingOccurrences(of: "Циклы ссылок", with: "Циклы удержания")
            .replacingOccurrences(of: "Автоматический подсчёт ссылок", with: "ARC")
        let chinese = Self.chinese.replacingOccurrences(of: "有存取方法", with: "有访问器")
        #expect(try check(russian: russian, chinese: chinese).isEmpty)
    }

    /// What looks like an inconsistency and is not: each case here once warned on the real course.
    @Test func rightTranslationsThatLookWrongPass() throws {
        let termBase = """
            terms:
              - en: domain (defaults)
                ru: домен
                zh-Hans: 域
                avoid:
                  zh-Hans: [领域]
              - en: domain layer
                ru: доменный слой
                zh-Hans: 领域层
              - en: Home Screen
                ru: экран «Домой»
                zh-Hans: 主屏幕
              - en: listing
                ru: листинг
                zh-Hans: 代码清单
              - en: non-frozen enumeration
                ru: незамороженное перечисление
                zh-Hans: 非冻结枚举
              - en: observer
                ru: наблюдатель
                zh-Hans: 观察者
              - en: property observer
                ru: наблюдатель свойства
                zh-Hans: 属性观察器
              - en: Result
                ru: Result
                zh-Hans: Result
                keep_english: true
            """
        let english = """
            ---
            title: T
            ---
            ## One {#one}

            The domain layer owns the rules of the domain; go to the Home Screen.

            ## Two {#two}

            A non-frozen enumeration. Property observers run on a write; the
            observers do not run in `init`.

            ## Three {#three}

            Results in input order, the result of a call, a listing-only block,
            [Result](https://example.com/result)[^result].

            Table: Calls and results {#tbl-calls}

            [^result]: A note.

            """
        let russian = """
            ---
            title: Т
            ---
            ## Один {#one}

            Правила держит доменный слой; перейдите на экран «Домой».

            ## Два {#two}

            Незамороженное (non-frozen) перечисление. Наблюдатели свойства
            срабатывают при записи; в `init` они не срабатывают.

            ## Три {#three}

            Результаты по порядку.

            """
        let chinese = """
            ---
            title: 题
            ---
            ## 一 {#one}

            规则由*领域*层掌管；回到主屏幕。

            ## 二 {#two}

            非冻结（non-frozen）枚举。写入时运行属性观察器；在 `init` 中不会运行。

            ## 三 {#three}

            按输入顺序的结果。

            """
        // 领域 inside 领域层 (a longer rendering), «экран «Домой»» across its quotes, a gloss
        // between a term's words, "observers" after "property observers", `Result` only as
        // written (not "Results", "result", a link's title, a footnote's label), "listing" in
        // "listing-only", `Table:` a caption's syntax.
        #expect(try check(russian: russian, chinese: chinese, termBase: termBase, english: english).map(\.description) == [])
    }

    @Test(arguments: [
        ("активное состояние", "Приложение в активном состоянии.", true),
        ("активное состояние", "Активные состояния сцен.", true),
        ("ошибка", "Здесь нет ошибок.", true),
        ("окно предупреждения", "Два окна предупреждений", true),
        ("список захвата", "в списках захвата", true),
        ("функция", "с функцией", true),
        ("значение", "значений", true),
        ("ёмкость", "емкости", true),
        ("цикл удержания", "цикл, удержания", false),
        ("ключ", "ключевой путь", false),
        ("обратный вызов", "замыкание обратного вызова", true),
        ("переопределять", "переопределение метода", true),
        ("переопределять", "Переопределите метод", true),
    ])
    func russianMatchesByStems(term: String, text: String, matches: Bool) {
        let words = TermText(text).words
        let stems = words.map { TermMatch.russianStem($0.text) }
        let forms = TermText.words(of: term)
        let found = words.indices.contains { TermMatch.russian(forms, forms.map(TermMatch.russianPattern), in: stems, words, at: $0) != nil }
        #expect(found == matches)
    }

    @Test func englishTermsMatchTheirInflectionsAndNotInsideCode() {
        let text = TermText("Unwrapping, unwrapped; categories. `unwrap` <!-- unwrap --> [x](unwrap.md) {#unwrap}\n\n    unwrap\n")
        #expect(text.words.map(\.text) == ["unwrapping", "unwrapped", "categories", "x"])
        #expect(TermMatch.englishForms("unwrap").isSuperset(of: ["unwrapping", "unwrapped", "unwraps"]))
        #expect(TermMatch.englishForms("category").contains("categories"))
        #expect(TermMatch.englishForms("cache").isSuperset(of: ["cached", "caching", "caches"]))
    }

    @Test func aCourseWithoutATermBaseIsNotChecked() throws {
        let chapters = ["c": [en: try #require(CourseLoader.parseChapter(Self.english, path: "en/c.md", id: "c", locale: en).0),
                              ru: try #require(CourseLoader.parseChapter(Self.russian, path: "ru/c.md", id: "c", locale: ru).0)]]
        #expect(TermCheck.check([], chapters: chapters, source: en).isEmpty)
    }

    /// The course's own term base and translations: no warning.
    @Test func theRealCoursePasses() {
        let (sources, diagnostics) = CourseLoader.load(.init(contentPath: TestSupport.root.appendingPathComponent("Content").path,
                                                             templatesPath: TestSupport.templates, checkTerms: true))
        #expect(sources?.config.subjectIndex.terms.count ?? 0 > 300)
        let terms = diagnostics.filter { $0.code == .termAvoided || $0.code == .termMissing }
        #expect(terms.map(\.description) == [])
        // Only primer check reads the translations against the term base: a build does not pay for it.
        #expect(CourseLoader.load(.init(contentPath: TestSupport.root.appendingPathComponent("Content").path,
                                        templatesPath: TestSupport.templates)).1.allSatisfy { $0.code != .termAvoided && $0.code != .termMissing })
    }
}
