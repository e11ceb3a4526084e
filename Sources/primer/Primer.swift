import ArgumentParser

/// The command and the options every command shares.
struct Primer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "primer",
        abstract: "Turns a course (Markdown chapters in several languages) into a static website.",
        subcommands: [BuildCommand.self, CheckCommand.self, ServeCommand.self, StatusCommand.self, StringsCommand.self, ImportCommand.self],
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
