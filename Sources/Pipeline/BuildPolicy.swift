import CourseModel

/// How one build goes, decided once from the options, the course's configuration and what the
/// last build of the output left. The full, streamed, incremental and preview builds are the same
/// stages (`Build.run`) under different policies: what is kept for the next build, what is
/// reused from the last one, and what is let go on the way. The stages read it; none decides it again.
struct BuildPolicy {
    /// What the last build of this output left (nil unless this is a site build that may reuse).
    var history: BuildHistory?
    /// Writes the site (`primer build`); `primer check` renders and lets go, the preview keeps the files.
    var writes: Bool
    /// Lets the chapters past the document budget go after numbering, and parses them again as
    /// their pages are rendered (see `Build.Options.documentBudget`).
    var streams: Bool
    /// Keeps the page cache for the next build to be incremental: every output format on is one
    /// an incremental build makes right (see `OutputFormat.AfterChapterEdit`).
    var keepsPages: Bool
    /// Writes the page cache after this build (not on an output's first build), so the resolve and
    /// render stages gather what it needs.
    var savesPages: Bool
    /// Indexes the site for search before it is swapped in.
    var searches: Bool
    /// The preview's session: parses, pages and the samples report reused from the last build.
    var session: BuildSession?
    /// The command line's incremental build: the pages that show an edited text, the only ones the
    /// stages make again (the others are the last build's; see `PageCache.Plan`). A stage that
    /// finds it cannot build from the last build answers nil, before anything is written, and the
    /// build starts over as a full one (`fullBuild`).
    var reuse: PageCache.Plan?
    /// The page cache as this build found it (a full build reuses its hashes).
    var lastPages: PageCache.Manifest?

    var fullBuild: BuildPolicy {
        var policy = self
        policy.reuse = nil
        return policy
    }
}

/// What a site build that may reuse found of the last one.
struct BuildHistory {
    /// The input files' stamps, and their fingerprint.
    var inputs: BuildCache.Inputs
    var fingerprint: String
    /// The last build's manifest (nil on an output's first build).
    var previous: BuildCache.Manifest?
}

extension BuildRun {
    mutating func policy(_ loaded: Loaded, history: BuildHistory?) -> BuildPolicy {
        let config = loaded.sources.config
        let formats = options.formats
        let keepsPages = history != nil && formats.allowIncrementalBuilds(config)
        var searches = false
        if case .site(let asked, _) = options.product { searches = asked && formats.makesSearch(config) && !SearchIndex.switchedOff }
        var policy = BuildPolicy(history: history, writes: options.writes,
                                 streams: options.documentBudget != nil && options.session == nil && !formats.readEveryDocument(config),
                                 keepsPages: keepsPages, savesPages: keepsPages && history?.previous != nil, searches: searches,
                                 session: options.session)
        (policy.lastPages, policy.reuse) = reusablePages(loaded, policy)
        return policy
    }
}
