// modal-unwind — a model of modal presentation and of an unwind segue.
// A controller presents at most one other controller; dismissing asks the
// presenting controller to do it, and dismissing a controller low in a chain
// of presentations removes everything above it. An unwind segue walks outward
// from its source — to the container, then to the controller that presented
// it — until one controller has the unwind action; it then dismisses and pops
// back to that controller and calls the action with the source.
import Foundation

@MainActor
final class Controller {
    let name: String
    private(set) var stack: [Controller] = []          // set for a navigation controller
    private(set) weak var container: Controller?
    private(set) var presented: Controller?
    private(set) weak var presenting: Controller?
    var unwindActions: [String: @MainActor (Controller) -> Void] = [:]
    var picked: String?                                 // data the source hands back

    init(_ name: String) { self.name = name }
    init(navigationWithRoot root: Controller, name: String) {
        self.name = name
        push(root)
    }

    func push(_ controller: Controller) {
        controller.container = self
        stack.append(controller)
    }

    func pop(to controller: Controller) {
        while let top = stack.last, top !== controller, stack.count > 1 { stack.removeLast() }
    }

    /// The controller that presents: the outermost container of this controller.
    var root: Controller { container?.root ?? self }

    func present(_ controller: Controller) {
        let presenter = root
        presenter.presented = controller
        controller.presenting = presenter
    }

    /// Called on the presenter, removes what it presented and everything above;
    /// called on a presented controller, asks its presenter to do it.
    func dismiss() {
        if let presented {
            presented.presenting = nil
            self.presented = nil
        } else {
            root.presenting?.dismiss()
        }
    }

    /// Where the model looks for an unwind action, nearest first: this controller and
    /// those below it in its stack, the container, then the same from the presenter.
    func unwindPath() -> [Controller] {
        var path: [Controller] = []
        var current: Controller? = self
        while let here = current {
            let presenter: Controller?
            if let container = here.container,
               let index = container.stack.firstIndex(where: { $0 === here }) {
                path += container.stack[...index].reversed() + [container]
                presenter = container.presenting
            } else {
                path.append(here)
                presenter = here.presenting
            }
            current = presenter.map { $0.stack.last ?? $0 }
        }
        return path
    }

    func unwind(_ action: String) {
        guard let destination = unwindPath().first(where: { $0.unwindActions[action] != nil }) else {
            print("unwind \(action): no controller has it; nothing happens")
            return
        }
        destination.root.dismiss()
        destination.container?.pop(to: destination)
        print("unwind \(action): \(name) -> \(destination.name)")
        destination.unwindActions[action]?(self)
    }
}

/// Prints the window's controllers: each navigation stack, then what it presents.
@MainActor
func describe(_ top: Controller, indent: String = "") {
    let names = top.stack.isEmpty ? top.name : "\(top.name) [\(top.stack.map(\.name).joined(separator: " > "))]"
    print(indent + names)
    if let presented = top.presented { describe(presented, indent: indent + "  presents ") }
}

let trip = Controller("Trip")
let trips = Controller(navigationWithRoot: Controller("Trips"), name: "Nav")
trips.push(trip)
var stops: [String] = []
trip.unwindActions["unwindToTrip"] = { source in
    if let place = source.picked { stops.append(place) }
    print("  Trip receives \(source.picked ?? "nothing") from \(source.name); stops: \(stops)")
}

let form = Controller("Stop form")
let sheet = Controller(navigationWithRoot: form, name: "Sheet")
trip.present(sheet)
let picker = Controller("Pick place")
sheet.push(picker)
describe(trips)

print("path:", picker.unwindPath().map(\.name).joined(separator: ", "))
picker.picked = "Harbor"
picker.unwind("unwindToTrip")
describe(trips)

let note = Controller("Note")
trip.present(Controller(navigationWithRoot: note, name: "Sheet 2"))
describe(trips)
note.unwind("unwindToMap")                 // no controller on the path has this action
note.dismiss()                             // the presented note asks its presenter
describe(trips)
