import CourseModel

/// How both importers begin: the book must be a folder, and the course gets a locale.
extension ProjectBuilder {
    /// Nil when `root` is a folder; otherwise the error that stops the import, `hint` saying which folder to pass.
    static func notAFolder(_ root: String, hint: String) -> [Diagnostic]? {
        guard !Paths.isFolder(root) else { return nil }
        return [.error(.importInput, "\(root) is not a folder", at: SourceLocation(path: root), suggestion: hint)]
    }

    /// A builder in the locale asked for, else the book's language (`book`, written at `bookPlace`),
    /// else en, holding what was `said` before; or everything said when the locale asked for is not a language tag.
    static func inLocale(_ requested: String?, book: String? = nil, bookPlace: SourceLocation? = nil,
                         said: [Diagnostic] = []) -> Result<ProjectBuilder, DiagnosticsError> {
        var diagnostics = said
        guard let locale = chooseLocale(requested, book: book, bookPlace: bookPlace, diagnostics: &diagnostics) else {
            return .failure(DiagnosticsError(diagnostics))
        }
        var builder = ProjectBuilder(locale: locale)
        builder.diagnostics = diagnostics
        return .success(builder)
    }
}

/// The locale of the new course: the one asked for, else the book's, else English.
private func chooseLocale(_ requested: String?, book: String?, bookPlace: SourceLocation?, diagnostics: inout [Diagnostic]) -> String? {
    if let requested {
        guard LocaleTag(requested) != nil else {
            diagnostics.append(.error(.importInput, "'\(requested)' is not a BCP 47 language tag", suggestion: "use a tag such as en, ru, zh-Hans"))
            return nil
        }
        return requested
    }
    if let book {
        if LocaleTag(book) != nil { return book }
        diagnostics.append(.warning(.importInput, "the book's language '\(book)' is not a BCP 47 language tag; the course is in 'en'", at: bookPlace,
                                    suggestion: "pass --locale with the book's language"))
    }
    return "en"
}
