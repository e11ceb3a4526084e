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
/// Each stage is a method of `BuildRun` that takes what the stages before it made and returns
/// what it made; how the build goes (streamed, incremental, a preview's) is its `BuildPolicy`.
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
        /// What the build makes (see `OutputFormat`): the site's formats, and the book editions when
        /// `editions` is set. A format of the caller's own is one more entry.
        public var formats: [OutputFormat] = OutputFormat.site
        /// Make the book editions course.yml asks for (`.site` only): whether `formats` holds
        /// `OutputFormat.editions`. `primer build` asks for them unless given `--no-editions`; a
        /// build from code makes them only when asked.
        public var editions: Bool {
            get { formats.contains(where: \.isEdition) }
            set {
                formats.removeAll(where: \.isEdition)
                if newValue { formats += OutputFormat.editions }
            }
        }
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
        /// `primer check` checks the translations against the term base too.
        var checksTerms: Bool { if case .check = product { return true } else { return false } }
        var session: BuildSession? { if case .preview(let session) = product { return session } else { return nil } }
    }

    public struct Result: Sendable {
        public var diagnostics: [Diagnostic]
        public var pages: Int = 0
        public var written: SiteWriter.Report?
        /// True when the build was skipped because nothing had changed.
        public var upToDate = false
        /// The files an incremental build made (nil after a full build); every other file of the
        /// site was kept as it was (see `BuildPolicy.reuse`).
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
        guard run.outputIsSafe() else { return run.finish() }
        let history = run.lookBack()
        guard !run.result.upToDate, let loaded = try run.load() else { return run.finish() }
        let policy = run.policy(loaded, history: history)
        let loadedResult = run.result
        if case .fullBuildNeeded = run.stages(loaded, policy) {
            run.startOver(from: loadedResult)
            _ = run.stages(loaded, policy.fullBuild)
        }
        return run.finish()
    }

    /// What a one-shot build leaves for the process's exit to reclaim (see `Options.keepUntilExit`).
    static let keptUntilExit = Mutex<[any Sendable]>([])
}

extension BuildRun {
    enum Outcome {
        case done
        /// The policy reused the last build, and a stage found it cannot: nothing was written.
        case fullBuildNeeded
    }

    /// The stages in order, each given what the ones before it made, under one policy.
    mutating func stages(_ loaded: Loaded, _ policy: BuildPolicy) -> Outcome {
        guard let parsed = parse(loaded, policy) else { return .fullBuildNeeded }
        let samples = runSamples(loaded, parsed, policy)
        let renderer = templates(loaded, policy)
        guard let resolution = resolve(loaded, parsed, samples, policy),
              let extras = extras(resolution.course, samples, parsed, policy) else { return .fullBuildNeeded }
        requireAltText(resolution.course.config)
        guard let renderer, !result.diagnostics.hasErrors else { return policy.reuse == nil ? .done : .fullBuildNeeded }
        let books = editions(resolution.course.showing(extras), samples)
        // A PDF that could not be made (and is not optional) leaves the site as it was.
        guard !result.diagnostics.hasErrors else { return .done }
        let cards = cards(resolution.course.showing(extras), policy)
        guard !result.diagnostics.hasErrors else { return .done }
        var shown = resolution.course.showing(extras, editions: books.links)
        shown.cards = cards.locales
        guard let rendered = render(shown, loaded, parsed, resolution.deferred, renderer, samples, policy, editions: books.files + cards.files) else {
            return .fullBuildNeeded
        }
        write(rendered.staged, unwritten: rendered.files, search: rendered.search, policy.history)
        if options.writes {
            if let plan = policy.reuse {
                if result.succeeded { updatePageCache(plan, parsed, rendered.course, rendered, loaded) }
            } else {
                savePageCache(loaded, parsed, rendered.course, resolution.exports, extras, rendered, policy)
            }
            lap("page cache")
        }
        if options.keepUntilExit {
            Build.keptUntilExit.withLock { $0 += [rendered.course, rendered.files, loaded.sources, parsed.chapters, parsed.snippets, parsed.code,
                                                  resolution] as [any Sendable] }
        }
        return .done
    }

    /// What the stages of a build that could not reuse the last one added is forgotten (but their
    /// time), for the full build to start from what loading left.
    mutating func startOver(from loaded: Build.Result) {
        var restored = loaded
        restored.timings = result.timings
        restored.resident = result.resident
        result = restored
    }
}
