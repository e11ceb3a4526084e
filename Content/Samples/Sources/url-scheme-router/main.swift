// url-scheme-router — turns links of the custom scheme "trails" into typed
// routes, rejects malformed ones with a reason, and dispatches each route to
// the handler registered for it, on the main actor as an app would.
import Foundation

// snippet.routes
enum Units: String, Sendable { case metric, imperial }

enum Route: Equatable, Sendable {
    case trail(id: Int, units: Units)
    case search(query: String)
    case settings
}

enum RouteError: Error, Equatable {
    case wrongScheme(String?)
    case unknownHost(String)
    case missingID
    case badID(String)
    case badUnits(String)
    case missingQuery
}
// snippet.end

// snippet.parse
struct Router {
    let scheme = "trails"

    func route(for url: URL) throws(RouteError) -> Route {
        guard let parts = URLComponents(url: url, resolvingAgainstBaseURL: false),
              parts.scheme?.lowercased() == scheme else {
            throw .wrongScheme(url.scheme)
        }
        let query = Dictionary((parts.queryItems ?? []).map { ($0.name, $0.value ?? "") },
                               uniquingKeysWith: { first, _ in first })
        let segments = parts.path.split(separator: "/").map(String.init)
        switch parts.host ?? "" {
        case "trail":
            guard let first = segments.first else { throw .missingID }
            guard let id = Int(first), id > 0 else { throw .badID(first) }
            let name = query["units"] ?? Units.metric.rawValue
            guard let units = Units(rawValue: name) else { throw .badUnits(name) }
            return .trail(id: id, units: units)
        case "search":
            guard let text = query["q"], !text.isEmpty else { throw .missingQuery }
            return .search(query: text)
        case "settings":
            return .settings
        case let host:
            throw .unknownHost(host)
        }
    }
}
// snippet.end

// snippet.dispatch
@MainActor
final class Navigator {
    private(set) var screens: [String] = []

    /// Returns false for a link the app cannot open, as the app's URL handler would.
    func open(_ url: URL, with router: Router) -> Bool {
        do {
            let screen = switch try router.route(for: url) {
            case let .trail(id, units): "trail \(id) in \(units.rawValue) units"
            case let .search(query): "search for \"\(query)\""
            case .settings: "settings"
            }
            screens.append(screen)
            print("open    \(url.absoluteString) -> \(screen)")
            return true
        } catch {
            print("refuse  \(url.absoluteString): \(error)")
            return false
        }
    }
}
// snippet.end

// snippet.run
let links = [
    "trails://trail/42?units=metric",
    "trails://trail/7",
    "TRAILS://trail/8?units=imperial",
    "trails://search?q=lake%20loop",
    "trails://settings",
    "trails://trail/abc",
    "trails://trail/42?units=furlongs",
    "trails://trail",
    "trails://search?q=",
    "trails://map/3",
    "https://example.com/trail/42",
]
let navigator = Navigator()
let router = Router()
let opened = links.filter { navigator.open(URL(string: $0)!, with: router) }
print("\(opened.count) of \(links.count) links opened a screen")
// snippet.end
