// alert-actions — a Foundation model of UIAlertController: an alert is a
// value with a title, a message and actions in the order they were added;
// a screen presents it only while its view is on screen, and choosing an
// action takes the alert away and runs that action's handler.

enum ActionStyle: String {
    case `default`, cancel, destructive
}

struct AlertAction {
    let title: String
    let style: ActionStyle
    let handler: @MainActor () -> Void   // UIAlertController is a @MainActor class too
}

struct Alert {
    let title: String
    let message: String
    private(set) var actions: [AlertAction] = []

    init(title: String, message: String) {
        self.title = title
        self.message = message
    }

    /// The order of the calls is the order of the buttons.
    mutating func addAction(_ action: AlertAction) {
        actions.append(action)
    }
}

/// A view controller reduced to what presenting needs.
@MainActor final class Screen {
    let name: String
    private(set) var isOnScreen = false
    private(set) var presented: Alert?

    init(name: String) { self.name = name }

    func viewDidAppear() { isOnScreen = true }     // the view is now in the window

    func present(_ alert: Alert) {
        guard isOnScreen else {
            print("\(name): not on screen, \"\(alert.title)\" is not shown")
            return
        }
        presented = alert
        print("\(name) shows \"\(alert.title)\" (\(alert.message))")
        for action in alert.actions {
            print("    [\(action.title)] \(action.style)")
        }
    }

    /// The user taps a button of the alert on screen.
    func tap(_ title: String) {
        guard let alert = presented, let action = alert.actions.first(where: { $0.title == title })
        else {
            print("\(name): no button \"\(title)\" on screen")
            return
        }
        presented = nil                     // the alert goes first, then the handler runs
        action.handler()
    }
}

// MARK: - A list that asks before it deletes

var notes = ["Groceries", "Passwords", "Trip"]
let list = Screen(name: "List")

@MainActor func confirmDelete(_ note: String) -> Alert {
    var alert = Alert(title: "Delete \(note)?", message: "This cannot be undone")
    alert.addAction(AlertAction(title: "Delete", style: .destructive) {
        notes.removeAll { $0 == note }
        print("    deleted \(note); left: \(notes.joined(separator: ", "))")
    })
    alert.addAction(AlertAction(title: "Cancel", style: .cancel) {
        print("    kept \(note)")
    })
    return alert
}

list.present(confirmDelete("Trip"))         // too early: viewDidLoad, not yet on screen
list.viewDidAppear()
list.present(confirmDelete("Groceries"))
list.tap("Delete")
list.tap("Delete")                          // the alert is gone: nothing runs twice
list.present(confirmDelete("Passwords"))
list.tap("Cancel")
