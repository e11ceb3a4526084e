// String(format:) specifiers, a receipt laid out with them, and their traps.
// Swift's Int is 64 bits, so it takes the l modifier: %ld, %lu, %lx.
import Foundation

/// Each specifier with an argument of the type it reads.
let specimens: [(format: String, argument: any CVarArg)] = [
    ("%5d", Int32(42)),
    ("%5ld", 42),
    ("%-5ld", 42),
    ("%05ld", 42),
    ("%+ld", 42),
    ("%ld", 9_000_000_000),
    ("%lu", UInt(7)),
    ("%lld", Int64.min),
    ("%lx", 255),
    ("%#lX", 255),
    ("%lo", 8),
    ("%f", 3.14159),
    ("%.2f", 3.14159),
    ("%8.3f", 3.14159),
    ("%e", 12345.678),
    ("%g", 12345.678),
    ("%g", 0.0001),
    ("%@", "text"),
    ("%c", CChar(65)),
    ("%C", UInt16(0x416)),
]

/// One line of the table: the format, the argument it was given, the result.
func row(_ format: String, _ given: String, _ result: String) -> String {
    format.padding(toLength: 8, withPad: " ", startingAt: 0)
        + given.padding(toLength: 28, withPad: " ", startingAt: 0) + result
}

print(row("format", "argument", "result"))
for (format, argument) in specimens {
    print(row(format, "\(type(of: argument)) \(argument)", "[" + String(format: format, argument) + "]"))
}
print(row("%%", "none", "[" + String(format: "%%") + "]"))

print()
print("A receipt:")
let lines = [("Green tea", 2, 3.5), ("Croissant", 1, 2.25), ("Water", 3, 0.9)]
var total = 0.0
for (item, count, price) in lines {
    let name = item.padding(toLength: 10, withPad: " ", startingAt: 0)
    print(String(format: "%@ %2ld x %5.2f = %6.2f", name, count, price, Double(count) * price))
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
print("%d  with 9_000_000_000: " + String(format: "%d", 9_000_000_000))
print("%x  with -1:            " + String(format: "%x", -1))
print("%d  with 3.7:           " + String(format: "%d", 3.7))
print("%hhd with 300:          " + String(format: "%hhd", 300))
print("%10@ with \"abc\":        [" + String(format: "%10@", "abc") + "]")
