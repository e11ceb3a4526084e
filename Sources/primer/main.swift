import ArgumentParser
import Foundation

// ArgumentParser exits with 64 for usage errors; Primer promises 2.
do {
    var command = try Primer.parseAsRoot()
    if let serve = command as? ServeCommand {
        try await serve.run()
    } else {
        try command.run()
    }
} catch let code as ExitCode {
    // The command has said why already.
    exit(code.rawValue)
} catch {
    let code = Primer.exitCode(for: error)
    if code == .success { Primer.exit(withError: error) }  // --help, --version
    if code.rawValue == 1 {
        // A failure the command threw (an unknown key for `primer strings`…): say it.
        FileHandle.standardError.write(Data("primer: error: \(error)\n".utf8))
        exit(1)
    }
    FileHandle.standardError.write(Data((Primer.fullMessage(for: error) + "\n").utf8))
    exit(2)
}
