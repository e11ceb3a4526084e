import ArgumentParser
import CourseModel
import Foundation
import Pipeline
import Samples

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "build", abstract: "Build the site into the output folder.")
    @OptionGroup var flags: BuildFlags
    @Flag(help: "Record what the samples print now as their expected output (Content/Samples/Outputs, output blocks).")
    var bless = false
    @Flag(inversion: .prefixedNo, help: "Index the site for search with Pagefind (when installed).")
    var search = true
    @Flag(inversion: .prefixedNo, help: "Make the book editions course.yml asks for (EPUB, and PDF when Typst is installed). Without them, a rebuild after chapter edits is incremental.")
    var editions = true
    func run() throws { try execute(flags, write: true, bless: bless, search: search, editions: editions) }
}

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "check", abstract: "Do everything build does, but write nothing.")
    @OptionGroup var flags: BuildFlags
    @Option(help: ArgumentHelp("Write every failing snippet and the tests' tally to this JSON file (written when the check fails too).", valueName: "file.json"))
    var report: String?
    func run() throws { try execute(flags, write: false, report: report) }
}

/// Exit codes: 0 ok, 1 content errors, 2 usage errors.
func execute(_ flags: BuildFlags, write: Bool, bless: Bool = false, search: Bool = true, editions: Bool = true, report reportPath: String? = nil) throws {
    var options = Build.Options(content: flags.folders.content, templates: flags.folders.templates, output: flags.output,
                                locale: flags.locale, product: write ? .site(search: search) : .check)
    options.bless = bless
    options.editions = editions
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
    // One write for all of them (a course with thousands of warnings made as many system calls),
    // formatted in parallel, a thousand at a time.
    if !result.diagnostics.isEmpty {
        let all = result.diagnostics
        let batches = stride(from: 0, to: all.count, by: 1000).map { $0..<min($0 + 1000, all.count) }
        let text = parallelMap(batches) { batch in all[batch].map { $0.description + "\n" }.joined() }.joined()
        FileHandle.standardError.write(Data(text.utf8))
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
    if !result.upToDate && (!write || flags.verbose) {
        // What the build verified: every Swift block a reader sees, by how it was checked.
        print("primer: " + result.listings.summary)
    }
    if let samples = result.samples, samples.reportsTests {
        // How the snippets fared, for a book whose listings are tested (from= or // Prints).
        print("primer: " + samples.tests.summary(result.listings))
    }
    if let reportPath {
        let json = SnippetReport.json(result.samples?.failures ?? [], tests: result.samples?.tests ?? TestTally(), listings: result.listings)
        do {
            try Data(json.utf8).write(to: URL(fileURLWithPath: reportPath))
        } catch {
            FileHandle.standardError.write(Data("primer: error: cannot write the report \(reportPath): \(error.localizedDescription)\n".utf8))
            throw ExitCode(2)
        }
    }
    if flags.verbose {
        if result.streamed > 0 {
            print("primer: \(result.streamed) chapter texts past the document budget were parsed again as their pages were rendered")
        }
        for (index, (stage, seconds)) in result.timings.enumerated() {
            let resident = index < result.resident.count && result.resident[index] > 0 ? String(format: "  %5d MB resident", result.resident[index] >> 20) : ""
            print(String(format: "  %-8@ %7.1f ms", stage as NSString, seconds * 1000) + resident)
        }
    }
    if errors > 0 {
        FileHandle.standardError.write(Data("primer: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s"); \(write ? "the site was not written" : "check failed")\n".utf8))
        throw ExitCode(1)
    }
    if result.upToDate {
        print("primer: \(flags.output)/ is up to date (\(result.pages) pages; nothing changed since the last build)")
    } else if let report = result.written, let made = result.incremental {
        // Only chapter texts changed: their pages were made again from the page cache.
        print("primer: built \(result.pages) pages into \(flags.output)/ incrementally (\(made.count) file\(made.count == 1 ? "" : "s") made again, \(report.unchanged) kept as they were)\(warnings > 0 ? ", \(warnings) warning\(warnings == 1 ? "" : "s")" : "")")
    } else if let report = result.written {
        print("primer: built \(result.pages) pages into \(flags.output)/ (\(report.written) file\(report.written == 1 ? "" : "s") written, \(report.unchanged) unchanged, \(report.removed) removed)\(warnings > 0 ? ", \(warnings) warning\(warnings == 1 ? "" : "s")" : "")")
    } else {
        print("primer: checked \(result.pages) pages, no errors\(warnings > 0 ? ", \(warnings) warning\(warnings == 1 ? "" : "s")" : "")")
    }
}
