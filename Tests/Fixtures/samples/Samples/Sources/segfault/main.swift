let pointer = UnsafeMutablePointer<Int>(bitPattern: 8)!
pointer.pointee = 1
print("never")
