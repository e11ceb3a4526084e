// state-rerender — a screen of three views over one @Observable store.
// Each view's body runs inside withObservationTracking, so the screen
// learns which properties each body read; a change marks only those
// views dirty, and the next update pass evaluates only their bodies.
// SwiftUI does this for you on Apple platforms; Observation itself is part
// of the Swift toolchain and runs the same way on Linux.
import Observation

struct Trail {
    var name: String
    var kilometres: Double
}

@MainActor @Observable
final class TrailStore {
    var trails = [Trail(name: "Ridge Loop", kilometres: 4.2),
                  Trail(name: "Fern Gully", kilometres: 2.5),
                  Trail(name: "Lake Path", kilometres: 6.0)]
    var query = ""
    var favourites: Set<String> = []
    var draftNote = ""          // observable, but no body reads it
}

/// A view in the model: a name and a body that reads the store.
struct ViewNode {
    let name: String
    let body: @MainActor (TrailStore) -> String
}

@MainActor
final class Screen {
    let store: TrailStore
    let views: [ViewNode]
    private var dirty: Set<String> = []

    init(store: TrailStore, views: [ViewNode]) {
        self.store = store
        self.views = views
        for view in views { evaluate(view) }
    }

    private func evaluate(_ view: ViewNode) {
        let text = withObservationTracking {
            view.body(store)
        } onChange: { [weak self] in
            MainActor.assumeIsolated {       // every change here is made on the main thread
                _ = self?.dirty.insert(view.name)
            }
        }
        print("  body of \(view.name): \(text)")
    }

    /// One update pass: only the views whose inputs changed run their body.
    func update() {
        let due = views.filter { dirty.contains($0.name) }
        dirty.removeAll()
        print("  invalidated: \(due.isEmpty ? "nothing" : due.map(\.name).joined(separator: ", "))")
        for view in due { evaluate(view) }
    }
}

let header = ViewNode(name: "Header") { store in
    "\(store.trails.count) trails, \(store.favourites.count) favourite"
}
let list = ViewNode(name: "TrailList") { store in
    store.trails.filter { store.query.isEmpty || $0.name.contains(store.query) }
        .map(\.name).joined(separator: ", ")
}
let footer = ViewNode(name: "Footer") { store in
    "longest: \(store.trails.map(\.kilometres).max() ?? 0) km"
}

let store = TrailStore()
print("first pass")
let screen = Screen(store: store, views: [header, list, footer])

print("query = \"a\"")
store.query = "a"
screen.update()

print("favourites.insert(\"Ridge Loop\")")
store.favourites.insert("Ridge Loop")
screen.update()

print("draftNote = \"bring water\"")
store.draftNote = "bring water"
screen.update()

print("append a trail, then clear the query, then one pass")
store.trails.append(Trail(name: "Old Mill", kilometres: 3.1))
store.query = ""
screen.update()

print("query = \"\" again, the value it holds")
store.query = ""
screen.update()
