// gesture-recognizer — a custom gesture recognizer as a state machine.
//
// The states and the legal moves follow UIGestureRecognizer.State. A recognizer
// here answers each touch event with the state it wants next (or nil to stay);
// the driver, standing in for UIKit, checks the move against the table, and
// after a final state resets the recognizer to .possible.

enum State: String, CaseIterable {
    case possible, began, changed, ended, cancelled, failed
}

/// Moves a recognizer may make; a final state leaves only through reset().
let legalMoves: [State: Set<State>] = [
    .possible: [.began, .ended, .failed],          // .ended straight from .possible = "recognized"
    .began: [.changed, .ended, .cancelled],
    .changed: [.changed, .ended, .cancelled],
    .ended: [], .cancelled: [], .failed: [],
]

enum TouchEvent {
    case began(fingers: Int, x: Double, y: Double)
    case moved(x: Double, y: Double)
    case ended
    case cancelled
}

struct IllegalMove: Error {
    let from: State
    let to: State
}

class GestureRecognizer {
    let name: String
    private(set) var state = State.possible
    init(name: String) { self.name = name }

    func move(to next: State) throws(IllegalMove) {
        guard legalMoves[state, default: []].contains(next) else {
            throw IllegalMove(from: state, to: next)
        }
        state = next
    }

    func resetState() {
        state = .possible
        reset()
    }

    // Subclasses override these, as a UIGestureRecognizer subclass overrides touchesBegan…
    func touchesBegan(fingers: Int, x: Double, y: Double) -> State? { nil }
    func touchesMoved(x: Double, y: Double) -> State? { nil }
    func touchesEnded() -> State? { nil }
    func touchesCancelled() -> State? { state == .possible ? .failed : .cancelled }
    func reset() {}
}

/// Discrete: one finger rubbing left and right at least three times, staying level.
final class ScrubRecognizer: GestureRecognizer {
    private var startY = 0.0, lastX = 0.0, direction = 0.0, turns = 0

    override func touchesBegan(fingers: Int, x: Double, y: Double) -> State? {
        guard fingers == 1 else { return .failed }
        (startY, lastX) = (y, x)
        return nil
    }

    override func touchesMoved(x: Double, y: Double) -> State? {
        if abs(y - startY) > 40 { return .failed }
        let step = x - lastX
        guard abs(step) >= 8 else { return nil }
        if direction != 0 && (step > 0) != (direction > 0) { turns += 1 }
        (direction, lastX) = (step, x)
        return nil
    }

    override func touchesEnded() -> State? { turns >= 3 ? .ended : .failed }
    override func reset() { (startY, lastX, direction, turns) = (0, 0, 0, 0) }
}

/// Continuous: began once the finger has moved 10 points, then changed on every move.
final class DragRecognizer: GestureRecognizer {
    private var startX = 0.0, startY = 0.0

    override func touchesBegan(fingers: Int, x: Double, y: Double) -> State? {
        (startX, startY) = (x, y)
        return nil
    }

    override func touchesMoved(x: Double, y: Double) -> State? {
        if state != .possible { return .changed }
        let squared = (x - startX) * (x - startX) + (y - startY) * (y - startY)
        return squared >= 10 * 10 ? .began : nil
    }

    override func touchesEnded() -> State? { state == .possible ? .failed : .ended }
}

/// What UIKit does for the recognizer: deliver events, check moves, reset after a final state.
func drive(_ recognizer: GestureRecognizer, _ title: String, _ events: [TouchEvent]) throws(IllegalMove) {
    var path = [recognizer.state.rawValue]
    for event in events {
        let wanted: State? = switch event {
        case let .began(fingers, x, y): recognizer.touchesBegan(fingers: fingers, x: x, y: y)
        case let .moved(x, y): recognizer.touchesMoved(x: x, y: y)
        case .ended: recognizer.touchesEnded()
        case .cancelled: recognizer.touchesCancelled()
        }
        if let wanted {
            try recognizer.move(to: wanted)
            path.append(wanted.rawValue)
        }
        if legalMoves[recognizer.state, default: []].isEmpty { break }   // a final state
    }
    print("\(recognizer.name), \(title): \(path.joined(separator: " -> "))")
    recognizer.resetState()
}

let scrub = ScrubRecognizer(name: "scrub")
let drag = DragRecognizer(name: "drag")
let zigzag: [TouchEvent] = [.began(fingers: 1, x: 100, y: 200), .moved(x: 140, y: 204),
                            .moved(x: 100, y: 198), .moved(x: 145, y: 206), .moved(x: 96, y: 201),
                            .moved(x: 150, y: 203), .ended]

try drive(scrub, "zigzag", zigzag)
try drive(scrub, "zigzag drifting down", [.began(fingers: 1, x: 100, y: 200), .moved(x: 140, y: 220),
                                          .moved(x: 100, y: 250), .moved(x: 145, y: 270), .ended])
try drive(scrub, "two fingers", [.began(fingers: 2, x: 100, y: 200), .moved(x: 140, y: 200), .ended])
try drive(drag, "zigzag", zigzag)
try drive(drag, "a call arrives", [.began(fingers: 1, x: 10, y: 10), .moved(x: 30, y: 10), .cancelled])
try drive(drag, "a tap", [.began(fingers: 1, x: 10, y: 10), .moved(x: 12, y: 11), .ended])

do throws(IllegalMove) {
    try scrub.move(to: .changed)                     // a discrete gesture has no .changed
} catch {
    print("refused: \(error.from) -> \(error.to)")
}
