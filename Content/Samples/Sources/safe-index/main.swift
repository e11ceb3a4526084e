// Three ways to ask an array for an element that may not be there.

struct IndexOutOfRange: Error, CustomStringConvertible {
    let index: Int
    let bounds: Range<Int>
    var description: String { "index \(index) is outside \(bounds)" }
}

extension Collection {
    /// Returns nil instead of stopping the program (constant time for arrays).
    subscript(safe index: Index) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}

extension Array {
    /// Throws instead of stopping the program.
    func element(at index: Int) throws(IndexOutOfRange) -> Element {
        guard indices.contains(index) else {
            throw IndexOutOfRange(index: index, bounds: indices)
        }
        return self[index]
    }
}

let planets = ["Mercury", "Venus", "Earth"]

print("1. Optional subscript")
for i in [1, 3, -1] {
    print("   planets[safe: \(i)] -> \(planets[safe: i] ?? "nil")")
}

print("2. Throwing method, do/catch")
for i in [2, 5] {
    do {
        let name = try planets.element(at: i)
        print("   element(at: \(i)) -> \(name)")
    } catch {
        // error is IndexOutOfRange here, not any Error
        print("   element(at: \(i)) threw: \(error); error.index = \(error.index)")
    }
}

print("3. try? and try!")
let missing = try? planets.element(at: 7)
print("   try? -> \(missing ?? "nil")")
let first = try! planets.element(at: 0)
print("   try! -> \(first)")

print("4. The plain subscript")
print("   planets[2] -> \(planets[2])")
// planets[3] would stop the program; crash-trace makes that very mistake on purpose.
