import Foundation

/// A file of the samples package, path relative to the package root (`Sources/fraction/main.swift`).
public struct SampleFile: Hashable, Sendable {
    public var path: String
    public var text: String
    public init(path: String, text: String) { self.path = path; self.text = text }
    public var name: String { String(path.split(separator: "/").last ?? "") }
}

/// How one sample is run, from `Content/Samples/samples.yml`.
public struct SampleSettings: Hashable, Sendable {
    /// Seconds before the sample's process group is killed.
    public var timeout: Double = 10
    /// Bytes of stdout kept before the sample is stopped.
    public var outputLimit: Int = 1 << 20
    public var arguments: [String] = []
    /// A file of the package fed to stdin (none: /dev/null).
    public var stdin: String?
    /// Failing (non-zero exit, crash, timeout) is what the sample demonstrates.
    public var expectFailure = false
    /// Output that changes from run to run is shown but not compared.
    public var deterministic = true
    /// Run once per course locale (LANG and PRIMER_LOCALE set); each page shows its own output.
    public var perLocale = false
    /// `SWIFT_DETERMINISTIC_HASHING=1` in its environment (course.yml's `deterministic_hashing`):
    /// a `Set` or `Dictionary` lists its elements in the same order on every run.
    public var deterministicHashing = false
    /// A one-line description per locale (`description: {en: …, ru: …}`), for the gallery.
    public var description: [LocaleTag: String] = [:]
    /// Address space a run may use, in bytes (RLIMIT_AS).
    public var memoryLimit: Int = 512 << 20
    /// Processes and threads the run may have at once, inside its sandbox (RLIMIT_NPROC).
    public var processLimit: Int = 128
    /// Files it may have open at once (RLIMIT_NOFILE).
    public var openFilesLimit: Int = 256
    /// The largest file it may write, in bytes (RLIMIT_FSIZE).
    public var fileSizeLimit: Int = 64 << 20
    /// What its working folder, and its /tmp, may hold in all, in bytes (the sandbox's folders
    /// are memory file systems of this size).
    public var diskLimit: Int = 128 << 20
    public init() {}

    /// Everything here that can change what a run prints (for cache keys).
    public var runKey: String {
        "\(timeout) \(outputLimit) \(arguments) \(stdin ?? "") \(memoryLimit) \(processLimit) \(openFilesLimit) \(fileSizeLimit) \(diskLimit)"
    }
}

/// A target of the samples package.
public struct SampleTarget: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable { case executable, library, systemLibrary, listingOnly }
    public var name: String
    public var kind: Kind
    /// Folder of the target's sources, relative to the package root.
    public var folder: String
    public var files: [SampleFile]
    /// Targets of the package this one depends on.
    public var dependencies: [String]
    public var settings: SampleSettings
    /// The target's `resources:` in Package.swift, as declared (`.copy("Trails")`).
    public var resources: [SampleResource]
    /// The files besides Swift sources that the target needs, by path relative to the package
    /// root: those its resources name, or a system library's module map and headers.
    public var resourceFiles: [SampleFile]
    /// A system library's `pkgConfig:` and `providers:` as Package.swift declares them.
    public var system: SystemLibrary?
    public init(name: String, kind: Kind, folder: String, files: [SampleFile], dependencies: [String], settings: SampleSettings,
                resources: [SampleResource] = [], resourceFiles: [SampleFile] = [], system: SystemLibrary? = nil) {
        self.name = name; self.kind = kind; self.folder = folder; self.files = files
        self.dependencies = dependencies; self.settings = settings
        self.resources = resources; self.resourceFiles = resourceFiles; self.system = system
    }
    /// The name code imports it by: SwiftPM's C99 name (`memory-diagrams` → `memory_diagrams`).
    public var moduleName: String {
        String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    }
}

/// How a system-library target finds its library: `pkgConfig: "sqlite3"` and the packages that
/// provide it (`apt: ["libsqlite3-dev"]`).
public struct SystemLibrary: Hashable, Sendable {
    public var pkgConfig: String?
    /// Package manager (`apt`, `brew`, `yum`) and its package names, in declaration order.
    public var providers: [ProviderPackages]
    public struct ProviderPackages: Hashable, Sendable {
        public var manager: String
        public var packages: [String]
        public init(manager: String, packages: [String]) { self.manager = manager; self.packages = packages }
    }
    public init(pkgConfig: String?, providers: [ProviderPackages]) { self.pkgConfig = pkgConfig; self.providers = providers }
    /// The arguments after `name:` in Package.swift: `, pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]`.
    public var declaration: String {
        var out = ""
        if let pkgConfig { out += ", pkgConfig: " + swiftStringLiteral(pkgConfig) }
        if !providers.isEmpty {
            out += ", providers: [" + providers.map { ".\($0.manager)([\($0.packages.map(swiftStringLiteral).joined(separator: ", "))])" }
                .joined(separator: ", ") + "]"
        }
        return out
    }
}

/// One entry of a target's `resources:`: a file or folder (relative to the target's folder) and
/// what SwiftPM does with it.
public struct SampleResource: Hashable, Sendable {
    public enum Rule: String, Hashable, Sendable { case copy, process, embedInCode }
    public var rule: Rule
    public var path: String
    public init(rule: Rule, path: String) { self.rule = rule; self.path = path }
    /// How Package.swift writes it: `.copy("Trails")`.
    public var declaration: String { ".\(rule.rawValue)(\(swiftStringLiteral(path)))" }
}

/// `text` as a Swift string literal in a generated Package.swift: quoted, `\` and `"` escaped.
public func swiftStringLiteral(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
}

/// `Content/Samples`: a SwiftPM package with one executable target per sample.
public struct SamplesPackage: Sendable {
    /// The package folder as shown to users (`Content/Samples`).
    public var root: String
    public var manifest: String
    public var targets: [String: SampleTarget]
    /// Expected outputs by file name in `Outputs/` (`fraction.txt`, `string-tables.ru.txt`).
    public var expected: [String: String]
    /// Files the settings refer to (stdin), by path relative to the package root.
    public var inputs: [String: [UInt8]]
    public init(root: String, manifest: String, targets: [String: SampleTarget], expected: [String: String], inputs: [String: [UInt8]]) {
        self.root = root; self.manifest = manifest; self.targets = targets; self.expected = expected; self.inputs = inputs
    }

    public var outputsFolder: String { root + "/Outputs" }

    /// The folder of `Figures/` that holds what a run draws: `house-plan` or `house-plan.ru`.
    public static func figureFolderName(_ sample: String, locale: LocaleTag?) -> String {
        locale.map { "\(sample).\($0.rawValue)" } ?? sample
    }

    public static func expectedFileName(_ sample: String, locale: LocaleTag?) -> String {
        locale.map { "\(sample).\($0.rawValue).txt" } ?? "\(sample).txt"
    }

    /// The target and everything it depends on, each once.
    public func closure(of name: String) -> [SampleTarget] {
        var seen: [String] = []
        var stack = [name]
        while let next = stack.popLast() {
            guard !seen.contains(next), let target = targets[next] else { continue }
            seen.append(next)
            stack += target.dependencies
        }
        return seen.sorted().compactMap { targets[$0] }
    }
}

/// One run of a sample: the sample (or inline snippet) and, for per-locale samples, the locale.
public struct SampleRunID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var name: String
    public var locale: LocaleTag?
    public init(name: String, locale: LocaleTag?) { self.name = name; self.locale = locale }
    public var description: String { locale.map { "\(name) [\($0)]" } ?? name }
    public static func < (a: SampleRunID, b: SampleRunID) -> Bool {
        (a.name, a.locale?.rawValue ?? "") < (b.name, b.locale?.rawValue ?? "")
    }
}

/// How a run ended.
public enum SampleStatus: Hashable, Sendable, Codable {
    case exited(Int)
    case signal(Int)
    case timedOut(Double)
    case outputOverflow(Int)
    case notStarted(String)

    public var succeeded: Bool { self == .exited(0) }
}

/// What a sample printed, captured once and then cached.
public struct SampleOutcome: Hashable, Sendable {
    public var id: SampleRunID
    public var status: SampleStatus
    public var output: String
    public var errorTail: String
    public var seconds: Double
    public var cached: Bool
    /// The image files (SVG, PNG) it wrote into `$PRIMER_FIGURES`, by file name.
    public var figures: [String: [UInt8]]
    /// What the compiler warned about a snippet's code (line and column in the code it compiled).
    public var warnings: [CompilerWarning]
    public init(id: SampleRunID, status: SampleStatus, output: String, errorTail: String, seconds: Double, cached: Bool,
                figures: [String: [UInt8]] = [:], warnings: [CompilerWarning] = []) {
        self.id = id; self.status = status; self.output = output; self.errorTail = errorTail; self.seconds = seconds; self.cached = cached
        self.figures = figures; self.warnings = warnings
    }
}

/// A compiler warning about a snippet, at a line and column of the snippet's code.
public struct CompilerWarning: Hashable, Sendable, Codable {
    public var line: Int
    public var column: Int
    public var text: String
    public init(line: Int, column: Int, text: String) { self.line = line; self.column = column; self.text = text }
}

/// An inline Swift block the build checks: ```swift {run} (compiled and run like a doctest),
/// {compile} (type-checked, not run) or {fails} (must not compile, with the errors its text quotes).
public struct Snippet: Hashable, Sendable {
    public enum Mode: String, Hashable, Sendable, CaseIterable {
        case run, compile, fails
    }
    public var mode: Mode
    /// The code as the compiler sees it: hidden setup (`// snippet.hide` … `// snippet.show`) included.
    public var code: String
    /// The block right after it: `output` for `{run}` (what it prints), `error` for `{fails}`
    /// (the compiler's messages it must give).
    public var expected: String?
    public var position: Position
    /// Where the expected block starts (for --bless), 0 when there is none.
    public var expectedLine: Int
    /// Its `#id`: names the folder of `Figures/` its drawings are recorded in.
    public var id: String?
    /// `group="NAME"`: the chapter's blocks of one group are one program, compiled (and run) in
    /// document order; their output (or error) blocks, joined, are what it must print (or give).
    public var group: String?
    /// `hidden`: checked, not shown (neither its code nor its output).
    public var hidden = false
    /// `output="none"` on a `{run}` snippet: its output is checked, not shown.
    public var showsOutput = true
    /// `from="PATH:LINE"`: where an imported listing came from in the original book.
    public var origin: String?
    /// The code of a self-check question (`> [!QUESTION]`): its `expected` is the correct
    /// choice's, which the run must bear out; nil for every other snippet.
    public var question: QuestionProof?
    /// Set on the hidden `{run}` snippets a graded exercise is proved by: the snippet is its
    /// answer, its check and the harness, and must print `fail` (a starter) or `pass` (a solution).
    public var proof: ExerciseProof?
    public init(mode: Mode = .run, code: String, expected: String?, position: Position, expectedLine: Int) {
        self.mode = mode; self.code = code; self.expected = expected; self.position = position; self.expectedLine = expectedLine
    }
    /// The name the snippet is built and cached as: stable, derived from how it is checked and
    /// its code, so the same code in three locales is compiled once.
    public var targetName: String {
        var hash = StableHash()
        if mode != .run { hash.add(mode.rawValue) }
        hash.add(code)
        return "snippet_" + hash.short
    }

    /// The code a reader sees: without hidden lines and the markers around them.
    public static func shownCode(_ code: String) -> String {
        guard code.contains("// snippet.") else { return code }
        var shown: [Substring] = []
        var hidden = false
        for line in code.split(separator: "\n", omittingEmptySubsequences: false) {
            switch marker(line) {
            case "hide": hidden = true
            case "show": hidden = false
            default: if !hidden { shown.append(line) }
            }
        }
        return shown.joined(separator: "\n")
    }

    /// `hide` for a `// snippet.hide` line (the DocC snippets' markers), nil for ordinary lines.
    public static func marker(_ line: Substring) -> String? {
        let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
        guard trimmed.hasPrefix("// snippet.") else { return nil }
        return String(trimmed.dropFirst("// snippet.".count)).trimmingCharacters()
    }
}

/// What a question's code must bear out: the question (its id), where its correct choice is
/// written, and its wrong choices' code, which a `{fails}` block's compiler must not say.
public struct QuestionProof: Hashable, Sendable {
    /// The question's `{#id}`, empty when it has none.
    public var id: String
    /// Where the correct choice starts.
    public var answer: Position
    /// Lines the compiler must not give (`error: ` and a wrong choice's code), each with where
    /// its choice starts.
    public var mustNotSay: [QuestionChoiceLine]
    public init(id: String, answer: Position, mustNotSay: [QuestionChoiceLine]) {
        self.id = id; self.answer = answer; self.mustNotSay = mustNotSay
    }
    /// "question q-id" or "this question", as a message names it.
    public var name: String { id.isEmpty ? "this question" : "question " + id }
}

/// A choice's line of text (a wrong choice's compiler message) and where the choice starts.
public struct QuestionChoiceLine: Hashable, Sendable {
    public var text: String
    public var position: Position
    public init(text: String, position: Position) { self.text = text; self.position = position }
}

/// How the Swift blocks of a set of chapters are checked: the line `primer check` prints.
public struct ListingTally: Hashable, Sendable {
    public var samples = 0, run = 0, compiled = 0, failing = 0, listingOnly = 0, unverified = 0
    /// The `{listing-only}` blocks that also carry the `apple-only` class (one per `group`, an
    /// imported test): code not run on Linux.
    public var appleOnly = 0
    /// The `{listing-only}` blocks that carry the `several-modules` class: an imported test that
    /// imports a module another test of the book was built as, not checked.
    public var severalModules = 0
    public init() {}
    public static func + (a: ListingTally, b: ListingTally) -> ListingTally {
        var sum = a
        sum.samples += b.samples; sum.run += b.run; sum.compiled += b.compiled
        sum.failing += b.failing; sum.listingOnly += b.listingOnly; sum.unverified += b.unverified
        sum.appleOnly += b.appleOnly; sum.severalModules += b.severalModules
        return sum
    }
    /// "listings: 14 samples, 31 run, 22 compiled, 3 expected to fail, 2 listing-only, 0 unverified"
    public var summary: String {
        "listings: \(samples) samples, \(run) run, \(compiled) compiled, \(failing) expected to fail, "
            + (listingOnly > 0 ? "\(listingOnly) listing-only, " : "") + "\(unverified) unverified"
    }
}

/// ```swift {sample="name" file="main.swift" slice="part" output="none|only"}: a sample shown in a chapter.
public struct SampleEmbed: Hashable, Sendable {
    public var sample: String
    public var file: String?
    public var slice: String?
    public enum OutputMode: String, Hashable, Sendable { case after, none, only }
    public var output: OutputMode
    public var attributes: Attributes
    public var position: Position
    public init(sample: String, file: String?, slice: String?, output: OutputMode, attributes: Attributes, position: Position) {
        self.sample = sample; self.file = file; self.slice = slice; self.output = output
        self.attributes = attributes; self.position = position
    }
}

/// The captured output shown under a listing.
public struct OutputBlock: Hashable, Sendable {
    public var text: String
    public var status: SampleStatus
    /// The command a learner runs to see it for themselves (nil for inline snippets).
    public var command: RunCommand?
    /// What a program printed, or (under a `{fails}` snippet) the errors the compiler gave.
    public enum Kind: Hashable, Sendable { case program, compilerErrors }
    public var kind: Kind
    public init(text: String, status: SampleStatus, command: RunCommand?, kind: Kind = .program) {
        self.text = text; self.status = status; self.command = command; self.kind = kind
    }
}

/// How a learner runs a sample as the build ran it: its locale's environment, its arguments,
/// its input file.
public struct RunCommand: Hashable, Sendable {
    public var packageRoot: String
    public var sample: String
    public var arguments: [String]
    /// A file of the package, as samples.yml names it.
    public var stdin: String?
    /// Set for a per-locale sample: the run that page shows.
    public var locale: LocaleTag?
    public init(packageRoot: String, sample: String, settings: SampleSettings, locale: LocaleTag?) {
        self.packageRoot = packageRoot; self.sample = sample; self.arguments = settings.arguments; self.stdin = settings.stdin
        self.locale = settings.perLocale ? locale : nil
    }

    /// The shell command: from the course's folder, or (`inPackage`) from the package's own
    /// folder, as a reader of a book with the downloaded package runs it.
    public func text(inPackage: Bool) -> String {
        var words: [String] = []
        if let locale {
            words += Self.environment(locale)
        }
        words += ["swift", "run"] + (inPackage ? [] : ["--package-path", Self.quoted(packageRoot)]) + [sample] + arguments.map(Self.quoted)
        if let stdin { words += ["<", Self.quoted(inPackage ? stdin : packageRoot + "/" + stdin)] }
        return words.joined(separator: " ")
    }

    /// What a per-locale run has set: `PRIMER_LOCALE` and a `LANG` made from it.
    public static func environment(_ locale: LocaleTag) -> [String] {
        ["PRIMER_LOCALE=\(locale.rawValue)", "LANG=\(locale.rawValue.replacingOccurrences(of: "-", with: "_")).UTF-8"]
    }

    /// A word as a POSIX shell reads it back.
    static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "_-./=:,+@%".unicodeScalars.contains($0)) }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// A sample app as the gallery and the downloads show it.
public struct SampleSummary: Sendable {
    public var name: String
    public var listingOnly: Bool
    public var description: [LocaleTag: String]
    /// The first lines of its verified output (per locale for per-locale samples; key nil otherwise).
    public var output: [LocaleTag?: String]
    /// The whole of it, keyed the same way: what the gallery's Copy button copies.
    public var fullOutput: [LocaleTag?: String] = [:]
    /// Where chapters show it, per locale: the first listing of each embed.
    public var places: [LocaleTag: [SamplePlace]]
    public init(name: String, listingOnly: Bool, description: [LocaleTag: String], output: [LocaleTag?: String], places: [LocaleTag: [SamplePlace]]) {
        self.name = name; self.listingOnly = listingOnly; self.description = description; self.output = output; self.places = places
    }
}

/// A chapter, section and listing where a sample (or an API name) appears.
public struct SamplePlace: Hashable, Sendable {
    public var chapterID: String
    public var chapterNumber: Int
    /// "Chapter 3", "Appendix A" or none.
    public var chapterLabel: ChapterLabel = .unnumbered
    public var chapterTitle: String
    /// The section around it ("2.2") and its id, if any.
    public var section: String?
    public var sectionID: String?
    public var sectionTitle: String?
    /// The listing's id and number ("2.3"), when it is a listing (or a figure the sample drew).
    public var listingID: String?
    public var listingNumber: Numbering?
    /// The place is a figure the sample drew, not a listing of its code.
    public var isFigure = false
    public init(chapterID: String, chapterNumber: Int, chapterLabel: ChapterLabel? = nil, chapterTitle: String, section: String?, sectionID: String?, sectionTitle: String?,
                listingID: String?, listingNumber: Numbering?) {
        self.chapterID = chapterID; self.chapterNumber = chapterNumber; self.chapterLabel = chapterLabel ?? .number(chapterNumber)
        self.chapterTitle = chapterTitle; self.section = section
        self.sectionID = sectionID; self.sectionTitle = sectionTitle; self.listingID = listingID; self.listingNumber = listingNumber
    }
}

/// One name of the API index and everywhere the course uses it.
public struct IndexEntry: Hashable, Sendable {
    public var name: String
    public var places: [SamplePlace]
    /// The letter a subject index lists it under (nil: under "Other", last).
    public var letter: String?
    public init(name: String, places: [SamplePlace], letter: String? = nil) { self.name = name; self.places = places; self.letter = letter }
}

extension SamplePlace {
    /// The place as an index names it without its listing: "Section 2.1", "Ch. 7 › Discussion"
    /// (an unnumbered section) or "Chapter 2", in `strings`' words.
    public func sectionLabel(_ strings: UIStrings) -> String {
        if let section { return strings.format("ref_section_start", section) }
        if let title = sectionTitle {
            return strings.chapterLabel(chapterLabel, key: "index_chapter_short").map { $0 + " › " + title } ?? title
        }
        return strings.chapterLabel(chapterLabel, key: "ref_chapter_start") ?? chapterTitle
    }
}

extension Array where Element == IndexEntry {
    /// The entries of a subject index, already in order, under their letters: one group per
    /// letter, `other` the heading of the entries without one.
    public func groupedByLetter(other: String) -> [(heading: String, entries: [IndexEntry])] {
        var groups: [(heading: String, entries: [IndexEntry])] = []
        for entry in self {
            let heading = entry.letter ?? other
            if groups.last?.heading == heading { groups[groups.count - 1].entries.append(entry) } else { groups.append((heading, [entry])) }
        }
        return groups
    }
}

/// What the load stage read of `Content/Samples`; the samples stage makes a `SamplesPackage` of it.
public struct SamplesSources: Sendable {
    public var root: String
    public var manifest: String
    /// Every file under `Sources/` and `ListingOnly/`, by path relative to the root.
    public var files: [String: String]
    /// Per-sample settings from `samples.yml`, with where each sample's entry is.
    public var settings: [String: SampleSettings]
    public var settingsLocations: [String: SourceLocation]
    public var expected: [String: String]
    public var inputs: [String: [UInt8]]
    /// Seconds `swift build` (and `swift package dump-package`) may take before it is stopped.
    public var buildTimeout: Double
    public init(root: String, manifest: String, files: [String: String], settings: [String: SampleSettings],
                settingsLocations: [String: SourceLocation], expected: [String: String], inputs: [String: [UInt8]],
                buildTimeout: Double = SamplesSources.defaultBuildTimeout) {
        self.root = root; self.manifest = manifest; self.files = files; self.settings = settings
        self.settingsLocations = settingsLocations; self.expected = expected; self.inputs = inputs
        self.buildTimeout = buildTimeout
    }
    public static let defaultBuildTimeout: Double = 900
}
