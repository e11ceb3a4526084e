// nested-copies — what a copy of a dictionary of arrays shares, and what it does not.
import Foundation

/// A value: an array of pins holds the pins themselves.
struct Pin {
    var city: String
}

/// An object: an array of markers holds references to them.
final class Marker {
    var city: String
    init(city: String) { self.city = city }
    func copy() -> Marker { Marker(city: city) }
}

/// One line per board, boards sorted by name.
func show(_ label: String, _ boards: [String: [String]]) {
    for name in boards.keys.sorted() {
        print("  \(label) \(name): \(boards[name]!.joined(separator: ", "))")
    }
}

print("1. [String: [Pin]]: values all the way down")
let pins: [String: [Pin]] = ["trips": [Pin(city: "Oslo"), Pin(city: "Porto")]]
var pinsCopy = pins
pinsCopy["trips"]![0].city = "Lima"
pinsCopy["trips"]!.append(Pin(city: "Kyiv"))
show("original", pins.mapValues { $0.map(\.city) })
show("copy    ", pinsCopy.mapValues { $0.map(\.city) })

print("2. [String: [Marker]]: the arrays are copied, the markers are shared")
let markers: [String: [Marker]] = ["trips": [Marker(city: "Oslo"), Marker(city: "Porto")]]
var markersCopy = markers
markersCopy["trips"]![0].city = "Lima"      // changes the one shared marker
markersCopy["trips"]!.append(Marker(city: "Kyiv"))
show("original", markers.mapValues { $0.map(\.city) })
show("copy    ", markersCopy.mapValues { $0.map(\.city) })

print("3. [String: NSMutableArray]: the Objective-C way, the arrays are shared")
let lists: [String: NSMutableArray] = ["trips": NSMutableArray(array: ["Oslo", "Porto"])]
let listsCopy = lists                        // a let: it still cannot stop the change below
listsCopy["trips"]!.add("Kyiv")
show("original", lists.mapValues { $0.map { $0 as! String } })
show("copy    ", listsCopy.mapValues { $0.map { $0 as! String } })

print("4. [String: [Marker]] copied by hand: nothing is shared")
var deepCopy = markers.mapValues { $0.map { $0.copy() } }
deepCopy["trips"]![1].city = "Tunis"
show("original", markers.mapValues { $0.map(\.city) })
show("copy    ", deepCopy.mapValues { $0.map(\.city) })
print("  same first marker: \(deepCopy["trips"]![0] === markers["trips"]![0])")
