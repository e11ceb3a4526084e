var lines = 0
while readLine() != nil { lines += 1 }
print("read \(lines) lines")
