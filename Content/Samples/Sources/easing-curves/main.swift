// easing-curves — animation timing curves as functions of time.
//
// A timing curve maps the fraction of the duration that has passed to the
// fraction of the change that has happened. The frames are computed for fixed
// times, as a 60 Hz display would sample a 0.5 s animation; nothing is timed.
import Foundation
import Geometry

let header = TimingCurve.all.map { $0.name.padding(toLength: 10, withPad: " ", startingAt: 0) }.joined()
print(("time  " + header).trimmingCharacters(in: .whitespaces))
for step in 0...4 {
    let time = Double(step) / 4
    let row = TimingCurve.all.map { String(format: "%-10.3f", $0.progress(at: time)) }.joined()
    print((String(format: "%.2f  ", time) + row).trimmingCharacters(in: .whitespaces))
}

// A card slides from x = 20 to x = 220 in 0.5 s; frame n is shown at n / 60 s.
let (from, to, duration) = (20.0, 220.0, 0.5)
for curve in [TimingCurve.linear, .easeInOut] {
    let frames = stride(from: 0, through: 30, by: 6).map { frame -> String in
        let progress = curve.progress(at: Double(frame) / 60 / duration)
        return fmt(from + (to - from) * progress)
    }
    print("\(curve.name): x at frames 0, 6 … 30 = \(frames.joined(separator: ", "))")
}

// A spring-like overshoot cannot be a cubic curve with control points inside [0, 1];
// this closed form is a damped oscillation that settles at 1.
func spring(_ t: Double, damping: Double = 6, frequency: Double = 2.5) -> Double {
    1 - exp(-damping * t) * cos(2 * .pi * frequency * t)
}
let samples = stride(from: 0.0, through: 1.0, by: 0.2).map { fmt(spring($0)) }
print("spring: \(samples.joined(separator: ", "))")
