import CourseModel
@testable import Extras
import PrimerTestSupport
import Testing

/// The index of compiler errors: what `{fails}` snippets quote, grouped by diagnostic, with the
/// explanation before each snippet.
@Suite struct ErrorIndexTests {
    static func fails(_ code: String, _ errors: String...) -> String {
        "```swift {fails}\n\(code)\n```\n\n```error\n" + errors.joined(separator: "\n") + "\n```\n"
    }

    @Test func messagesThatDifferOnlyInTheNamesTheyQuoteAreOneDiagnostic() {
        let pattern = Extras.diagnosticPattern
        #expect(pattern("cannot find 'undeclared' in scope") == "cannot find '…' in scope")
        #expect(pattern("cannot find 'x' in scope") == pattern("cannot find 'NSException' in scope"))
        #expect(pattern("cannot convert value of type 'Int' to expected argument type 'String'")
                == "cannot convert value of type '…' to expected argument type '…'")
        // A quoted name may hold punctuation; an apostrophe inside a word quotes nothing.
        #expect(pattern("'init(format:_:)' has been renamed to 'init(block:)': Use a closure") == "'…' has been renamed to '…': Use a closure")
        #expect(pattern("left side of mutating operator isn't mutable: 'revision' setter is inaccessible")
                == "left side of mutating operator isn't mutable: '…' setter is inaccessible")
        #expect(pattern("non-Sendable 'Draft'-typed result can not be returned") == "non-Sendable '…'-typed result can not be returned")
        // The diagnostic group a newer compiler names after the message is no part of it.
        #expect(pattern("sending 'draft' risks causing data races [#SendingRisksDataRace]") == pattern("sending 'store' risks causing data races"))
        #expect(pattern("no such module 'Combine'") != pattern("cannot find 'Combine' in scope"))
        #expect(Extras.errorMessage("main.swift:3:7: error: cannot find 'x' in scope") == "cannot find 'x' in scope")
        #expect(Extras.errorMessage("warning: unused") == nil)
    }

    @Test func groupsAreByDiagnosticMostQuotedFirstEachPlaceInPageOrder() {
        let (course, diagnostics) = resolveCourse([
            ("one", [en: """
                ## Names {#names}

                A name must be declared before use. The compiler says so.

                \(Self.fails("print(undeclared)", "error: cannot find 'undeclared' in scope"))
                ## Types {#types}

                Swift converts no number to a string on its own.

                \(Self.fails("let s: String = 1\nprint(undeclared)", "error: cannot convert value of type 'Int' to specified type 'String'",
                             "error: cannot find 'undeclared' in scope"))
                """]),
            ("two", [en: """
                ## Modules {#modules}

                Foundation on Linux has no `NSException`.

                \(Self.fails("let e = NSException()", "error: cannot find 'NSException' in scope"))
                """]),
        ], locales: [en])
        #expect(!diagnostics.hasErrors, "\(diagnostics)")
        let groups = Extras.errorIndex(Extras.inputs(course))[en] ?? []
        #expect(groups.map(\.pattern) == ["cannot find '…' in scope", "cannot convert value of type '…' to specified type '…'"])
        let found = groups.first?.occurrences ?? []
        #expect(found.map(\.message) == ["error: cannot find 'undeclared' in scope", "error: cannot find 'undeclared' in scope",
                                         "error: cannot find 'NSException' in scope"])
        #expect(found.map(\.place.sectionID) == ["names", "types", "modules"])
        #expect(found.map(\.place.section) == ["1.1", "1.2", "2.1"])
        #expect(found.map(\.place.chapterID) == ["one", "one", "two"])
        #expect(found.map(\.explanation) == ["A name must be declared before use. The compiler says so.",
                                             "Swift converts no number to a string on its own.", "Foundation on Linux has no NSException."])
        #expect(Extras.errorIndex(Extras.inputs(resolveCourse([("c", [en: "## A\n\nNo snippet.\n"])], locales: [en]).0)).isEmpty,
                "a locale that quotes no error has no index")
    }

    @Test func theExplanationIsTheParagraphBeforeTheSnippetInTheLocalesWords() {
        let text = """
            ## Имена {#names}

            Вступление раздела.

            Имя нужно объявить до того, как его использовать.

            ```swift {run}
            print(1)
            ```

            \(Self.fails("print(x)", "error: cannot find 'x' in scope"))
            ## Сразу код {#code}

            \(Self.fails("print(y)", "error: cannot find 'y' in scope"))
            ## Список {#list}

            Перед списком.

            - Пункт, а под ним код:

              ```swift {fails}
              print(z)
              ```

              ```error
              error: cannot find 'z' in scope
              ```
            """
        let (course, diagnostics) = resolveCourse([("c", [ru: text])], locales: [ru])
        #expect(!diagnostics.hasErrors, "\(diagnostics)")
        let quoted = Extras.inputs(course)[ru]?.first?.code.errors ?? []
        // The nearest paragraph before it, past other code; none after a heading; in a list item, the item's own.
        #expect(quoted.map(\.explanation) == ["Имя нужно объявить до того, как его использовать.", "", "Пункт, а под ним код:"])
        #expect(quoted.map(\.lines) == [["error: cannot find 'x' in scope"], ["error: cannot find 'y' in scope"], ["error: cannot find 'z' in scope"]])
        // A streamed chapter's document, not yet expanded, still has its snippets: the same errors.
        let (parsed, _) = TestSupport.parse(text)
        #expect(Extras.code(in: parsed).errors.map(\.lines) == quoted.map(\.lines))
        #expect(Extras.code(in: parsed).errors.map(\.explanation) == quoted.map(\.explanation))
    }

    @Test func anEditToAQuotedErrorOrItsExplanationChangesThePagesInputKey() {
        func key(_ prose: String, _ error: String) -> String {
            let (course, _) = resolveCourse([("c", [en: "## A {#a}\n\n\(prose)\n\n" + Self.fails("print(x)", error)])], locales: [en])
            return Extras.inputs(course)[en]?.first?.key ?? ""
        }
        // The incremental build and the preview keep the index only while every page's key is the same.
        let first = key("Names must be declared.", "error: cannot find 'x' in scope")
        #expect(first == key("Names must be declared.", "error: cannot find 'x' in scope"))
        #expect(first != key("Every name must be declared.", "error: cannot find 'x' in scope"))
        #expect(first != key("Names must be declared.", "error: cannot find 'y' in scope"))
    }
}
