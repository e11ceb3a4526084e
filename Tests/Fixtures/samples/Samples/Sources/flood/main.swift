let line = String(repeating: "x", count: 1023)
for _ in 0..<100_000 { print(line) }
