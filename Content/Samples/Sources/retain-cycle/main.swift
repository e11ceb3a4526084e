// retain-cycle — a leak between two objects, then the weak fix.
enum Leaky {
    final class Owner {
        let name: String
        var dog: Dog?
        init(name: String) { self.name = name }
        deinit { print("deinit Owner \(name)") }
    }

    final class Dog {
        let name: String
        var owner: Owner?          // strong back-reference: closes the cycle
        init(name: String) { self.name = name }
        deinit { print("deinit Dog \(name)") }
    }
}

enum Fixed {
    final class Owner {
        let name: String
        var dog: Dog?
        init(name: String) { self.name = name }
        deinit { print("deinit Owner \(name)") }
    }

    final class Dog {
        let name: String
        weak var owner: Owner?     // weak back-reference: no cycle
        init(name: String) { self.name = name }
        deinit { print("deinit Dog \(name)") }
    }
}

func leakyPair() {
    let owner = Leaky.Owner(name: "Ann")
    let dog = Leaky.Dog(name: "Rex")
    owner.dog = dog
    dog.owner = owner
    print("\(owner.name) walks \(dog.name)")
}

func fixedPair() {
    let dog = Fixed.Dog(name: "Rex")
    do {
        let owner = Fixed.Owner(name: "Ann")
        owner.dog = dog
        dog.owner = owner
        print("\(owner.name) walks \(dog.name)")
    }
    print("the dog's owner is now \(dog.owner?.name ?? "nil")")
}

print("-- strong <-> strong")
leakyPair()
print("-- no deinit above: the pair leaked")
print("-- strong -> weak")
fixedPair()
print("-- both objects were freed")
