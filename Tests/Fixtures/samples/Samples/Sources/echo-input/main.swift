while let line = readLine() { print(line.uppercased()) }
