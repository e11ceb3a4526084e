import ArgumentParser
import CourseModel
import Foundation
import Pipeline
import Preview
import Samples
import Synchronization

struct Primer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "primer",
        abstract: "Turns a course (Markdown chapters in several languages) into a static website.",
        subcommands: [BuildCommand.self, CheckCommand.self, ServeCommand.self, StatusCommand.self, StringsCommand.self],
        defaultSubcommand: BuildCommand.self
    )
}

/// Where the course and the site's look are: every command takes these.
struct CourseFolders: ParsableArguments {
    @Option(help: "The course's content folder.") var content = "Content"
    @Option(help: "The site templates folder.") var templates = "Templates"
}

struct BuildFlags: ParsableArguments {
    @OptionGroup var folders: CourseFolders
    @Option(help: "Where the site is written.") var output = "site"
    @Option(help: "Build only this locale (a BCP 47 tag from course.yml).") var locale: String?
    @Flag(help: "Print what each stage did and how long it took.") var verbose = false
}

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "build", abstract: "Build the site into the output folder.")
    @OptionGroup var flags: BuildFlags
    @Flag(help: "Record what the samples print now as their expected output (Content/Samples/Outputs, output blocks).")
    var bless = false
    @Flag(inversion: .prefixedNo, help: "Index the site for search with Pagefind (when installed).")
    var search = true
    func run() throws { try execute(flags, write: true, bless: bless, search: search) }
}

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "check", abstract: "Do everything build does, but write nothing.")
    @OptionGroup var flags: BuildFlags
    func run() throws { try execute(flags, write: false) }
}

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build the site, serve it, and rebuild and reload the browser when a source changes.")
    @OptionGroup var folders: CourseFolders
    @Option(help: "Build only this locale.") var locale: String?
    @Option(help: "The port to listen on.") var port = 8000
    @Option(help: "The address to listen on (anything but loopback is reachable from other machines).") var host = "127.0.0.1"
    @Flag(help: "Open the site in a browser.") var open = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535 (0 picks a free port), not \(port)") }
        guard !host.isEmpty else { throw ValidationError("--host needs an address, such as 127.0.0.1") }
    }

    func run() async throws {
        // Lines reach a log or a pipe as they happen.
        let server = PreviewServer(options: .init(content: folders.content, templates: folders.templates, locale: locale, host: host, port: port)) { line in
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
        do {
            try await server.run(open: open)
        } catch {
            // The server could not listen: say where and why, in words.
            let detail = String(describing: error)
            let reason: String
            if detail.contains("Address already in use") || detail.contains("errno: 98") {
                reason = "port \(port) is in use (another preview, or another server); choose another with --port, e.g. --port \(port == 8000 ? 8001 : 8000)"
            } else if detail.contains("Cannot assign requested address") || detail.contains("errno: 99") {
                reason = "\(host) is not an address of this machine; use 127.0.0.1 (this machine only) or 0.0.0.0 (every network)"
            } else if detail.lowercased().contains("resol") || detail.contains("getaddrinfo") || detail.contains("Name or service") {
                reason = "'\(host)' is not a host name or address this machine can resolve; use 127.0.0.1"
            } else if detail.contains("Permission denied") || detail.contains("errno: 13") {
                reason = "port \(port) needs privileges this user does not have; use a port above 1023, e.g. --port 8000"
            } else {
                reason = detail
            }
            FileHandle.standardError.write(Data("primer: error: cannot serve on \(host):\(port): \(reason)\n".utf8))
            throw ExitCode(1)
        }
    }
}

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show, per locale, which chapters and strings are translated, stale or missing.")
    @OptionGroup var folders: CourseFolders
    @Flag(help: "Exit with status 1 when anything is missing or stale (for CI).") var strict = false
    @Flag(help: "Record in each translation's front matter that it matches the current source chapter.")
    var markTranslated = false
    @Option(help: "With --mark-translated: only this locale.") var locale: String?
    @Option(help: "With --mark-translated: only this chapter.") var chapter: String?
    @Flag(help: "List the stale and missing chapters and strings.") var verbose = false

    func run() throws {
        if markTranslated {
            let (changed, diagnostics) = TranslationStatus.markTranslated(content: folders.content, templates: folders.templates, locale: locale, chapter: chapter)
            for d in diagnostics where d.isError { FileHandle.standardError.write(Data((d.description + "\n").utf8)) }
            if diagnostics.hasErrors { throw ExitCode(1) }
            for path in changed { print("primer: marked \(path) as translated from the current source") }
            if changed.isEmpty { print("primer: nothing to mark") }
            return
        }
        let (rows, diagnostics) = TranslationStatus.compute(content: folders.content, templates: folders.templates)
        for d in diagnostics where d.isError { FileHandle.standardError.write(Data((d.description + "\n").utf8)) }
        if diagnostics.hasErrors { throw ExitCode(1) }
        func cell(_ n: Int, _ total: Int) -> String {
            let percent = total == 0 ? 100 : Int((Double(n) * 100 / Double(total)).rounded())
            return "\(n) (\(percent)%)"
        }
        let header = ["locale", "chapters", "translated", "stale", "missing", "strings", "translated", "needs review", "missing"]
        var table = [header]
        for row in rows {
            table.append([row.locale.rawValue, String(row.chapters.total), cell(row.chapters.done, row.chapters.total),
                          cell(row.chapters.stale, row.chapters.total), cell(row.chapters.missing, row.chapters.total),
                          String(row.strings.total), cell(row.strings.done, row.strings.total),
                          cell(row.strings.stale, row.strings.total), cell(row.strings.missing, row.strings.total)])
        }
        let widths = (0..<header.count).map { column in table.map { $0[column].count }.max() ?? 0 }
        for line in table {
            print(line.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  "))
        }
        if verbose {
            for row in rows {
                for id in row.staleChapters { print("\(row.locale): stale chapter \(id) (the source changed since it was translated, or it was never marked)") }
                for id in row.missingChapters { print("\(row.locale): missing chapter \(id)") }
                for key in row.reviewStrings { print("\(row.locale): string needs review: \(key)") }
                for key in row.missingStrings { print("\(row.locale): missing string: \(key)") }
            }
        }
        if strict && !rows.allSatisfy(\.isComplete) {
            FileHandle.standardError.write(Data("primer: translations are incomplete or stale (--strict)\n".utf8))
            throw ExitCode(1)
        }
    }
}

struct StringsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strings",
        abstract: "Format one entry of the string catalog, as a page would show it.")
    @Option(help: "The course's content folder.") var content = "Content"
    @Option(help: "The locale (BCP 47 tag).") var locale: String
    @Option(help: "The catalog key.") var key: String
    @Option(help: "A count: picks the plural form CLDR gives this number in the locale.") var count: Int?
    @Option(name: .customLong("arg"), help: "An argument for %@ (repeat for several).") var arguments: [String] = []

    func run() throws {
        guard let tag = LocaleTag(locale) else {
            throw ValidationError("'\(locale)' is not a BCP 47 language tag")
        }
        let result = try StringLookup.format(content: content, locale: tag, key: key, count: count, arguments: arguments)
        print(result)
    }
}

/// Exit codes: 0 ok, 1 content errors, 2 usage errors.
func execute(_ flags: BuildFlags, write: Bool, bless: Bool = false, search: Bool = true) throws {
    var options = Build.Options(content: flags.folders.content, templates: flags.folders.templates, output: flags.output,
                                locale: flags.locale, write: write)
    options.bless = bless
    options.search = search && write
    options.keepUntilExit = true
    let progress = SampleProgressDisplay(interactive: isatty(2) == 1 && ProcessInfo.processInfo.environment["CI"] == nil)
    options.sampleProgress = { progress.update($0) }
    defer { progress.finish() }
    let result: Build.Result
    do {
        result = try Build.run(options)
    } catch {
        FileHandle.standardError.write(Data("primer: error: \(error.description)\n".utf8))
        throw ExitCode(2)
    }
    for diagnostic in result.diagnostics {
        FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
    }
    let errors = result.diagnostics.filter(\.isError).count
    let warnings = result.diagnostics.count - errors
    progress.finish()
    if let samples = result.samples {
        for path in samples.blessed { print("primer: recorded the expected output in \(path)") }
        if samples.package != nil || samples.ran + samples.cached > 0 {
            print("primer: samples: \(samples.ran) ran, \(samples.cached) cached, \(samples.failed) failed")
        }
    }
    if flags.verbose {
        for (stage, seconds) in result.timings {
            print(String(format: "  %-8@ %7.1f ms", stage as NSString, seconds * 1000))
        }
    }
    if errors > 0 {
        FileHandle.standardError.write(Data("primer: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s"); \(write ? "the site was not written" : "check failed")\n".utf8))
        throw ExitCode(1)
    }
    if result.upToDate {
        print("primer: \(flags.output)/ is up to date (\(result.pages) pages; nothing changed since the last build)")
    } else if let report = result.written {
        print("primer: built \(result.pages) pages into \(flags.output)/ (\(report.written) files written, \(report.unchanged) unchanged, \(report.removed) removed)\(warnings > 0 ? ", \(warnings) warning\(warnings == 1 ? "" : "s")" : "")")
    } else {
        print("primer: checked \(result.pages) pages, no errors\(warnings > 0 ? ", \(warnings) warning\(warnings == 1 ? "" : "s")" : "")")
    }
}

/// Samples progress: a bar on a terminal, plain lines in CI logs.
final class SampleProgressDisplay: Sendable {
    struct State { var total = 0, cached = 0, ran = 0, failed = 0, building: String?, active = false, done = false }
    let interactive: Bool
    let state = Mutex(State())

    init(interactive: Bool) { self.interactive = interactive }

    func update(_ event: SamplesStage.Progress) {
        state.withLock { state in
            switch event {
            case .planned(let total, let cached):
                state.total = total; state.cached = cached; state.active = total > cached
                if !interactive && state.active { emit("primer: \(total) samples, \(cached) cached, \(total - cached) to build and run") }
            case .waiting(let message):
                if interactive && state.active { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
                emit("primer: \(message)")
            case .building(let what):
                state.building = what
                if !interactive { emit("primer: building \(what)") }
            case .ran(let id, let failed):
                state.building = nil
                state.ran += 1
                if failed { state.failed += 1 }
                if !interactive { emit("primer: ran \(id)\(failed ? " (failed)" : "")") }
            }
            if interactive && state.active { draw(state) }
        }
    }

    func draw(_ state: State) {
        let width = 24
        let done = state.cached + state.ran
        let filled = state.total == 0 ? width : width * done / state.total
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        var line = "\r\u{1B}[2K\(bar) \(done)/\(state.total) samples · ran \(state.ran) · cached \(state.cached) · failed \(state.failed)"
        if let building = state.building { line += " · building \(building)…" }
        FileHandle.standardError.write(Data(line.utf8))
    }

    func emit(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }

    func finish() {
        state.withLock { state in
            if interactive && state.active && !state.done { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
            state.done = true
        }
    }
}

// ArgumentParser exits with 64 for usage errors; Primer promises 2.
do {
    var command = try Primer.parseAsRoot()
    if let serve = command as? ServeCommand {
        try await serve.run()
    } else {
        try command.run()
    }
} catch let code as ExitCode {
    // The command has said why already.
    exit(code.rawValue)
} catch {
    let code = Primer.exitCode(for: error)
    if code == .success { Primer.exit(withError: error) }  // --help, --version
    if code.rawValue == 1 {
        // A failure the command threw (an unknown key for `primer strings`…): say it.
        FileHandle.standardError.write(Data("primer: error: \(error)\n".utf8))
        exit(1)
    }
    FileHandle.standardError.write(Data((Primer.fullMessage(for: error) + "\n").utf8))
    exit(2)
}
