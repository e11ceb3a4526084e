import CourseModel

extension Extras {
    /// Per locale, the compiler errors its chapters' `{fails}` snippets quote, grouped by
    /// diagnostic (`diagnosticPattern`): each group with every place it is quoted, in
    /// table-of-contents order (a message quoted twice in one section once); the groups quoted
    /// most first, then by pattern. A locale that quotes none has no entry. Made from the pages'
    /// inputs only.
    public static func errorIndex(_ inputs: [LocaleTag: [PageInput]]) -> [LocaleTag: [ErrorGroup]] {
        var index: [LocaleTag: [ErrorGroup]] = [:]
        for (locale, pages) in inputs {
            var groups: [String: [ErrorOccurrence]] = [:]
            for page in pages {
                for quoted in page.code.errors {
                    let place = page.place(in: page.code.section(quoted.section))
                    for line in quoted.lines {
                        guard let message = errorMessage(line) else { continue }
                        let occurrence = ErrorOccurrence(message: line, place: place, explanation: quoted.explanation)
                        let pattern = diagnosticPattern(message)
                        if groups[pattern]?.contains(occurrence) != true { groups[pattern, default: []].append(occurrence) }
                    }
                }
            }
            guard !groups.isEmpty else { continue }
            index[locale] = groups.map { ErrorGroup(pattern: $0.key, occurrences: $0.value) }.sorted { a, b in
                a.occurrences.count != b.occurrences.count ? a.occurrences.count > b.occurrences.count : latinOrder(a.pattern, b.pattern)
            }
        }
        return index
    }

    /// The message of a compiler's error line as a ```error block quotes it (`error: MESSAGE`,
    /// or with the place before it: `main.swift:3:7: error: MESSAGE`); nil for any other line.
    static func errorMessage(_ line: String) -> String? {
        if line.hasPrefix("error: ") { return String(line.dropFirst("error: ".count)) }
        guard let marker = line.range(of: ": error: ") else { return nil }
        return String(line[marker.upperBound...])
    }

    /// The diagnostic a message is an instance of: each name it quotes ('…', as the compiler
    /// quotes them) replaced by a placeholder, and without the diagnostic group Swift 6.1 names
    /// after it (` [#SendingRisksDataRace]`), so `cannot find 'x' in scope` and `cannot find 'y'
    /// in scope` are one. A quote opens after a character that is not part of a word and closes
    /// before one (the apostrophe of `isn't` is neither).
    public static func diagnosticPattern(_ message: String) -> String {
        var text = Array(message)
        if text.last == "]", let open = (0..<text.count).last(where: { text[$0] == "[" && $0 > 0 && text[$0 - 1] == " " }),
           open + 2 < text.count - 1, text[open + 1] == "#", text[(open + 2)..<(text.count - 1)].allSatisfy({ $0.isLetter || $0.isNumber }) {
            text.removeSubrange((open - 1)...)
        }
        func inWord(_ index: Int) -> Bool { text.indices.contains(index) && (text[index].isLetter || text[index].isNumber || text[index] == "_") }
        var pattern = ""
        var index = 0
        while index < text.count {
            if text[index] == "'", !inWord(index - 1),
               let close = text[(index + 1)...].indices.first(where: { text[$0] == "'" && !inWord($0 + 1) }), close > index + 1 {
                pattern += "'…'"
                index = close + 1
            } else {
                pattern.append(text[index])
                index += 1
            }
        }
        return pattern
    }
}
