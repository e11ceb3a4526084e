// crash-trace — crashes on purpose and reads what the Swift runtime prints.
// The program runs its own binary again as a child process, with the name of a
// programmer error as its argument; the child makes that error and crashes,
// and the parent reads the child's standard error: the message, the reason and
// the frames of the crashed thread, and finds the first frame in our own code.
import Foundation

// snippet.crashes
struct Cart {
    var items: [String]
    var counts: [Int]

    func item(at index: Int) -> String { items[index] }
    func totalCount() -> Int { counts.reduce(0) { $0 + $1 } }
}

struct CheckoutView {
    let cart: Cart
    func render(row: Int) -> String {
        print("rendering row \(row)")
        return cart.item(at: row)
    }
}

struct Account {
    var balance: Int
    mutating func withdraw(_ amount: Int) {
        precondition(amount <= balance, "overdraft: \(amount) > \(balance)")
        balance -= amount
    }
}

/// The child's part: one programmer error of each kind.
func crash(_ name: String) {
    let cart = Cart(items: ["tea", "bun", "jam"], counts: [2, .max])
    switch name {
    case "index": print(CheckoutView(cart: cart).render(row: 3))
    case "unwrap": print(Int("two")!)
    case "overflow": print(cart.totalCount())
    case "precondition":
        var account = Account(balance: 0)
        account.withdraw(5)
    default: break
    }
}
// snippet.end

if CommandLine.arguments.count > 1 {
    crash(CommandLine.arguments[1])
    exit(0)
}

// The parent's part.
struct Frame {
    var number: Int
    var marks: String
    var symbol: String
    var place: String
    /// A frame with a source line in this program's own file.
    var isOurs: Bool { place.hasPrefix("main.swift:") }
}

/// Reads one frame line: number, marks such as [ra] or [inlined], address,
/// symbol, and "in IMAGE" or "in IMAGE at FILE:LINE:COLUMN".
func parseFrame(_ line: Substring) -> Frame? {
    let pattern = /^\s*(\d+) ((?:\[\w+\]\s*)*)\s*0x[0-9a-f]+ (.+?)(?: \+ \d+)? in (\S+)(?: at (\S+))?$/
    guard let match = line.firstMatch(of: pattern) else { return nil }
    var place = String(match.4)
    if let location = match.5 {
        // Keep the file name and line: the folder depends on the machine.
        let parts = location.split(separator: "/").last!.split(separator: ":")
        place = parts.prefix(2).joined(separator: ":")
    }
    return Frame(number: Int(match.1)!, marks: match.2.split(separator: " ").joined(separator: " "),
                 symbol: String(match.3), place: place)
}

/// Runs the child for one error and prints what it left behind.
func examine(_ name: String) throws {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
    child.arguments = [name]
    child.environment = ["SWIFT_BACKTRACE": "enable=yes,interactive=no,color=no,threads=crashed,"
        + "registers=none,images=none,output-to=stderr"]
    let output = Pipe(), errors = Pipe()
    child.standardOutput = output
    child.standardError = errors
    try child.run()
    let report = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    child.waitUntilExit()

    print("== \(name)")
    let lines = report.split(separator: "\n")
    if let message = lines.first(where: { $0.contains("Fatal error:") || $0.contains(" failed: ") }) {
        print("message: \(message)")
    }
    if let headline = lines.first(where: { $0.hasPrefix("*** ") && !$0.contains("Backtracing") }) {
        let reason = headline.dropFirst(4).dropLast(4)
        print("reason:  \(reason.split(separator: " at 0x").first!)")
    }
    let how = child.terminationReason == .uncaughtSignal ? "signal" : "exit status"
    print("ended:   \(how) \(child.terminationStatus); stdout held \(printed.count) bytes")
    let frames = lines.compactMap(parseFrame)
    let start = frames.first(where: \.isOurs)?.number
    for frame in frames {
        let marks = frame.marks.padding(toLength: 19, withPad: " ", startingAt: 0)
        let note = frame.number == start ? "   <- start here" : ""
        print("  \(frame.number) \(marks)\(frame.symbol)  (\(frame.place))\(note)")
    }
}

for name in ["index", "unwrap", "overflow", "precondition"] {
    try examine(name)
}
