// Looks for Primer's environment through /proc: its parent's, and every process it can see.
import Foundation

var seen: [String] = []
let parent = getppid()
for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] where Int(entry) != nil {
    if let data = FileManager.default.contents(atPath: "/proc/\(entry)/environ") {
        seen.append(String(decoding: data, as: UTF8.self))
    }
}
if let data = FileManager.default.contents(atPath: "/proc/\(parent)/environ") {
    seen.append(String(decoding: data, as: UTF8.self))
}
let all = seen.joined(separator: "\n")
print(all.contains("PRIMER_FAKE_TOKEN") ? "found the token" : "no token in \(seen.count) environments")
