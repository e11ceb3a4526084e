import ArgumentParser
import CourseModel
import Foundation
import Pipeline

struct Primer: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "primer",
        abstract: "Turns a course (Markdown chapters in several languages) into a static website.",
        subcommands: [BuildCommand.self, CheckCommand.self],
        defaultSubcommand: BuildCommand.self
    )
}

struct BuildFlags: ParsableArguments {
    @Option(help: "The course's content folder.") var content = "Content"
    @Option(help: "The site templates folder.") var templates = "Templates"
    @Option(help: "Where the site is written.") var output = "site"
    @Option(help: "Build only this locale (a BCP 47 tag from course.yml).") var locale: String?
    @Flag(help: "Print what each stage did and how long it took.") var verbose = false
}

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "build", abstract: "Build the site into the output folder.")
    @OptionGroup var flags: BuildFlags
    func run() throws { try execute(flags, write: true) }
}

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "check", abstract: "Do everything build does, but write nothing.")
    @OptionGroup var flags: BuildFlags
    func run() throws { try execute(flags, write: false) }
}

/// Exit codes: 0 ok, 1 content errors, 2 usage errors.
func execute(_ flags: BuildFlags, write: Bool) throws {
    let options = Build.Options(content: flags.content, templates: flags.templates, output: flags.output,
                                locale: flags.locale, write: write)
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

// ArgumentParser exits with 64 for usage errors; Primer promises 2.
do {
    var command = try Primer.parseAsRoot()
    try command.run()
} catch {
    let code = Primer.exitCode(for: error)
    if code == .success || code.rawValue == 1 || code.rawValue == 2 {
        if code == .success { Primer.exit(withError: error) }
        exit(code.rawValue)
    }
    FileHandle.standardError.write(Data((Primer.fullMessage(for: error) + "\n").utf8))
    exit(2)
}
