// closure-cycle — closures handed to Foundation APIs that keep their owner alive.
import Foundation

extension Notification.Name {
    /// Stands in for UIApplication.didReceiveMemoryWarningNotification.
    static let memoryWarning = Notification.Name("MemoryWarning")
}

/// A cache that empties itself when memory runs low.
@MainActor
final class ThumbnailCache {
    let name: String
    private var thumbnails = ["a.png", "b.png", "c.png"]
    private var token: (any NSObjectProtocol)?

    init(name: String, weakly: Bool) {
        self.name = name
        let center = NotificationCenter.default
        if weakly {
            token = center.addObserver(forName: .memoryWarning, object: nil, queue: nil) {
                [weak self] _ in
                MainActor.assumeIsolated { self?.purge() }
            }
        } else {
            // The center keeps this closure, and the closure keeps self.
            token = center.addObserver(forName: .memoryWarning, object: nil, queue: nil) { _ in
                MainActor.assumeIsolated { self.purge() }
            }
        }
    }

    func purge() {
        print("  \(name): purging \(thumbnails.count) thumbnails")
        thumbnails.removeAll()
    }

    isolated deinit {
        if let token { NotificationCenter.default.removeObserver(token) }
        print("  deinit \(name)")
    }
}

/// Refreshes something every minute through a repeating timer.
@MainActor
final class Poller {
    let name: String
    private var timer: Timer?
    private var polls = 0

    init(name: String, weakly: Bool) {
        self.name = name
        if weakly {
            timer = Timer(timeInterval: 60, repeats: true) { [weak self] _ in
                MainActor.assumeIsolated { self?.polls += 1 }
            }
        } else {
            // self keeps the timer, the timer keeps this closure, the closure keeps self.
            timer = Timer(timeInterval: 60, repeats: true) { _ in
                MainActor.assumeIsolated { self.polls += 1 }
            }
        }
    }

    isolated deinit {
        timer?.invalidate()
        print("  deinit \(name)")
    }
}

print("1. observer closure holds self strongly")
var cache: ThumbnailCache? = ThumbnailCache(name: "leaky cache", weakly: false)
cache = nil
print("  variable cleared; posting a memory warning")
NotificationCenter.default.post(name: .memoryWarning, object: nil)

print("2. observer closure holds self weakly")
cache = ThumbnailCache(name: "fixed cache", weakly: true)
cache = nil
print("  variable cleared; posting a memory warning")
NotificationCenter.default.post(name: .memoryWarning, object: nil)

print("3. timer closure holds self strongly")
var poller: Poller? = Poller(name: "leaky poller", weakly: false)
poller = nil
print("  variable cleared")

print("4. timer closure holds self weakly")
poller = Poller(name: "fixed poller", weakly: true)
poller = nil
print("  variable cleared")
