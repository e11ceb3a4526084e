// The KVC collection operators (@count, @sum, @avg, @min, @max,
// @unionOfObjects, @distinctUnionOfObjects, @unionOfArrays,
// @distinctUnionOfArrays, @distinctUnionOfSets) written as small, typed
// key-path helpers.
import Foundation

extension Sequence {
    // @sum.<key>
    func sum<Value: AdditiveArithmetic>(of path: KeyPath<Element, Value>) -> Value {
        reduce(.zero) { $0 + $1[keyPath: path] }
    }

    // @avg.<key>: nil for an empty sequence, which has no average
    func average<Value: FloatingPoint>(of path: KeyPath<Element, Value>) -> Value? {
        var total = Value.zero
        var count = 0
        for element in self {
            total += element[keyPath: path]
            count += 1
        }
        return count == 0 ? nil : total / Value(count)
    }

    // @min.<key> and @max.<key>
    func min<Value: Comparable>(of path: KeyPath<Element, Value>) -> Value? {
        lazy.map { $0[keyPath: path] }.min()
    }

    func max<Value: Comparable>(of path: KeyPath<Element, Value>) -> Value? {
        lazy.map { $0[keyPath: path] }.max()
    }

    // @distinctUnionOfObjects.<key>, keeping first-seen order
    func distinct<Value: Hashable>(_ path: KeyPath<Element, Value>) -> [Value] {
        var seen: Set<Value> = []
        return compactMap { element in
            let value = element[keyPath: path]
            return seen.insert(value).inserted ? value : nil
        }
    }
}

struct Order {
    var customer: String
    var total: Double
    var items: [String]
}

let orders = [
    Order(customer: "Quill & Co", total: 42.50, items: ["ink", "nibs"]),
    Order(customer: "Harbor Cafe", total: 18.00, items: ["mugs"]),
    Order(customer: "Quill & Co", total: 7.25, items: ["ink"]),
    Order(customer: "Fern Studio", total: 64.00, items: ["paper", "ink", "tape"]),
]
let none: [Order] = []

func money(_ value: Double?) -> String {
    guard let value else { return "none" }
    return String(format: "%.2f", value)
}

func row(_ label: String, _ values: Any...) {
    let padded = label.padding(toLength: 34, withPad: " ", startingAt: 0)
    print(padded + values.map { "\($0)" }.joined(separator: " "))
}

row("@count", orders.count)
row("@sum.total", money(orders.sum(of: \.total)))
row("@avg.total", money(orders.average(of: \.total)))
row("@avg.total (no orders)", money(none.average(of: \.total)))
row("@min.total / @max.total", money(orders.min(of: \.total)), money(orders.max(of: \.total)))
row("@max.customer", orders.max(of: \.customer) ?? "none")
row("@unionOfObjects.customer", orders.map(\.customer))
row("@distinctUnionOfObjects.customer", orders.distinct(\.customer))
row("@unionOfArrays.items", orders.flatMap(\.items))
row("@distinctUnionOfArrays.items", Set(orders.flatMap(\.items)).sorted())
let itemSets = orders.map { Set($0.items) }     // as if each order held an NSSet
row("@distinctUnionOfSets", Set(itemSets.joined()).sorted())

// What KVC could not do in one expression: a sum per customer.
let perCustomer = Dictionary(grouping: orders, by: \.customer)
    .mapValues { $0.sum(of: \.total) }
for (customer, total) in perCustomer.sorted(by: { $0.key < $1.key }) {
    print("  \(customer): \(money(total))")
}
