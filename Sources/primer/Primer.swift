import ArgumentParser
import Foundation

/// The command and the options every command shares.
struct Primer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "primer",
        abstract: "Turns a course (Markdown chapters in several languages) into a static website.",
        subcommands: [BuildCommand.self, CheckCommand.self, ServeCommand.self, StatusCommand.self, StringsCommand.self, InitCommand.self, ImportCommand.self],
        defaultSubcommand: BuildCommand.self
    )
}

/// Where the course and the site's look are: every command takes these.
struct CourseFolders: ParsableArguments {
    @Option(help: "The course's content folder.") var content = "Content"
    @Option(name: .customLong("templates"),
            help: "A folder whose templates, assets and Localizable.xcstrings replace Primer's built-in ones, file by file (default: Templates, when there is one).")
    var templatesFolder: String?

    var templates: String { templatesFolder ?? "Templates" }

    func validate() throws {
        if let templatesFolder, !FileManager.default.fileExists(atPath: templatesFolder) {
            throw ValidationError("templates folder '\(templatesFolder)' not found (without --templates, Primer's built-in templates are used)")
        }
    }
}

struct BuildFlags: ParsableArguments {
    @OptionGroup var folders: CourseFolders
    @Option(help: "Where the site is written.") var output = "site"
    @Option(help: "Build only this locale (a BCP 47 tag from course.yml).") var locale: String?
    @Flag(help: "Print what each stage did and how long it took.") var verbose = false
}
