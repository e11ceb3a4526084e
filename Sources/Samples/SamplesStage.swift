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
        /// Output and error blocks to write, applied together at the end (see `applyBlessings`).
        var snippetBlessings: [SnippetBlessing] = []
    }

    struct Job: Sendable {
        var id: SampleRunID
        var key: String
        var executable: String
        var settings: SampleSettings
        var stdin: [UInt8]?
        /// How progress names it.
        var shownAs: String
    }

    public static func run(_ sources: SamplesSources?, snippets: [SnippetUse], options: Options) -> Report {
        var report = Report()
        // Scratch folders of samples whose Primer was killed before it could remove them.
        Scratch.removeStale(ProcessRunner.scratchPrefix)
        let cache = SampleCache(folder: options.cacheDirectory + "/samples")
        var package: SamplesPackage?
        var readManifest = false  // SwiftPM ran Package.swift (in the sandbox, when there is one)
        if let sources {
            let (discovered, diagnostics) = Discovery.package(sources, cacheDirectory: options.cacheDirectory, reading: { readManifest = true },
                                                              waiting: { options.progress?(.waiting($0)) })
            report.diagnostics += diagnostics
            package = discovered
            report.package = discovered
        }

        // What must run, and what the cache already knows.
        var sampleJobs: [Job] = []
        var snippetJobs: [Job] = []
        if let package {
            let binaries = URL(fileURLWithPath: package.root).standardizedFileURL.path + "/.build/debug/"
            for target in package.targets.values.sorted(by: { $0.name < $1.name }) where target.kind == .executable {
                let locales: [LocaleTag?] = target.settings.perLocale ? options.locales : [nil]
                for locale in locales {
                    let id = SampleRunID(name: target.name, locale: locale)
                    sampleJobs.append(Job(id: id, key: key(for: target, in: package, locale: locale), executable: binaries + target.name,
                                          settings: target.settings, stdin: target.settings.stdin.flatMap { package.inputs[$0] },
                                          shownAs: id.description))
                }
            }
        }
        let snippetFolder = options.cacheDirectory + "/snippets"
        var uniqueSnippets: [String: Snippet] = [:]
        for use in snippets where uniqueSnippets[use.snippet.targetName] == nil { uniqueSnippets[use.snippet.targetName] = use.snippet }
        // Snippets may import the samples' library targets (`import Fractions`): their sources are
        // part of the key, and the package is built before them.
        var libraries: [String: [SampleTarget]] = [:]
        let libraryModules = package.map { libraryTargetsByModule($0) } ?? [:]
        for (name, snippet) in uniqueSnippets.sorted(by: { $0.key < $1.key }) {
            var hasher = StableHash()
            hasher.add("snippet-v5")
            hasher.add(Shell.toolchainVersion)
            hasher.add(snippet.mode.rawValue)
            hasher.add(snippet.code)
            if let package {
                let imported = importedLibraries(snippet.code, package: package, byModule: libraryModules)
                if !imported.isEmpty { libraries[name] = imported }
                for library in imported { hasher.add(library.name); for file in library.files { hasher.add(file.path); hasher.add(file.text) } }
            }
            let place = snippets.first { $0.snippet.targetName == name }.map { "\($0.path):\($0.snippet.position.line)" } ?? name
            snippetJobs.append(Job(id: SampleRunID(name: name, locale: nil), key: hasher.hex,
                                   executable: URL(fileURLWithPath: snippetFolder).standardizedFileURL.path + "/bin/" + name,
                                   settings: SampleSettings(), stdin: nil, shownAs: "snippet at " + place))
        }

        var outcomes: [SampleRunID: SampleOutcome] = [:]
        var missingSamples: [Job] = [], missingSnippets: [Job] = []
        for (jobs, isSnippet) in [(sampleJobs, false), (snippetJobs, true)] {
            for job in jobs {
                switch cache.lookup(job.key, id: job.id) {
                case .hit(let outcome): outcomes[job.id] = outcome
                case .miss, .corrupt: if isSnippet { missingSnippets.append(job) } else { missingSamples.append(job) }
                }
            }
        }
        report.cached = outcomes.count
        options.progress?(.planned(total: sampleJobs.count + snippetJobs.count, cached: outcomes.count))

        // Build only when something must run; SwiftPM rebuilds only what changed.
        var runnable: [Job] = []
        var snippetWarnings: [String: [CompilerWarning]] = [:]
        let buildTimeout = sources?.buildTimeout ?? SamplesSources.defaultBuildTimeout
        /// `swift build` of one package: its jobs can run when it built; otherwise its messages.
        func build(_ root: String, shownAs: String, jobs: [Job], failure: (Shell.Output) -> [Diagnostic]) {
            options.progress?(.building(shownAs))
            let output = Shell.swiftPM(["build"], root: root, timeout: buildTimeout) { options.progress?(.waiting($0)) }
            report.built += 1
            if output.timedOut {
                report.diagnostics.append(buildTimedOut(root, timeout: buildTimeout, output: output))
            } else if output.status == 0 {
                runnable += jobs
                // Warnings in the samples' own sources, as SwiftPM compiles them (a file it does
                // not compile again is not warned about again).
                report.diagnostics += CompilerOutput.diagnostics(output.stdout + "\n" + output.stderr, packageRoot: root)
                    .filter { $0.severity == .warning && ($0.location?.path.hasPrefix(root + "/Sources/") ?? false) }
            } else {
                report.diagnostics += failure(output)
            }
        }
        if let package, !missingSamples.isEmpty || missingSnippets.contains(where: { libraries[$0.id.name] != nil }) {
            build(package.root, shownAs: package.root, jobs: missingSamples) { compileFailure($0, root: package.root) }
        }
        if !missingSnippets.isEmpty {
            options.progress?(.building("inline snippets"))
            var linking: [String: SnippetCompiler.Libraries] = [:]
            if let package {
                let products = URL(fileURLWithPath: package.root).standardizedFileURL.path + "/.build/debug"
                for (name, imported) in libraries {
                    let closure = Set(imported.flatMap { package.closure(of: $0.name) }.filter { $0.kind == .library })
                    linking[name] = SnippetCompiler.Libraries(modules: products + "/Modules",
                                                              objectFolders: closure.map { products + "/\($0.moduleName).build" }.sorted())
                }
            }
            let compiled = compileSnippets(missingSnippets, snippets: uniqueSnippets, uses: snippets, folder: snippetFolder, timeout: buildTimeout,
                                           libraries: linking)
            report.built += 1
            report.diagnostics += compiled.diagnostics
            let checkedAlone = missingSnippets.filter { uniqueSnippets[$0.id.name]?.mode != .run }.count
            if checkedAlone > 0 { options.progress?(.checked(checkedAlone, failed: checkedAlone - compiled.checked.count)) }
            runnable += compiled.runnable
            snippetWarnings = compiled.warnings
            for (job, outcome) in compiled.checked {
                outcomes[job.id] = outcome
                cache.store(outcome, key: job.key)
            }
        }
        let sandbox = runnable.isEmpty && report.built == 0 && !readManifest ? nil : Sandbox.current
        if let sandbox, case .unavailable(let why) = sandbox.mode {
            report.diagnostics.append(.warning(.noSandbox, "samples are built and run without a sandbox: \(why); Package.swift and the build run as you, "
                                               + "and the samples are limited in time, output, memory, open files and file size only",
                                               at: sources.map { SourceLocation(path: $0.root) },
                                               suggestion: "install bubblewrap (apt-get install bubblewrap) so that neither the build nor the samples can see or change anything outside their own folders"))
        }

        // Run in parallel, one sample per core.
        let ran = parallelMap(runnable) { job -> (Job, SampleOutcome) in
            let outcome = ProcessRunner.run(id: job.id, executable: job.executable, settings: job.settings, stdin: job.stdin)
            options.progress?(.ran(job.shownAs, failed: !outcome.status.succeeded && !job.settings.expectFailure))
            return (job, outcome)
        }
        for (job, ranOutcome) in ran {
            var outcome = ranOutcome
            outcome.warnings = snippetWarnings[job.id.name] ?? []
            outcomes[job.id] = outcome
            // A failed start, or a timeout nobody asked for, may be the machine's fault: not remembered.
            switch outcome.status {
            case .notStarted: break
            case .timedOut where !job.settings.expectFailure: break
            default: cache.store(outcome, key: job.key)
            }
        }
        report.ran = ran.count

        // Verify.
        if let package {
            for job in sampleJobs {
                guard let outcome = outcomes[job.id], let target = package.targets[job.id.name] else { continue }
                report.outcomes[job.id] = outcome
                let errors = report.diagnostics.filter(\.isError).count
                verify(outcome, target: target, package: package, options: options, report: &report)
                if report.diagnostics.filter(\.isError).count > errors { report.failed += 1 }
            }
        }
        for use in snippets {
            guard let outcome = outcomes[SampleRunID(name: use.snippet.targetName, locale: nil)] else { continue }
            report.snippets[use.snippet.targetName] = outcome
            let errors = report.diagnostics.filter(\.isError).count
            report.diagnostics += compileWarnings(outcome, use: use)
            switch use.snippet.mode {
            case .run:
                verify(outcome, snippet: use, options: options, report: &report)
                verifyFigures(outcome, snippet: use, options: options, report: &report)
            case .fails: verifyFailure(outcome, snippet: use, options: options, report: &report)
            case .compile: break
            }
            if report.diagnostics.filter(\.isError).count > errors { report.failed += 1 }
        }
        applyBlessings(&report)
        return report
    }

    /// Writes the blessed blocks of each chapter from its last snippet to its first, so that a
    /// block that grows or appears never moves the lines of the ones still to be written.
    static func applyBlessings(_ report: inout Report) {
        let ordered = report.snippetBlessings.sorted { ($0.use.path, $1.use.snippet.position.line) < ($1.use.path, $0.use.snippet.position.line) }
        for blessing in ordered {
            let use = blessing.use, text = blessing.text
            if blessSnippet(use, text: text) {
                if !report.blessed.contains(use.path) { report.blessed.append(use.path) }
            } else {
                let line = use.snippet.expectedLine > 0 ? use.snippet.expectedLine : use.snippet.position.line
                report.diagnostics.append(.error(.blessWrite, "cannot write the snippet's \(use.snippet.mode == .fails ? "error" : "output") block",
                                                 at: SourceLocation(path: use.path, line: line, column: 1)))
            }
        }
        report.snippetBlessings = []
    }

    /// Everything the stage reads, as one key: a preview rebuild whose key is unchanged reuses
    /// the last report without looking at a single sample.
    public static func inputsKey(_ sources: SamplesSources?, snippets: [SnippetUse], locales: [LocaleTag],
                                 figures: [String: [String: [UInt8]]] = [:]) -> String {
        var key = StableHash()
        for (folder, files) in figures.sorted(by: { $0.key < $1.key }) {
            for (name, bytes) in files.sorted(by: { $0.key < $1.key }) { key.add(folder + "/" + name); key.add(bytes) }
        }
        if let samples = sources {
            key.add(samples.manifest)
            key.add("\(samples.buildTimeout)")
            for (path, text) in samples.files.sorted(by: { $0.key < $1.key }) { key.add(path); key.add(text) }
            for (name, text) in samples.expected.sorted(by: { $0.key < $1.key }) { key.add(name); key.add(text) }
            for (name, bytes) in samples.inputs.sorted(by: { $0.key < $1.key }) { key.add(name); key.add(bytes) }
            for (name, settings) in samples.settings.sorted(by: { $0.key < $1.key }) {
                key.add("\(name) \(settings.runKey)")
                key.add("\(settings.expectFailure) \(settings.deterministic) \(settings.perLocale)")
                for (tag, text) in settings.description.sorted(by: { $0.key < $1.key }) { key.add(tag.rawValue); key.add(text) }
            }
        }
        for snippet in snippets { key.add(snippet.path); key.add(snippet.snippet.mode.rawValue); key.add(snippet.snippet.code); key.add(snippet.snippet.expected ?? "") }
        key.add(locales.map(\.rawValue).joined(separator: ","))
        return key.hex
    }

    /// The package's library targets a snippet imports (`import Fractions`), with what they depend on.
    static func libraryTargetsByModule(_ package: SamplesPackage) -> [String: SampleTarget] {
        Dictionary(package.targets.values.filter { $0.kind == .library }.map { ($0.moduleName, $0) }, uniquingKeysWith: { a, _ in a })
    }

    static func importedLibraries(_ code: String, package: SamplesPackage, byModule: [String: SampleTarget]) -> [SampleTarget] {
        guard code.contains("import") else { return [] }
        var found: [SampleTarget] = []
        for line in code.split(separator: "\n") {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let index = words.firstIndex(of: "import"), words[..<index].allSatisfy({ $0.hasPrefix("@") }) else { continue }
            // `import Fractions`, `import struct Fractions.Fraction`
            let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "func", "typealias", "var", "let", "actor"]
            let path = words.dropFirst(index + 1).first(where: { !kinds.contains($0) })
            guard let path, let library = byModule[String(path.split(separator: ".")[0])] else { continue }
            for target in package.closure(of: library.name) where target.kind == .library && !found.contains(target) { found.append(target) }
        }
        return found
    }

    /// Everything that can change what a sample prints.
    static func key(for target: SampleTarget, in package: SamplesPackage, locale: LocaleTag?) -> String {
        var hasher = StableHash()
        hasher.add("sample-v4")
        hasher.add(Shell.toolchainVersion)
        hasher.add(package.manifest)
        for dependency in package.closure(of: target.name) {
            hasher.add(dependency.name)
            for file in dependency.files { hasher.add(file.path); hasher.add(file.text) }
        }
        let settings = target.settings
        hasher.add(settings.arguments.joined(separator: "\u{0}"))
        hasher.add(settings.stdin.flatMap { package.inputs[$0] } ?? [])
        hasher.add(locale?.rawValue ?? "-")
        hasher.add(settings.runKey)
        return hasher.hex
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

    static func verify(_ outcome: SampleOutcome, target: SampleTarget, package: SamplesPackage, options: Options, report: inout Report) {
        let settings = target.settings
        let mainFile = target.files.first(where: { $0.name == "main.swift" }) ?? target.files.first
        let place = SourceLocation(path: package.root + "/" + (mainFile?.path ?? target.folder), line: 1, column: 1)
        let name = outcome.id.description
        if !settings.expectFailure && !outcome.status.succeeded {
            report.diagnostics.append(.error(.sampleFailed, "sample '\(name)' \(outcome.status.explanation)" + stderrTail(outcome), at: place,
                                             suggestion: "if failing is the point of the sample, set expect_failure: true for it in samples.yml"))
            return
        }
        if settings.expectFailure && outcome.status.succeeded {
            report.diagnostics.append(.error(.sampleFailed, "sample '\(name)' is marked expect_failure but exited with status 0", at: place))
            return
        }
        guard settings.deterministic else { return }
        // What a stopped program printed depends on when it was stopped: nothing to compare.
        switch outcome.status {
        case .timedOut, .outputOverflow: return
        default: break
        }
        verifyFigures(outcome, target: target, package: package, options: options, report: &report)
        let file = SamplesPackage.expectedFileName(target.name, locale: outcome.id.locale)
        let expectedPath = package.outputsFolder + "/" + file
        let expected = package.expected[file]
        if expected == outcome.output { return }
        if options.bless {
            do {
                try FileManager.default.createDirectory(atPath: package.outputsFolder, withIntermediateDirectories: true)
                try Data(outcome.output.utf8).write(to: URL(fileURLWithPath: expectedPath))
                report.blessed.append(expectedPath)
            } catch {
                report.diagnostics.append(.error(.blessWrite, "cannot write \(expectedPath): \(error.localizedDescription)", at: place))
            }
            return
        }
        guard let expected else {
            report.diagnostics.append(.error(.sampleOutput, "sample '\(name)' has no expected output (\(expectedPath) does not exist)", at: place,
                                             suggestion: "check what it prints, then record it with: primer build --bless"))
            return
        }
        let diff = unifiedDiff(expected: expected, actual: outcome.output, expectedName: expectedPath, actualName: "what '\(name)' printed")
        report.diagnostics.append(.error(.sampleOutput, "sample '\(name)' printed something else than expected:\n" + diff,
                                         at: SourceLocation(path: expectedPath, line: 1, column: 1),
                                         suggestion: "if the new output is right, record it with: primer build --bless"))
    }

    static func stderrTail(_ outcome: SampleOutcome) -> String {
        let text = outcome.errorTail.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return "" }
        return "; the end of its stderr:\n" + tail(text, lines: 12).split(separator: "\n", omittingEmptySubsequences: false)
            .map { "    | " + escapingControls($0) }.joined(separator: "\n")
    }

    /// A line a sample wrote, safe to print on the author's terminal: control characters (an
    /// escape sequence could move the cursor, retitle the window or hide text) are shown as
    /// `\u{1B}`, tabs kept.
    static func escapingControls<S: StringProtocol>(_ line: S) -> String {
        ControlCharacters.escaping(line)
    }

    // MARK: Inline snippets

    static func verify(_ outcome: SampleOutcome, snippet use: SnippetUse, options: Options, report: inout Report) {
        let place = SourceLocation(path: use.path, line: use.snippet.position.line, column: use.snippet.position.column)
        if !outcome.status.succeeded {
            report.diagnostics.append(.error(.sampleFailed, "this snippet \(outcome.status.explanation)" + stderrTail(outcome), at: place))
            return
        }
        guard let expected = use.snippet.expected, expected != outcome.output else { return }
        let outputPlace = SourceLocation(path: use.path, line: use.snippet.expectedLine, column: 1)
        if options.bless {
            report.snippetBlessings.append(SnippetBlessing(use: use, text: outcome.output))
            return
        }
        let diff = unifiedDiff(expected: expected, actual: outcome.output, expectedName: "the output block", actualName: "what the snippet printed")
        report.diagnostics.append(.error(.sampleOutput, "this snippet printed something else than its output block:\n" + diff, at: outputPlace,
                                         suggestion: "if the new output is right, record it with: primer build --bless"))
    }

    /// Writes `text` as the body of the snippet's ```output (or ```error) block in the chapter
    /// file, adding the block after the snippet when it has none.
    static func blessSnippet(_ use: SnippetUse, text: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: use.path) else { return false }
        var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func fence(at index: Int) -> (indent: String, fence: String)? {
            guard index >= 0, index < lines.count else { return nil }
            let indent = String(lines[index].prefix(while: { $0 == " " || $0 == ">" }))
            let rest = lines[index].dropFirst(indent.count)
            let fence = String(rest.prefix(while: { $0 == "`" || $0 == "~" }))
            return fence.count >= 3 ? (indent, fence) : nil
        }
        func closing(after open: Int, _ fence: String) -> Int? {
            lines[(open + 1)...].firstIndex(where: { $0.drop(while: { $0 == " " || $0 == ">" }).hasPrefix(fence) })
        }
        var body = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if body.last == "" { body.removeLast() }
        if use.snippet.expectedLine > 0 {
            let open = use.snippet.expectedLine - 1
            guard let (indent, marker) = fence(at: open), let close = closing(after: open, marker) else { return false }
            lines.replaceSubrange((open + 1)..<close, with: body.map { ($0.isEmpty ? indent.trimmingTrailingSpaces : indent) + $0 })
        } else {
            let open = use.snippet.position.line - 1
            guard let (indent, marker) = fence(at: open), let close = closing(after: open, marker) else { return false }
            let language = use.snippet.mode == .fails ? "error" : "output"
            let block = [indent.trimmingTrailingSpaces, indent + marker + language] + body.map { ($0.isEmpty ? indent.trimmingTrailingSpaces : indent) + $0 }
                + [indent + marker]
            lines.insert(contentsOf: block, at: close + 1)
        }
        return (try? Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: use.path))) != nil
    }
}

private extension String {
    var trimmingTrailingSpaces: String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
