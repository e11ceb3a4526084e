import CourseModel

/// Front matter is nearly always `key: plain text` lines. Those are read here directly;
/// anything else (quotes, lists, block scalars, comments) goes to the full YAML parser.
enum SimpleYAML {
    static func flatMapping(_ lines: ArraySlice<Substring>, path: String, firstLine: Int)
        -> [(key: String, value: String?, location: SourceLocation)]? {
        var result: [(key: String, value: String?, location: SourceLocation)] = []
        var seen = Set<String>()
        for (offset, line) in lines.enumerated() {
            if line.allSatisfy({ $0 == " " }) { continue }
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let key = line[..<colon]
            guard let first = key.first, first.isLetter || first == "_",
                  key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else { return nil }
            let rest = line[line.index(after: colon)...]
            guard rest.first == " " else { return nil }
            let value = rest.drop(while: { $0 == " " })
            while let last = value.last, last == " " { return nil }
            guard let head = value.first, !"\"'[]{}>|*&!%@#`,?:-".contains(head),
                  !value.contains(": "), !value.contains(" #"), !value.hasSuffix(":"),
                  seen.insert(String(key)).inserted else { return nil }
            result.append((String(key), String(value), SourceLocation(path: path, line: firstLine + offset, column: 1)))
        }
        return result
    }
}
