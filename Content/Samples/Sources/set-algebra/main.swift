// set-algebra — who signed up for which workshop, answered with set operations.
import Foundation

let swiftUI: Set = ["Anya", "Karl", "Lena", "Mira", "Tomas"]
let testing: Set = ["Ines", "Karl", "Mira", "Ravi"]
let staff: Set = ["Karl", "Mira"]

// Sets have no order: sort before printing so the output is stable.
func show(_ label: String, _ names: Set<String>) {
    let list = names.sorted().joined(separator: ", ")
    print("\(label) [\(names.count)]: \(list)")
}

show("SwiftUI", swiftUI)
show("Testing", testing)
show("union (either)", swiftUI.union(testing))
show("intersection (both)", swiftUI.intersection(testing))
show("subtracting (SwiftUI only)", swiftUI.subtracting(testing))
show("symmetricDifference (just one)", swiftUI.symmetricDifference(testing))

print("staff ⊆ SwiftUI:", staff.isSubset(of: swiftUI))
print("staff == both:", staff == swiftUI.intersection(testing))

// Any sequence will do as the argument, an array too.
let newcomers = ["Ravi", "Olga"]
print("SwiftUI and newcomers disjoint:", swiftUI.isDisjoint(with: newcomers))

// The mutating forms change the set in place.
var waitingList = Set(newcomers)
waitingList.subtract(swiftUI.union(testing))
show("waiting, not yet enrolled", waitingList)

// insert reports whether the element was new.
var checkedIn: Set<String> = []
for name in ["Mira", "Karl", "Mira"] {
    let (inserted, _) = checkedIn.insert(name)
    print("check in \(name):", inserted ? "new" : "already here")
}

// NSCountedSet in Objective-C; a dictionary of counts in Swift.
let answers = ["yes", "no", "yes", "maybe", "yes", "no"]
let counts = answers.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
for (answer, count) in counts.sorted(by: { $0.key < $1.key }) {
    print("\(answer): \(count)")
}
