// target-action — controls that call a method of a weakly held target when an event happens.
import Foundation

/// The events a control reports, as UIControl.Event does.
struct ControlEvents: OptionSet {
    let rawValue: Int
    static let touchUpInside = ControlEvents(rawValue: 1 << 0)
    static let valueChanged = ControlEvents(rawValue: 1 << 1)
}

class Control {
    private struct Registration {
        weak var target: AnyObject?          // a control does not own its targets
        let events: ControlEvents
        let send: (AnyObject, Control) -> Void
    }

    private var registrations: [Registration] = []
    private var actions: [(events: ControlEvents, handler: (Control) -> Void)] = []

    /// Target–action: `action` is a method of Target, named as `Target.method`.
    func addTarget<Target: AnyObject>(_ target: Target,
                                      action: @escaping (Target) -> (Control) -> Void,
                                      for events: ControlEvents) {
        registrations.append(Registration(target: target, events: events) { target, sender in
            action(target as! Target)(sender)
        })
    }

    /// The closure form, like UIAction on iOS 14 and later.
    func addAction(for events: ControlEvents, _ handler: @escaping (Control) -> Void) {
        actions.append((events, handler))
    }

    func sendActions(for event: ControlEvents) {
        registrations.removeAll { $0.target == nil }     // forget targets that went away
        for registration in registrations where registration.events.contains(event) {
            if let target = registration.target {
                registration.send(target, self)
            }
        }
        for action in actions where action.events.contains(event) {
            action.handler(self)
        }
    }
}

final class Button: Control {
    let title: String
    init(title: String) { self.title = title }
    func userTaps() { sendActions(for: .touchUpInside) }
}

/// Like UISwitch: the user's flip sends .valueChanged; setting it in code sends nothing.
final class Switch: Control {
    private(set) var isOn = false
    func setOn(_ on: Bool) { isOn = on }
    func userFlips() {
        isOn.toggle()
        sendActions(for: .valueChanged)
    }
}

/// Like UISlider: a continuous slider reports every value of a drag, otherwise only the last.
final class Slider: Control {
    private(set) var value = 0
    var isContinuous = true
    func userDrags(through values: [Int]) {
        for (index, newValue) in values.enumerated() {
            value = newValue
            if isContinuous || index == values.count - 1 {
                sendActions(for: .valueChanged)
            }
        }
    }
}

/// Plays the part of a view controller with three action methods.
final class VolumeController {
    let name: String
    init(name: String) { self.name = name }

    func volumeChanged(_ sender: Control) {
        guard let slider = sender as? Slider else { return }
        print("\(name): volume \(slider.value)")
    }

    func muteChanged(_ sender: Control) {
        guard let mute = sender as? Switch else { return }
        print("\(name): mute \(mute.isOn ? "on" : "off")")
    }

    func save(_ sender: Control) {
        let title = (sender as? Button)?.title ?? "?"
        print("\(name): saved by button '\(title)'")
    }

    deinit { print("\(name): deinit") }
}

let slider = Slider()
let mute = Switch()
let saveButton = Button(title: "Save")
var controller: VolumeController? = VolumeController(name: "settings")

if let controller {
    slider.addTarget(controller, action: VolumeController.volumeChanged, for: .valueChanged)
    mute.addTarget(controller, action: VolumeController.muteChanged, for: .valueChanged)
    saveButton.addTarget(controller, action: VolumeController.save, for: [.touchUpInside])
}
saveButton.addAction(for: .touchUpInside) { sender in
    print("closure: \((sender as? Button)?.title ?? "?") tapped")
}

slider.userDrags(through: [3, 4, 5])
slider.isContinuous = false
slider.userDrags(through: [6, 7, 8])            // one action, for the last value
mute.setOn(true)                                // code, not the user: no action
mute.userFlips()
saveButton.userTaps()
saveButton.sendActions(for: .valueChanged)      // nobody registered for it
controller = nil                                // the controls did not keep it
print("controller released")
slider.userDrags(through: [9])
saveButton.userTaps()
