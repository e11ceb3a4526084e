// lazy-singleton — a static let is created on first use, once, even when a
// hundred tasks ask for it at the same moment. The initializer counts its
// calls in an atomic counter, and each task records which instance it got.
import Synchronization

let initializations = Atomic<Int>(0)

final class ImageCache: Sendable {
    static let shared = ImageCache()          // dispatch_once, built in
    let capacity = 64

    private init() {
        initializations.add(1, ordering: .relaxed)
    }
}

print("before first use:", initializations.load(ordering: .relaxed))

let identities = await withTaskGroup(of: ObjectIdentifier.self) { group in
    for _ in 1...100 {
        group.addTask { ObjectIdentifier(ImageCache.shared) }
    }
    var seen = Set<ObjectIdentifier>()
    for await identity in group { seen.insert(identity) }
    return seen
}

print("tasks: 100, distinct instances:", identities.count)
print("initializer calls:", initializations.load(ordering: .relaxed))
