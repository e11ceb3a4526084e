// Lifecycle — the life cycle of a scene-based iOS app as state machines.
//
// Each scene has a machine of its own; the process has another, and the
// app's state is derived from both, the way UIApplication.applicationState
// takes the state of the most active scene. The machines run anywhere,
// because they only record which delegate methods UIKit would call, in order.

/// Where one scene stands (UIScene.ActivationState).
public enum SceneState: String, CaseIterable, Sendable {
    case unattached, foregroundInactive, foregroundActive, background
}

/// What happens to one scene.
public enum SceneEvent: String, CaseIterable, Sendable {
    case connect           // UIKit creates the scene for the user and brings it on screen
    case activate          // the scene gets touches
    case deactivate        // something covers the scene for a moment: a system alert
    case enterBackground   // the scene leaves the screen
    case enterForeground   // the scene comes back
    case disconnect        // the system releases a background scene; its session stays
}

/// Where the app stands: UIApplication.State, plus the two states in which
/// no code of the app runs.
public enum AppState: String, CaseIterable, Sendable {
    case notRunning, suspended, background, inactive, active
}

/// What happens to the process. The system decides all of these.
public enum ProcessEvent: String, CaseIterable, Sendable {
    case launch      // start the process (a scene-based app launches in the background)
    case suspend     // freeze a process that has nothing on screen
    case resume      // let a suspended process run again, still in the background
    case terminate   // end a running background process, and say so
    case purge       // reclaim a suspended process's memory, saying nothing
}

/// One event: for the process, or for the scene with the given name.
public enum AppEvent: Hashable, Sendable, CustomStringConvertible {
    case process(ProcessEvent)
    case scene(SceneEvent, String)

    public static let launch = AppEvent.process(.launch)
    public static let suspend = AppEvent.process(.suspend)
    public static let resume = AppEvent.process(.resume)
    public static let terminate = AppEvent.process(.terminate)
    public static let purge = AppEvent.process(.purge)
    public static func connect(_ scene: String) -> AppEvent { .scene(.connect, scene) }
    public static func activate(_ scene: String) -> AppEvent { .scene(.activate, scene) }
    public static func deactivate(_ scene: String) -> AppEvent { .scene(.deactivate, scene) }
    public static func enterBackground(_ scene: String) -> AppEvent { .scene(.enterBackground, scene) }
    public static func enterForeground(_ scene: String) -> AppEvent { .scene(.enterForeground, scene) }
    public static func disconnect(_ scene: String) -> AppEvent { .scene(.disconnect, scene) }

    public var description: String {
        switch self {
        case let .process(event): "\(event)"
        case let .scene(event, scene): "\(event) \(scene)"
        }
    }
}

/// A legal move of a machine.
public struct Move<State: Sendable, Event: Sendable>: Sendable {
    public let from: State
    public let event: Event
    public let to: State
}

/// A delegate method UIKit calls: on the app delegate ("app") or on a scene's delegate.
public struct Callback: Hashable, Sendable, CustomStringConvertible {
    public let receiver: String
    public let method: String
    public var description: String { "\(receiver): \(method)" }
}

public enum LifecycleError: Error, Equatable {
    case processEvent(ProcessEvent, in: AppState)
    case sceneEvent(SceneEvent, scene: String, in: SceneState)
    case noCodeRuns(SceneEvent, scene: String, app: AppState)
}

public struct AppLifecycle: Hashable, Sendable {
    /// Every legal move of one scene.
    public static let sceneMoves: [Move<SceneState, SceneEvent>] = [
        Move(from: .unattached, event: .connect, to: .foregroundInactive),
        Move(from: .foregroundInactive, event: .activate, to: .foregroundActive),
        Move(from: .foregroundActive, event: .deactivate, to: .foregroundInactive),
        Move(from: .foregroundInactive, event: .enterBackground, to: .background),
        Move(from: .background, event: .enterForeground, to: .foregroundInactive),
        Move(from: .background, event: .disconnect, to: .unattached),
    ]

    /// Every legal move of the process, between the app states it can be in.
    public static let processMoves: [Move<AppState, ProcessEvent>] = [
        Move(from: .notRunning, event: .launch, to: .background),
        Move(from: .background, event: .suspend, to: .suspended),
        Move(from: .suspended, event: .resume, to: .background),
        Move(from: .background, event: .terminate, to: .notRunning),
        Move(from: .suspended, event: .purge, to: .notRunning),
    ]

    /// The connected scenes and their states.
    public private(set) var scenes: [String: SceneState] = [:]
    /// The sessions UIKit keeps, for connected and disconnected scenes alike.
    public private(set) var sessions: Set<String> = []
    /// notRunning, suspended, or background for a process that runs code.
    private var process = AppState.notRunning

    public init() {}

    /// The app's state: that of its most active scene while the process runs.
    public var state: AppState {
        guard process == .background else { return process }
        let states = scenes.values
        if states.contains(.foregroundActive) { return .active }
        if states.contains(.foregroundInactive) { return .inactive }
        return .background
    }

    /// Applies an event and returns the delegate methods UIKit calls, in order.
    public mutating func send(_ event: AppEvent) throws(LifecycleError) -> [Callback] {
        switch event {
        case let .process(event): try send(event)
        case let .scene(event, scene): try send(event, to: scene)
        }
    }

    private mutating func send(_ event: ProcessEvent) throws(LifecycleError) -> [Callback] {
        guard let move = Self.processMoves.first(where: { $0.from == state && $0.event == event })
        else { throw .processEvent(event, in: state) }
        process = move.to
        if move.to == .notRunning { scenes = [:] }   // the scenes go with the process
        let app = { (method: String) in Callback(receiver: "app", method: method) }
        switch event {
        case .launch:
            return [app("application(_:willFinishLaunchingWithOptions:)"),
                    app("application(_:didFinishLaunchingWithOptions:)")]
        case .terminate:
            return [app("applicationWillTerminate(_:)")]
        case .suspend, .resume, .purge:
            return []      // a frozen process is not asked, and is not told
        }
    }

    private mutating func send(_ event: SceneEvent, to scene: String) throws(LifecycleError) -> [Callback] {
        guard process == .background else { throw .noCodeRuns(event, scene: scene, app: state) }
        let current = scenes[scene] ?? .unattached
        guard let move = Self.sceneMoves.first(where: { $0.from == current && $0.event == event })
        else { throw .sceneEvent(event, scene: scene, in: current) }
        scenes[scene] = move.to == .unattached ? nil : move.to
        let tell = { (method: String) in Callback(receiver: scene, method: method) }
        switch event {
        case .connect:
            // A new session gets its configuration from the app delegate; a
            // session that reconnects keeps the one it was given.
            let isNew = sessions.insert(scene).inserted
            return (isNew ? [Callback(receiver: "app",
                                      method: "application(_:configurationForConnecting:options:)")] : [])
                + [tell("scene(_:willConnectTo:options:)"), tell("sceneWillEnterForeground(_:)")]
        case .activate: return [tell("sceneDidBecomeActive(_:)")]
        case .deactivate: return [tell("sceneWillResignActive(_:)")]
        case .enterBackground: return [tell("sceneDidEnterBackground(_:)")]
        case .enterForeground: return [tell("sceneWillEnterForeground(_:)")]
        case .disconnect: return [tell("sceneDidDisconnect(_:)")]
        }
    }
}

extension LifecycleError: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .processEvent(event, state): "\(event) is not allowed when the app is \(state)"
        case let .sceneEvent(event, scene, state): "\(event) is not allowed when \(scene) is \(state)"
        case let .noCodeRuns(event, scene, state): "\(event) \(scene): no code runs when the app is \(state)"
        }
    }
}
