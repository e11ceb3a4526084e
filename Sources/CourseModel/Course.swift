import Foundation

/// Text given once per locale (`title: {en: …, ru: …}`).
public typealias LocalizedText = [LocaleTag: String]

public extension Dictionary where Key == LocaleTag, Value == String {
    /// The text for `locale`, following its fallback chain.
    func text(for locale: LocaleTag, source: LocaleTag) -> String {
        for tag in locale.fallbackChain(source: source) { if let text = self[tag] { return text } }
        return values.sorted().first ?? ""
    }
}

/// `Content/course.yml`, checked.
public struct CourseConfig: Hashable, Sendable {
    /// Pages Primer makes in every locale's folder, so no chapter may have their names (compared
    /// without case: some file systems do not tell `Index.html` from `index.html`).
    public static let reservedPageIDs: [String: String] = [
        "index": "the locale's home page", "samples": "the sample gallery", "api-index": "the API index",
        "subject-index": "the subject index",
        "print": "the printable version of the course",
    ]
    public var title: LocalizedText
    public var sourceLocale: LocaleTag
    public var locales: [LocaleTag]
    public var baseURL: String?
    public var rawHTML: Bool
    public var parts: [Part]
    public var path: String
    /// `api_index`: documentation links and names to add or leave out.
    public var apiIndex = APIIndexSettings()
    /// `subject_index`: the term base the subject index is made from.
    public var subjectIndex = SubjectIndexSettings()
    /// `edit_url`: where a chapter's "Edit this page" link goes; `{path}` is the file's path inside Content/.
    public var editURL: String?
    /// `description`: who the course is for and what a reader needs first, on every home page.
    public var description: LocalizedText = [:]
    /// `repository`: the course's source repository; each chapter links to its file there
    /// ("Edit this page", unless `edit_url` says otherwise) and to a new issue about it.
    public var repository: Repository?
    /// `license`: the course's licence, named on every home page.
    public var license: License?
    /// `authors`: who wrote the course, in the order given (the changes feed's authors).
    public var authors: [String] = []

    public struct Repository: Hashable, Sendable {
        public var url: String
        public var branch: String
        public init(url: String, branch: String) { self.url = url; self.branch = branch }

        /// GitLab keeps its pages under `/-/`; GitHub, Gitea and Forgejo do not.
        var isGitLab: Bool { URL(string: url)?.host?.contains("gitlab") ?? false }

        /// The page that edits `path` (inside Content/).
        public func editURL(path: String) -> String {
            url + (isGitLab ? "/-/edit/" : "/edit/") + branch + "/Content/" + path
        }

        /// A new issue titled `title`.
        public func issueURL(title: String) -> String {
            let query = title.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            return url + (isGitLab ? "/-/issues/new?issue%5Btitle%5D=" : "/issues/new?title=") + query
        }
    }

    public struct License: Hashable, Sendable {
        public var name: LocalizedText
        public var url: String?
        public init(name: LocalizedText, url: String?) { self.name = name; self.url = url }
    }

    /// `search`: build a Pagefind index after writing the site (default true).
    public var search = true
    /// `editions`: the book editions `primer build` makes per locale (default both; `false` for none).
    public var editions: Set<EditionFormat> = [.epub, .pdf]
    /// `editions: {optional: true}`: a PDF Typst cannot make is left out with a warning, not an error.
    public var editionsOptional = false
    /// `verify: strict`: a Swift block the build does not check is an error, not a warning.
    public var strictVerify = false
    /// `check_prints: true`: a `{run}` snippet's `// Prints "…"` comments must match what it printed.
    public var checkPrints = false
    /// `deterministic_hashing: true`: samples and snippets run with `SWIFT_DETERMINISTIC_HASHING=1`,
    /// so a `Set` or `Dictionary` prints its elements in one order (the order a book's tests expect).
    public var deterministicHashing = false
    /// `smart_punctuation: true`: curly quotes in each language's own form, dashes, ellipses.
    public var smartPunctuation = false
    /// `section_numbers: false`: headings are not numbered (listings, figures… still are).
    public var sectionNumbers = true
    /// `callouts: [experiment]`: the course's own callout kinds (upper case) and where each is declared.
    public var calloutKinds: [String: SourceLocation] = [:]

    public struct APIIndexSettings: Hashable, Sendable {
        /// `api_index: false`: no index page and no link to one.
        public var enabled = true
        /// Where an entry links out: a URL containing `%@` for the name, or a base URL the name is appended to.
        public var docsURL: String?
        public var add: [String] = []
        public var exclude: [String: SourceLocation] = [:]
        public init() {}
    }

    public struct SubjectIndexSettings: Hashable, Sendable {
        /// `subject_index: terms.yml` (or `{terms: terms.yml, places: 4}`): the term base's path
        /// inside Content/; nil: no subject index.
        public var termsPath: String?
        /// Where the setting is, for the term base's diagnostics.
        public var location: SourceLocation?
        /// The terms, read from the term base by the loader.
        public var terms: [SubjectTerm] = []
        /// `places`: at most this many places per term, those where the term is introduced first.
        public var placesPerTerm = 4
        public init() {}

        /// The locales the index has terms for.
        public var locales: Set<LocaleTag> { Set(terms.flatMap(\.forms.keys)) }
    }

    public struct Part: Hashable, Sendable {
        public var title: LocalizedText
        public var chapters: [ChapterEntry]
        /// How its chapters are labelled: 1, 2, 3 (counting on from the part before), A, B, C, or not at all.
        public var numbering = Numbering.numbered
        /// `planned`: chapters not written yet, by title; the home page lists them after the
        /// written ones, without a number (they would renumber the chapters after them).
        public var planned: [LocalizedText] = []
        public enum Numbering: String, Hashable, Sendable { case numbered, appendix, none }
        public init(title: LocalizedText, chapters: [ChapterEntry]) { self.title = title; self.chapters = chapters }
    }

    /// Every chapter's place and label: numbered chapters count 1, 2, 3… across parts,
    /// appendices A, B, C…, and chapters of a `numbering: none` part have none.
    public var chapterNumberings: [String: ChapterNumbering] {
        var result: [String: ChapterNumbering] = [:]
        var place = 0, number = 0, appendix = 0
        for part in parts {
            for chapter in part.chapters {
                place += 1
                guard result[chapter.id] == nil else { continue }
                let label: ChapterLabel
                switch part.numbering {
                case .numbered: number += 1; label = .number(number)
                case .appendix: appendix += 1; label = .appendix(ChapterLabel.letters(appendix))
                case .none: label = .unnumbered
                }
                result[chapter.id] = ChapterNumbering(number: place, label: label, sections: sectionNumbers && label != .unnumbered)
            }
        }
        return result
    }

    /// A chapter id as written in the table of contents, with where it was written.
    public struct ChapterEntry: Hashable, Sendable {
        public var id: String
        public var location: SourceLocation
        public init(id: String, location: SourceLocation) { self.id = id; self.location = location }
    }

    public init(title: LocalizedText, sourceLocale: LocaleTag, locales: [LocaleTag], baseURL: String?,
                rawHTML: Bool, parts: [Part], path: String) {
        self.title = title; self.sourceLocale = sourceLocale; self.locales = locales
        self.baseURL = baseURL; self.rawHTML = rawHTML; self.parts = parts; self.path = path
    }

    public var chapterIDs: [String] { parts.flatMap { $0.chapters.map(\.id) } }
}

/// How a chapter is labelled: "Chapter 3", "Appendix B", or only by its title.
public enum ChapterLabel: Hashable, Sendable {
    case number(Int)
    case appendix(String)
    case unnumbered

    /// What stands for the chapter in "3.2", "B.2"; nil for an unnumbered chapter.
    public var head: String? {
        switch self {
        case .number(let n): String(n)
        case .appendix(let letter): letter
        case .unnumbered: nil
        }
    }

    /// A, B … Z, AA, AB …
    public static func letters(_ n: Int) -> String {
        var n = n, result = ""
        while n > 0 { n -= 1; result = String(UnicodeScalar(UInt8(65 + n % 26))) + result; n /= 26 }
        return result
    }
}

/// Where a chapter is and how its numbers read.
public struct ChapterNumbering: Hashable, Sendable {
    /// Its place in the table of contents, from 1 (what orders it, and the first part of its
    /// numbers inside: listing [place, 2]).
    public var number: Int
    public var label: ChapterLabel
    /// Whether its sections are numbered (not in an unnumbered chapter, nor with `section_numbers: false`).
    public var sections: Bool
    public init(number: Int, label: ChapterLabel, sections: Bool = true) { self.number = number; self.label = label; self.sections = sections }
    /// A chapter numbered by its place (the default before course.yml says otherwise).
    public static func plain(_ number: Int) -> ChapterNumbering { ChapterNumbering(number: number, label: .number(number)) }
}

/// A chapter file as loaded: front matter read, body not yet parsed.
public struct ChapterSource: Hashable, Sendable, Encodable {
    public var id: String
    public var locale: LocaleTag
    public var path: String
    public var title: String
    public var summary: String?
    /// `translated_from`: the fingerprint of the source chapter this translation was made from.
    public var translatedFrom: String?
    /// `translated_sections`: each source section's fingerprint (by `ChapterSection.key`) when
    /// the translation of that section was last marked current.
    public var translatedSections: [String: String]?
    /// `updated`: when the chapter last changed (YYYY-MM-DD).
    public var updated: String?
    /// The Markdown after the front matter.
    public var body: String
    /// Line number (1-based) in the file where `body` starts.
    public var bodyLine: Int
    public init(id: String, locale: LocaleTag, path: String, title: String, summary: String?, body: String, bodyLine: Int,
                translatedFrom: String? = nil, translatedSections: [String: String]? = nil, updated: String? = nil) {
        self.id = id; self.locale = locale; self.path = path; self.title = title
        self.summary = summary; self.body = body; self.bodyLine = bodyLine
        self.translatedFrom = translatedFrom; self.translatedSections = translatedSections; self.updated = updated
    }

    /// A fingerprint of what a translator translates (title, summary, text), recorded in a
    /// translation's `translated_from` so a later change to the source shows as stale.
    public var fingerprint: String {
        var hash = StableHash()
        hash.add(title)
        hash.add(summary ?? "")
        hash.add(body)
        return hash.short
    }
}

/// A template file (Mustache text) and where it came from.
public struct TemplateSource: Hashable, Sendable {
    public var name: String
    public var path: String
    public var text: String
    public init(name: String, path: String, text: String) { self.name = name; self.path = path; self.text = text }
}

/// A file copied verbatim into the site (stylesheets, images).
public struct AssetFile: Hashable, Sendable {
    /// Path inside the site, e.g. `assets/style.css` or `images/arc.svg`.
    public var sitePath: String
    public var sourcePath: String
    /// A built-in asset's bytes (its `sourcePath` names no file then).
    public var bytes: [UInt8]?
    public init(sitePath: String, sourcePath: String, bytes: [UInt8]? = nil) {
        self.sitePath = sitePath; self.sourcePath = sourcePath; self.bytes = bytes
    }
}

/// Everything the load stage read from disk; the later stages never touch the file system.
public struct CourseSources: Sendable {
    public var config: CourseConfig
    /// chapter id → locale → source.
    public var chapters: [String: [LocaleTag: ChapterSource]]
    /// The site's words (`Localizable.xcstrings` and legacy `.lproj` tables); nil when there are none.
    public var catalog: StringCatalog?
    public var templates: [String: TemplateSource]
    public var assets: [AssetFile]
    /// Every file under the content folder that a page may link to or embed (relative to the content folder).
    public var contentFiles: Set<String>
    /// The size of every PNG, JPEG, GIF, WebP and SVG file among them (read from their headers).
    public var imageSizes: [String: ImageSize] = [:]
    /// `Content/Samples`, when the course has runnable samples.
    public var samples: SamplesSources?
    /// The recorded drawings of samples and snippets (`Content/Samples/Figures/<folder>/<file>`).
    public var figures: [String: [String: [UInt8]]] = [:]
    public var figuresFolder = "Content/Samples/Figures"
    public init(config: CourseConfig, chapters: [String: [LocaleTag: ChapterSource]], catalog: StringCatalog?,
                templates: [String: TemplateSource], assets: [AssetFile], contentFiles: Set<String>, samples: SamplesSources? = nil) {
        self.config = config; self.chapters = chapters; self.catalog = catalog
        self.templates = templates; self.assets = assets; self.contentFiles = contentFiles; self.samples = samples
    }
}

/// A book edition of the course: an EPUB 3 file or a typeset PDF.
public enum EditionFormat: String, Hashable, Sendable, CaseIterable, Comparable {
    case epub, pdf
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// One concept of the term base: how each locale writes it (its dictionary form; an English
/// parenthesis only says which sense, as in `action (Interface Builder)`).
public struct SubjectTerm: Hashable, Sendable {
    public var forms: [LocaleTag: String]
    public init(forms: [LocaleTag: String]) { self.forms = forms }
}
