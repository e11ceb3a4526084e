// Allocates 1 GiB and touches every page of it.
var buffer = [UInt8](repeating: 1, count: 1 << 30)
buffer[buffer.count - 1] = 2
print("allocated \(buffer.count) bytes")
