// responder-chain — hit-testing and the next-responder walk, modelled.
//
// A touch goes to the deepest visible, interactive view whose bounds contain
// it (later subviews are tested first, as they are drawn on top). An action that
// view does not handle walks up the chain: view → its controller, if it is the
// controller's root view → superview … → window → application.
import Foundation

class Responder {
    let name: String
    let actions: Set<String>
    init(_ name: String, actions: Set<String> = []) { (self.name, self.actions) = (name, actions) }
    var next: Responder? { nil }
}

final class Application: Responder {}

class View: Responder {
    let frame: CGRect                          // in the superview's coordinates; no transforms here
    var isHidden = false
    var isUserInteractionEnabled = true
    private(set) weak var superview: View?
    private(set) var subviews: [View] = []
    weak var controller: ViewController?        // set when this is a controller's root view

    init(_ name: String, frame: CGRect, actions: Set<String> = []) {
        self.frame = frame
        super.init(name, actions: actions)
    }

    func addSubview(_ view: View) {
        subviews.append(view)
        view.superview = self
    }

    override var next: Responder? { controller ?? superview }

    /// `point` is in this view's coordinates.
    func hitTest(_ point: CGPoint) -> View? {
        guard !isHidden, isUserInteractionEnabled,
              CGRect(origin: .zero, size: frame.size).contains(point) else { return nil }
        for subview in subviews.reversed() {
            let local = CGPoint(x: point.x - subview.frame.minX, y: point.y - subview.frame.minY)
            if let hit = subview.hitTest(local) { return hit }
        }
        return self
    }
}

final class Window: View {
    let application: Application
    init(frame: CGRect, application: Application) {
        self.application = application
        super.init("window", frame: frame)
    }
    override var next: Responder? { application }
}

final class ViewController: Responder {
    let view: View
    init(_ name: String, view: View, actions: Set<String>) {
        self.view = view
        super.init(name, actions: actions)
        view.controller = self
    }
    override var next: Responder? { view.superview }
}

let app = Application("application", actions: ["openSettings"])
let window = Window(frame: CGRect(x: 0, y: 0, width: 360, height: 640), application: app)
let root = View("root view", frame: window.frame)
let notes = ViewController("NotesController", view: root, actions: ["deleteNote"])
let card = View("card", frame: CGRect(x: 20, y: 100, width: 320, height: 200))
let title = View("title label", frame: CGRect(x: 16, y: 16, width: 200, height: 24))
title.isUserInteractionEnabled = false          // labels ignore touches unless told otherwise
let button = View("share button", frame: CGRect(x: 220, y: 150, width: 84, height: 36), actions: ["share"])
let pin = View("pin", frame: CGRect(x: 296, y: -12, width: 32, height: 32))   // sticks out above the card
let banner = View("banner", frame: CGRect(x: 0, y: 0, width: 360, height: 60))
banner.isHidden = true
window.addSubview(root)
root.addSubview(card)
root.addSubview(banner)
card.addSubview(title)
card.addSubview(button)
card.addSubview(pin)

print("hit-testing")
for (x, y) in [(260.0, 268.0), (60.0, 124.0), (330.0, 95.0), (330.0, 105.0), (100.0, 30.0)] {
    let hit = window.hitTest(CGPoint(x: x, y: y))
    print("  (\(Int(x)), \(Int(y))) -> \(hit?.name ?? "nothing")")
}

func send(_ action: String, from first: Responder) {
    var chain: [String] = []
    var responder: Responder? = first
    while let current = responder {
        chain.append(current.name)
        if current.actions.contains(action) {
            print("\(action): \(chain.joined(separator: " > ")) handles it")
            return
        }
        responder = current.next
    }
    print("\(action): \(chain.joined(separator: " > ")) > nobody")
}

print("responder chain")
send("share", from: button)
send("deleteNote", from: title)
send("openSettings", from: pin)
send("undo", from: card)
