// lifecycle-scenarios — the classic life-cycle scenarios, and the two moves
// into the background that the classic diagrams leave out, run as test cases
// of the state machines: each states how the app got where it starts, what
// happens next, and which delegate methods and final state it expects.
import Lifecycle

struct Scenario {
    let name: String
    let given: [AppEvent]
    let when: [AppEvent]
    let expectedCallbacks: [String]
    let expectedState: AppState
}

let onScreen: [AppEvent] = [.launch, .connect("Main"), .activate("Main")]
let frozen: [AppEvent] = onScreen + [.deactivate("Main"), .enterBackground("Main"), .suspend]

let scenarios = [
    Scenario(name: "1. Launch", given: [],
             when: onScreen,
             expectedCallbacks: ["app: application(_:willFinishLaunchingWithOptions:)",
                                 "app: application(_:didFinishLaunchingWithOptions:)",
                                 "app: application(_:configurationForConnecting:options:)",
                                 "Main: scene(_:willConnectTo:options:)",
                                 "Main: sceneWillEnterForeground(_:)",
                                 "Main: sceneDidBecomeActive(_:)"],
             expectedState: .active),
    Scenario(name: "2. Going home", given: onScreen,
             when: [.deactivate("Main"), .enterBackground("Main"), .suspend],
             expectedCallbacks: ["Main: sceneWillResignActive(_:)",
                                 "Main: sceneDidEnterBackground(_:)"],
             expectedState: .suspended),
    Scenario(name: "3. Resume", given: frozen,
             when: [.resume, .enterForeground("Main"), .activate("Main")],
             expectedCallbacks: ["Main: sceneWillEnterForeground(_:)",
                                 "Main: sceneDidBecomeActive(_:)"],
             expectedState: .active),
    Scenario(name: "4. Terminated under memory pressure", given: frozen,
             when: [.purge],
             expectedCallbacks: [],          // no code runs: nothing is called
             expectedState: .notRunning),
    Scenario(name: "5. Launched into the background", given: [],
             when: [.launch, .suspend],
             expectedCallbacks: ["app: application(_:willFinishLaunchingWithOptions:)",
                                 "app: application(_:didFinishLaunchingWithOptions:)"],
             expectedState: .suspended),
    Scenario(name: "6. Woken in the background", given: frozen,
             when: [.resume, .suspend],
             expectedCallbacks: [],          // no scene comes on screen
             expectedState: .suspended),
]

var failures = 0
for scenario in scenarios {
    var app = AppLifecycle()
    var callbacks: [String] = []
    do {
        for event in scenario.given { _ = try app.send(event) }
        var path = [app.state]                      // every app state on the way
        for event in scenario.when {
            callbacks += try app.send(event).map(\.description)
            if app.state != path.last { path.append(app.state) }
        }
        let passed = callbacks == scenario.expectedCallbacks && app.state == scenario.expectedState
        if !passed { failures += 1 }
        print("\(scenario.name): \(passed ? "PASS" : "FAIL")")
        print("    " + path.map(\.rawValue).joined(separator: " -> "))
        print("    " + (callbacks.isEmpty ? "(no callbacks)" : callbacks.joined(separator: "\n    ")))
    } catch {
        failures += 1
        print("\(scenario.name): FAIL, \(error)")
    }
}
print("\(scenarios.count - failures) of \(scenarios.count) scenarios pass")
