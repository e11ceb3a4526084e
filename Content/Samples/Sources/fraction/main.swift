import Fractions

let a = Fraction(1, 2)
let b = Fraction(6, -8)            // stored as -3/4
print("a = \(a), b = \(b)")
print("a + b = \(a + b)")
print("a - b = \(a - b)")
print("a * b = \(a * b)")
print("a / b = \(a / b)")

var c = a                          // a copy of the value
c += Fraction(1, 3)
print("a = \(a), c = \(c), a < c: \(a < c)")
print([Fraction(2, 3), Fraction(-1, 2), Fraction(1, 6)].sorted())

final class Tally {
    var total = Fraction(0)
}
let first = Tally()
let second = first                 // a second reference to one object
second.total += Fraction(1, 4)
print("first.total = \(first.total)")
