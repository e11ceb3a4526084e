import CourseModel

extension Extras {
    /// Where a page names a term of the subject index: the term (an index into the term base),
    /// the section (an index into `PageCode.sections`, -1 before the first heading), and whether
    /// the text emphasises it there (`*term*`: where a book introduces a term).
    struct SubjectHit: Sendable, Equatable, Encodable {
        var term: Int32
        var section: Int32
        var emphasised: Bool
    }

    /// Finds the term base's terms in one locale's text, never inside code. Words are compared
    /// without case; Russian ones by stem (the term base gives dictionary forms, the text
    /// inflects them: «окно предупреждения» finds «окна предупреждения»), English ones with
    /// their plural; Chinese ones character by character (the text has no spaces to split at).
    public struct SubjectMatcher: Sendable {
        let stems: Bool
        /// Each term's words, or nil when the locale has no form of it.
        let terms: [[String]?]
        /// The terms by the key of their first word (`key(_:)`).
        let byKey: [String: [Int]]

        public init(_ config: CourseConfig, locale: LocaleTag) {
            stems = ["ru", "uk", "be"].contains(locale.language)
            terms = config.subjectIndex.terms.map { term in
                term.forms[locale].map { Self.words(Self.withoutSense($0)) }.flatMap { $0.isEmpty ? nil : $0 }
            }
            var byKey: [String: [Int]] = [:]
            for (index, words) in terms.enumerated() { if let first = words?.first { byKey[Self.key(first), default: []].append(index) } }
            self.byKey = byKey
        }

        /// `action (Interface Builder)` → `action`: the parenthesis only says which sense.
        static func withoutSense(_ form: String) -> String {
            guard let open = form.firstIndex(where: { $0 == "(" || $0 == "（" }) else { return form }
            return String(form[..<open])
        }

        /// Lower-case words and single Chinese characters; everything else separates them.
        static func words(_ text: String) -> [String] {
            var words: [String] = []
            var word = String.UnicodeScalarView()
            func flush() { if !word.isEmpty { words.append(String(word)); word = String.UnicodeScalarView() } }
            for scalar in text.lowercased().unicodeScalars {
                if scalar.isASCII {
                    let byte = UInt8(scalar.value)
                    if byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") || byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                        word.append(scalar)
                    } else {
                        flush()
                    }
                } else if scalar.properties.isIdeographic {
                    flush()
                    words.append(String(scalar))
                } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                    word.append(scalar == "ё" ? "е" : scalar)
                } else if scalar.properties.generalCategory != .nonspacingMark {
                    flush()
                }
            }
            flush()
            return words
        }

        static func key(_ word: String) -> String { String(word.prefix(2)) }

        /// Whether the text's `word` is a form of the term's `word`.
        func matches(_ term: String, _ word: String) -> Bool {
            if term == word { return true }
            if stems {
                let stem = Self.stem(term)
                return word.hasPrefix(stem) && word.count - stem.count <= 3
            }
            guard term.count > 2, word.hasPrefix(term) else {
                return term.hasSuffix("y") && word == term.dropLast() + "ies"
            }
            let ending = word.dropFirst(term.count)
            return ending == "s" || ending == "es"
        }

        /// A Russian dictionary form less its ending (up to two vowels, `й` or `ь`), kept at three letters or more.
        static func stem(_ word: String) -> String {
            var stem = Substring(word)
            for _ in 0..<2 where stem.count > 3 && stem.last.map({ "аеиоуыэюяйь".contains($0) }) == true { stem = stem.dropLast() }
            return String(stem)
        }

        /// The terms a page names, at most two hits per term: the first emphasised one and the first one.
        func hits(in document: Document) -> [SubjectHit] {
            guard !byKey.isEmpty else { return [] }
            var found: [Int: (first: SubjectHit, emphasised: SubjectHit?)] = [:]
            var section: Int32 = -1
            document.blocks.walk { block, depth in
                if case .heading = block, depth == 0 { section += 1 }
                if case .code = block { return }
                for run in block.inlineRuns {
                    for (text, emphasised) in Self.prose(run) {
                        for term in find(in: Self.words(text)) {
                            let hit = SubjectHit(term: Int32(term), section: section, emphasised: emphasised)
                            if var known = found[term] {
                                if emphasised && known.emphasised == nil { known.emphasised = hit; found[term] = known }
                            } else {
                                found[term] = (hit, emphasised ? hit : nil)
                            }
                        }
                    }
                }
            }
            return found.keys.sorted().flatMap { term -> [SubjectHit] in
                let (first, emphasised) = found[term]!
                return emphasised.map { $0 == first ? [first] : [first, $0] } ?? [first]
            }
        }

        /// The terms whose words appear in a row in `words`.
        func find(in words: [String]) -> Set<Int> {
            var found = Set<Int>()
            for start in words.indices {
                for term in byKey[Self.key(words[start])] ?? [] where !found.contains(term) {
                    guard let termWords = terms[term], start + termWords.count <= words.count else { continue }
                    if zip(termWords, words[start...]).allSatisfy({ matches($0, $1) }) { found.insert(term) }
                }
            }
            return found
        }

        /// A run of text as its pieces of prose, each with whether it is emphasised; code, raw
        /// HTML and images are left out.
        static func prose(_ inlines: [Inline], emphasised: Bool = false) -> [(String, Bool)] {
            var pieces: [(String, Bool)] = []
            for inline in inlines {
                switch inline {
                case .text(let text): pieces.append((text, emphasised))
                case .softBreak, .lineBreak: pieces.append((" ", emphasised))
                case .emphasis(let inner), .strong(let inner): pieces += prose(inner, emphasised: true)
                case .strikethrough(let inner): pieces += prose(inner, emphasised: emphasised)
                case .link(let link): pieces += prose(link.content, emphasised: emphasised)
                case .code, .image, .html, .footnoteReference: pieces.append((" ", emphasised))
                }
            }
            // Neighbouring pieces of the same kind are one text: a term may run across a line break.
            var merged: [(String, Bool)] = []
            for piece in pieces {
                if let last = merged.last, last.1 == piece.1 { merged[merged.count - 1].0 += piece.0 } else { merged.append(piece) }
            }
            return merged
        }
    }
}
