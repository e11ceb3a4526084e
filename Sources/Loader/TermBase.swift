import CourseModel
import Foundation
import Yams

/// The term base a subject index is made from: `terms:`, a list of mappings whose keys are
/// locale tags (each the term in that locale's words); `keep_english: true` gives every locale
/// the source's word. Other keys (`note`, `avoid`, `also`) are the translation check's
/// (`readForCheck`, `TermCheck`) and the translators'.
enum TermBase {
    static func read(_ text: String, path: String, locales: [LocaleTag], source: LocaleTag) -> ([SubjectTerm], [Diagnostic]) {
        switch YAML.compose(text, path: path) {
        case .failure(let diagnostic): return ([], [diagnostic])
        case .success(let root): return read(root, path: path, locales: locales, source: source)
        }
    }

    static func read(_ root: Node?, path: String, locales: [LocaleTag], source: LocaleTag) -> ([SubjectTerm], [Diagnostic]) {
        guard let list = root.flatMap({ node in YAML.entries(node).first { $0.key == "terms" }?.value.sequence }) else {
            return ([], [.error(.settingValue, "a term base must have 'terms:', a list of terms", at: YAML.location(root, path: path))])
        }
        var terms: [SubjectTerm] = []
        var diagnostics: [Diagnostic] = []
        for item in list {
            var forms: [LocaleTag: String] = [:]
            var keepSource = false
            for (key, _, value) in YAML.entries(item) {
                if key == "keep_english" { keepSource = value.bool == true }
                if let tag = LocaleTag(key), locales.contains(tag), let word = value.scalar?.string, !word.isEmpty { forms[tag] = word }
            }
            guard let word = forms[source] else {
                diagnostics.append(.warning(.settingValue, "this term has no '\(source)' form, so the subject index leaves it out",
                                            at: YAML.location(item, path: path)))
                continue
            }
            if keepSource { for locale in locales where forms[locale] == nil { forms[locale] = word } }
            terms.append(SubjectTerm(forms: forms))
        }
        return (terms, diagnostics)
    }
}

extension CourseLoader {
    /// The term base `subject_index` names, read into the settings, and its terms as the
    /// translation check reads them (none without a term base).
    static func loadTerms(_ config: inout CourseConfig, contentPath: String) -> ([Diagnostic], [CheckedTerm]) {
        guard let relative = config.subjectIndex.termsPath else { return ([], []) }
        let path = join(contentPath, relative)
        switch readUTF8(URL(fileURLWithPath: path), displayPath: path) {
        case .failure:
            return ([.error(.settingValue, "the term base '\(relative)' is not in the content folder", at: config.subjectIndex.location,
                            suggestion: "create \(path), or remove subject_index from course.yml")], [])
        case .success(let text):
            guard case .success(let root) = YAML.compose(text, path: path) else {
                return (TermBase.read(text, path: path, locales: config.locales, source: config.sourceLocale).1, [])
            }
            let (terms, diagnostics) = TermBase.read(root, path: path, locales: config.locales, source: config.sourceLocale)
            config.subjectIndex.terms = terms
            return (diagnostics, TermBase.readForCheck(root, path: path, locales: config.locales, source: config.sourceLocale))
        }
    }
}
