// Property observers (willSet/didSet): when they run, when they do not,
// and what a change to one member of a struct property looks like.

struct Levels: Equatable, CustomStringConvertible {
    var volume = 5
    var bass = 0
    var description: String { "volume \(volume), bass \(bass)" }
}

class Speaker {
    var levels = Levels() {
        willSet { print("  willSet: \(levels) -> \(newValue)") }
        didSet {
            if levels.volume > 10 {
                levels.volume = 10  // assigning here does not call the observers again
            }
            print("  didSet: now \(levels)")
        }
    }

    init(volume: Int, bass: Int) {
        levels.volume = volume  // this class's own init assigns: no observers
        setBass(bass)           // a method called from init: observers run
    }

    func setBass(_ bass: Int) {
        levels.bass = bass
    }
}

final class PartySpeaker: Speaker {
    init() {
        super.init(volume: 6, bass: 2)
        levels.volume = 8       // a subclass init, after super.init: observers run
    }
}

func boost(_ value: inout Int) {
    value += 2
    value += 2
}

print("Speaker(volume: 3, bass: 1)")
let speaker = Speaker(volume: 3, bass: 1)
print("PartySpeaker()")
_ = PartySpeaker()
print("set a member of the struct")
speaker.levels.volume = 7
print("pass it inout")
boost(&speaker.levels.volume)
print("assign an equal value")
let unchanged = speaker.levels
speaker.levels = unchanged  // observers run even though nothing changed
