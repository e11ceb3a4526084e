import CourseModel

/// The words of a section's prose, as the term check reads them: code, URLs, attributes and
/// HTML comments blanked out (so offsets still point into the file), then cut into words.
struct TermText {
    /// One word: letters and digits, lowercased, `ё` read as `е`; `joined` when only spaces,
    /// hyphens, dashes or emphasis marks (no blank line) separate it from the word before.
    struct Word {
        var text: String
        /// The word as written (for a term matched with its case).
        var original: String
        var start: Int
        var joined: Bool
        /// Only a hyphen separates it from the word before (`listing-only`): one compound.
        var hyphenated: Bool
    }

    /// The section's scalars with code, URLs, attributes and comments replaced by spaces.
    let scalars: [Unicode.Scalar]
    let words: [Word]
    /// The prose lowercased without whitespace and emphasis marks (`*领域*层` reads 领域层), and
    /// each scalar's offset in `scalars`: what substrings are looked for in.
    let compact: [Unicode.Scalar]
    let compactOffsets: [Int]

    /// `inlineCode`: keep the words of inline code spans (their backticks blanked): a
    /// translation may write a term's keyword as code (типизированные `throws`).
    /// `glosses`: leave out parenthesised glosses (`незамороженное (non-frozen) перечисление`,
    /// `非冻结（non-frozen）枚举`), so that the words around one are read as adjacent.
    init(_ raw: String, inlineCode: Bool = false, glosses: Bool = true) {
        var scalars = Self.prose(raw, inlineCode: inlineCode)
        if !glosses { Self.blankGlosses(&scalars) }
        self.scalars = scalars
        words = Self.words(scalars)
        var compact: [Unicode.Scalar] = [], offsets: [Int] = []
        for (offset, scalar) in scalars.enumerated() where scalar != "*" && !(scalar.isASCII ? scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r"
                                                                                  : scalar.properties.isWhitespace) {
            if scalar.isASCII {
                compact.append((0x41...0x5A).contains(scalar.value) ? Unicode.Scalar(UInt8(scalar.value + 0x20)) : scalar)
            } else {
                compact.append(scalar.properties.lowercaseMapping.unicodeScalars.first ?? scalar)
            }
            offsets.append(offset)
        }
        self.compact = compact
        compactOffsets = offsets
    }

    /// The 0-based line and column (in Unicode scalars, as Primer's other column numbers) of an offset.
    func place(of offset: Int) -> (line: Int, column: Int) {
        var line = 0, lineStart = 0
        for index in 0..<min(offset, scalars.count) where scalars[index] == "\n" { line += 1; lineStart = index + 1 }
        return (line, offset - lineStart)
    }

    // MARK: Words

    static func words(_ scalars: [Unicode.Scalar]) -> [Word] {
        var words: [Word] = []
        var index = 0
        var gapIsJoin = false
        var newlines = 0
        var gapStart = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if isWordScalar(scalar) {
                let start = index
                var original = ""
                while index < scalars.count, isWordScalar(scalars[index]) {
                    original.unicodeScalars.append(scalars[index])
                    index += 1
                }
                var text = original.lowercased()
                if text.unicodeScalars.contains("ё") { text = text.replacingOccurrences(of: "ё", with: "е") }
                let hyphenated = !words.isEmpty && start - gapStart == 1 && (scalars[gapStart] == "-" || scalars[gapStart] == "\u{2011}")
                words.append(Word(text: text, original: original, start: start, joined: gapIsJoin && newlines < 2 && !words.isEmpty,
                                  hyphenated: hyphenated))
                gapIsJoin = true
                newlines = 0
                gapStart = index
                continue
            }
            if scalar == "\n" { newlines += 1 } else if !joiners.contains(scalar) { gapIsJoin = false }
            index += 1
        }
        return words
    }

    /// What may stand between the words of one term: spaces, hyphens and dashes, emphasis
    /// marks, quotation marks (экран «Домой»), a quote's `>` where a line breaks.
    static let joiners: Set<Unicode.Scalar> = [" ", "\t", "\r", "\n", "-", "\u{2010}", "\u{2011}", "\u{2013}", "\u{2014}", "\u{00A0}", "*", "_",
                                               "«", "»", "\u{201C}", "\u{201D}", "\u{201E}", "\"", ">"]

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        // The common scripts without a property lookup: ASCII, Cyrillic, CJK ideographs.
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x400...0x4FF, 0x4E00...0x9FFF: return true
        case 0...0x7F: return false
        default: break
        }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar.properties.generalCategory == .nonspacingMark
    }

    /// A term's words, read as a text's words are (as written, with `cased`).
    static func words(of term: String, cased: Bool = false) -> [String] {
        words(Array(term.unicodeScalars)).map { cased ? $0.original : $0.text }
    }

    // MARK: Prose

    /// Parenthesised text of one line (at most 60 characters) replaced by spaces.
    static func blankGlosses(_ scalars: inout [Unicode.Scalar]) {
        var index = 0
        while index < scalars.count {
            let open = scalars[index]
            guard open == "(" || open == "\u{FF08}" else { index += 1; continue }
            let close: Unicode.Scalar = open == "(" ? ")" : "\u{FF09}"
            var end = index + 1
            while end < scalars.count, end - index <= 60, scalars[end] != close, scalars[end] != "\n", scalars[end] != open { end += 1 }
            if end < scalars.count, scalars[end] == close {
                blank(&scalars, index..<(end + 1))
                index = end + 1
            } else {
                index += 1
            }
        }
    }

    /// `raw` with fenced and indented code blocks, inline code spans, link destinations and
    /// URLs (and the whole of a link to a web page: its text is the page's title), footnote
    /// labels, attribute names (`@MainActor`), attribute braces (`{#id .class}`), HTML tags and comments replaced by spaces.
    static func prose(_ raw: String, inlineCode: Bool = false) -> [Unicode.Scalar] {
        var scalars = Array(raw.unicodeScalars)
        blankCodeBlocks(&scalars)
        blankInline(&scalars, inlineCode: inlineCode)
        return scalars
    }

    private static func blank(_ scalars: inout [Unicode.Scalar], _ range: Range<Int>) {
        for index in range where scalars[index] != "\n" { scalars[index] = " " }
    }

    private static func blankCodeBlocks(_ scalars: inout [Unicode.Scalar]) {
        var fence: (marker: Unicode.Scalar, count: Int)?
        var previousBlank = true
        var inIndentedCode = false
        var inList = false
        var start = 0
        while start < scalars.count {
            var end = start
            while end < scalars.count, scalars[end] != "\n" { end += 1 }
            let line = scalars[start..<end]
            let indent = line.prefix { $0 == " " }.count + line.prefix { $0 == "\t" }.count * 4
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            let blankLine = trimmed.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" }
            if let open = fence {
                let closing = trimmed.prefix { $0 == open.marker }.count
                if closing >= open.count, trimmed.dropFirst(closing).allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { fence = nil }
                blank(&scalars, start..<end)
            } else if indent < 4, let marker = trimmed.first, marker == "`" || marker == "~",
                      trimmed.prefix(while: { $0 == marker }).count >= 3 {
                fence = (marker, trimmed.prefix { $0 == marker }.count)
                blank(&scalars, start..<end)
            } else if !blankLine, indent >= 4, (previousBlank || inIndentedCode), !inList {
                inIndentedCode = true
                blank(&scalars, start..<end)
            } else if indent < 4, Array(trimmed.prefix(6)) == Array("Table:".unicodeScalars) {
                // A table's caption line: `Table:` is syntax, its caption is prose.
                let marker = start + indent
                blank(&scalars, marker..<(marker + 6))
                inIndentedCode = false
            } else if !blankLine {
                inIndentedCode = false
                if indent < 4 { inList = isListItem(trimmed) || (inList && !previousBlank) }
            }
            previousBlank = blankLine
            start = end + 1
        }
    }

    private static func isListItem(_ line: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = line.first else { return false }
        if first == "-" || first == "*" || first == "+" { return line.dropFirst().first == " " }
        let digits = line.prefix { $0.properties.numericType != nil && $0.isASCII }
        let rest = line.dropFirst(digits.count)
        return !digits.isEmpty && (rest.first == "." || rest.first == ")")
    }

    private static func blankInline(_ scalars: inout [Unicode.Scalar], inlineCode: Bool) {
        var index = 0
        func starts(_ text: String, at position: Int) -> Bool {
            var position = position
            for scalar in text.unicodeScalars {
                guard position < scalars.count, scalars[position] == scalar else { return false }
                position += 1
            }
            return true
        }
        func find(_ text: String, from position: Int) -> Int? {
            var position = position
            while position < scalars.count { if starts(text, at: position) { return position }; position += 1 }
            return nil
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "`" {
                var run = 0
                while index + run < scalars.count, scalars[index + run] == "`" { run += 1 }
                var search = index + run
                var closed: Int?
                while search < scalars.count {
                    guard scalars[search] == "`" else { search += 1; continue }
                    var other = 0
                    while search + other < scalars.count, scalars[search + other] == "`" { other += 1 }
                    if other == run { closed = search + other; break }
                    search += other
                }
                if let closed {
                    if inlineCode {
                        blank(&scalars, index..<(index + run))
                        blank(&scalars, (closed - run)..<closed)
                    } else {
                        blank(&scalars, index..<closed)
                    }
                    index = closed
                } else {
                    index += run
                }
            } else if starts("<!--", at: index) {
                let end = find("-->", from: index + 4).map { $0 + 3 } ?? scalars.count
                blank(&scalars, index..<end); index = end
            } else if scalar == "<", index + 1 < scalars.count, scalars[index + 1].properties.isAlphabetic || scalars[index + 1] == "/" {
                // An HTML tag or an autolink: up to its `>` on the same line.
                var end = index + 1
                while end < scalars.count, scalars[end] != ">", scalars[end] != "\n", scalars[end] != "<" { end += 1 }
                if end < scalars.count, scalars[end] == ">" { blank(&scalars, index..<(end + 1)); index = end + 1 } else { index += 1 }
            } else if scalar == "]", index + 1 < scalars.count, scalars[index + 1] == "(" {
                // A link's or an image's destination (and title), up to the matching `)`.
                var depth = 0, end = index + 1
                while end < scalars.count, scalars[end] != "\n" || depth == 0 {
                    if scalars[end] == "(" { depth += 1 } else if scalars[end] == ")" { depth -= 1; if depth == 0 { break } }
                    end += 1
                }
                let stop = min(end + 1, scalars.count)
                blank(&scalars, (index + 1)..<stop); index = stop
            } else if scalar == "{", index + 1 < scalars.count, scalars[index + 1] == "#" || scalars[index + 1] == "." {
                var end = index + 1
                while end < scalars.count, scalars[end] != "}", scalars[end] != "\n" { end += 1 }
                if end < scalars.count, scalars[end] == "}" { blank(&scalars, index..<(end + 1)); index = end + 1 } else { index += 1 }
            } else if scalar == "[", index + 1 < scalars.count, scalars[index + 1] == "^" {
                // A footnote's label (`[^scene-phase]`), its mark or its definition's.
                var end = index + 2
                while end < scalars.count, scalars[end] != "]", scalars[end] != "\n" { end += 1 }
                if end < scalars.count, scalars[end] == "]" { blank(&scalars, index..<(end + 1)); index = end + 1 } else { index += 1 }
            } else if scalar == "[", let close = scalars[index...].firstIndex(where: { $0 == "]" || $0 == "\n" }), scalars[close] == "]",
                      starts("](http://", at: close) || starts("](https://", at: close) {
                // A link out of the course: its text is the cited page's title, kept as it is named.
                var end = close + 1
                while end < scalars.count, scalars[end] != ")", scalars[end] != "\n" { end += 1 }
                let stop = min(end + 1, scalars.count)
                blank(&scalars, index..<stop); index = stop
            } else if scalar == "@", index + 1 < scalars.count, scalars[index + 1].properties.isAlphabetic,
                      index == 0 || !isWordScalar(scalars[index - 1]) {
                // An attribute's name (`@Observable`, `@MainActor`): code, not prose.
                var end = index + 1
                while end < scalars.count, isWordScalar(scalars[end]) { end += 1 }
                blank(&scalars, index..<end); index = end
            } else if starts("http://", at: index) || starts("https://", at: index) {
                var end = index
                while end < scalars.count, !scalars[end].properties.isWhitespace, scalars[end] != ")", scalars[end] != ">" { end += 1 }
                blank(&scalars, index..<end); index = end
            } else {
                index += 1
            }
        }
    }
}

/// How a term's words are matched in each language.
enum TermMatch {
    // MARK: English

    /// The forms of a term's last English word: plural, possessive (the apostrophe separates
    /// words, so `'s` needs nothing), past and present participle.
    static func englishForms(_ word: String) -> Set<String> {
        var forms: Set<String> = [word, word + "s", word + "es", word + "ed", word + "ing"]
        guard let last = word.last else { return forms }
        if last == "e" {
            forms.insert(word + "d")
            forms.insert(word.dropLast() + "ing")
        }
        if last == "y", let before = word.dropLast().last, !"aeiou".contains(before) {
            forms.insert(word.dropLast() + "ies")
            forms.insert(word.dropLast() + "ied")
        }
        if word.count >= 3, !"aeiouywx".contains(last), let before = word.dropLast().last, "aeiou".contains(before),
           let third = word.dropLast(2).last, !"aeiou".contains(third) {
            // A short final syllable doubles its consonant: wrap → wrapped, unwrapping.
            forms.insert(word + String(last) + "ed")
            forms.insert(word + String(last) + "ing")
        }
        return forms
    }

    /// The number of words an English term matches at `index`, or nil; a `cased` term's words
    /// (and `lastForms`) are as written and compared with the text's as written.
    /// A term inside a longer hyphenated compound (`listing` in `listing-only`) is no use of it.
    static func english(_ term: [String], lastForms: Set<String>, cased: Bool = false, in words: [TermText.Word], at index: Int) -> Int? {
        guard index + term.count <= words.count, !words[index].hyphenated,
              index + term.count == words.count || !words[index + term.count].hyphenated else { return nil }
        for (offset, word) in term.enumerated() {
            let text = words[index + offset]
            let written = cased ? text.original : text.text
            if offset > 0, !text.joined { return nil }
            if offset == term.count - 1 { guard lastForms.contains(written) else { return nil } } else if written != word { return nil }
        }
        return term.count
    }

    // MARK: Russian

    /// Noun and adjective endings (case, number, gender), longest first.
    static let russianEndings: [String] = [
        "иями", "ыми", "ими", "ами", "ями", "ого", "его", "ому", "ему", "иях", "ием", "иям", "ией",
        "ый", "ий", "ой", "ая", "яя", "ое", "ее", "ые", "ие", "ым", "им", "ом", "ем", "ую", "юю", "ых", "их", "ою", "ею",
        "ей", "ам", "ям", "ах", "ях", "ов", "ев", "ью", "ия", "ию", "ии",
        "а", "я", "о", "е", "ы", "и", "у", "ю", "ь", "й",
    ].sorted { $0.count > $1.count }

    /// A verb's infinitive suffixes, longest first: a rendering that is a verb
    /// (переопределять) matches every word that starts with what is left (переопределяет,
    /// переопределение), its stem then marked with a final `*`.
    static let russianInfinitives: [String] = ["ывать", "ивать", "овать", "евать", "ать", "ять", "еть", "ить", "уть", "ть"]
        .flatMap { [$0 + "ся", $0] }.sorted { $0.count > $1.count }

    /// A rendering's word as a pattern: a verb's stem marked `*`, else its stem.
    static func russianPattern(_ word: String) -> String {
        for suffix in russianInfinitives where word.hasSuffix(suffix) && word.count - suffix.count >= 4 {
            return String(word.dropLast(suffix.count)) + "*"
        }
        return russianStem(word)
    }

    /// A Russian word's stem: the longest ending of the list taken off when at least two
    /// letters stay, then a final `и`, `й` or `ь` (функция, функций, функцией → функц).
    static func russianStem(_ word: String) -> String {
        var stem = Array(word.unicodeScalars)
        for ending in russianEndingScalars where stem.count - ending.count >= 2 && stem.suffix(ending.count).elementsEqual(ending) {
            stem.removeLast(ending.count)
            break
        }
        if stem.count > 2, let last = stem.last, last == "и" || last == "й" || last == "ь" { stem.removeLast() }
        var result = ""
        result.unicodeScalars.append(contentsOf: stem)
        return result
    }

    static let russianEndingScalars = russianEndings.map { Array($0.unicodeScalars) }

    /// Two stems are one word's when equal, or when one has a fleeting `о`/`е` before its last
    /// letter that the other lacks (ошибок ~ ошибк, окон ~ окн). `a` may be a verb's pattern
    /// (`переопредел*`), matched as a prefix of `b`.
    static func russianStemsMatch(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        if a.hasSuffix("*") { return b.hasPrefix(a.dropLast()) }
        guard a.count == b.count + 1 || b.count == a.count + 1 else { return false }
        let (long, short) = a.count > b.count ? (a, b) : (b, a)
        guard long.count >= 3 else { return false }
        let vowel = long.index(long.endIndex, offsetBy: -2)
        guard long[vowel] == "о" || long[vowel] == "е" else { return false }
        var without = long
        without.remove(at: vowel)
        return without == short
    }

    /// A rendering's word (its dictionary form and its pattern) matches a text's word (its
    /// stem) when the patterns match, or when the dictionary form is the text word's stem: an
    /// ending-like end that is the word's own (вызов, stem выз, is in вызова, stem вызов).
    /// So is a dictionary form less its final `й` or `ь` (сбой in сбоях, stem сбо).
    static func russianWordMatches(form: String, pattern: String, stem: String) -> Bool {
        russianStemsMatch(pattern, stem) || form == stem || ((form.hasSuffix("й") || form.hasSuffix("ь")) && form.dropLast() == stem)
    }

    /// The number of words a Russian term (its words' dictionary forms and patterns) matches
    /// at `index`, or nil.
    static func russian(_ forms: [String], _ patterns: [String], in stemmed: [String], _ words: [TermText.Word], at index: Int) -> Int? {
        guard index + patterns.count <= words.count else { return nil }
        for (offset, pattern) in patterns.enumerated() {
            if offset > 0, !words[index + offset].joined { return nil }
            guard russianWordMatches(form: forms[offset], pattern: pattern, stem: stemmed[index + offset]) else { return nil }
        }
        return patterns.count
    }

    // MARK: Chinese

    /// Where `needle` is in `text` (scalar offsets), both lowercased and read without whitespace
    /// (`180° 经线` is found in `180°经线`).
    static func substrings(_ needle: String, in text: TermText) -> [Range<Int>] {
        let wanted = needle.unicodeScalars.filter { !$0.properties.isWhitespace }
            .map { $0.properties.lowercaseMapping.unicodeScalars.first ?? $0 }
        let compact = text.compact, offsets = text.compactOffsets
        guard !wanted.isEmpty, compact.count >= wanted.count else { return [] }
        var found: [Range<Int>] = []
        var index = 0
        while index + wanted.count <= compact.count {
            if compact[index] == wanted[0], compact[index..<(index + wanted.count)].elementsEqual(wanted) {
                found.append(offsets[index]..<(offsets[index + wanted.count - 1] + 1))
                index += wanted.count
            } else {
                index += 1
            }
        }
        return found
    }
}
