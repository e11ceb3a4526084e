import ArgumentParser
import CourseModel
import Pipeline

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
