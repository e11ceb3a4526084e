import ArgumentParser
import CommandOptions

do {
    var command = try PreviewCommand.parseAsRoot()
    if let preview = command as? PreviewCommand {
        try await preview.run()
    } else {
        try command.run()
    }
} catch {
    PreviewCommand.exit(after: error)
}
