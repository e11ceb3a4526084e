import ArgumentParser
import CourseModel
import Foundation
import Importers

/// `primer import mdbook|docc PATH`: another tool's book as a new Primer project.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Make a Primer project (Content/) from an mdBook or a DocC catalog.",
        subcommands: [MDBookImportCommand.self, DocCImportCommand.self]
    )
}

struct ImportOptions: ParsableArguments {
    @Option(help: "The folder the project is written into (it gets Content/).") var output = "."
    @Option(help: "The course's locale (a BCP 47 tag; default: the book's language, else en).") var locale: String?

    func validate() throws {
        if let locale, LocaleTag(locale) == nil {
            throw ValidationError("'\(locale)' is not a BCP 47 language tag (en, ru, zh-Hans…)")
        }
    }
}

struct MDBookImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mdbook", abstract: "Import an mdBook: the folder with book.toml and src/SUMMARY.md.")
    @Argument(help: "The book's folder.") var path: String
    @OptionGroup var options: ImportOptions
    func run() throws { try finishImport(MDBookImporter.convert(book: path, locale: options.locale), options) }
}

struct DocCImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docc", abstract: "Import the articles of a DocC catalog (a .docc folder).")
    @Argument(help: "The .docc folder.") var path: String
    @OptionGroup var options: ImportOptions
    func run() throws { try finishImport(DocCImporter.convert(catalog: path, locale: options.locale), options) }
}

/// Prints what the importer said, writes the project unless that overwrites anything, and says
/// what to do next. Exit 1 when the book cannot be imported or a file is in the way. What came
/// from the book (titles, paths, file names) is printed with its control characters escaped
/// (`\u{1B}`): an escape sequence in a book must not retitle or clear the terminal.
func finishImport(_ result: ImportResult, _ options: ImportOptions) throws {
    func say(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics.sortedForDisplay() {
            FileHandle.standardError.write(Data((ControlCharacters.escaping(diagnostic.description, keepingNewlines: true) + "\n").utf8))
        }
    }
    let warnings = result.diagnostics.filter { !$0.isError }.count
    if result.diagnostics.hasErrors {
        say(result.diagnostics)
        FileHandle.standardError.write(Data("primer: the book was not imported; nothing was written\n".utf8))
        throw ExitCode(1)
    }
    let failures = ImportWriter.write(result, to: options.output)
    // What was not converted matters once there is a project to fix; files in the way come first.
    if !failures.contains(where: { $0.code == .importOverwrite }) { say(result.diagnostics) }
    if !failures.isEmpty {
        say(failures)
        let overwrite = failures.contains { $0.code == .importOverwrite }
        FileHandle.standardError.write(Data((overwrite
            ? "primer: \(failures.count) file\(failures.count == 1 ? "" : "s") would be overwritten; nothing was written\n"
            : "primer: the import was not completed\n").utf8))
        throw ExitCode(1)
    }
    for path in result.paths {
        print("primer: wrote \(ControlCharacters.escaping(ImportWriter.display(options.output, path)))")
    }
    if let tests = result.swiftTests { print("primer: " + tests.summary) }
    let chapters = result.paths.filter { $0.hasSuffix(".md") }.count
    let images = result.copies.count
    print("primer: imported \(chapters) chapter\(chapters == 1 ? "" : "s") and \(images) image file\(images == 1 ? "" : "s")"
          + (warnings > 0 ? ", \(warnings) warning\(warnings == 1 ? "" : "s") (above) about what was not converted" : ""))
    let folder = options.output == "." ? "" : "cd \(shellQuoted(options.output)) && "
    print("primer: next: \(folder)primer build")
}

/// A path as a shell word.
func shellQuoted(_ text: String) -> String {
    let safe = text.allSatisfy { $0.isLetter || $0.isNumber || "-_./~+@%:".contains($0) }
    return safe && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
