// download-progress — downloads a 48,000-byte file from a stub server that
// sends it in 1,000-byte pieces, and reports progress from a session
// delegate. The delegate may be handed the bytes in pieces of any size, so the
// program reports fixed steps of a quarter, which every run crosses the same way.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StubServer

// snippet.delegate
/// Forwards what the session reports into an AsyncStream, so that the caller
/// reads events in order with `for await` and keeps no shared mutable state.
final class ProgressDelegate: NSObject, URLSessionDataDelegate, Sendable {
    enum Event: Sendable {
        case started(expected: Int64)
        case received(Int)
        case finished((any Error)?)
    }

    let events: AsyncStream<Event>
    private let continuation: AsyncStream<Event>.Continuation

    override init() {
        (events, continuation) = AsyncStream.makeStream(of: Event.self)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask,
                    didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        continuation.yield(.started(expected: response.expectedContentLength))
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        continuation.yield(.received(data.count))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask,
                    didCompleteWithError error: (any Error)?) {
        continuation.yield(.finished(error))
        continuation.finish()
    }
}
// snippet.end

// snippet.run
let track = Data((0..<48_000).map { UInt8(ascii: "a") + UInt8($0 % 26) })
let server = try StubServer { request in
    request.path == "/tracks/ridge.gpx"
        ? Response(status: 200, headers: [("Content-Type", "application/gpx+xml")],
                   body: track, chunkSize: 1_000)
        : .json(404, #"{"message":"no such file"}"#)
}

let delegate = ProgressDelegate()
let session = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: nil)
session.dataTask(with: server.baseURL.appending(path: "tracks/ridge.gpx")).resume()

var expected: Int64 = 0
var received = 0
var reported = 0                         // quarters already reported
for await event in delegate.events {
    switch event {
    case .started(let length):
        expected = length
        print("expected \(length) bytes")
    case .received(let count):
        received += count
        guard expected > 0 else { continue }
        let quarters = Int(Int64(received) * 4 / expected)
        while reported < quarters {
            reported += 1
            print("progress \(reported * 25)%")
        }
    case .finished(let error):
        print(error.map { "failed: \($0)" } ?? "finished: \(received) bytes")
    }
}
session.finishTasksAndInvalidate()
server.stop()
// snippet.end
