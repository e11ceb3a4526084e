import ContentCache
import CourseModel
import Foundation

/// The run-samples stage: build the samples package with SwiftPM, run every sample (and every
/// inline snippet) in parallel, cache what they printed, and check it against the expected output.
public enum SamplesStage {
    public struct Options: Sendable {
        /// Where outcomes, the snippets package and SwiftPM's reading of Package.swift are kept.
        public var cacheDirectory: String
        /// Locales being built: per-locale samples run once for each.
        public var locales: [LocaleTag]
        /// Write actual output as the new expected output instead of failing on a difference.
        public var bless: Bool
        /// Recorded drawings (`Content/Samples/Figures`), by folder and file, and where they are.
        public var figures: [String: [String: [UInt8]]] = [:]
        public var figuresFolder = "Content/Samples/Figures"
        /// course.yml's `check_prints`: a `{run}` snippet's `// Prints` comments must match its output.
        public var checkPrints = false
        /// course.yml's `deterministic_hashing`: every run gets `SWIFT_DETERMINISTIC_HASHING=1`.
        public var deterministicHashing = false
        public var progress: (@Sendable (Progress) -> Void)?
        public init(cacheDirectory: String, locales: [LocaleTag], bless: Bool = false, progress: (@Sendable (Progress) -> Void)? = nil) {
            self.cacheDirectory = cacheDirectory; self.locales = locales; self.bless = bless; self.progress = progress
        }
    }

    public enum Progress: Sendable {
        case planned(total: Int, cached: Int)
        case building(String)
        /// Something the author should see while the build waits (another build holds `.build`).
        case waiting(String)
        /// A run ended: the sample ("string-tables [ru]") or snippet ("snippet at en/memory.md:166").
        case ran(String, failed: Bool)
        /// Snippets checked by the compiler alone (`{compile}`, `{fails}`), and how many of them failed.
        case checked(Int, failed: Int)
    }

    /// An inline snippet as found in a chapter file.
    public struct SnippetUse: Sendable {
        public var snippet: Snippet
        public var path: String
        /// The locale of the chapter it is in: a snippet's figures are recorded per locale.
        public var locale: LocaleTag
        /// For a group (`group="NAME"`): its blocks, in order; `snippet` is the joined program.
        public var parts: [Part] = []
        public init(snippet: Snippet, path: String, locale: LocaleTag) { self.snippet = snippet; self.path = path; self.locale = locale }
    }

    /// A snippet's block `--bless` will write, and what goes in it.
    struct SnippetBlessing: Sendable {
        var use: SnippetUse
        var text: String
    }

    public struct Report: Sendable {
        public var package: SamplesPackage?
        public var outcomes: [SampleRunID: SampleOutcome] = [:]
        /// Snippet outcomes by the snippet's target name.
        public var snippets: [String: SampleOutcome] = [:]
        public var diagnostics: [Diagnostic] = []
        public var built = 0, ran = 0, cached = 0, failed = 0
        /// Files `--bless` wrote.
        public var blessed: [String] = []
        /// The snippets that failed their checks, with what a maintainer needs to act (`--report`).
        public var failures: [SnippetFailure] = []
        /// How the snippets fared; `reportsTests` when the course wants the line said (it has
        /// `from=` snippets or checks `// Prints` comments).
        public var tests = TestTally()
        public var reportsTests = false
        /// Output and error blocks to write, applied together at the end (see `applyBlessings`).
        var snippetBlessings: [SnippetBlessing] = []
    }

    struct Job: Sendable {
        var id: SampleRunID
        var key: ContentKey
        var executable: String
        var settings: SampleSettings
        var stdin: [UInt8]?
        /// How progress names it.
        var shownAs: String
    }

    /// What must run: every executable target (once per locale when it runs per locale) and
    /// every distinct snippet, each with its key.
    struct Plan {
        var samples: [Job] = []
        var snippets: [Job] = []
        /// One of each snippet, by its target name: the same code in three locales runs once.
        var uniqueSnippets: [String: Snippet] = [:]
        /// The package's libraries each snippet imports, by the snippet's target name.
        var libraries: [String: [SampleTarget]] = [:]
    }

    /// What `swift build` made runnable, with the compiler's warnings about each snippet.
    struct Built {
        var runnable: [Job] = []
        var warnings: [String: [CompilerWarning]] = [:]
    }

    public static func run(_ sources: SamplesSources?, snippets blocks: [SnippetUse], options: Options) -> Report {
        var report = Report()
        let (snippets, groupProblems) = SnippetGroups.fold(blocks.map(withProofParts))
        report.diagnostics += groupProblems + proofAnswerProblems(snippets)
        report.reportsTests = options.checkPrints || snippets.contains(where: \.hasOrigin)
        // Scratch folders of samples whose Primer was killed before it could remove them.
        Scratch.removeStale(ProcessRunner.scratchPrefix)
        let cache = SampleCache(folder: options.cacheDirectory + "/samples")
        var readManifest = false  // SwiftPM ran Package.swift (in the sandbox, when there is one)
        if let sources {
            let (discovered, diagnostics) = Discovery.package(sources, cacheDirectory: options.cacheDirectory, reading: { readManifest = true },
                                                              waiting: { options.progress?(.waiting($0)) })
            report.diagnostics += diagnostics
            report.package = discovered
        }
        let plan = plan(report.package, snippets: snippets, options: options)
        var (outcomes, missingSamples, missingSnippets) = lookUp(plan, in: cache)
        report.cached = outcomes.count
        options.progress?(.planned(total: plan.samples.count + plan.snippets.count, cached: outcomes.count))

        var built = Built()
        let timeout = sources?.buildTimeout ?? SamplesSources.defaultBuildTimeout
        if let package = report.package, !missingSamples.isEmpty || missingSnippets.contains(where: { plan.libraries[$0.id.name] != nil }),
           buildPackage(package.root, timeout: timeout, options: options, report: &report) {
            built.runnable += missingSamples
        }
        if !missingSnippets.isEmpty {
            let compiled = buildSnippets(missingSnippets, plan: plan, uses: snippets, timeout: timeout, options: options, report: &report)
            built.runnable += compiled.runnable
            built.warnings = compiled.warnings
            for (job, outcome) in compiled.checked {
                outcomes[job.id] = outcome
                cache.store(outcome, key: job.key)
            }
        }
        if !built.runnable.isEmpty || report.built > 0 || readManifest, let warning = sandboxWarning(sources) {
            report.diagnostics.append(warning)
        }
        outcomes.merge(runAndStore(built, in: cache, options: options)) { $1 }
        report.ran = built.runnable.count
        verifyAll(plan, uses: snippets, outcomes: outcomes, options: options, report: &report)
        applyBlessings(&report)
        return report
    }

    static func plan(_ package: SamplesPackage?, snippets: [SnippetUse], options: Options) -> Plan {
        var plan = Plan()
        if let package {
            let binaries = URL(fileURLWithPath: package.root).standardizedFileURL.path + "/.build/debug/"
            for target in package.targets.values.sorted(by: { $0.name < $1.name }) where target.kind == .executable {
                let locales: [LocaleTag?] = target.settings.perLocale ? options.locales : [nil]
                for locale in locales {
                    let id = SampleRunID(name: target.name, locale: locale)
                    plan.samples.append(Job(id: id, key: hashed(key(for: target, in: package, locale: locale), options),
                                            executable: binaries + target.name, settings: hashed(target.settings, options),
                                            stdin: target.settings.stdin.flatMap { package.inputs[$0] }, shownAs: id.description))
                }
            }
        }
        for use in snippets where plan.uniqueSnippets[use.snippet.targetName] == nil { plan.uniqueSnippets[use.snippet.targetName] = use.snippet }
        // Snippets may import the samples' library targets (`import Fractions`): their sources are
        // part of the key, and the package is built before them.
        let libraryModules = package.map { libraryTargetsByModule($0) } ?? [:]
        let binaries = URL(fileURLWithPath: snippetFolder(options)).standardizedFileURL.path + "/bin/"
        for (name, snippet) in plan.uniqueSnippets.sorted(by: { $0.key < $1.key }) {
            let imported = package.map { importedLibraries(snippet.code, package: $0, byModule: libraryModules) } ?? []
            if !imported.isEmpty { plan.libraries[name] = imported }
            let place = snippets.first { $0.snippet.targetName == name }.map { "\($0.path):\($0.snippet.position.line)" } ?? name
            plan.snippets.append(Job(id: SampleRunID(name: name, locale: nil), key: hashed(key(for: snippet, importing: imported), options),
                                     executable: binaries + name, settings: hashed(SampleSettings(), options), stdin: nil, shownAs: "snippet at " + place))
        }
        return plan
    }

    /// A run's key and settings under `deterministic_hashing` (a key without it stays as it was).
    static func hashed(_ key: ContentKey, _ options: Options) -> ContentKey {
        var key = key
        if options.deterministicHashing { key.add("SWIFT_DETERMINISTIC_HASHING=1") }
        return key
    }

    static func hashed(_ settings: SampleSettings, _ options: Options) -> SampleSettings {
        var settings = settings
        settings.deterministicHashing = options.deterministicHashing
        return settings
    }

    static func snippetFolder(_ options: Options) -> String { options.cacheDirectory + "/snippets" }

    /// What the cache already knows, and the samples and snippets that must run.
    static func lookUp(_ plan: Plan, in cache: SampleCache) -> ([SampleRunID: SampleOutcome], samples: [Job], snippets: [Job]) {
        var outcomes: [SampleRunID: SampleOutcome] = [:]
        var missing: [[Job]] = [[], []]
        for (index, jobs) in [plan.samples, plan.snippets].enumerated() {
            for job in jobs {
                switch cache.lookup(job.key, id: job.id) {
                case .hit(let outcome): outcomes[job.id] = outcome
                case .miss, .corrupt: missing[index].append(job)
                }
            }
        }
        return (outcomes, missing[0], missing[1])
    }

    /// `swift build` of the samples package (SwiftPM rebuilds only what changed): whether it built.
    static func buildPackage(_ root: String, timeout: Double, options: Options, report: inout Report) -> Bool {
        options.progress?(.building(root))
        var output = Shell.swiftPM(["build"], root: root, timeout: timeout) { options.progress?(.waiting($0)) }
        if output.status != 0, !output.timedOut, removeMovedModuleCaches(root, after: output) {
            output = Shell.swiftPM(["build"], root: root, timeout: timeout) { options.progress?(.waiting($0)) }
        }
        report.built += 1
        if output.timedOut {
            report.diagnostics.append(buildTimedOut(root, timeout: timeout, output: output))
            return false
        }
        guard output.status == 0 else {
            report.diagnostics += compileFailure(output, root: root)
            return false
        }
        // Warnings in the samples' own sources, as SwiftPM compiles them (a file it does not
        // compile again is not warned about again).
        report.diagnostics += CompilerOutput.diagnostics(output.stdout + "\n" + output.stderr, packageRoot: root)
            .filter { $0.severity == .warning && ($0.location?.path.hasPrefix(root + "/Sources/") ?? false) }
        return true
    }

    /// A course folder that was moved or copied keeps its samples' `.build`, whose clang module
    /// caches remember the old path: every compile then fails with "precompiled file … was
    /// compiled with module cache path '…', but the path is currently '…'". Those caches are
    /// only caches: removes them (each `ModuleCache` folder under `.build`) so that one more
    /// `swift build` makes them again. Whether it removed any.
    static func removeMovedModuleCaches(_ root: String, after output: Shell.Output) -> Bool {
        guard (output.stdout + output.stderr).contains("was compiled with module cache path") else { return false }
        let build = root + "/.build"
        guard let walker = FileManager.default.enumerator(atPath: build) else { return false }
        var stale: [String] = []
        while let relative = walker.nextObject() as? String {
            guard (relative as NSString).lastPathComponent == "ModuleCache" else { continue }
            stale.append(build + "/" + relative)
            walker.skipDescendants()
        }
        for folder in stale { try? FileManager.default.removeItem(atPath: folder) }
        return !stale.isEmpty
    }

    /// Compiles the snippets that must run or be checked, linked with the package's libraries
    /// they import; its diagnostics go into the report.
    static func buildSnippets(_ missing: [Job], plan: Plan, uses: [SnippetUse], timeout: Double, options: Options,
                              report: inout Report) -> CompiledSnippets {
        options.progress?(.building("inline snippets"))
        var linking: [String: SnippetCompiler.Libraries] = [:]
        if let package = report.package {
            let products = URL(fileURLWithPath: package.root).standardizedFileURL.path + "/.build/debug"
            for (name, imported) in plan.libraries {
                let closure = Set(imported.flatMap { package.closure(of: $0.name) }.filter { $0.kind == .library })
                linking[name] = SnippetCompiler.Libraries(modules: products + "/Modules",
                                                          objectFolders: closure.map { products + "/\($0.moduleName).build" }.sorted())
            }
        }
        let compiled = compileSnippets(missing, snippets: plan.uniqueSnippets, uses: uses, folder: snippetFolder(options), timeout: timeout,
                                       libraries: linking)
        report.built += 1
        report.diagnostics += compiled.diagnostics
        report.failures += compiled.failures
        let checkedAlone = missing.filter { plan.uniqueSnippets[$0.id.name]?.mode != .run }.count
        if checkedAlone > 0 { options.progress?(.checked(checkedAlone, failed: checkedAlone - compiled.checked.count)) }
        return compiled
    }

    static func sandboxWarning(_ sources: SamplesSources?) -> Diagnostic? {
        guard case .unavailable(let why) = Sandbox.current.mode else { return nil }
        return .warning(.noSandbox, "samples are built and run without a sandbox: \(why); Package.swift and the build run as you, "
                        + "and the samples are limited in time, output, memory, open files and file size only",
                        at: sources.map { SourceLocation(path: $0.root) },
                        suggestion: "install bubblewrap (apt-get install bubblewrap) so that neither the build nor the samples can see or change anything outside their own folders")
    }

    /// Runs in parallel, one sample per core, and remembers each outcome worth remembering.
    static func runAndStore(_ built: Built, in cache: SampleCache, options: Options) -> [SampleRunID: SampleOutcome] {
        let ran = parallelMap(built.runnable) { job -> (Job, SampleOutcome) in
            let outcome = ProcessRunner.run(id: job.id, executable: job.executable, settings: job.settings, stdin: job.stdin)
            options.progress?(.ran(job.shownAs, failed: !outcome.status.succeeded && !job.settings.expectFailure))
            return (job, outcome)
        }
        var outcomes: [SampleRunID: SampleOutcome] = [:]
        for (job, ranOutcome) in ran {
            var outcome = ranOutcome
            outcome.warnings = built.warnings[job.id.name] ?? []
            outcomes[job.id] = outcome
            // A failed start, or a timeout nobody asked for, may be the machine's fault: not remembered.
            switch outcome.status {
            case .notStarted: break
            case .timedOut where !job.settings.expectFailure: break
            default: cache.store(outcome, key: job.key)
            }
        }
        return outcomes
    }

    /// Checks every outcome against what the course expects, counting the runs that failed.
    static func verifyAll(_ plan: Plan, uses: [SnippetUse], outcomes: [SampleRunID: SampleOutcome], options: Options, report: inout Report) {
        if let package = report.package {
            for job in plan.samples {
                guard let outcome = outcomes[job.id], let target = package.targets[job.id.name] else { continue }
                report.outcomes[job.id] = outcome
                let errors = report.diagnostics.filter(\.isError).count
                verify(outcome, target: target, package: package, options: options, report: &report)
                if report.diagnostics.filter(\.isError).count > errors { report.failed += 1 }
            }
        }
        for use in uses {
            guard let outcome = outcomes[SampleRunID(name: use.snippet.targetName, locale: nil)] else {
                // Not compiled: its errors came from compiling it.
                report.tests.failedToCompile += 1
                continue
            }
            report.snippets[use.snippet.targetName] = outcome
            let errors = report.diagnostics.filter(\.isError).count, failures = report.failures.count
            report.diagnostics += compileWarnings(outcome, use: use)
            switch use.snippet.mode {
            case .run:
                if let proof = use.snippet.proof {
                    verifyProof(outcome, proof: proof, use: use, report: &report)
                    break
                }
                verify(outcome, snippet: use, options: options, report: &report)
                verifyFigures(outcome, snippet: use, options: options, report: &report)
            case .fails: verifyFailure(outcome, snippet: use, options: options, report: &report)
            case .compile: break
            }
            let failed = report.diagnostics.filter(\.isError).count > errors
            if failed { report.failed += 1 }
            report.tests.count(Set(report.failures[failures...].map(\.kind)), otherErrors: failed)
        }
    }

    static func buildTimedOut(_ root: String, timeout: Double, output: Shell.Output) -> Diagnostic {
        let waited = output.waitedForLock
        return .error(.samplesBuild, "swift build did not finish within \(timeout.formatted()) s and was stopped"
                      + (waited ? ": another build held \(root)/.build the whole time" : "") + "\n" + tail(output.stdout + output.stderr, lines: 8),
                      at: SourceLocation(path: root + "/Package.swift"),
                      suggestion: waited ? "stop the other build (or wait for it), then build again"
                                         : "raise build_timeout in samples.yml if the samples really take this long to compile")
    }

    static func compileFailure(_ output: Shell.Output, root: String) -> [Diagnostic] {
        let messages = CompilerOutput.diagnostics(output.stdout + "\n" + output.stderr, packageRoot: root)
        if messages.contains(where: \.isError) { return messages }
        return messages + [.error(.samplesBuild, "the samples package did not build:\n" + tail(output.stdout + output.stderr),
                                  at: SourceLocation(path: root + "/Package.swift"), suggestion: Sandbox.fetchSuggestion(output, root: root))]
    }
}
