import CourseModel
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import Pipeline
import Synchronization

/// `primer serve`: build into memory, serve it, watch the sources, rebuild what changed and
/// tell open pages to reload. Content errors never stop the server; they show over the page.
public final class PreviewServer: Sendable {
    public struct Options: Sendable {
        public var content: String
        public var templates: String
        public var locale: String?
        public var host: String
        public var port: Int
        /// Log how long each stage of every rebuild took.
        public var verbose = false
        /// Seconds a connection has to send a request's header, and may stay idle between
        /// requests, before it is closed (a page's open live-reload stream is not idle).
        public var idleTimeout: Double = 5
        /// The most connections served at once; more wait until one closes. Nil: from the
        /// process's open-file limit (see `connectionLimit`).
        public var connectionLimit: Int?
        public init(content: String = "Content", templates: String = "Templates", locale: String? = nil,
                    host: String = "127.0.0.1", port: Int = 8000, verbose: Bool = false) {
            self.content = content; self.templates = templates; self.locale = locale; self.host = host; self.port = port
            self.verbose = verbose
        }
    }

    public let options: Options
    public let store = SiteStore()
    public let broadcaster = Broadcaster()
    public let session = BuildSession()
    let log: @Sendable (String) -> Void
    let queue = DispatchQueue(label: "primer.preview.rebuild")
    /// Search indexing runs here, after a rebuild, so it never delays a reload.
    let searchQueue = DispatchQueue(label: "primer.preview.search")
    let searchGeneration = Mutex(0)
    /// Names the Pagefind run of this server, so a change can stop it (see `stopSearchIndexing`).
    let searchStopMark = "preview-search-\(getpid())-\(UUID().uuidString)"

    public init(options: Options, log: @escaping @Sendable (String) -> Void = { print($0) }) {
        self.options = options
        self.log = log
    }

    /// One build into memory. Returns the site paths that changed, or nil when the build failed.
    @discardableResult
    public func rebuild(because changed: [String] = []) -> [String]? {
        let start = ContinuousClock.now
        // Nothing is written; the output only places the caches, so the preview shares the
        // samples' outcomes with `primer build` (.primer-cache beside site/).
        let build = Build.Options(content: options.content, templates: options.templates,
                                  output: options.content + "/../site", locale: options.locale, product: .preview(session))
        let result: Build.Result
        do { result = try Build.run(build) } catch {
            store.fail([.error(.localeTag, error.description)])
            broadcaster.send(event: "failure", data: error.description)
            log("primer: error: \(error.description)")
            return nil
        }
        let elapsed = ContinuousClock.now - start
        let milliseconds = elapsed.seconds * 1000
        guard result.succeeded, let files = result.files else {
            store.fail(result.diagnostics)
            broadcaster.send(event: "failure", data: result.diagnostics.map(\.description).joined(separator: "\n\n"))
            log(result.diagnostics.map(\.description).joined(separator: "\n"))
            log(String(format: "primer: the rebuild failed (%.0f ms); the browser shows why", milliseconds))
            return nil
        }
        var contents: [String: [UInt8]] = [:]
        let roots = [options.content, options.templates].map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path + "/" }
        for file in files {
            switch file.contents {
            case .text(let text): contents[file.path] = Array(text.utf8)
            case .bytes(let bytes): contents[file.path] = bytes
            case .chunks(let chunks):
                var bytes: [UInt8] = []
                bytes.reserveCapacity(chunks.reduce(0) { $0 + $1.count })
                for chunk in chunks { bytes += chunk.bytes }
                contents[file.path] = bytes
            case .copy(let source):
                // A symlink in the content folder must not serve a file from elsewhere.
                let real = URL(fileURLWithPath: source).resolvingSymlinksInPath().path
                guard roots.contains(where: { real.hasPrefix($0) }), let data = FileManager.default.contents(atPath: real) else {
                    log("primer: warning: \(source) is outside the course and is not served")
                    continue
                }
                contents[file.path] = [UInt8](data)
            }
        }
        let changedPaths = store.update(contents)
        if options.verbose {
            let stages = result.timings.map { String(format: "%@ %.1f", $0.stage, $0.seconds * 1000) }
            log("primer: stages (ms): " + stages.joined(separator: ", ")
                + String(format: ", into memory %.1f", ((ContinuousClock.now - start).seconds * 1000) - milliseconds))
        }
        for warning in result.diagnostics where !warning.isError { log(warning.description) }
        log(String(format: "primer: rebuilt in %.0f ms: %d file%@ changed (%d chapter%@ parsed, %d page%@ rendered)", milliseconds,
                   changedPaths.count, changedPaths.count == 1 ? "" : "s",
                   session.parsedInLastBuild.count, session.parsedInLastBuild.count == 1 ? "" : "s",
                   session.renderedInLastBuild.count, session.renderedInLastBuild.count == 1 ? "" : "s"))
        if !changedPaths.isEmpty || !changed.isEmpty {
            broadcaster.send(event: "reload", data: changedPaths.joined(separator: "\n"))
        }
        if changedPaths.contains(where: { $0.hasSuffix(".html") }) { indexForSearch(contents) }
        return changedPaths
    }

    /// Indexes the pages with Pagefind in a scratch folder, in the background, and serves the
    /// index from memory; a newer rebuild makes an older indexing moot.
    static let searchScratch = "primer-preview-search"

    func indexForSearch(_ contents: [String: [UInt8]]) {
        let pages = contents.filter { $0.key.hasSuffix(".html") }
        // Only when the pages have a search box (`search: false` in course.yml leaves it out).
        guard !SearchIndex.switchedOff, let sample = pages.keys.min(),
              String(decoding: pages[sample]!, as: UTF8.self).contains("id=\"search-input\"") else { return }
        let generation = searchGeneration.withLock { $0 += 1; return $0 }
        // After an edit the index waits half a second: an author saving again soon makes it moot,
        // and Pagefind would take the cores the next rebuild needs.
        searchQueue.asyncAfter(deadline: .now() + (generation == 1 ? 0 : 0.5)) { [self] in
            guard searchGeneration.withLock({ $0 }) == generation else { return }
            let start = ContinuousClock.now
            // A folder of its own: several previews (the tests run them side by side) must not share one.
            // Named after this process, so a later preview can remove what a killed one left.
            if generation == 1 { Scratch.removeStale(Self.searchScratch) }
            guard let folder = Scratch.make(Self.searchScratch) else {
                if generation == 1 { log("primer: warning: no search index: could not make a scratch folder (errno \(errno))") }
                return
            }
            defer { try? FileManager.default.removeItem(atPath: folder) }
            for (path, bytes) in pages {
                let url = URL(fileURLWithPath: folder + "/" + path)
                try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try? Data(bytes).write(to: url)
            }
            let warning = SearchIndex.build(site: folder, shownAs: options.content, background: true, stopMark: searchStopMark)
            // A change stopped it: the rebuild that follows indexes its own pages.
            guard searchGeneration.withLock({ $0 }) == generation else { return }
            if let warning {
                if generation == 1 { log(warning.description) }
                return
            }
            var index: [String: [UInt8]] = [:]
            let root = folder + "/" + SearchIndex.folder
            for path in FileTree.regularFiles(under: root) {
                if let data = FileManager.default.contents(atPath: root + path) { index[SearchIndex.folder + path] = [UInt8](data) }
            }
            store.updateSearchIndex(index)
            log(String(format: "primer: search index updated (%.0f ms)", (ContinuousClock.now - start).seconds * 1000))
        }
    }

    /// A change makes the index being made moot: it is stopped at once, so Pagefind never holds a
    /// core the rebuild needs, and an indexing not yet started never starts.
    func stopSearchIndexing() {
        searchGeneration.withLock { $0 += 1 }
        SearchIndex.stop(searchStopMark)
    }

    /// Starts watching; every batch of changes is rebuilt on one serial queue.
    public func watch() throws -> Watcher {
        let watcher = Watcher(roots: [options.content, options.templates]) { [self] changed in
            stopSearchIndexing()
            queue.async { self.rebuild(because: changed) }
        }
        try watcher.start()
        return watcher
    }

    /// The process's open-file limit, raised to the hard limit once (at most 65536): every
    /// connection holds a file, and so do the rebuilds.
    static let fileLimit: Int = {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        let wanted = min(limit.rlim_max, 65536)
        if limit.rlim_cur < wanted {
            var raised = limit
            raised.rlim_cur = wanted
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return Int(min(limit.rlim_cur, 1 << 20))
    }()

    /// Connections served at once unless the options say: half of the files left after what a
    /// rebuild may hold open (128), at most 512, at least 16. Connections that never finish
    /// their header then wait for `idleTimeout` instead of taking every file the server has.
    static var connectionLimit: Int { max(16, min(512, (fileLimit - 128) / 2)) }

    public func application(onRunning: @escaping @Sendable (Int) -> Void = { _ in }) -> some ApplicationProtocol {
        var configuration = ApplicationConfiguration(address: .hostname(options.host, port: options.port), serverName: "primer")
        configuration.reuseAddress = true
        configuration.availableConnectionsDelegate = MaximumAvailableConnections(options.connectionLimit ?? Self.connectionLimit)
        let idle = HTTP1Channel.Configuration(idleTimeout: .milliseconds(Int64(options.idleTimeout * 1000)))
        return Application(responder: PreviewResponder(store: store, broadcaster: broadcaster), server: .http1(configuration: idle),
                           configuration: configuration,
                           onServerRunning: { channel in onRunning(channel.localAddress?.port ?? 0) },
                           logger: { var logger = Logger(label: "primer.preview"); logger.logLevel = .warning; return logger }())
    }

    /// Builds, watches and serves until interrupted.
    public func run(open: Bool) async throws {
        if !["127.0.0.1", "localhost", "::1"].contains(options.host) {
            log("primer: warning: serving on \(options.host) makes the preview reachable from other machines")
        }
        rebuild()
        let watcher = try watch()
        defer { watcher.stop() }
        let host = options.host == "::1" ? "[::1]" : options.host
        let log = self.log
        let onRunning: @Sendable (Int) -> Void = { port in
            let url = "http://\(host):\(port)/"
            log("primer: serving the course at \(url) (Ctrl-C to stop)")
            if open {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                process.arguments = ["xdg-open", url]
                try? process.run()
            }
        }
        // Ctrl-C: end the event streams (open tabs would otherwise hold the server) and leave.
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let stops = [SIGINT, SIGTERM].map { DispatchSource.makeSignalSource(signal: $0, queue: .main) }
        for stop in stops {
            stop.setEventHandler { [broadcaster] in broadcaster.finishAll(); exit(0) }
            stop.resume()
        }
        // A comment every 15 s finds the tabs that were closed.
        let ping = DispatchSource.makeTimerSource(queue: queue)
        ping.schedule(deadline: .now() + 15, repeating: 15)
        ping.setEventHandler { [broadcaster] in broadcaster.ping() }
        ping.resume()
        try await application(onRunning: onRunning).run()
        withExtendedLifetime((stops, ping)) {}
    }
}
