import ArgumentParser
import CommandOptions

/// The command and the options every command shares.
struct Primer: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "primer",
        abstract: "Turns a course (Markdown chapters in several languages) into a static website.",
        subcommands: [BuildCommand.self, CheckCommand.self, ServeCommand.self, StatusCommand.self, StringsCommand.self, TranslationsCommand.self, InitCommand.self, ImportCommand.self],
        defaultSubcommand: BuildCommand.self
    )
}

struct BuildFlags: ParsableArguments {
    @OptionGroup var folders: CourseFolders
    @Option(help: "Where the site is written.") var output = "site"
    @Option(help: "Build only this locale (a BCP 47 tag from course.yml).") var locale: String?
    @Flag(help: "Print what each stage did and how long it took.") var verbose = false
}
