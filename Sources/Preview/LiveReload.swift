import CourseModel
import Foundation
import Hummingbird
import Synchronization

/// The last build as served: its files in memory, or the diagnostics of a failed rebuild.
public final class SiteStore: Sendable {
    public struct File: Sendable { public var bytes: [UInt8]; public var etag: String }
    struct State {
        var files: [String: File] = [:]
        /// The search index (`pagefind/…`), made in the background after a rebuild.
        var search: [String: File] = [:]
        var failure: [Diagnostic]? = nil
        var generation = 0
    }
    let state = Mutex(State())

    public init() {}

    public func file(_ path: String) -> File? { state.withLock { $0.files[path] ?? $0.search[path] } }
    /// The site's files (not the search index's), in order.
    public var paths: [String] { state.withLock { $0.files.keys.sorted() } }
    public var failure: [Diagnostic]? { state.withLock { $0.failure } }
    public var generation: Int { state.withLock { $0.generation } }

    /// Replaces the site; returns the paths whose contents changed.
    @discardableResult
    public func update(_ files: [String: [UInt8]]) -> [String] {
        state.withLock { state in
            var changed: [String] = []
            var next: [String: File] = [:]
            for (path, bytes) in files {
                if let old = state.files[path], Self.sameBytes(old.bytes, bytes) { next[path] = old; continue }
                var hash = StableHash()
                hash.add(bytes)
                next[path] = File(bytes: bytes, etag: "\"" + hash.hex + "\"")
                changed.append(path)
            }
            changed += state.files.keys.filter { next[$0] == nil }
            state.files = next
            state.failure = nil
            state.generation += 1
            return changed.sorted()
        }
    }

    /// One `memcmp`: `==` on two arrays compares them an element at a time, and a rebuild
    /// compares every file of the site.
    static func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.withUnsafeBytes { x in
            // The same buffer (a file the session kept, such as a download) is not read at all.
            b.withUnsafeBytes { y in
                x.count == y.count && (x.count == 0 || x.baseAddress == y.baseAddress || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0)
            }
        }
    }

    /// Replaces the search index's files.
    public func updateSearchIndex(_ files: [String: [UInt8]]) {
        var index: [String: File] = [:]
        for (path, bytes) in files {
            var hash = StableHash()
            hash.add(bytes)
            index[path] = File(bytes: bytes, etag: "\"" + hash.hex + "\"")
        }
        state.withLock { $0.search = index }
    }

    public func fail(_ diagnostics: [Diagnostic]) {
        state.withLock { $0.failure = diagnostics; $0.generation += 1 }
    }
}

/// Server-Sent Events to every open page: `reload` after a rebuild, `failure` with diagnostics.
public final class Broadcaster: Sendable {
    let clients = Mutex<[UUID: AsyncStream<ByteBuffer>.Continuation]>([:])

    public init() {}

    public var count: Int { clients.withLock { $0.count } }

    public func subscribe() -> AsyncStream<ByteBuffer> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<ByteBuffer>.makeStream(bufferingPolicy: .bufferingNewest(16))
        continuation.onTermination = { [weak self] _ in _ = self?.clients.withLock { $0.removeValue(forKey: id) } }
        clients.withLock { $0[id] = continuation }
        // A comment line at once, so the client knows the stream is open.
        continuation.yield(ByteBuffer(string: ": connected\n\n"))
        return stream
    }

    public func send(event: String, data: String) {
        let lines = data.split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)" }.joined(separator: "\n")
        let message = ByteBuffer(string: "event: \(event)\n\(lines)\n\n")
        for continuation in clients.withLock({ Array($0.values) }) { continuation.yield(message) }
    }

    public func ping() {
        let message = ByteBuffer(string: ": ping\n\n")
        for continuation in clients.withLock({ Array($0.values) }) { continuation.yield(message) }
    }

    public func finishAll() {
        for continuation in clients.withLock({ Array($0.values) }) { continuation.finish() }
    }
}

/// The script added to every HTML page the preview serves (never to `primer build` output):
/// reload on change, keeping the scroll position; show diagnostics over the page on failure.
enum LiveReloadScript {
    static let marker = "<!-- primer preview -->"

    static func html(failure: [Diagnostic]?) -> String {
        var html = marker + "\n<script>\n" + script + "\n</script>\n"
        if let failure { html += overlay(failure) }
        return html
    }

    static func overlay(_ diagnostics: [Diagnostic]) -> String {
        let text = diagnostics.map(\.description).joined(separator: "\n\n")
        return "<div id=\"primer-overlay\" role=\"alert\" style=\"position:fixed;inset:0;z-index:99999;overflow:auto;background:rgba(20,0,0,.94);color:#ffd7d7;padding:2rem;font:14px/1.5 ui-monospace,monospace\"><h1 style=\"color:#fff;font:bold 18px system-ui\">The build failed</h1><pre style=\"white-space:pre-wrap\">" + escapeForHTML(text) + "</pre></div>\n"
    }

    static func escapeForHTML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    static let script = """
    (function () {
      var key = "primer-scroll:" + location.pathname;
      var saved = sessionStorage.getItem(key);
      if (saved !== null) { sessionStorage.removeItem(key); window.scrollTo(0, parseInt(saved, 10)); }
      function reload() { sessionStorage.setItem(key, String(window.scrollY)); location.reload(); }
      var source = new EventSource("/__primer/events");
      source.addEventListener("reload", reload);
      source.addEventListener("failure", function (event) {
        var box = document.getElementById("primer-overlay");
        if (!box) {
          box = document.createElement("div");
          box.id = "primer-overlay";
          box.setAttribute("role", "alert");
          box.style.cssText = "position:fixed;inset:0;z-index:99999;overflow:auto;background:rgba(20,0,0,.94);color:#ffd7d7;padding:2rem;font:14px/1.5 ui-monospace,monospace";
          document.body.appendChild(box);
        }
        box.innerHTML = "<h1 style=\\"color:#fff;font:bold 18px system-ui\\">The build failed</h1><pre style=\\"white-space:pre-wrap\\"></pre>";
        box.querySelector("pre").textContent = event.data;
      });
    })();
    """
}
