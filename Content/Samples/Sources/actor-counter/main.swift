// actor-counter — an actor serialises access to its state: ten tasks add a
// thousand visits each and none is lost. Then reentrancy: an actor method
// that awaits lets other calls in, so a check made before the await may no
// longer hold after it. A gate makes the interleaving the same on every run:
// each booking waits at it until both bookings have checked the seats.
actor VisitCounter {
    private(set) var total = 0
    func add() { total += 1 }
}

// snippet.counter
func countVisits() async -> Int {
    let counter = VisitCounter()
    await withTaskGroup(of: Void.self) { group in
        for _ in 1...10 {
            group.addTask {
                for _ in 1...1_000 { await counter.add() }
            }
        }
    }
    return await counter.total
}
// snippet.end

/// Lets callers through only when `expected` of them are waiting.
actor Gate {
    private let expected: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []
    init(expected: Int) { self.expected = expected }

    func pass() async {
        await withCheckedContinuation { continuation in
            waiting.append(continuation)
            if waiting.count == expected {
                for waiter in waiting { waiter.resume() }
                waiting.removeAll()
            }
        }
    }
}

// snippet.reentrant
actor Concert {
    private(set) var seats = 1
    private(set) var tickets: [String] = []
    let payment: Gate                         // stands for a call to a payment service

    init(payment: Gate) { self.payment = payment }

    /// Checks, then awaits the payment, then takes the seat.
    func bookChecking(for name: String) async -> Bool {
        guard seats > 0 else { return false }
        await payment.pass()                  // other calls may run here
        seats -= 1
        tickets.append(name)
        return true
    }

    /// Takes the seat first, then awaits the payment.
    func bookTaking(for name: String) async -> Bool {
        guard seats > 0 else { return false }
        seats -= 1                            // no await between check and change
        await payment.pass()
        tickets.append(name)
        return true
    }
}
// snippet.end

func sellOneSeat(taking: Bool, gateSize: Int) async -> String {
    let concert = Concert(payment: Gate(expected: gateSize))
    async let ana = taking ? concert.bookTaking(for: "Ana") : concert.bookChecking(for: "Ana")
    async let ben = taking ? concert.bookTaking(for: "Ben") : concert.bookChecking(for: "Ben")
    let booked = [await ana, await ben].filter { $0 }.count
    return "booked \(booked), seats left \(await concert.seats)"
}

print("visits:", await countVisits())
print("check, await, change:", await sellOneSeat(taking: false, gateSize: 2))
print("check and change, await:", await sellOneSeat(taking: true, gateSize: 1))
