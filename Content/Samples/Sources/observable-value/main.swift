// A small observable type in place of KVO: observers subscribe to one
// property through a key path and stay subscribed while they keep the token.

final class ObservationToken {
    private var cancelAction: (() -> Void)?

    init(_ cancel: @escaping () -> Void) {
        cancelAction = cancel
    }

    func cancel() {
        cancelAction?()
        cancelAction = nil
    }

    deinit { cancel() }  // like NSKeyValueObservation: dropping the token ends it
}

@dynamicMemberLookup
final class Observed<Value> {
    private var observers: [Int: (_ old: Value, _ new: Value) -> Void] = [:]
    private var nextID = 0

    var value: Value {
        didSet {
            for id in observers.keys.sorted() {
                observers[id]?(oldValue, value)
            }
        }
    }

    init(_ value: Value) {
        self.value = value
    }

    // profile.city reads and writes profile.value.city
    subscript<Property>(dynamicMember path: WritableKeyPath<Value, Property>) -> Property {
        get { value[keyPath: path] }
        set { value[keyPath: path] = newValue }
    }

    // Calls handler when the property at path changes; initial: also right away.
    func observe<Property: Equatable>(
        _ path: KeyPath<Value, Property>, initial: Bool = false,
        _ handler: @escaping (_ old: Property?, _ new: Property) -> Void
    ) -> ObservationToken {
        let id = nextID
        nextID += 1
        observers[id] = { old, new in
            let before = old[keyPath: path]
            let after = new[keyPath: path]
            if before != after {
                handler(before, after)
            }
        }
        if initial {
            handler(nil, value[keyPath: path])
        }
        return ObservationToken { [weak self] in
            self?.observers[id] = nil
        }
    }
}

struct Profile {
    var name: String
    var city: String
}

let profile = Observed(Profile(name: "Iris", city: "Ghent"))
let cityToken = profile.observe(\.city, initial: true) { old, new in
    print("  city: \(old ?? "(initial)") -> \(new)")
}
var nameToken: ObservationToken? = profile.observe(\.name) { old, new in
    print("  name: \(old ?? "(initial)") -> \(new)")
}
profile.city = "Bruges"
profile.name = "Iris V."
profile.city = "Bruges"  // same value: no call
nameToken = nil          // dropping the token stops the name observer
profile.name = "Iris Vos"
cityToken.cancel()
profile.city = "Antwerp"
print("final: \(profile.name), \(profile.city), token: \(nameToken == nil ? "gone" : "kept")")
