import ArgumentParser
import Foundation

/// Where the course and the site's look are: every command takes these.
public struct CourseFolders: ParsableArguments {
    @Option(help: "The course's content folder.") public var content = "Content"
    @Option(name: .customLong("templates"),
            help: "A folder whose templates, assets and Localizable.xcstrings replace Primer's built-in ones, file by file (default: Templates, when there is one).")
    public var templatesFolder: String?

    public var templates: String { templatesFolder ?? "Templates" }

    public init() {}

    public func validate() throws {
        if let templatesFolder, !FileManager.default.fileExists(atPath: templatesFolder) {
            throw ValidationError("templates folder '\(templatesFolder)' not found (without --templates, Primer's built-in templates are used)")
        }
    }
}
