import Dispatch

/// Runs `transform` over `items` on all cores, keeping the order.
public func parallelMap<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
    let buffer = UnsafeMutableBufferPointer<R?>.allocate(capacity: items.count)
    buffer.initialize(repeating: nil)
    defer { buffer.deallocate() }
    nonisolated(unsafe) let results = buffer
    DispatchQueue.concurrentPerform(iterations: items.count) { index in
        results[index] = transform(items[index])
    }
    return buffer.map { $0! }
}
