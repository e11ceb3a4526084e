// Typed throws and Result: the error type is part of the signature.

enum QuantityError: Error {
    case empty
    case notANumber(String)
    case outOfRange(Int, allowed: ClosedRange<Int>)
}

/// Reads an order quantity typed by a user: a whole number from 1 to 99.
func parseQuantity(_ text: String) throws(QuantityError) -> Int {
    guard !text.isEmpty else { throw .empty }
    guard let value = Int(text) else { throw .notANumber(text) }
    let allowed = 1...99
    guard allowed.contains(value) else {
        throw .outOfRange(value, allowed: allowed)
    }
    return value
}

/// Every case is handled, so the catch needs no default.
func explain(_ error: QuantityError) -> String {
    switch error {
    case .empty: "nothing typed"
    case .notANumber(let text): "\"\(text)\" is not a number"
    case .outOfRange(let value, let allowed):
        "\(value) is outside \(allowed.lowerBound)...\(allowed.upperBound)"
    }
}

let inputs = ["3", "", "twelve", "150", "42"]

print("do/catch:")
for text in inputs {
    do {
        let quantity = try parseQuantity(text)
        print("  \"\(text)\" -> \(quantity)")
    } catch {
        print("  \"\(text)\" -> error: \(explain(error))")
    }
}

print("Result:")
let results: [Result<Int, QuantityError>] = inputs.map { text in
    Result { () throws(QuantityError) -> Int in try parseQuantity(text) }
}
for (text, result) in zip(inputs, results) {
    switch result {
    case .success(let quantity): print("  \"\(text)\" -> success(\(quantity))")
    case .failure(let error): print("  \"\(text)\" -> failure(\(explain(error)))")
    }
}
let total = results.compactMap { try? $0.get() }.reduce(0, +)
print("  total of valid quantities: \(total)")
let doubled = results[0].map { $0 * 2 }
print("  first result doubled: \(doubled)")

/// A generic helper: it throws whatever its closure throws, nothing else.
func applyToAll<E: Error>(
    _ texts: [String], _ transform: (String) throws(E) -> Int
) throws(E) -> [Int] {
    var values: [Int] = []
    for text in texts {
        values.append(try transform(text))
    }
    return values
}

print("Generic error type:")
let lengths = applyToAll(["a", "bb", "ccc"]) { $0.count }   // E is Never: no try
print("  lengths: \(lengths)")
do {
    let quantities = try applyToAll(["5", "0"], parseQuantity)
    print("  quantities: \(quantities)")
} catch {
    print("  stopped: \(explain(error))")
}
