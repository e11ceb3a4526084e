import CourseModel
import Foundation
import Hummingbird

/// Answers the preview's requests from the in-memory site: only paths the build produced can be
/// served, so nothing outside the site can be read. Suspicious paths are refused outright.
public struct PreviewResponder: HTTPResponder {
    public typealias Context = BasicRequestContext
    let store: SiteStore
    let broadcaster: Broadcaster

    public init(store: SiteStore, broadcaster: Broadcaster) { self.store = store; self.broadcaster = broadcaster }

    static let mimeTypes: [String: String] = [
        "html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8",
        "json": "application/json", "svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg",
        "gif": "image/gif", "webp": "image/webp", "woff2": "font/woff2", "woff": "font/woff", "wasm": "application/wasm",
        "xml": "application/xml", "txt": "text/plain; charset=utf-8", "md": "text/markdown; charset=utf-8", "zip": "application/zip", "ico": "image/x-icon",
        "pdf": "application/pdf", "map": "application/json",
    ]

    /// The site path for a request path, or nil when it tries to leave the site.
    public static func sitePath(_ raw: String) -> String? {
        var path = raw
        if let query = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = String(path[..<query]) }
        guard path.hasPrefix("/"), !path.hasPrefix("//"), !path.contains("\\"), !path.contains("\0") else { return nil }
        let lowered = path.lowercased()
        // Encoded dots, slashes and backslashes are never needed by the site's own links.
        for encoded in ["%2e", "%2f", "%5c", "%00"] where lowered.contains(encoded) { return nil }
        guard let decoded = path.removingPercentEncoding else { return nil }
        let segments = decoded.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard !segments.contains(where: { $0 == ".." || $0 == "." || $0.contains("\\") }) else { return nil }
        var result = segments.joined(separator: "/")
        if result.isEmpty || result.hasSuffix("/") { result += "index.html" }
        return result
    }

    public func respond(to request: Request, context: Context) async throws -> Response {
        guard request.method == .get || request.method == .head else {
            return Response(status: .methodNotAllowed, headers: [.allow: "GET, HEAD"])
        }
        let raw = request.uri.description
        if raw == "/__primer/events" {
            return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                            body: ResponseBody(asyncSequence: broadcaster.subscribe()))
        }
        guard let path = Self.sitePath(raw) else {
            return Response(status: .badRequest, headers: [.contentType: "text/plain; charset=utf-8"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: "This path is not allowed.\n")))
        }
        var status = HTTPResponse.Status.ok
        var found = store.file(path)
        var servedPath = path
        if found == nil, store.file(path + "/index.html") != nil {
            // `/en` → `/en/`, as static hosts do: the page's relative links are relative to the folder.
            let query = raw.firstIndex(where: { $0 == "?" }).map { String(raw[$0...]) } ?? ""
            let bare = raw.firstIndex(where: { $0 == "?" || $0 == "#" }).map { String(raw[..<$0]) } ?? raw
            return Response(status: .movedPermanently, headers: [.location: bare + "/" + query, .cacheControl: "no-cache"])
        }
        if found == nil {
            status = .notFound
            found = store.file("404.html")
            servedPath = "404.html"
        }
        guard let file = found else {
            return Response(status: .notFound, body: ResponseBody(byteBuffer: ByteBuffer(string: "Not found\n")))
        }
        let ext = (servedPath as NSString).pathExtension.lowercased()
        let isHTML = ext == "html"
        let failure = store.failure
        // HTML carries the live-reload script (and the overlay), so its tag follows the build state.
        let etag = isHTML ? "\"\(file.etag.dropFirst().dropLast())-\(failure == nil ? "ok" : "failed-\(store.generation)")\"" : file.etag
        var headers: HTTPFields = [.contentType: Self.mimeTypes[ext] ?? "application/octet-stream", .eTag: etag, .cacheControl: "no-cache"]
        if status == .ok, request.headers[.ifNoneMatch].map({ $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.contains(etag) }) == true {
            return Response(status: .notModified, headers: headers)
        }
        var bytes = file.bytes
        if isHTML {
            let injection = Array(LiveReloadScript.html(failure: failure).utf8)
            if let end = bytes.lastRange(of: Array("</body>".utf8)) { bytes.insert(contentsOf: injection, at: end.lowerBound) } else { bytes += injection }
        }
        headers[.contentLength] = String(bytes.count)
        if request.method == .head { return Response(status: status, headers: headers) }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}

extension Array where Element == UInt8 {
    func lastRange(of needle: [UInt8]) -> Range<Int>? {
        guard needle.count <= count else { return nil }
        var index = count - needle.count
        while index >= 0 {
            if self[index] == needle[0] && self[index..<(index + needle.count)].elementsEqual(needle) { return index..<(index + needle.count) }
            index -= 1
        }
        return nil
    }
}
