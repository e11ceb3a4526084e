// deinit-trace — watch ARC create and destroy objects.
final class Tracked {
    let name: String

    init(_ name: String) {
        self.name = name
        print("init \(name)")
    }

    deinit {
        print("deinit \(name)")
    }
}

func useTemporary() {
    let temp = Tracked("temp")
    print("working with \(temp.name)")
}   // temp's last use is above, so it is released before the function returns

print("1. a local constant")
useTemporary()

print("2. two references to one object")
var first: Tracked? = Tracked("shared")
var second = first
first = nil
print("first is nil, second still sees \(second!.name)")
second = nil

print("3. replacing the only reference")
var current = Tracked("old")
current = Tracked("new")
print("current is \(current.name)")
print("end of program")
