import ArgumentParser
import Foundation
import CPlatform

// ArgumentParser exits with 64 for usage errors; Primer promises 2.
do {
    var command = try Primer.parseAsRoot()
    if let serve = command as? ServeCommand {
        try await serve.run()
    } else {
        // A one-shot build allocates and frees a few hundred megabytes in under a second.
        // glibc's default gives freed memory at the top of the heap back to the kernel and takes
        // it again page by page (a page fault and a zeroed page each time); with 64 MB of padding
        // the heap grows in large steps and keeps them. 1,002 pages: 48,000 page faults become
        // 37,000 and system time falls by a third; the peak is the same. Not for the preview,
        // a long-lived process whose memory after each rebuild should go back.
        primer_tune_allocator()
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
