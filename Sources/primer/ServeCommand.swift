import ArgumentParser
import CommandOptions
import Foundation

/// `primer serve`: the preview is a program of its own, `primer-preview`, next to this one, so that
/// `make site` does not compile the web server (SwiftNIO, Hummingbird) that only the preview runs.
/// The options are checked here, then that program takes this process's place (same process id,
/// signals, limits and terminal) with the same arguments.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "serve", abstract: ServeOptions.abstract)
    @OptionGroup var options: ServeOptions

    static let previewName = "primer-preview"

    func run() throws {
        let preview = Self.previewPath
        guard FileManager.default.isExecutableFile(atPath: preview) else {
            FileHandle.standardError.write(Data("""
                primer: error: the preview is a separate program, \(Self.previewName), and it is not built (\(preview)); \
                build it with `make serve`, or `swift build -c release --product \(Self.previewName)` \
                (use `-c debug` and `--product \(Self.previewName)` for a debug primer)\n
                """.utf8))
            throw ExitCode(1)
        }
        let arguments = [preview] + Self.argumentsAfterSubcommand
        let cArguments = arguments.map { strdup($0) } + [nil]
        execv(preview, cArguments)
        let reason = String(cString: strerror(errno))
        FileHandle.standardError.write(Data("primer: error: cannot start \(preview): \(reason)\n".utf8))
        throw ExitCode(1)
    }

    /// The preview next to this executable (symbolic links to it resolved), wherever it was called from.
    static var previewPath: String {
        let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        return executable.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent(previewName).path
    }

    /// What followed `serve` on the command line, as typed: `primer-preview` parses it again.
    static var argumentsAfterSubcommand: [String] {
        let arguments = CommandLine.arguments.dropFirst()
        guard let serve = arguments.firstIndex(of: "serve") else { return Array(arguments) }
        return Array(arguments[(serve + 1)...])
    }
}
