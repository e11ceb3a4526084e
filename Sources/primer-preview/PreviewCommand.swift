import ArgumentParser
import CommandOptions
import Foundation
import Preview

/// The preview that `primer serve` starts: a program of its own, so that only `make serve`
/// compiles the web server.
struct PreviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "primer serve", abstract: ServeOptions.abstract)
    @OptionGroup var options: ServeOptions

    func run() async throws {
        // Lines reach a log or a pipe as they happen.
        var preview = PreviewServer.Options(content: options.folders.content, templates: options.folders.templates, locale: options.locale,
                                            host: options.host, port: options.port, verbose: options.verbose)
        preview.idleTimeout = options.idleTimeout
        let server = PreviewServer(options: preview) { line in
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
        do {
            try await server.run(open: options.open)
        } catch {
            let reason = Self.reason(String(describing: error), host: options.host, port: options.port)
            FileHandle.standardError.write(Data("primer: error: cannot serve on \(options.host):\(options.port): \(reason)\n".utf8))
            throw ExitCode(1)
        }
    }

    /// Why the server could not listen, in words.
    static func reason(_ detail: String, host: String, port: Int) -> String {
        if detail.contains("Address already in use") || detail.contains("errno: 98") {
            return "port \(port) is in use (another preview, or another server); choose another with --port, e.g. --port \(port == 8000 ? 8001 : 8000)"
        } else if detail.contains("Cannot assign requested address") || detail.contains("errno: 99") {
            return "\(host) is not an address of this machine; use 127.0.0.1 (this machine only) or 0.0.0.0 (every network)"
        } else if detail.lowercased().contains("resol") || detail.contains("getaddrinfo") || detail.contains("Name or service") {
            return "'\(host)' is not a host name or address this machine can resolve; use 127.0.0.1"
        } else if detail.contains("Permission denied") || detail.contains("errno: 13") {
            return "port \(port) needs privileges this user does not have; use a port above 1023, e.g. --port 8000"
        }
        return detail
    }
}
