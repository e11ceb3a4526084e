// The Observation framework on Linux: an @Observable model, a view-like
// renderer that re-registers with withObservationTracking, and the
// Observations async sequence.
import Foundation
import Observation

struct Item {
    var name: String
    var price: Double
}

@MainActor @Observable
final class Cart {
    var items: [Item] = []
    var discount = 0.0         // a fraction, 0.1 is 10%
    var note = ""              // observable, but the renderer never reads it
    @ObservationIgnored var saves = 0  // not observable at all

    var total: Double {        // computed: tracked through items and discount
        items.reduce(0) { $0 + $1.price } * (1 - discount)
    }
}

func money(_ value: Double) -> String { String(format: "%.2f", value) }

// Plays the part of a view: renders, records what it read, and is told
// (once) when any of it is about to change.
@MainActor
final class CartLabel {
    let cart: Cart
    private(set) var isDirty = false

    init(cart: Cart) {
        self.cart = cart
        render()
    }

    func render() {
        isDirty = false
        let text = withObservationTracking {
            "\(cart.items.count) items, total \(money(cart.total))"
        } onChange: { [cart] in
            // Called before the change is stored, on the thread that makes it.
            MainActor.assumeIsolated {
                print("  onChange: total is still \(money(cart.total))")
                self.isDirty = true
            }
        }
        print("  render: \(text)")
    }

    // A run loop would do this once per pass; here the program calls it.
    func flush() {
        if isDirty { render() }
    }
}

let cart = Cart()
print("first render")
let label = CartLabel(cart: cart)

print("add two items, then flush")
cart.items.append(Item(name: "lamp", price: 30))
cart.items.append(Item(name: "bulb", price: 4.5))
label.flush()

print("change what the label never read")
cart.note = "gift wrap"
cart.saves += 1
label.flush()

print("apply a discount")
cart.discount = 0.1
label.flush()

print("assign the discount it already has")
cart.discount = 0.1        // equal to the stored value: observers are not told
label.flush()

// Observations: an async sequence of a tracked expression's values.
print("Observations")
let totals = Observations { money(cart.total) }
var step = 0
for await total in totals {
    print("  total \(total)")
    step += 1
    if step == 3 { break }
    cart.items.append(Item(name: "cable", price: 5))
    cart.discount = 0          // two changes before the next value: one element
}
