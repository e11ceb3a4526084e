// Swift errors and NSError: domain, code and userInfo in both directions.
import Foundation

/// Prints an error the way Objective-C code sees it.
func describe(_ error: any Error) {
    let ns = error as NSError
    print("  domain:   \(ns.domain)")
    print("  code:     \(ns.code)")
    for key in ns.userInfo.keys.sorted() {
        print("  userInfo: \(key) = \(ns.userInfo[key]!)")
    }
    print("  message:  \(ns.localizedDescription)")
}

// 1. A plain Swift enum: the bridge invents domain and code.
enum ShelfError: Error {
    case locked
    case unknownShelf(String)
    case full(capacity: Int)
}

print("1. Plain Swift error")
describe(ShelfError.locked)
print("  codes of the three cases:",
      [ShelfError.locked, .unknownShelf("A1"), .full(capacity: 4)]
          .map { ($0 as NSError).code })

// 2. The same error with a stable domain, code and userInfo.
enum StoreError: Error, CustomNSError {
    case unknownShelf(String)
    case full(capacity: Int)

    static var errorDomain: String { "com.example.store" }

    var errorCode: Int {
        switch self {
        case .unknownShelf: 100
        case .full: 101
        }
    }

    var errorUserInfo: [String: Any] {
        switch self {
        case .unknownShelf(let shelf):
            [NSLocalizedDescriptionKey: "There is no shelf \(shelf).", "shelf": shelf]
        case .full(let capacity):
            [NSLocalizedDescriptionKey: "The shelf holds only \(capacity) boxes.",
             "capacity": capacity]
        }
    }
}

print("2. CustomNSError")
describe(StoreError.full(capacity: 4))

// 3. An NSError made the way an Objective-C API would make it.
func legacyReserve(box: Int) throws {
    throw NSError(domain: "com.example.legacy", code: 7,
                  userInfo: [NSLocalizedDescriptionKey: "Box \(box) is reserved.",
                             "box": box])
}

print("3. NSError caught in Swift")
do {
    try legacyReserve(box: 12)
} catch let error as NSError where error.domain == "com.example.legacy" {
    print("  caught code \(error.code), box \(error.userInfo["box"]!)")
    describe(error)
}

// 4. Foundation's own errors arrive as CocoaError.
print("4. Foundation error")
do {
    _ = try String(contentsOfFile: "/no/such/folder/notes.txt", encoding: .utf8)
} catch let error as CocoaError where error.code == .fileReadNoSuchFile {
    print("  CocoaError.fileReadNoSuchFile, path \(error.filePath ?? "?")")
    describe(error)
    if let underlying = error.underlying as NSError? {
        print("  underlying: \(underlying.domain) \(underlying.code)")
    }
} catch {
    print("  unexpected: \(error)")
}
