// delegate-timer — a countdown driven by a Foundation Timer that reports to a weak delegate.
import Foundation

/// What a countdown tells its delegate. `AnyObject` makes it class-only, so the
/// countdown can hold its delegate weakly.
@MainActor
protocol CountdownDelegate: AnyObject {
    func countdown(_ countdown: Countdown, didTick remaining: Int)
    func countdownDidFinish(_ countdown: Countdown)
    func countdownShouldStart(_ countdown: Countdown) -> Bool
}

extension CountdownDelegate {
    // A default implementation makes a requirement optional, like @optional.
    func countdownShouldStart(_ countdown: Countdown) -> Bool { true }
}

@MainActor
final class Countdown {
    let name: String
    private(set) var remaining: Int
    weak var delegate: (any CountdownDelegate)?
    private var timer: Timer?

    init(name: String, seconds: Int) {
        self.name = name
        self.remaining = seconds
    }

    var isRunning: Bool { timer != nil }

    func start(interval: TimeInterval) {
        guard delegate?.countdownShouldStart(self) ?? true else {
            print("\(name): delegate refused to start")
            return
        }
        print("\(name): start, \(remaining) ticks")
        timer = Timer.scheduledTimer(withTimeInterval: interval, repeats: true) { [weak self] _ in
            MainActor.assumeIsolated { self?.tick() }
        }
    }

    private func tick() {
        remaining -= 1
        delegate?.countdown(self, didTick: remaining)
        if remaining == 0 {
            timer?.invalidate()
            timer = nil
            delegate?.countdownDidFinish(self)
        }
    }
}

/// Plays the part of a view controller: it owns the countdown and is its delegate.
@MainActor
final class KitchenScreen: CountdownDelegate {
    let countdown: Countdown

    init(dish: String, seconds: Int) {
        countdown = Countdown(name: dish, seconds: seconds)
        countdown.delegate = self
    }

    func countdown(_ countdown: Countdown, didTick remaining: Int) {
        print("  \(countdown.name): \(remaining) left")
    }

    func countdownDidFinish(_ countdown: Countdown) {
        print("  \(countdown.name): done, ring the bell")
    }
    // countdownShouldStart(_:) is not written: the default answers true.
}

/// A delegate that vetoes starting while the oven is off.
@MainActor
final class OvenGuard: CountdownDelegate {
    var ovenIsOn = false

    func countdown(_ countdown: Countdown, didTick remaining: Int) {}
    func countdownDidFinish(_ countdown: Countdown) { print("  \(countdown.name): done") }
    func countdownShouldStart(_ countdown: Countdown) -> Bool { ovenIsOn }
}

/// Runs the main run loop until the countdown stops.
@MainActor
func runUntilStopped(_ countdown: Countdown) {
    while countdown.isRunning {
        _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
    }
}

let tea = KitchenScreen(dish: "tea", seconds: 3)
tea.countdown.start(interval: 0.01)
runUntilStopped(tea.countdown)

let bread = Countdown(name: "bread", seconds: 2)
let ovenGuard = OvenGuard()
bread.delegate = ovenGuard
bread.start(interval: 0.01)
ovenGuard.ovenIsOn = true
bread.start(interval: 0.01)
runUntilStopped(bread)

var screen: KitchenScreen? = KitchenScreen(dish: "egg", seconds: 2)
let egg = screen!.countdown
screen = nil
print("egg: delegate is \(egg.delegate == nil ? "gone" : "alive")")
egg.start(interval: 0.01)
runUntilStopped(egg)
print("egg: finished with nobody listening, remaining \(egg.remaining)")
