// copy-on-write — a value type that shares storage until a write.
final class Storage {
    var elements: [Int]
    init(_ elements: [Int]) { self.elements = elements }
}

struct IntBuffer {
    private var storage: Storage

    init(_ elements: [Int]) {
        storage = Storage(elements)
    }

    var elements: [Int] { storage.elements }   // reading never copies

    subscript(index: Int) -> Int {
        get { storage.elements[index] }
        set {
            makeUnique()
            storage.elements[index] = newValue
        }
    }

    mutating func append(_ value: Int) {
        makeUnique()
        storage.elements.append(value)
    }

    private mutating func makeUnique() {
        if isKnownUniquelyReferenced(&storage) {
            print("  unique: writing in place")
        } else {
            print("  shared: copying \(storage.elements.count) elements")
            storage = Storage(storage.elements)
        }
    }
}

var a = IntBuffer([1, 2, 3])
var b = a                          // shares a's storage; nothing is copied
print("b = a        a: \(a.elements)  b: \(b.elements)")
print("b.append(4)")
b.append(4)                        // storage is shared: b copies first
print("b.append(5)")
b.append(5)                        // b owns its storage now: no copy
print("a[0] = 10")
a[0] = 10                          // a is the only owner again: no copy
print("result       a: \(a.elements)  b: \(b.elements)")
