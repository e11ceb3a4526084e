// dispatch-group — three thumbnails made on a concurrent queue and joined with
// a DispatchGroup: enter and leave around each job, notify when all are done,
// wait with a timeout when one job never finishes, and a delayed search that
// asyncAfter runs only for the last keystroke. Jobs finish in any order, so
// each writes its result into its own slot, by index: the output does not
// depend on which job finished first.
//
// The code is in functions, not at the top level: top-level code and its
// variables are isolated to the main actor, and a closure that runs on
// another queue cannot change them.
import Foundation
import Synchronization

let photos = ["harbour.heic", "lighthouse.heic", "dunes.heic"]
let workers = DispatchQueue(label: "thumbnails", attributes: .concurrent)

// snippet.notify
func makeThumbnails() {
    let results = Mutex([String?](repeating: nil, count: photos.count))
    let group = DispatchGroup()
    for (index, photo) in photos.enumerated() {
        group.enter()
        workers.async {
            let thumbnail = photo.replacingOccurrences(of: ".heic", with: "-small.jpg")
            results.withLock { $0[index] = thumbnail }     // its own slot
            group.leave()
        }
    }
    let reported = DispatchSemaphore(value: 0)
    group.notify(queue: DispatchQueue(label: "report")) {
        print("notify:", results.withLock { $0.compactMap { $0 } })
        reported.signal()
    }
    reported.wait()                 // only so that the program does not end first
}
// snippet.end

// snippet.timeout
func waitWithTimeout() {
    let group = DispatchGroup()
    group.enter()                                       // a job that forgot to leave
    workers.async(group: group) { _ = photos.count }    // a job that finishes
    switch group.wait(timeout: .now() + .milliseconds(200)) {
    case .success: print("wait: all finished")
    case .timedOut: print("wait: timed out, a job is still inside the group")
    }
    group.leave()                                       // now the count is zero
    print("after leave:", group.wait(timeout: .now() + .milliseconds(200)))
}
// snippet.end

// snippet.debounce
func searchAsTheUserTypes() {
    let main = DispatchQueue(label: "a model of the main queue")
    let searches = Mutex([String]())
    var pending: DispatchWorkItem?
    for text in ["l", "li", "lig", "light"] {           // four quick keystrokes
        pending?.cancel()                               // the older search is not needed
        let item = DispatchWorkItem { searches.withLock { $0.append(text) } }
        pending = item
        main.asyncAfter(deadline: .now() + .milliseconds(300), execute: item)
    }
    pending?.wait()
    print("searches run:", searches.withLock { $0 })
}
// snippet.end

makeThumbnails()
waitWithTimeout()
searchAsTheUserTypes()
