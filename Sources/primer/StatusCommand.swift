import ArgumentParser
import CommandOptions
import Foundation
import Pipeline

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
