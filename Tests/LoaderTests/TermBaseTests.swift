import CourseModel
@testable import Loader
import PrimerTestSupport
import Testing

/// The term base the subject index reads: one form per locale of the course, `keep_english`.
@Suite struct TermBaseTests {
    @Test func formsOfTheCoursesLocalesAreRead() {
        let text = """
            terms:
              - en: alert
                ru: окно предупреждения
                de: Warnung
                avoid: { ru: [алерт] }
              - en: ARC
                keep_english: true
              - ru: без английского
            """
        let (terms, diagnostics) = TermBase.read(text, path: "terms.yml", locales: [en, ru], source: en)
        #expect(terms == [SubjectTerm(forms: [en: "alert", ru: "окно предупреждения"]), SubjectTerm(forms: [en: "ARC", ru: "ARC"])])
        #expect(diagnostics.map(\.description) == ["terms.yml:8:5: warning: this term has no 'en' form, so the subject index leaves it out [PRM005]"])
    }

    @Test func aFileWithoutTermsIsAnError() {
        let (terms, diagnostics) = TermBase.read("words: []\n", path: "terms.yml", locales: [en], source: en)
        #expect(terms.isEmpty && diagnostics.first?.message == "a term base must have 'terms:', a list of terms")
    }
}
