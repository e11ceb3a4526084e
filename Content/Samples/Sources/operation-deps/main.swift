// operation-deps — a small build graph on an OperationQueue: operations that
// wait for others, at most two at once, one cancelled step and a completion
// block on each (cancelled or not). Operations finish in an order that changes from run to run,
// so each one records its "wave" (one more than the latest wave among its
// dependencies) and the program prints the log sorted by wave, then by name.
import Foundation
import Synchronization

struct Entry: Comparable {
    var wave: Int, name: String, note: String
    static func < (a: Entry, b: Entry) -> Bool { (a.wave, a.name) < (b.wave, b.name) }
}

final class BuildLog: Sendable {
    private let state = Mutex((entries: [Entry](), waves: [String: Int](), running: 0, peak: 0))

    func start() { state.withLock { $0.running += 1; $0.peak = max($0.peak, $0.running) } }
    func finish(_ name: String, after dependencies: [String], note: String) {
        state.withLock { s in
            let wave = 1 + (dependencies.compactMap { s.waves[$0] }.max() ?? 0)
            s.waves[name] = wave
            s.entries.append(Entry(wave: wave, name: name, note: note))
            s.running -= 1
        }
    }
    var entries: [Entry] { state.withLock { $0.entries.sorted() } }
    var peak: Int { state.withLock { $0.peak } }
}

let log = BuildLog()
let completed = Mutex([String]())
let allCompleted = DispatchGroup()      // left once by each completion block

/// One step of the build. It runs even if a dependency was cancelled,
/// so it checks for that itself.
func step(_ name: String) -> BlockOperation {
    let operation = BlockOperation()
    operation.name = name
    operation.addExecutionBlock { [unowned operation] in
        log.start()
        let names = operation.dependencies.compactMap(\.name)
        let skipped = operation.dependencies.filter(\.isCancelled).compactMap(\.name)
        let note = skipped.isEmpty ? "built" : "skipped: \(skipped.joined(separator: ", ")) cancelled"
        log.finish(name, after: names, note: note)
    }
    allCompleted.enter()
    operation.completionBlock = {
        completed.withLock { $0.append(name) }
        allCompleted.leave()
    }
    return operation
}

let fetch = step("fetch"), parse = step("parse"), render = step("render")
let docs = step("docs"), link = step("link"), package = step("package")
parse.addDependency(fetch)
render.addDependency(fetch)
docs.addDependency(fetch)
link.addDependency(parse)
link.addDependency(render)
package.addDependency(link)
package.addDependency(docs)

let queue = OperationQueue()
queue.maxConcurrentOperationCount = 2
queue.isSuspended = true                    // hold the queue while we set it up
queue.addOperations([package, link, docs, render, parse, fetch], waitUntilFinished: false)
docs.cancel()                               // the user turned documentation off
queue.isSuspended = false
queue.waitUntilAllOperationsAreFinished()
allCompleted.wait()                         // completion blocks run after that, on their own

for entry in log.entries {
    print("wave \(entry.wave): \(entry.name.padding(toLength: 8, withPad: " ", startingAt: 0)) \(entry.note)")
}
print("cancelled and not run:", [fetch, parse, render, docs, link, package]
    .filter { $0.isCancelled }.compactMap(\.name))
print("at most 2 at once:", log.peak <= 2)
print("completion blocks:", completed.withLock { $0.sorted() })
