import CourseModel

/// What resolving any chapter reads besides the chapter itself, made once per build: the course's
/// configuration, the locales built, the site's words in each, and the content files pages may
/// link to, with the images' sizes.
public struct ResolveContext: Sendable {
    public var config: CourseConfig
    /// The locales being built (the source locale is numbered too, for its ids).
    public var locales: [LocaleTag]
    public var strings: [LocaleTag: UIStrings]
    public var contentFiles: Set<String>
    public var imageSizes: [String: ImageSize]

    public init(config: CourseConfig, locales: [LocaleTag], strings: [LocaleTag: UIStrings], contentFiles: Set<String>,
                imageSizes: [String: ImageSize] = [:]) {
        self.config = config; self.locales = locales; self.strings = strings
        self.contentFiles = contentFiles; self.imageSizes = imageSizes
    }

    /// The context of a course as the loader read it.
    public init(_ sources: CourseSources, locales: [LocaleTag], strings: [LocaleTag: UIStrings]) {
        self.init(config: sources.config, locales: locales, strings: strings, contentFiles: sources.contentFiles,
                  imageSizes: sources.imageSizes)
    }

    /// The words labels are written in for a text in `locale`.
    func labels(for locale: LocaleTag) -> UIStrings { strings[locale] ?? UIStrings(locale: locale, entries: [:]) }
}

extension Resolver {
    /// The ids a chapter's links are resolved against: its locale's course-wide ids, its locale's
    /// numbered chapters by id, and the source locale's ids (to say which one a translation lacks).
    struct LinkScope {
        var global: [String: Target]
        var chapters: [String: NumberedChapter]
        var sourceIDs: [String: Target] = [:]
    }

    /// What `resolveWithExports` made.
    public struct Resolution: Sendable {
        public var course: ResolvedCourse
        public var diagnostics: [Diagnostic]
        /// What each page shows the others, per locale (only when asked for).
        public var exports: [LocaleTag: Exports]
        /// What the pages of streamed chapters need to be made whole (nil when no chapter was streamed).
        public var deferred: Deferred?

        public init(course: ResolvedCourse, diagnostics: [Diagnostic], exports: [LocaleTag: Exports] = [:], deferred: Deferred? = nil) {
            self.course = course; self.diagnostics = diagnostics; self.exports = exports; self.deferred = deferred
        }
    }
}
