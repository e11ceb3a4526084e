import ArgumentParser
import CommandOptions
import CPlatform

do {
    // A process that rebuilds for hours: each rebuild's memory should go back (see the C side).
    primer_tune_preview_allocator()
    var command = try PreviewCommand.parseAsRoot()
    if let preview = command as? PreviewCommand {
        try await preview.run()
    } else {
        try command.run()
    }
} catch {
    PreviewCommand.exit(after: error)
}
