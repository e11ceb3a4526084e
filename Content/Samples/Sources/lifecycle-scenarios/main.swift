// lifecycle-scenarios — the four classic life-cycle scenarios run as test
// cases of the app state machine: each states where it starts, what happens,
// and which callbacks and final state it expects.
import Lifecycle

struct Scenario {
    let name: String
    let start: AppState
    let events: [AppEvent]
    let expectedCallbacks: [String]
    let expectedState: AppState
}

let scenarios = [
    Scenario(name: "1. Launch", start: .notRunning,
             events: [.launch, .activate],
             expectedCallbacks: ["application(_:willFinishLaunchingWithOptions:)",
                                 "application(_:didFinishLaunchingWithOptions:)",
                                 "applicationDidBecomeActive(_:)"],
             expectedState: .active),
    Scenario(name: "2. Home button", start: .active,
             events: [.deactivate, .enterBackground, .suspend],
             expectedCallbacks: ["applicationWillResignActive(_:)",
                                 "applicationDidEnterBackground(_:)"],
             expectedState: .suspended),
    Scenario(name: "3. Resume", start: .suspended,
             events: [.enterForeground, .activate],
             expectedCallbacks: ["applicationWillEnterForeground(_:)",
                                 "applicationDidBecomeActive(_:)"],
             expectedState: .active),
    Scenario(name: "4. Terminated under memory pressure", start: .suspended,
             events: [.purge],
             expectedCallbacks: [],          // no code runs: nothing is called
             expectedState: .notRunning),
]

var failures = 0
for scenario in scenarios {
    var app = AppLifecycle(state: scenario.start)
    var callbacks: [String] = []
    do {
        for event in scenario.events {
            callbacks += try app.send(event)
        }
    } catch {
        callbacks.append("error: \(error)")
    }
    let passed = callbacks == scenario.expectedCallbacks && app.state == scenario.expectedState
    if !passed { failures += 1 }
    print("\(scenario.name): \(passed ? "PASS" : "FAIL")")
    print("    \(scenario.start) -> \(app.state)")
    print("    " + (callbacks.isEmpty ? "(no callbacks)" : callbacks.joined(separator: "\n    ")))
}
print("\(scenarios.count - failures) of \(scenarios.count) scenarios pass")
