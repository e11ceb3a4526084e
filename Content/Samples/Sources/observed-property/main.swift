// Property observers (willSet/didSet): when they run, when they do not,
// and what a change to one member of a struct property looks like.

struct Levels {
    var volume = 5
    var bass = 0
}

final class Speaker {
    var levels = Levels() {
        willSet { print("  willSet: volume \(levels.volume) -> \(newValue.volume)") }
        didSet {
            if levels.volume > 10 {
                levels.volume = 10  // assigning here does not call the observers again
            }
            print("  didSet: volume was \(oldValue.volume), now \(levels.volume)")
        }
    }

    init(volume: Int) {
        levels.volume = volume  // observers are not called during init
    }
}

func boost(_ value: inout Int) {
    value += 4
}

print("init")
let speaker = Speaker(volume: 3)
print("set a member of the struct")
speaker.levels.volume = 7
print("pass it inout")
boost(&speaker.levels.volume)
print("assign an equal value")
let unchanged = speaker.levels
speaker.levels = unchanged  // observers run even though nothing changed
