import ArgumentParser

/// `primer serve`'s options. `primer` checks them and hands the same arguments to
/// `primer-preview`, which parses them again: one definition, so the two cannot disagree.
public struct ServeOptions: ParsableArguments {
    public static let abstract = "Build the site, serve it, and rebuild and reload the browser when a source changes."

    @OptionGroup public var folders: CourseFolders
    @Option(help: "Build only this locale.") public var locale: String?
    @Option(help: "The port to listen on.") public var port = 8000
    @Option(help: "The address to listen on (anything but loopback is reachable from other machines).") public var host = "127.0.0.1"
    @Flag(help: "Open the site in a browser.") public var open = false
    @Flag(help: "Print how long each stage of every rebuild took.") public var verbose = false
    @Option(help: "Seconds a connection has to send its request header, or may stay idle, before it is closed.") public var idleTimeout: Double = 5

    public init() {}

    public func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535 (0 picks a free port), not \(port)") }
        guard idleTimeout > 0, idleTimeout <= 3600 else { throw ValidationError("--idle-timeout must be more than 0 and at most 3600 seconds, not \(idleTimeout)") }
        guard !host.isEmpty else { throw ValidationError("--host needs an address, such as 127.0.0.1") }
    }
}
