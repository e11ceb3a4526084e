import ArgumentParser
import Foundation
import Pipeline

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a small course that builds as it is: course.yml, a chapter per locale, a samples package.",
        discussion: "Primer has the starter chapter and the site's words in: \(CourseStarter.locales.joined(separator: ", ")). The first locale is the one you write in.")
    @Argument(help: "The folder to create the course in (made if missing).") var folder = "."
    @Option(help: "The course's locales, comma-separated; the first is the source.") var locales = "en"

    func run() throws {
        do {
            let written = try CourseStarter.create(in: folder, locales: locales.split(separator: ",").map(String.init))
            print("primer: wrote \(written.count) files:")
            for path in written { print("  \(path)") }
            let cd = folder == "." ? "" : "cd \(folder) && "
            print("Next: \(cd)primer serve   (then open http://127.0.0.1:8000/; the first build compiles the samples)")
        } catch {
            FileHandle.standardError.write(Data("primer: error: \(error.description)\n".utf8))
            throw ExitCode(1)
        }
    }
}
