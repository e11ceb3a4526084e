// app-lifecycle — drives the app state machine through an ordinary day and
// prints every delegate callback in the order UIKit would make it.
import Lifecycle

var app = AppLifecycle()
let day: [AppEvent] = [
    .launch, .activate,                 // the user taps the icon
    .deactivate, .activate,             // a phone call comes and goes
    .deactivate, .enterBackground,      // the user goes to the Home Screen
    .suspend,                           // a few seconds later
    .enterForeground, .activate,        // the user comes back
]

print("state: \(app.state)")
for event in day {
    let before = app.state
    do {
        let callbacks = try app.send(event)
        print("\(event): \(before) -> \(app.state)")
        for callback in callbacks {
            print("    \(callback)")
        }
    } catch {
        print("\(event): rejected, \(error)")
    }
}

// A suspended app runs no code, so it cannot be activated directly.
var frozen = AppLifecycle(state: .suspended)
do {
    _ = try frozen.send(.activate)
} catch {
    print("rejected: \(error)")
}
