import ArgumentParser
import Foundation

extension ParsableCommand {
    /// Ends the process after `error`, with Primer's exit codes: ArgumentParser exits with 64 for
    /// usage errors, Primer promises 2; a failure a command threw is 1.
    public static func exit(after error: Error) -> Never {
        if let code = error as? ExitCode {
            // The command has said why already.
            Foundation.exit(code.rawValue)
        }
        let code = exitCode(for: error)
        if code == .success { exit(withError: error) }  // --help, --version
        if code.rawValue == 1 {
            // A failure the command threw (an unknown key for `primer strings`…): say it.
            FileHandle.standardError.write(Data("primer: error: \(error)\n".utf8))
            Foundation.exit(1)
        }
        FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
        Foundation.exit(2)
    }
}
