// app-lifecycle — drives the state machines of a scene-based app through an
// ordinary day and prints every delegate method in the order UIKit calls it.
import Lifecycle

var app = AppLifecycle()
let day: [AppEvent] = [
    .launch, .connect("Inbox"), .activate("Inbox"),   // the user taps the icon
    .deactivate("Inbox"), .activate("Inbox"),          // a system alert comes and goes
    .deactivate("Inbox"), .enterBackground("Inbox"),   // the user goes to the Home Screen
    .suspend,                                          // a few seconds later
    .resume, .enterForeground("Inbox"), .activate("Inbox"),   // the user comes back
]

print("app: \(app.state)")
for event in day {
    let before = app.state
    do {
        let callbacks = try app.send(event)
        print("\(event): app \(before) -> \(app.state)")
        for callback in callbacks {
            print("    \(callback)")
        }
    } catch {
        print("\(event): rejected, \(error)")
    }
}

// A suspended process runs no code: its scene cannot come back without it.
var frozen = AppLifecycle()
for event: AppEvent in [.launch, .connect("Inbox"), .enterBackground("Inbox"), .suspend] {
    _ = try frozen.send(event)
}
do {
    _ = try frozen.send(.enterForeground("Inbox"))
} catch {
    print("rejected: \(error)")
}
