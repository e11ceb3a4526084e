import Dispatch

/// Runs `transform` over `items` on all cores, keeping the order.
public func parallelMap<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
    let buffer = UnsafeMutableBufferPointer<R?>.allocate(capacity: items.count)
    buffer.initialize(repeating: nil)
    nonisolated(unsafe) let results = buffer
    DispatchQueue.concurrentPerform(iterations: items.count) { index in
        results[index] = transform(items[index])
    }
    // Move the results out, so the buffer is left empty and nothing it held leaks.
    let values = buffer.map { $0! }
    buffer.deinitialize()
    buffer.deallocate()
    return values
}
