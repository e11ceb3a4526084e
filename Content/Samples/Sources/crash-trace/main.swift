// Reading a crash report: find the message, the crashed thread and the first
// frame in our own code. The report is invented, in the shape the Swift
// runtime prints on Linux (Xcode's crash logs list frames the same way).

let report = """
Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range

*** Program crashed: Illegal instruction at 0x00007f3a5c6f9361 ***

Thread 0 "Shop" crashed:

  0      0x00007f3a5c6f9361 closure #1 in closure #1 in _assertionFailure(_:_:file:line:flags:) + 305 in libswiftCore.so
  1 [ra] 0x00007f3a5c6f8e12 _assertionFailure(_:_:file:line:flags:) + 225 in libswiftCore.so
  2 [ra] 0x00007f3a5c9b1a72 specialized Array.subscript.getter + 114 in libswiftSwiftOnoneSupport.so
  3 [ra] 0x000055d0c1a2b3c4 Cart.item(at:) + 52 in Shop at /src/Shop/Cart.swift:41:16
  4 [ra] 0x000055d0c1a2b9f0 CheckoutView.render() + 210 in Shop at /src/Shop/CheckoutView.swift:18:22
  5 [ra] 0x000055d0c1a2c011 closure #1 in App.run() + 97 in Shop at /src/Shop/App.swift:30:9
  6 [ra] 0x000055d0c1a2c2a8 App.run() + 56 in Shop at /src/Shop/App.swift:29:5
  7 [ra] 0x000055d0c1a2c470 main + 48 in Shop at /src/Shop/main.swift:3:5
  8 [ra] 0x00007f3a5b429d90 __libc_start_call_main + 128 in libc.so.6

Thread 1 "worker":

  0      0x00007f3a5b491117 __futex_abstimed_wait_common + 215 in libc.so.6
"""

struct Frame {
    let number: Int
    let symbol: String
    let image: String
    let location: String?
}

/// Parses one frame line: number, [ra], address, symbol + offset, image, location.
func parseFrame(_ line: Substring) -> Frame? {
    let pattern = /^\s*(\d+)\s+(?:\[ra\]\s+)?0x[0-9a-f]+ (.+?) \+ \d+ in (\S+)(?: at (.+))?$/
    guard let match = line.firstMatch(of: pattern) else { return nil }
    return Frame(number: Int(match.1)!, symbol: String(match.2),
                 image: String(match.3), location: match.4.map(String.init))
}

let lines = report.split(separator: "\n")
let appImage = "Shop"

if let message = lines.first(where: { $0.contains("Fatal error:") }) {
    print("Message: \(message)")
}
if let reason = lines.first(where: { $0.hasPrefix("*** Program crashed:") }) {
    print("Signal:  \(reason.dropFirst(4).dropLast(4))")
}

// The frames of the crashed thread, up to the next thread.
let start = lines.firstIndex { $0.hasSuffix("crashed:") }!
var frames: [Frame] = []
for line in lines[(start + 1)...] {
    if line.hasPrefix("Thread ") { break }
    if let frame = parseFrame(line) { frames.append(frame) }
}
print("Thread:  \(lines[start].dropLast())")
print()

for frame in frames {
    let owner = frame.image == appImage ? "ours" : "    "
    print("\(frame.number)  \(owner)  \(frame.symbol)  [\(frame.image)]")
}
print()

if let culprit = frames.first(where: { $0.image == appImage }) {
    print("Start reading at frame \(culprit.number): \(culprit.symbol)")
    print("Source:  \(culprit.location ?? "no debug info")")
    let callers = frames.filter { $0.image == appImage && $0.number > culprit.number }
    print("Callers: " + callers.map(\.symbol).joined(separator: " <- "))
}
