// typed-path — a navigation stack described by data, as SwiftUI's
// NavigationStack(path:) is: the path is an array of Hashable values, a
// push appends one, a pop removes the last, and a deep link replaces the
// whole array at once. Each value is turned into a screen by one function,
// as navigationDestination(for:) does. The path is Codable, so it can be
// saved and restored. SwiftUI is Apple-only; the model keeps only the data.
import Foundation

enum Route: Hashable, Codable {
    case park(String)
    case trail(String)
    case stop(trail: String, number: Int)
}

/// The screen for a value on the path: the role of navigationDestination(for:).
func destination(for route: Route) -> String {
    switch route {
    case .park(let name): "TrailList(\(name))"
    case .trail(let name): "StopList(\(name))"
    case .stop(let trail, let number): "StopDetail(\(trail) #\(number))"
    }
}

struct Navigator {
    var path: [Route] = []

    /// What the screen shows: the root, then one screen per value.
    var screens: [String] { ["Parks"] + path.map(destination(for:)) }

    /// Reads links such as trails://park/Cedar%20Hollow/trail/Ridge%20Loop/stop/2.
    static func routes(from link: URL) -> [Route]? {
        guard link.scheme == "trails", let host = link.host() else { return nil }
        let parts = [host] + link.pathComponents.filter { $0 != "/" }
        guard parts.count.isMultiple(of: 2) else { return nil }
        var routes: [Route] = []
        var trail: String?
        for index in stride(from: 0, to: parts.count, by: 2) {
            let (kind, value) = (parts[index], parts[index + 1])
            switch (kind, routes.count) {
            case ("park", 0):
                routes.append(.park(value))
            case ("trail", 1):
                routes.append(.trail(value))
                trail = value
            case ("stop", 2):
                guard let trail, let number = Int(value) else { return nil }
                routes.append(.stop(trail: trail, number: number))
            default:
                return nil
            }
        }
        return routes
    }

    mutating func open(_ link: String) -> Bool {
        guard let url = URL(string: link), let routes = Self.routes(from: url) else { return false }
        path = routes                  // the whole stack at once
        return true
    }
}

var navigator = Navigator()
func show(_ step: String, _ navigator: Navigator) {
    print(step.padding(toLength: 16, withPad: " ", startingAt: 0), navigator.screens.joined(separator: " > "))
}

show("start", navigator)
navigator.path.append(.park("Cedar Hollow"))
show("tap Cedar Hollow", navigator)
navigator.path.append(.trail("Ridge Loop"))
show("tap Ridge Loop", navigator)
navigator.path.removeLast()
show("back", navigator)
navigator.path.removeAll()
show("pop to root", navigator)

let link = "trails://park/Cedar%20Hollow/trail/Ridge%20Loop/stop/2"
print("open link:", navigator.open(link))
show("after the link", navigator)
print("open bad link:", navigator.open("trails://trail/Ridge%20Loop"))
show("path unchanged", navigator)

// Save the path and restore it, as state restoration would.
let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys]
do {
    let saved = try encoder.encode(navigator.path)
    print("saved \(saved.count) bytes:", String(decoding: saved, as: UTF8.self))
    var restored = Navigator()
    restored.path = try JSONDecoder().decode([Route].self, from: saved)
    print("restored equals saved:", restored.path == navigator.path)
} catch {
    print("could not save the path:", error)
}
