// sort-people — one array of people, sorted by several keys in four ways.
import Foundation

struct Person {
    var first: String
    var last: String
    var city: String
    var age: Int
}

let people = [
    Person(first: "Mira", last: "Okafor", city: "Lisbon", age: 34),
    Person(first: "Tomas", last: "Berg", city: "Oslo", age: 41),
    Person(first: "Anya", last: "Okafor", city: "Lisbon", age: 29),
    Person(first: "Lena", last: "de Vries", city: "Utrecht", age: 41),
    Person(first: "Ines", last: "Duarte", city: "Porto", age: 29),
    Person(first: "Karl", last: "Berg", city: "Oslo", age: 52),
]

func show(_ title: String, _ list: [Person]) {
    print(title)
    for p in list {
        print("  \(p.last), \(p.first) — \(p.city), \(p.age)")
    }
}

// 1. Tuples compare element by element: last name, then first name.
show("1. last, first (tuple closure):",
     people.sorted { ($0.last, $0.first) < ($1.last, $1.first) })

// 2. Mixed directions need an explicit closure: age descending, then last name.
show("2. age descending, then last (closure):",
     people.sorted { a, b in
         if a.age != b.age { return a.age > b.age }
         return a.last < b.last
     })

// 3. The same idea as data: a list of sort descriptors, applied in order.
// On Linux a String key path is compared with <; on Apple platforms (iOS 17
// and later) its comparator defaults to .localizedStandard.
let byCityThenAge = [
    SortDescriptor(\Person.city),
    SortDescriptor(\Person.age, order: .reverse),
]
show("3. city, then age descending (SortDescriptor):",
     people.sorted(using: byCityThenAge))

// 4. A comparator that follows a locale's rules, ignoring case.
struct LocalizedOrder: SortComparator {
    var locale: Locale
    var order: SortOrder = .forward

    func compare(_ lhs: String, _ rhs: String) -> ComparisonResult {
        let result = lhs.compare(rhs, options: .caseInsensitive, locale: locale)
        guard order == .reverse else { return result }
        switch result {
        case .orderedAscending: return .orderedDescending
        case .orderedDescending: return .orderedAscending
        case .orderedSame: return .orderedSame
        }
    }
}

let english = Locale(identifier: "en")
show("4. last, first (KeyPathComparator, localized):",
     people.sorted(using: [
         KeyPathComparator(\Person.last, comparator: LocalizedOrder(locale: english)),
         KeyPathComparator(\Person.first, comparator: LocalizedOrder(locale: english)),
     ]))
