import CourseModel
import Foundation
import Extras
import Loader
import Localization
import Markdown
import Renderer
import Resolver
import Samples
import Writer
import Synchronization

/// One build, stage by stage: load → parse → run samples → resolve → extras → editions → render → write.
/// Each stage is a method of `BuildRun` (Stages.swift) that owns its inputs and cache keys.
public enum Build {
    /// What a build makes.
    public enum Product: Sendable {
        /// `primer build`: the site written to the output folder, indexed for search when
        /// `search` (and the course has not switched search off). With `reuse`, a build is
        /// skipped when nothing it reads changed since the last one (see `BuildCache`).
        case site(search: Bool = false, reuse: Bool = true)
        /// `primer check`: every stage but the write.
        case check
        /// The preview: the site's files in memory (`Result.files`), and what this build made
        /// kept in `session` for the next build, which redoes only what a change affects.
        case preview(BuildSession)
    }

    public struct Options: Sendable {
        public var content: String
        public var templates: String
        /// Where the site is written; for the other products it only places the caches
        /// (`.primer-cache` beside it), so every product shares the samples' outcomes.
        public var output: String
        /// Build only this locale (nil: all).
        public var locale: String?
        public var product: Product
        /// Record what the samples print now as their expected output.
        public var bless = false
        /// Called as samples are built and run (for a progress display).
        public var sampleProgress: (@Sendable (SamplesStage.Progress) -> Void)?
        /// The CLI exits right after a build: freeing the course's millions of small values one by
        /// one would cost a fifth of a second on a 1,000-page course, so they are left to the exit.
        public var keepUntilExit = false
        /// Make the book editions course.yml asks for (`.site` only). `primer build` asks for them
        /// unless given `--no-editions`; a build from code makes them only when asked.
        public var editions = false
        /// How much chapter text (UTF-8 bytes, in parse order) a one-shot build keeps parsed
        /// from the parse stage to the render stage. Past it, a chapter without samples keeps
        /// only what the rest of the course sees of it (ids, outline, the code the API index
        /// reads) and is parsed again as its pages are rendered, and the print versions' bodies
        /// wait on disk (see `Resolver.streamed`): a 10,000-page course builds in 42% of the
        /// memory (about 550 MB instead of 1,311), for a second parse of most of it. Nil keeps
        /// every document (the preview and the book editions always do).
        public var documentBudget: Int? = Build.documentBudget
        public init(content: String = "Content", templates: String = "Templates", output: String = "site",
                    locale: String? = nil, product: Product = .site()) {
            self.content = content; self.templates = templates; self.output = output
            self.locale = locale; self.product = product
        }

        var writes: Bool { if case .site = product { return true } else { return false } }
        var session: BuildSession? { if case .preview(let session) = product { return session } else { return nil } }
    }

    public struct Result: Sendable {
        public var diagnostics: [Diagnostic]
        public var pages: Int = 0
        public var written: SiteWriter.Report?
        /// True when the build was skipped because nothing had changed.
        public var upToDate = false
        /// The files an incremental build made (nil after a full build); every other file of the
        /// site was kept as it was (see Incremental.swift).
        public var incremental: [String]?
        /// What the samples stage did (nil when the course has no samples).
        public var samples: SamplesStage.Report?
        /// The site's files, for the preview.
        public var files: [SiteFile]?
        /// How the Swift blocks of the chapters built are checked (`primer check` prints it).
        public var listings = ListingTally()
        /// Chapter texts let go after numbering and parsed again as their pages were rendered
        /// (past the document budget; see `Options.documentBudget`).
        public var streamed = 0
        /// The locales whose PDF edition was typeset by this build (the others came from the cache).
        public var typeset: [LocaleTag] = []
        /// Seconds per stage, in order.
        public var timings: [(stage: String, seconds: Double)] = []
        /// The process's resident memory in bytes as each stage of `timings` ended (0 where the
        /// system does not say).
        public var resident: [Int] = []
        public var succeeded: Bool { !diagnostics.hasErrors }
    }

    /// A mistake in how Primer was called rather than in the course (exit code 2).
    public struct UsageError: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// 24 MB of Markdown: about 110 MB of documents, 1,600 pages of the bench course (whose
    /// 1,002 pages are 15 MB). At 10,000 pages the peak was 521 MB with 16 MB, 533–570 MB with
    /// 24 MB and 585 MB with 32 MB; keeping everything, 1,311 MB.
    public static let documentBudget = 24 << 20

    public static func run(_ options: Options) throws(UsageError) -> Result {
        var run = BuildRun(options)
        guard run.outputIsSafe(), !run.upToDate(), let loaded = try run.load() else { return run.finish() }
        if run.incremental(loaded) { return run.finish() }
        let parsed = run.parse(loaded)
        let samples = run.runSamples(loaded, parsed)
        let renderer = run.templates(loaded)
        var course = run.resolve(loaded, parsed, samples)
        run.extras(&course, samples, parsed)
        guard let renderer, !run.result.diagnostics.hasErrors else { return run.finish() }
        let editions = run.editions(&course, samples)
        // A PDF that could not be made (and is not optional) leaves the site as it was.
        guard !run.result.diagnostics.hasErrors else { return run.finish() }
        let rendered = run.render(&course, loaded, renderer, samples, editions: editions)
        run.write(rendered)
        if options.writes {
            run.savePageCache(loaded, parsed, course, printChunks: run.printChunks.table.withLock { $0 })
            run.lap("page cache")
        }
        if options.keepUntilExit {
            Build.keptUntilExit.withLock { $0 += [course, rendered.files, loaded.sources, parsed.chapters, parsed.snippets, parsed.code,
                                                  run.deferred, run.exports] as [any Sendable] }
        }
        return run.finish()
    }

    /// What a one-shot build leaves for the process's exit to reclaim (see `Options.keepUntilExit`).
    static let keptUntilExit = Mutex<[any Sendable]>([])

    /// The Swift blocks of a chapter, containers (footnotes, solutions…) included: its snippets,
    /// how each block is checked, and where the unmarked ones are.
    struct SwiftBlocks: Sendable {
        var snippets: [Snippet] = []
        var tally = ListingTally()
        var unmarked: [Position] = []
        /// Whether the chapter embeds a sample or shows a figure one drew (`Resolver.holdsSamples`).
        var holdsSamples = false
    }

    static func swiftBlocks(_ document: Document) -> SwiftBlocks {
        var found = swiftBlocks(document.blocks)
        found.holdsSamples = Resolver.holdsSamples(document)
        return found
    }

    static func swiftBlocks(_ blocks: [Block]) -> SwiftBlocks {
        var found = SwiftBlocks()
        blocks.walk { block, _ in
            switch block {
            case .snippet(_, let snippet):
                found.snippets.append(snippet)
                switch snippet.mode {
                case .run: found.tally.run += 1
                case .compile: found.tally.compiled += 1
                case .fails: found.tally.failing += 1
                }
            case .sample: found.tally.samples += 1
            case .code(let code) where code.isSwift:
                if code.attributes.classes.contains("listing-only") { found.tally.listingOnly += 1 } else {
                    found.tally.unverified += 1
                    found.unmarked.append(code.position)
                }
            default: break
            }
        }
        return found
    }

    /// The warning (or with `verify: strict`, the error) for a Swift block nobody checks.
    static func unmarkedSwift(at position: Position, path: String, strict: Bool) -> Diagnostic {
        let message = "this Swift block is not checked by the build: mark it {run}, {compile}, {fails} or {listing-only}"
        let suggestion = "{run} also compares an ```output block after it, {fails} the errors of an ```error block; {listing-only} is for Apple-only code"
        let place = SourceLocation(path: path, line: position.line, column: position.column)
        return strict ? .error(.unverifiedListing, message, at: place, suggestion: suggestion)
                      : .warning(.unverifiedListing, message, at: place, suggestion: suggestion)
    }

    /// Every word a page needs must exist for every locale built, at least through fallback.
    static func checkStrings(sources: CourseSources, strings: [LocaleTag: UIStrings], locales: [LocaleTag],
                             templateKeys: [(key: String, location: SourceLocation)]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var uses: [(String, SourceLocation?)] = SiteRenderer.codeKeys.map { ($0, nil) }
        uses += templateKeys.map { ($0.key, $0.location) }
        // A callout kind of the course's own needs its label, in every language.
        uses += sources.config.calloutKinds.sorted { $0.key < $1.key }.map { (CalloutKind($0.key).labelKey, $0.value) }
        var reported = Set<String>()
        let tablePlace: SourceLocation? = sources.catalog.map { SourceLocation(path: $0.path) }
        for (key, location) in uses {
            for locale in locales where strings[locale]?.entries[key] == nil && !reported.contains(key) {
                reported.insert(key)
                let known = strings[locale]?.entries.keys.map { $0 } ?? []
                diagnostics.append(.error(.stringMissing, "string '\(key)' is not in the string catalog for '\(locale)' or its fallbacks",
                                          at: location ?? tablePlace,
                                          suggestion: sources.config.calloutKinds.keys.contains { CalloutKind($0).labelKey == key }
                                            ? "give the callout its label: add \"\(key)\" to Content/Localizable.xcstrings, in every locale"
                                            : closestMatch(to: key, in: known).map { "did you mean '\($0)'?" }
                                                ?? "add \"\(key)\" to Localizable.xcstrings"))
            }
        }
        // A locale needs the words in its own language: a page in Italian with English words is a
        // build error that lists them all, not a silent fallback to the source.
        let catalog = sources.catalog
        let keys = Set(uses.map(\.0))
        let builtIn = CourseLoader.builtInLocales
        for locale in locales {
            let own = locale.fallbackChain(source: sources.config.sourceLocale).filter { $0.language == locale.language }
            let missing = keys.filter { key in
                // ICU names every language in itself when the catalog does not.
                key != "language_name" && !reported.contains(key) && catalog?.entries[key].map { entry in !own.contains { entry.localizations[$0]?.hasText == true } } == true
            }.sorted()
            guard !missing.isEmpty else { continue }
            let message = "the site's words in '\(locale)' lack \(missing.count) of \(keys.count) keys: \(missing.joined(separator: ", "))"
            let suggestion = "add their '\(locale)' localizations to Content/Localizable.xcstrings (Primer has its words built in for "
                + builtIn.map(\.rawValue).sorted().joined(separator: ", ") + ")"
            // A language Primer has no words for is an error; a word the course's own catalog
            // leaves untranslated in a language Primer knows is shown in the source language.
            let ownKeys = missing.filter { CourseLoader.builtInKeys.contains($0) == false }
            if ownKeys.isEmpty && builtIn.contains(where: { $0.language == locale.language }) {
                diagnostics.append(.warning(.stringMissing, message + "; the pages show the \(sources.config.sourceLocale) words",
                                            at: SourceLocation(path: sources.config.path), suggestion: suggestion))
            } else {
                diagnostics.append(.error(.stringMissing, message, at: SourceLocation(path: sources.config.path), suggestion: suggestion))
            }
        }
        return diagnostics
    }
}
