import ArgumentParser
import CommandOptions
import CourseModel
import Foundation
import Pipeline

struct TranslationsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "translations",
        abstract: "Exchange chapters and the string catalog with translation tools (PO, XLIFF 1.2).",
        subcommands: [Export.self, Import.self])

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a locale's chapters as per-section units (PO or XLIFF) and the string catalog as XLIFF.")
        @OptionGroup var folders: CourseFolders
        @Option(help: "The locale to translate into (a BCP 47 tag from course.yml).") var locale: String
        @Option(help: "po (one file per chapter, with .pot templates) or xliff (chapters.xliff and Localizable.xliff).")
        var format: TranslationExchange.Format = .po
        @Option(help: "The folder the files are written to.") var output = "translations"
        @Option(help: "Only this chapter.") var chapter: String?

        func run() throws {
            let (files, diagnostics) = TranslationExchange.export(content: folders.content, templates: folders.templates, locale: locale,
                                                                  format: format, output: output, chapter: chapter)
            report(diagnostics)
            if diagnostics.hasErrors { throw ExitCode(1) }
            for file in files {
                try FileManager.default.createDirectory(atPath: (file.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(file.text.utf8).write(to: URL(fileURLWithPath: file.path), options: .atomic)
                print("primer: wrote \(file.path)")
            }
        }
    }

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check translated PO or XLIFF files, then write the chapters and the catalog back.")
        @OptionGroup var folders: CourseFolders
        @Argument(help: "PO or XLIFF files (the locale comes from each file's header).") var files: [String]

        func run() throws {
            let (plan, diagnostics) = TranslationExchange.plan(importing: files, content: folders.content, templates: folders.templates)
            report(diagnostics)
            guard let plan else { throw ExitCode(1) }
            let written = TranslationExchange.write(plan, content: folders.content, templates: folders.templates)
            report(written)
            if written.hasErrors { throw ExitCode(1) }
            for line in plan.report { print(line) }
            if plan.report.isEmpty { print("primer: nothing changed") }
        }
    }
}

extension TranslationExchange.Format: ExpressibleByArgument {}

private func report(_ diagnostics: [Diagnostic]) {
    for d in diagnostics.sortedForDisplay() { FileHandle.standardError.write(Data((d.description + "\n").utf8)) }
}
