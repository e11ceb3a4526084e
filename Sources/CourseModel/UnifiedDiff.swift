/// A unified diff of two texts, line by line, with 3 lines of context: the shortest edit script
/// grouped into hunks.
public func unifiedDiff(expected: String, actual: String, expectedName: String, actualName: String) -> String {
    let a = diffLines(expected), b = diffLines(actual)
    // Myers' work grows with the edit distance; past a few thousand lines show where they part instead.
    let script = a.count + b.count > 4000 ? firstDifference(a, b) : editScript(a, b)
    var out = "--- \(expectedName)\n+++ \(actualName)\n"
    var index = 0
    while index < script.count, let hunk = nextHunk(script, from: index) {
        let aStart = hunk.first!.aIndex, bStart = hunk.first!.bIndex
        let aCount = hunk.filter { $0.kind != .insert }.count, bCount = hunk.filter { $0.kind != .delete }.count
        out += "@@ -\(aStart + (aCount > 0 ? 1 : 0)),\(aCount) +\(bStart + (bCount > 0 ? 1 : 0)),\(bCount) @@\n"
        for edit in hunk {
            switch edit.kind {
            case .same: out += " " + a[edit.aIndex] + "\n"
            case .delete: out += "-" + a[edit.aIndex] + "\n"
            case .insert: out += "+" + b[edit.bIndex] + "\n"
            }
        }
        index = hunk.endIndex
    }
    if !expected.hasSuffix("\n") && !expected.isEmpty || !actual.hasSuffix("\n") && !actual.isEmpty {
        if expected.hasSuffix("\n") != actual.hasSuffix("\n") { out += "\\ the two differ in the final newline\n" }
    }
    return out
}

/// The next change at or after `index` with 3 lines of context each side; changes at most 6
/// unchanged lines apart share a hunk. Nil when nothing changes any more.
private func nextHunk(_ script: [Edit], from index: Int) -> ArraySlice<Edit>? {
    guard let firstChange = script[index...].firstIndex(where: { $0.kind != .same }) else { return nil }
    var end = firstChange
    while let nextChange = script[(end + 1)...].firstIndex(where: { $0.kind != .same }), nextChange - end <= 7 {
        end = nextChange
    }
    return script[max(firstChange - 3, index)..<min(end + 4, script.count)]
}

private func firstDifference(_ a: [String], _ b: [String]) -> [Edit] {
    var common = 0
    while common < a.count, common < b.count, a[common] == b[common] { common += 1 }
    var edits = (0..<common).map { Edit(kind: .same, aIndex: $0, bIndex: $0) }
    if common < a.count { edits.append(Edit(kind: .delete, aIndex: common, bIndex: common)) }
    if common < b.count { edits.append(Edit(kind: .insert, aIndex: min(common + 1, a.count), bIndex: common)) }
    return edits
}

private func diffLines(_ text: String) -> [String] {
    var result = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if result.last == "" { result.removeLast() }
    return result
}

private struct Edit {
    enum Kind { case same, delete, insert }
    var kind: Kind
    /// Lines of each text before this one (for a deletion, the line deleted; for an insertion, the line inserted).
    var aIndex: Int
    var bIndex: Int
}

/// The shortest edit script from `a` to `b` (Myers' algorithm, keeping a trace per edit distance).
/// Written out rather than the standard library's `difference(from:)`, which is Myers too but,
/// between edit scripts of the same length, often aligns other lines: messages would change.
private func editScript(_ a: [String], _ b: [String]) -> [Edit] {
    let n = a.count, m = b.count
    let maximum = n + m
    var v = [Int](repeating: 0, count: 2 * maximum + 2)
    var trace: [[Int]] = []
    outer: for d in 0...maximum {
        trace.append(v)
        for k in stride(from: -d, through: d, by: 2) {
            var x: Int
            if k == -d || (k != d && v[k - 1 + maximum] < v[k + 1 + maximum]) { x = v[k + 1 + maximum] } else { x = v[k - 1 + maximum] + 1 }
            var y = x - k
            while x < n && y < m && a[x] == b[y] { x += 1; y += 1 }
            v[k + maximum] = x
            if x >= n && y >= m { trace.append(v); break outer }
        }
    }
    var edits: [Edit] = []
    var x = n, y = m
    for d in stride(from: trace.count - 2, through: 0, by: -1) {
        let v = trace[d]
        let k = x - y
        let previousK: Int
        if k == -d || (k != d && v[k - 1 + maximum] < v[k + 1 + maximum]) { previousK = k + 1 } else { previousK = k - 1 }
        let previousX = v[previousK + maximum], previousY = previousX - previousK
        while x > previousX && y > previousY { x -= 1; y -= 1; edits.append(Edit(kind: .same, aIndex: x, bIndex: y)) }
        if d > 0 {
            if x == previousX { y -= 1; edits.append(Edit(kind: .insert, aIndex: x, bIndex: y)) } else { x -= 1; edits.append(Edit(kind: .delete, aIndex: x, bIndex: y)) }
        }
    }
    return edits.reversed()
}
