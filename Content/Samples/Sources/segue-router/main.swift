// segue-router — a model of storyboard segues. A storyboard maps a segue's
// identifier to its kind and its destination scene; performing a segue asks
// the source whether it should go ahead, creates the destination, lets the
// source prepare it (the place to pass data), and only then shows it.
// Identifiers are typed with an enum so that a misspelling is caught once, in
// one switch, instead of failing silently in several string comparisons.
import Foundation

struct Trail { let name: String; let stops: [String]; let closed: Bool }

let trails = [
    Trail(name: "Ridge Loop", stops: ["Gate", "Lookout", "Spring"], closed: false),
    Trail(name: "Fern Walk", stops: ["Bridge"], closed: false),
    Trail(name: "Cliff Path", stops: ["Steps", "Cove"], closed: true),
]

@MainActor
class Screen {
    let title: String
    init(title: String) { self.title = title }
    func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool { true }
    func prepare(for segue: Segue, sender: Any?) {}
    var summary: String { title }
}

@MainActor
struct Segue {
    enum Kind { case show, presentModally }
    let identifier: String
    let kind: Kind
    let source: Screen
    let destination: Screen
}

final class TrailDetail: Screen {
    var trail: Trail?                      // set by the source in prepare(for:sender:)
    init() { super.init(title: "Trail") }
    override var summary: String {
        guard let trail else { return "Trail with no data" }
        return "\(trail.name): \(trail.stops.joined(separator: ", "))"
    }
}

final class TrailMap: Screen {
    var names: [String] = []
    init() { super.init(title: "Map") }
    override var summary: String { "Map of \(names.count) open trails: \(names.joined(separator: ", "))" }
}

final class TrailList: Screen {
    enum SegueID: String { case showTrail, showMap }
    let trails: [Trail]
    private(set) var banner = ""
    init(trails: [Trail]) { self.trails = trails; super.init(title: "Trails") }

    override func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool {
        guard SegueID(rawValue: identifier) == .showTrail, let row = sender as? Int else { return true }
        if trails[row].closed {
            banner = "\(trails[row].name) is closed"
            return false
        }
        return true
    }

    override func prepare(for segue: Segue, sender: Any?) {
        switch SegueID(rawValue: segue.identifier) {
        case .showTrail:
            guard let detail = segue.destination as? TrailDetail, let row = sender as? Int else { return }
            detail.trail = trails[row]
        case .showMap:
            guard let map = segue.destination as? TrailMap else { return }
            map.names = trails.filter { !$0.closed }.map(\.name)
        case nil:
            break
        }
    }
}

/// The storyboard: for each identifier, the kind of segue and how to create its destination.
@MainActor
struct Storyboard {
    var segues: [String: (kind: Segue.Kind, make: @MainActor () -> Screen)]

    enum Failure: Error { case noSegue(String) }

    func performSegue(withIdentifier identifier: String, from source: Screen,
                      sender: Any?) throws(Failure) -> Screen? {
        guard let template = segues[identifier] else { throw .noSegue(identifier) }
        if !source.shouldPerformSegue(withIdentifier: identifier, sender: sender) {
            return nil
        }
        let segue = Segue(identifier: identifier, kind: template.kind, source: source, destination: template.make())
        source.prepare(for: segue, sender: sender)
        print("  \(segue.kind): \(source.title) -> \(segue.destination.title)")
        return segue.destination
    }
}

let storyboard = Storyboard(segues: [
    "showTrail": (.show, { TrailDetail() }),
    "showMap": (.presentModally, { TrailMap() }),
])
let list = TrailList(trails: trails)

@MainActor
func run(_ identifier: String, sender: Any?) {
    print("\(identifier), sender \(sender.map { "\($0)" } ?? "nil"):")
    do {
        if let shown = try storyboard.performSegue(withIdentifier: identifier, from: list,
                                                    sender: sender) {
            print("  shows \(shown.summary)")
        } else {
            print("  refused: \(list.banner)")
        }
    } catch {
        print("  error: \(error)")
    }
}

run("showTrail", sender: 0)          // a tap on row 0
run("showTrail", sender: 2)          // row 2 is closed
run("showMap", sender: nil)          // the Map button
run("showTrial", sender: 1)          // a misspelled identifier
