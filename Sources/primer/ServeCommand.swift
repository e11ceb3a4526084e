import ArgumentParser
import Foundation
import Preview

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build the site, serve it, and rebuild and reload the browser when a source changes.")
    @OptionGroup var folders: CourseFolders
    @Option(help: "Build only this locale.") var locale: String?
    @Option(help: "The port to listen on.") var port = 8000
    @Option(help: "The address to listen on (anything but loopback is reachable from other machines).") var host = "127.0.0.1"
    @Flag(help: "Open the site in a browser.") var open = false
    @Flag(help: "Print how long each stage of every rebuild took.") var verbose = false
    @Option(help: "Seconds a connection has to send its request header, or may stay idle, before it is closed.") var idleTimeout: Double = 5

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535 (0 picks a free port), not \(port)") }
        guard idleTimeout > 0, idleTimeout <= 3600 else { throw ValidationError("--idle-timeout must be more than 0 and at most 3600 seconds, not \(idleTimeout)") }
        guard !host.isEmpty else { throw ValidationError("--host needs an address, such as 127.0.0.1") }
    }

    func run() async throws {
        // Lines reach a log or a pipe as they happen.
        var options = PreviewServer.Options(content: folders.content, templates: folders.templates, locale: locale, host: host, port: port, verbose: verbose)
        options.idleTimeout = idleTimeout
        let server = PreviewServer(options: options) { line in
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
        do {
            try await server.run(open: open)
        } catch {
            // The server could not listen: say where and why, in words.
            let detail = String(describing: error)
            let reason: String
            if detail.contains("Address already in use") || detail.contains("errno: 98") {
                reason = "port \(port) is in use (another preview, or another server); choose another with --port, e.g. --port \(port == 8000 ? 8001 : 8000)"
            } else if detail.contains("Cannot assign requested address") || detail.contains("errno: 99") {
                reason = "\(host) is not an address of this machine; use 127.0.0.1 (this machine only) or 0.0.0.0 (every network)"
            } else if detail.lowercased().contains("resol") || detail.contains("getaddrinfo") || detail.contains("Name or service") {
                reason = "'\(host)' is not a host name or address this machine can resolve; use 127.0.0.1"
            } else if detail.contains("Permission denied") || detail.contains("errno: 13") {
                reason = "port \(port) needs privileges this user does not have; use a port above 1023, e.g. --port 8000"
            } else {
                reason = detail
            }
            FileHandle.standardError.write(Data("primer: error: cannot serve on \(host):\(port): \(reason)\n".utf8))
            throw ExitCode(1)
        }
    }
}
