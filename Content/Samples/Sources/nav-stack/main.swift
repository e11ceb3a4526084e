// nav-stack — a model of UINavigationController over three-level data:
// parks, their trails, and the stops along a trail. Each screen is created
// with the data it shows; the stack pushes, pops and pops to the root, and
// the back button shows the title of the screen below the top one.
import Foundation

struct Stop { let name: String; let km: Double }
struct Trail { let name: String; let stops: [Stop] }
struct Park { let name: String; let trails: [Trail] }

let parks = [
    Park(name: "Cedar Hollow", trails: [
        Trail(name: "Ridge Loop", stops: [Stop(name: "Gate", km: 0), Stop(name: "Lookout", km: 2.4),
                                          Stop(name: "Spring", km: 3.1)]),
        Trail(name: "Fern Walk", stops: [Stop(name: "Bridge", km: 0.8)]),
    ]),
    Park(name: "Stone Bay", trails: [
        Trail(name: "Cliff Path", stops: [Stop(name: "Steps", km: 1.2), Stop(name: "Cove", km: 2.0)]),
    ]),
]

@MainActor
class Screen {
    let title: String
    init(title: String) { self.title = title }
    /// The screen that a tap on row `row` pushes, or nil for a row with nothing below it.
    func screen(forRow row: Int) -> Screen? { nil }
}

final class ParkList: Screen {
    let parks: [Park]
    init(parks: [Park]) { self.parks = parks; super.init(title: "Parks") }
    override func screen(forRow row: Int) -> Screen? {
        parks.indices.contains(row) ? TrailList(park: parks[row]) : nil
    }
}

final class TrailList: Screen {
    let park: Park
    init(park: Park) { self.park = park; super.init(title: park.name) }
    override func screen(forRow row: Int) -> Screen? {
        park.trails.indices.contains(row) ? StopList(trail: park.trails[row]) : nil
    }
}

final class StopList: Screen {
    let trail: Trail
    init(trail: Trail) { self.trail = trail; super.init(title: trail.name) }
    var rows: [String] { trail.stops.map { "\($0.name) \($0.km) km" } }
}

@MainActor
final class NavigationController {
    private(set) var viewControllers: [Screen]
    init(rootViewController: Screen) { viewControllers = [rootViewController] }

    var topViewController: Screen { viewControllers[viewControllers.count - 1] }
    /// The back button shows the title of the screen one level down.
    var backTitle: String? {
        viewControllers.count > 1 ? viewControllers[viewControllers.count - 2].title : nil
    }

    func push(_ screen: Screen) { viewControllers.append(screen) }

    /// Pops the top screen; the root is never popped.
    @discardableResult
    func pop() -> Screen? {
        viewControllers.count > 1 ? viewControllers.removeLast() : nil
    }

    /// Pops every screen above the root and returns them, top first.
    @discardableResult
    func popToRoot() -> [Screen] {
        let popped = viewControllers.dropFirst().reversed()
        viewControllers.removeSubrange(1...)
        return Array(popped)
    }
}

let navigation = NavigationController(rootViewController: ParkList(parks: parks))

@MainActor
func show(_ step: String) {
    let path = navigation.viewControllers.map(\.title).joined(separator: " > ")
    print(step.padding(toLength: 16, withPad: " ", startingAt: 0), path,
          "| back:", navigation.backTitle ?? "none")
}

@MainActor
func tap(row: Int) {
    if let next = navigation.topViewController.screen(forRow: row) {
        navigation.push(next)
        show("tap row \(row)")
    } else {
        show("tap row \(row): -")
    }
}

show("launch")
tap(row: 0)
tap(row: 0)
if let stops = navigation.topViewController as? StopList { print("  rows:", stops.rows) }
tap(row: 1)                        // a stop has nothing below it
navigation.pop()
show("back")
tap(row: 1)
let popped = navigation.popToRoot()
show("pop to root")
print("  popped:", popped.map(\.title))
navigation.pop()                   // the root stays
show("back at root")
tap(row: 1)
tap(row: 0)
