import Foundation

protocol Describable {
    var summary: String { get }
}

protocol Resettable: AnyObject {
    func reset()
}

final class Counter: Describable, Resettable {
    private(set) var count = 0
    func increment() { count += 1 }
    var summary: String { "counter at \(count)" }
    func reset() { count = 0 }
}

struct Temperature: Describable {
    var celsius: Double
    var summary: String { "\(celsius) degrees Celsius" }
}

class Label {
    let text: String
    init(text: String) { self.text = text }
}

final class BadgeLabel: Label, Describable {
    var summary: String { "badge \"\(text)\"" }
}

let counter = Counter()
counter.increment()
counter.increment()

let items: [Any] = [counter, Temperature(celsius: 21.5),
                    Label(text: "Inbox"), BadgeLabel(text: "3"), 42]

// as? — the Swift counterpart of conformsToProtocol: plus a cast
for item in items {
    let name = type(of: item)
    if let describable = item as? Describable {
        print("\(name): \(describable.summary)")
    } else {
        print("\(name): not Describable")
    }
}

// is — a yes/no question, like isKindOfClass:
let labels = items.filter { $0 is Label }.count
let describables = items.filter { $0 is Describable }.count
print("labels: \(labels), describable: \(describables) of \(items.count)")

// for case ... as — loop only over the items that conform
for case let resettable as Resettable in items {
    resettable.reset()
}
print("after reset: \(counter.summary)")

// Checking a metatype instead of an instance
let types: [Any.Type] = [Counter.self, Temperature.self, Label.self]
for kind in types {
    print("\(kind) is Resettable: \(kind is Resettable.Type)")
}
