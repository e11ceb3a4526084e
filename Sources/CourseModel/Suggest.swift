/// "Did you mean …?": the candidate closest to `word` by edit distance, if close enough.
public func closestMatch(to word: String, in candidates: some Sequence<String>) -> String? {
    let target = Array(word.lowercased())
    var best: (String, Int)?
    for candidate in candidates {
        let distance = editDistance(target, Array(candidate.lowercased()))
        if best == nil || distance < best!.1 || (distance == best!.1 && candidate < best!.0) {
            best = (candidate, distance)
        }
    }
    guard let (match, distance) = best else { return nil }
    let limit = max(2, target.count / 2)
    return distance <= limit ? match : nil
}

func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
