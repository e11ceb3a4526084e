import Foundation
let child = Process()
child.executableURL = URL(fileURLWithPath: "/bin/sleep")
child.arguments = ["317.5"]
try! child.run()
print("forked")
