// Lifecycle — the life cycle of an iOS app as a state machine.
//
// The states and events follow UIKit; the machine runs anywhere, because it
// only records which delegate callbacks UIKit would make, in order.

/// Where the app's process stands (UIApplication.State, plus the two states
/// in which no code of the app runs).
public enum AppState: String, CaseIterable, Sendable {
    case notRunning, inactive, active, background, suspended
}

/// What happens to the app. Some events come from the user, some from the system.
public enum AppEvent: String, CaseIterable, Sendable {
    case launch            // the user taps the icon
    case activate          // the UI is on screen and gets touches
    case deactivate        // a call, Control Center, the app switcher
    case enterBackground   // the app leaves the screen
    case enterForeground   // the app comes back
    case suspend           // the system freezes the process
    case terminate         // the system ends a running app and says so
    case purge             // the system reclaims a suspended app's memory
}

/// Which object UIKit tells: the app delegate, or (with scenes) the scene delegate.
public enum DelegateStyle: Sendable {
    case appDelegate, sceneDelegate
}

public struct Transition: Sendable {
    public let from: AppState
    public let event: AppEvent
    public let to: AppState
}

public enum LifecycleError: Error, Equatable {
    case invalidEvent(AppEvent, in: AppState)
}

public struct AppLifecycle: Sendable {
    /// Every legal move. An event not listed for a state is an error.
    public static let transitions: [Transition] = [
        Transition(from: .notRunning, event: .launch, to: .inactive),
        Transition(from: .inactive, event: .activate, to: .active),
        Transition(from: .active, event: .deactivate, to: .inactive),
        Transition(from: .inactive, event: .enterBackground, to: .background),
        Transition(from: .background, event: .enterForeground, to: .inactive),
        Transition(from: .background, event: .suspend, to: .suspended),
        Transition(from: .suspended, event: .enterForeground, to: .inactive),
        Transition(from: .background, event: .terminate, to: .notRunning),
        Transition(from: .suspended, event: .purge, to: .notRunning),
    ]

    public let style: DelegateStyle
    public private(set) var state: AppState

    public init(style: DelegateStyle = .appDelegate, state: AppState = .notRunning) {
        self.style = style
        self.state = state
    }

    /// Moves to the next state and returns the callbacks UIKit makes, in order.
    public mutating func send(_ event: AppEvent) throws(LifecycleError) -> [String] {
        guard let move = Self.transitions.first(where: { $0.from == state && $0.event == event })
        else { throw .invalidEvent(event, in: state) }
        state = move.to
        return Self.callbacks(for: event, style: style)
    }

    /// The delegate methods for an event. Suspension and purging make none:
    /// a suspended app runs no code, so it cannot be told it is being removed.
    public static func callbacks(for event: AppEvent, style: DelegateStyle) -> [String] {
        switch (event, style) {
        case (.launch, .appDelegate):
            ["application(_:willFinishLaunchingWithOptions:)",
             "application(_:didFinishLaunchingWithOptions:)"]
        case (.launch, .sceneDelegate):
            ["application(_:willFinishLaunchingWithOptions:)",
             "application(_:didFinishLaunchingWithOptions:)",
             "application(_:configurationForConnecting:options:)",
             "scene(_:willConnectTo:options:)",
             "sceneWillEnterForeground(_:)"]     // a new scene enters the foreground too
        case (.activate, .appDelegate): ["applicationDidBecomeActive(_:)"]
        case (.activate, .sceneDelegate): ["sceneDidBecomeActive(_:)"]
        case (.deactivate, .appDelegate): ["applicationWillResignActive(_:)"]
        case (.deactivate, .sceneDelegate): ["sceneWillResignActive(_:)"]
        case (.enterBackground, .appDelegate): ["applicationDidEnterBackground(_:)"]
        case (.enterBackground, .sceneDelegate): ["sceneDidEnterBackground(_:)"]
        case (.enterForeground, .appDelegate): ["applicationWillEnterForeground(_:)"]
        case (.enterForeground, .sceneDelegate): ["sceneWillEnterForeground(_:)"]
        case (.terminate, _): ["applicationWillTerminate(_:)"]
        case (.suspend, _), (.purge, _): []
        }
    }
}

extension LifecycleError: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .invalidEvent(event, state): "\(event) is not allowed when \(state)"
        }
    }
}
