import Foundation
let path = FileManager.default.currentDirectoryPath + "/scratch.txt"
try! "scratch data\n".write(toFile: path, atomically: true, encoding: .utf8)
print(try! String(contentsOfFile: path, encoding: .utf8), terminator: "")
