import ArgumentParser
import CommandOptions
import Foundation
import CourseModel
import Pipeline

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show, per locale, which chapters and strings are translated, stale or missing.")
    @OptionGroup var folders: CourseFolders
    @Flag(help: "Exit with status 1 when anything is missing or stale (for CI).") var strict = false
    @Flag(help: "Record in each translation's front matter that its sections match the current source (and the per-locale sample outputs theirs).")
    var markTranslated = false
    @Option(help: "With --mark-translated: only this locale.") var locale: String?
    @Option(help: "With --mark-translated: only this chapter.") var chapter: String?
    @Option(help: "With --mark-translated and --chapter: only this section (its id, or its place among the headings: 3).")
    var section: String?
    @Option(help: ArgumentHelp("Print what changed in the source of each stale section of one translation since it was translated.",
                               valueName: "locale/chapter or locale"))
    var diff: String?
    @Flag(help: "List the stale sections, missing chapters, strings and sample outputs.") var verbose = false

    func run() throws {
        if let diff {
            try printDiff(diff)
            return
        }
        if section != nil && chapter == nil {
            throw ValidationError("--section needs --chapter: a section is named within one chapter")
        }
        if markTranslated {
            let (changed, diagnostics) = TranslationStatus.markTranslated(content: folders.content, templates: folders.templates, locale: locale,
                                                                          chapter: chapter, section: section)
            for d in diagnostics where d.isError { FileHandle.standardError.write(Data((d.description + "\n").utf8)) }
            if diagnostics.hasErrors { throw ExitCode(1) }
            for path in changed { print("primer: marked \(path) as translated from the current source" + (section.map { " (section \($0))" } ?? "")) }
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
        let header = ["locale", "chapters", "translated", "stale", "missing", "sections", "stale", "strings", "translated", "needs review", "missing",
                      "sample outputs", "stale"]
        var table = [header]
        for row in rows {
            table.append([row.locale.rawValue, String(row.chapters.total), cell(row.chapters.done, row.chapters.total),
                          cell(row.chapters.stale, row.chapters.total), cell(row.chapters.missing, row.chapters.total),
                          String(row.sections.total), cell(row.sections.stale, row.sections.total),
                          String(row.strings.total), cell(row.strings.done, row.strings.total),
                          cell(row.strings.stale, row.strings.total), cell(row.strings.missing, row.strings.total),
                          String(row.outputs.total), cell(row.outputs.stale, row.outputs.total)])
        }
        let widths = (0..<header.count).map { column in table.map { $0[column].count }.max() ?? 0 }
        for line in table {
            print(line.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  "))
        }
        if verbose {
            for row in rows {
                for id in row.staleChapters {
                    guard let staleness = row.staleSections[id] else { continue }
                    let sections = staleness.sections
                    print("\(row.locale)/\(id): \(sections.count) stale section\(sections.count == 1 ? "" : "s")"
                          + (staleness.wholeChapter ? " (no section was marked yet: every section is listed)" : ""))
                    for section in sections {
                        let place = section.translationLine.map { " (translation line \($0))" } ?? ""
                        let why: String
                        switch section.reason {
                        case .changed: why = "changed since translated"
                        case .missing: why = "not in the translation"
                        case .unmarked: why = "never marked translated"
                        }
                        let title = section.key == ChapterSection.titleKey ? "title and summary" : "\"\(section.source.heading.isEmpty ? "before the first heading" : section.source.heading)\""
                        print("  #\(section.key) \(title), source line \(section.source.line)\(place): \(why)")
                    }
                }
                for (file, wasMarked) in row.staleOutputs {
                    print("\(row.locale): sample output \(file): " + (wasMarked ? "the sample's source changed since it was checked"
                                                                         : "never marked as checked against the sample's source"))
                }
                for id in row.missingChapters { print("\(row.locale): missing chapter \(id)") }
                for key in row.reviewStrings { print("\(row.locale): string needs review: \(key)") }
                for key in row.missingStrings { print("\(row.locale): missing string: \(key)") }
            }
        }
        if !verbose, rows.contains(where: { !$0.staleChapters.isEmpty || !$0.staleOutputs.isEmpty }) {
            print("primer: --verbose lists the stale sections; --diff LOCALE/CHAPTER shows what changed in them")
        }
        if strict && !rows.allSatisfy(\.isComplete) {
            FileHandle.standardError.write(Data("primer: translations are incomplete or stale (--strict)\n".utf8))
            throw ExitCode(1)
        }
    }

    /// `ru/memory`: that chapter's stale sections; `ru`: every stale chapter of the locale.
    func printDiff(_ target: String) throws {
        let parts = target.split(separator: "/", maxSplits: 1).map(String.init)
        guard let locale = parts.first, !locale.isEmpty else { throw ValidationError("--diff takes LOCALE/CHAPTER (ru/memory) or LOCALE (ru)") }
        var chapters = parts.count == 2 ? [parts[1]] : []
        if parts.count == 1 {
            let (rows, diagnostics) = TranslationStatus.compute(content: folders.content, templates: folders.templates)
            for d in diagnostics where d.isError { FileHandle.standardError.write(Data((d.description + "\n").utf8)) }
            if diagnostics.hasErrors { throw ExitCode(1) }
            guard let row = rows.first(where: { $0.locale.rawValue == locale }) else {
                throw ValidationError("'\(locale)' is not one of the course's translations: " + rows.map(\.locale.rawValue).joined(separator: ", "))
            }
            chapters = row.staleChapters
            if chapters.isEmpty { print("primer: every \(locale) chapter is translated from the current source: nothing changed"); return }
        }
        for chapter in chapters {
            let (diffs, diagnostics) = TranslationDiff.compute(content: folders.content, templates: folders.templates, locale: locale, chapter: chapter)
            for d in diagnostics where d.isError { FileHandle.standardError.write(Data((d.description + "\n").utf8)) }
            if diagnostics.hasErrors { throw ExitCode(1) }
            if diffs.isEmpty { print("primer: \(locale)/\(chapter) is translated from the current source: nothing changed"); continue }
            if parts.count == 1 { print("# \(locale)/\(chapter)") }
            for item in diffs {
                let heading = item.section.key == ChapterSection.titleKey ? "title and summary"
                    : item.section.source.heading.isEmpty ? "(before the first heading)" : item.section.source.heading
                print("## #\(item.section.key) \(heading) — \(item.note)")
                if let diff = item.diff { print(diff, terminator: diff.hasSuffix("\n") ? "" : "\n") }
            }
        }
    }
}
