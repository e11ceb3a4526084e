// gesture-classifier — names a gesture from the touch samples a screen recorded.
//
// Each sample is one finger at one moment: finger number, time in seconds and a
// position in points (y grows downwards, as in UIKit). The thresholds are this
// model's own choice, not UIKit's. A second pass joins quick taps into
// double and triple taps.
import Foundation

struct TouchSample {
    var finger: Int
    var time: Double
    var x: Double
    var y: Double
}

enum Gesture: Equatable {
    case tap, longPress, pan
    case swipe(String)
    case pinch(scale: Double)
    case unknown(String)
}

func distance(_ p: TouchSample, _ q: TouchSample) -> Double {
    ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot()
}

func classify(_ samples: [TouchSample]) -> Gesture {
    let fingers = Dictionary(grouping: samples, by: \.finger).mapValues { $0.sorted { $0.time < $1.time } }
    switch fingers.count {
    case 1:
        guard let track = fingers.values.first, let first = track.first, let last = track.last else {
            return .unknown("no samples")
        }
        let moved = distance(first, last)
        let duration = last.time - first.time
        if moved < 10 { return duration < 0.3 ? .tap : duration >= 0.5 ? .longPress : .unknown("short hold") }
        let (dx, dy) = (last.x - first.x, last.y - first.y)
        let speed = moved / max(duration, 0.001)
        guard moved >= 50, speed >= 300 else { return .pan }
        // Within 30° of an axis: tan 30° ≈ 0.577.
        if abs(dy) <= abs(dx) * 0.577 { return .swipe(dx > 0 ? "right" : "left") }
        if abs(dx) <= abs(dy) * 0.577 { return .swipe(dy > 0 ? "down" : "up") }
        return .pan
    case 2:
        let tracks = fingers.keys.sorted().compactMap { fingers[$0] }
        guard let a = tracks.first, let b = tracks.last,
              let a0 = a.first, let b0 = b.first, let a1 = a.last, let b1 = b.last else {
            return .unknown("no samples")
        }
        let scale = distance(a1, b1) / distance(a0, b0)
        return abs(scale - 1) >= 0.2 ? .pinch(scale: scale) : .unknown("two fingers, no pinch")
    default:
        return .unknown("\(fingers.count) fingers")
    }
}

func describe(_ gesture: Gesture) -> String {
    switch gesture {
    case .tap: "tap"
    case .longPress: "long press"
    case .pan: "pan"
    case .swipe(let direction): "swipe \(direction)"
    case .pinch(let scale): "pinch, scale \(String(format: "%.2f", scale))"
    case .unknown(let why): "unknown (\(why))"
    }
}

// Recorded gestures: each one from the first finger down to the last finger up.
let recordings: [(String, [TouchSample])] = [
    ("A", [TouchSample(finger: 1, time: 0.00, x: 100, y: 200),
           TouchSample(finger: 1, time: 0.09, x: 102, y: 201)]),
    ("B", [TouchSample(finger: 1, time: 0.00, x: 40, y: 300),
           TouchSample(finger: 1, time: 0.08, x: 150, y: 310),
           TouchSample(finger: 1, time: 0.15, x: 260, y: 318)]),
    ("C", [TouchSample(finger: 1, time: 0.00, x: 180, y: 500),
           TouchSample(finger: 1, time: 0.12, x: 176, y: 380)]),
    ("D", [TouchSample(finger: 1, time: 0.00, x: 50, y: 50),
           TouchSample(finger: 1, time: 0.90, x: 160, y: 170)]),
    ("E", [TouchSample(finger: 1, time: 0.00, x: 200, y: 200),
           TouchSample(finger: 1, time: 0.70, x: 203, y: 198)]),
    ("F", [TouchSample(finger: 1, time: 0.00, x: 150, y: 300), TouchSample(finger: 2, time: 0.02, x: 210, y: 300),
           TouchSample(finger: 1, time: 0.30, x: 100, y: 300), TouchSample(finger: 2, time: 0.31, x: 270, y: 300)]),
    ("G", [TouchSample(finger: 1, time: 0.00, x: 100, y: 100), TouchSample(finger: 2, time: 0.01, x: 200, y: 200),
           TouchSample(finger: 1, time: 0.25, x: 130, y: 130), TouchSample(finger: 2, time: 0.26, x: 170, y: 170)]),
]

print("single gestures")
for (name, samples) in recordings {
    print("  \(name): \(describe(classify(samples)))")
}

/// A finished tap: where and when the finger went down and came up.
struct Tap {
    var down: Double
    var up: Double
    var x: Double
    var y: Double
}

/// Joins taps that follow within `gap` seconds and `radius` points of the previous one.
func groupTaps(_ taps: [Tap], gap: Double = 0.3, radius: Double = 40) -> [[Tap]] {
    var groups: [[Tap]] = []
    for tap in taps.sorted(by: { $0.down < $1.down }) {
        if let previous = groups.last?.last,
           tap.down - previous.up <= gap,
           ((tap.x - previous.x) * (tap.x - previous.x) + (tap.y - previous.y) * (tap.y - previous.y)).squareRoot() <= radius {
            groups[groups.count - 1].append(tap)
        } else {
            groups.append([tap])
        }
    }
    return groups
}

let taps = [
    Tap(down: 0.00, up: 0.08, x: 100, y: 100), Tap(down: 0.25, up: 0.32, x: 104, y: 98),
    Tap(down: 1.00, up: 1.07, x: 100, y: 100),
    Tap(down: 2.00, up: 2.06, x: 50, y: 400), Tap(down: 2.20, up: 2.27, x: 52, y: 401),
    Tap(down: 2.45, up: 2.51, x: 49, y: 398),
    Tap(down: 3.00, up: 3.07, x: 100, y: 100), Tap(down: 3.20, up: 3.26, x: 250, y: 100),
]
let names = [1: "single", 2: "double", 3: "triple"]
print("tap groups")
for group in groupTaps(taps) {
    let first = group[0]
    print("  at \(String(format: "%.2f", first.down)) s: \(names[group.count] ?? "\(group.count)-fold") tap")
}
