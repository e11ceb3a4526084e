// String(format:) specifiers, a receipt laid out with them, and their traps.
import Foundation

let specimens: [(format: String, argument: any CVarArg)] = [
    ("%d", 42),
    ("%5d", 42),
    ("%-5d", 42),
    ("%05d", 42),
    ("%+d", 42),
    ("%ld", 9_000_000_000),
    ("%u", UInt32(7)),
    ("%x", 255),
    ("%#X", 255),
    ("%o", 8),
    ("%f", 3.14159),
    ("%.2f", 3.14159),
    ("%8.3f", 3.14159),
    ("%e", 12345.678),
    ("%g", 0.0001),
    ("%@", "text" as NSString),
    ("%c", 65),
    ("%C", 0x416),
]

print("specifier   result")
for (format, argument) in specimens {
    let result = String(format: format, argument)
    print(format.padding(toLength: 12, withPad: " ", startingAt: 0) + "[" + result + "]")
}
print("%%          [" + String(format: "%%") + "]")

print()
print("A receipt:")
let lines = [("Green tea", 2, 3.5), ("Croissant", 1, 2.25), ("Water", 3, 0.9)]
var total = 0.0
for (item, count, price) in lines {
    let name = item.padding(toLength: 10, withPad: " ", startingAt: 0)
    print(String(format: "%@ %2d x %5.2f = %6.2f", name, count, price, Double(count) * price))
    total += Double(count) * price
}
print(String(format: "%@ %24.2f", "Total", total))

print()
print("Argument order and locale:")
print(String(format: "%2$@, %1$@", "Ivan", "Petrov"))
print(String(format: "%.2f", 1234.5))
print(String(format: "%.2f", locale: Locale(identifier: "ru_RU"), 1234.5))

print()
print("Mismatches compile but print nonsense:")
print(String(format: "%d", 3.7))
print(String(format: "%hhd", 300))
