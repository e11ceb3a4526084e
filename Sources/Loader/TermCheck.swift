import CourseModel
import Yams

/// One term of the term base as the translation check reads it: the English words (without
/// the sense a parenthesis names), and each locale's rendering with what it may also be
/// written as and what it must not be written as, each with its place in the term base.
struct CheckedTerm: Sendable {
    struct Form: Sendable {
        var text: String
        var location: SourceLocation
    }

    struct Rendering: Sendable {
        var term: Form
        /// `also`: other renderings that are as right (forms the stemmer does not relate).
        var also: [Form] = []
        /// `avoid`: renderings that must not appear.
        var avoid: [Form] = []
    }

    /// `en` as written (`action (Interface Builder)`).
    var english: String
    /// `en`'s words without the sense, lowercased (as written when `cased`).
    var words: [String]
    /// `en` starts with a capital letter (a type's name, an abbreviation, a name: `Result`,
    /// `ARC`): the source's words must be written as `en` is, not inflected (a name is not), so
    /// neither "the result" nor "Results" is `Result`.
    var cased: Bool
    /// `en` names a sense in a parenthesis: too ambiguous to require, only its `avoid` is checked.
    var sensed: Bool
    var keepEnglish: Bool
    var renderings: [LocaleTag: Rendering]
    /// The forms of `words`' last word (plural, participles).
    var lastForms: Set<String>
}

extension TermBase {
    /// The terms the translation check reads (those with an English form).
    static func readForCheck(_ root: Node?, path: String, locales: [LocaleTag], source: LocaleTag) -> [CheckedTerm] {
        guard let list = root.flatMap({ node in YAML.entries(node).first { $0.key == "terms" }?.value.sequence }) else { return [] }
        var terms: [CheckedTerm] = []
        for item in list {
            var renderings: [LocaleTag: CheckedTerm.Rendering] = [:]
            var english: String?
            var keepEnglish = false
            var lists: [(key: String, node: Node)] = []
            for (key, keyNode, value) in YAML.entries(item) {
                if key == "keep_english" { keepEnglish = value.bool == true }
                if key == "avoid" || key == "also" { lists.append((key, value)) }
                guard let tag = LocaleTag(key), let word = value.scalar?.string, !word.isEmpty else { continue }
                if tag == source { english = word }
                if locales.contains(tag), tag != source {
                    renderings[tag] = CheckedTerm.Rendering(term: .init(text: word, location: YAML.location(keyNode, path: path)))
                }
            }
            guard let english else { continue }
            for (key, node) in lists {
                for (localeKey, _, forms) in YAML.entries(node) {
                    guard let tag = LocaleTag(localeKey), renderings[tag] != nil else { continue }
                    let read = (forms.sequence.map(Array.init) ?? [forms]).compactMap { form -> CheckedTerm.Form? in
                        guard let text = form.scalar?.string, !text.isEmpty else { return nil }
                        return CheckedTerm.Form(text: text, location: YAML.location(form, path: path))
                    }
                    if key == "avoid" { renderings[tag]?.avoid += read } else { renderings[tag]?.also += read }
                }
            }
            var bare = english
            var sensed = false
            if let open = english.firstIndex(of: "("), english.hasSuffix(")") {
                bare = String(english[..<open]).trimmingCharacters(in: .whitespaces)
                sensed = true
            }
            let cased = bare.unicodeScalars.first?.properties.isUppercase == true
            let words = TermText.words(of: bare, cased: cased)
            guard let last = words.last else { continue }
            terms.append(CheckedTerm(english: english, words: words, cased: cased, sensed: sensed, keepEnglish: keepEnglish,
                                     renderings: renderings, lastForms: cased ? [last] : TermMatch.englishForms(last)))
        }
        return terms
    }
}

/// The term base check: in every section a translation shares with its source, the terms the
/// source section uses must be written as the term base says, and never in a form it avoids.
enum TermCheck {
    /// How a locale's renderings are found in its text.
    enum Script {
        /// Russian: by word stems (noun and adjective endings taken off), word by word.
        case stems
        /// Chinese and Japanese: as substrings, case-insensitively, spaces ignored.
        case substrings
        /// Any other language: the words as written, case-insensitively, word by word.
        case words

        init(_ locale: LocaleTag) {
            switch locale.language {
            case "ru", "uk", "be": self = .stems
            case "zh", "ja", "ko": self = .substrings
            default: self = .words
            }
        }
    }

    static func check(_ terms: [CheckedTerm], chapters: [String: [LocaleTag: ChapterSource]], source: LocaleTag) -> [Diagnostic] {
        guard !terms.isEmpty else { return [] }
        let index = SourceIndex(terms)
        let compiled = Dictionary(uniqueKeysWithValues: Set(chapters.values.flatMap(\.keys)).subtracting([source]).map { locale in
            var renderings = terms.map { CompiledRendering($0, locale: locale) }
            for number in renderings.indices {
                renderings[number].containers = renderings[number].avoided.map { avoided in
                    let text = avoided.form.text.lowercased()
                    return renderings.indices.filter { $0 != number }.flatMap { other in
                        let sameWord = terms[other].words.map { $0.lowercased() } == terms[number].words.map { $0.lowercased() }
                        return renderings[other].accepted.filter { $0.form.text.lowercased().contains(text) }.map { rendering in
                            CompiledRendering.Container(term: other, pattern: rendering,
                                                        always: rendering.form.text.count > text.count || sameWord)
                        }
                    }
                }
            }
            return (locale, renderings)
        })
        let pairs = chapters.keys.sorted().flatMap { id -> [(ChapterSource, ChapterSource)] in
            guard let original = chapters[id]?[source] else { return [] }
            return chapters[id, default: [:]].keys.sorted().filter { $0 != source }.compactMap { locale in
                chapters[id]?[locale].map { (original, $0) }
            }
        }
        return parallelMap(pairs) { pair in
            check(source: pair.0, translation: pair.1, terms: terms, index: index, renderings: compiled[pair.1.locale] ?? [])
        }.flatMap { $0 }
    }

    /// The terms whose first English word (any form of it, for a one-word term) is a given
    /// word, lowercased.
    struct SourceIndex: Sendable {
        var byFirstWord: [String: [Int]] = [:]
        init(_ terms: [CheckedTerm]) {
            for (number, term) in terms.enumerated() {
                let keys = term.words.count == 1 ? term.lastForms : [term.words[0]]
                for key in Set(keys.map { $0.lowercased() }) { byFirstWord[key, default: []].append(number) }
            }
        }
    }

    /// One term's rendering in one locale, its words ready to match.
    struct CompiledRendering: Sendable {
        struct Pattern: Sendable {
            var form: CheckedTerm.Form
            var script: Script
            /// The lowercased words; empty for a substring match.
            var words: [String]
            /// Russian: each word's pattern (its stem, or a verb's `stem*`).
            var patterns: [String]
            /// English words: the forms of the last one.
            var lastForms: Set<String>

            init(_ form: CheckedTerm.Form, script: Script) {
                self.form = form; self.script = script
                words = script == .substrings ? [] : TermText.words(of: form.text)
                patterns = script == .stems ? words.map(TermMatch.russianPattern) : []
                lastForms = script == .words ? words.last.map(TermMatch.englishForms) ?? [] : []
            }
        }
        var accepted: [Pattern]
        var avoided: [Pattern]
        /// For each avoided form, the other terms' renderings that hold it: an avoided form
        /// inside a longer one (领域 in 领域层, the domain layer's) or inside another sense's of
        /// the same English word (сессия, a WWDC session, is not a scene's «сеанс») is that
        /// term's, not this one's; so is one that is the rendering of another term the source
        /// section uses (маршрут for a route, in a section about routes and tracks).
        var containers: [[Container]] = []

        struct Container: Sendable {
            var term: Int
            var pattern: Pattern
            /// Longer, or another sense of the word: it counts whether or not the source uses it.
            var always: Bool
        }
        /// The term as the locale writes it, and where the term base says so.
        var expected: CheckedTerm.Form?

        init(_ term: CheckedTerm, locale: LocaleTag) {
            let rendering = term.renderings[locale]
            let script = Script(locale)
            expected = rendering?.term
            // A term kept in English is looked for as English words, whatever the locale.
            accepted = (rendering.map { [$0.term] + $0.also } ?? []).map { Pattern($0, script: term.keepEnglish ? .words : script) }
            avoided = (rendering?.avoid ?? []).map { Pattern($0, script: script) }
        }
    }

    /// A translation's section read for matching: its words and, for stems, their stems.
    struct Translated {
        let text: TermText
        let stems: [String]
        /// The words' indices by their stem's first two letters, which every Russian match
        /// keeps (stems, a fleeting vowel, a verb's stem of four letters or more).
        let byPrefix: [Substring: [Int]]
        /// `known`: the stems of the words already read (a chapter repeats its words).
        init(_ raw: String, script: Script, inlineCode: Bool = false, glosses: Bool = true, known: inout [String: String]) {
            text = TermText(raw, inlineCode: inlineCode, glosses: glosses)
            guard script == .stems else { stems = []; byPrefix = [:]; return }
            stems = text.words.map { word in
                if let stem = known[word.text] { return stem }
                let stem = TermMatch.russianStem(word.text)
                known[word.text] = stem
                return stem
            }
            var byPrefix: [Substring: [Int]] = [:]
            for (index, stem) in stems.enumerated() { byPrefix[stem.prefix(2), default: []].append(index) }
            self.byPrefix = byPrefix
        }
    }

    static func check(source: ChapterSource, translation: ChapterSource, terms: [CheckedTerm], index: SourceIndex,
                      renderings: [CompiledRendering]) -> [Diagnostic] {
        let sourceSections = ChapterSections.split(source)
        let theirs = Dictionary(ChapterSections.split(translation, against: sourceSections).map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        let script = Script(translation.locale)
        var diagnostics: [Diagnostic] = []
        var known: [String: String] = [:]
        for section in sourceSections {
            guard let translated = theirs[section.key] else { continue }
            let used = uses(in: TermText(section.raw), terms: terms, index: index)
            guard !used.isEmpty else { continue }
            // Avoided forms are looked for in prose only; the term's rendering in inline code too,
            // and across a parenthesised gloss.
            let read = Translated(translated.raw, script: script, known: &known)
            var withCode: Translated?, withoutGlosses: Translated?  // read when needed
            for (number, firstUse) in used.sorted(by: { $0.key < $1.key }) {
                let term = terms[number]
                let rendering = renderings[number]
                var avoidedFound = false
                for (avoided, containers) in zip(rendering.avoided, rendering.containers) {
                    let inside = containers.filter { $0.always || used[$0.term] != nil }.flatMap { occurrences($0.pattern, in: read) }
                    for range in occurrences(avoided, in: read) where !inside.contains(where: { $0.contains(range.lowerBound) }) {
                        let offset = range.lowerBound
                        avoidedFound = true
                        let expected = rendering.expected.map { "write «\($0.text)» (\($0.location.path):\($0.location.line))" }
                        diagnostics.append(.warning(.termAvoided, "«\(avoided.form.text)» is a rendering of '\(term.english)' the term base avoids",
                                                    at: place(offset, in: read.text, section: translated, path: translation.path),
                                                    suggestion: expected))
                    }
                }
                guard !term.sensed, !avoidedFound, let expected = rendering.expected,
                      !refersBack(number, used: used, terms: terms) else { continue }
                var present = rendering.accepted.contains { !occurrences($0, in: read).isEmpty }
                if !present {
                    let code = withCode ?? Translated(translated.raw, script: script, inlineCode: true, known: &known)
                    let glosses = withoutGlosses ?? Translated(translated.raw, script: script, inlineCode: true, glosses: false, known: &known)
                    withCode = code
                    withoutGlosses = glosses
                    present = rendering.accepted.contains { !occurrences($0, in: code).isEmpty || !occurrences($0, in: glosses).isEmpty }
                }
                guard !present else { continue }
                let sourcePlace = place(firstUse, in: TermText(section.raw), section: section, path: source.path)
                let heading = SourceLocation(path: translation.path, line: translated.line, column: 1)
                let lacks = term.keepEnglish ? "does not keep the English «\(expected.text)»" : "has no «\(expected.text)»"
                diagnostics.append(.warning(.termMissing, "the source uses '\(term.english)' in this section (\(sourcePlace.path):\(sourcePlace.line)) but the translation \(lacks)",
                                            at: heading,
                                            suggestion: "write «\(expected.text)» (\(expected.location.path):\(expected.location.line)) where the section translates '\(term.english)'; if the translation says it another way that is right too, add that to the term's `also:`"))
            }
        }
        return diagnostics
    }

    /// A term the section also names as part of a longer term it uses stands for that one
    /// ("the observers" after "property observers", "both properties" of a property test):
    /// its own rendering is not required.
    static func refersBack(_ number: Int, used: [Int: Int], terms: [CheckedTerm]) -> Bool {
        let words = terms[number].words.map { $0.lowercased() }
        return used.keys.contains { other in
            let longer = terms[other].words.map { $0.lowercased() }
            guard other != number, longer.count > words.count else { return false }
            return (0...(longer.count - words.count)).contains { Array(longer[$0..<($0 + words.count)]) == words }
        }
    }

    /// The terms a source section uses, each with its first word's offset: at each word the
    /// longest term that starts there (so `view` inside `view controller` is not a use of `view`).
    static func uses(in text: TermText, terms: [CheckedTerm], index: SourceIndex) -> [Int: Int] {
        var used: [Int: Int] = [:]
        var position = 0
        let words = text.words
        while position < words.count {
            var longest = 0
            var found: [Int] = []
            for number in index.byFirstWord[words[position].text] ?? [] {
                let term = terms[number]
                guard let length = TermMatch.english(term.words, lastForms: term.lastForms, cased: term.cased, in: words, at: position),
                      length >= longest else { continue }
                if length > longest { found = []; longest = length }
                found.append(number)
            }
            for number in found where used[number] == nil { used[number] = words[position].start }
            position += max(longest, 1)
        }
        return used
    }

    /// Where a pattern occurs in a translated section (scalar offsets).
    static func occurrences(_ pattern: CompiledRendering.Pattern, in text: Translated) -> [Range<Int>] {
        func span(_ index: Int, _ count: Int) -> Range<Int> {
            let last = text.text.words[index + count - 1]
            return text.text.words[index].start..<(last.start + last.original.unicodeScalars.count)
        }
        switch pattern.script {
        case .substrings:
            return TermMatch.substrings(pattern.form.text, in: text.text)
        case .stems:
            guard let first = pattern.patterns.first, !text.stems.isEmpty else { return [] }
            return (text.byPrefix[first.prefix(2)] ?? []).filter { index in
                TermMatch.russianWordMatches(form: pattern.words[0], pattern: first, stem: text.stems[index])
                    && TermMatch.russian(pattern.words, pattern.patterns, in: text.stems, text.text.words, at: index) != nil
            }.map { span($0, pattern.patterns.count) }
        case .words:
            guard !pattern.words.isEmpty else { return [] }
            return text.text.words.indices.filter { index in
                TermMatch.english(pattern.words, lastForms: pattern.lastForms, in: text.text.words, at: index) != nil
            }.map { span($0, pattern.words.count) }
        }
    }

    /// A file position for an offset in a section: its line and column; the title's and the
    /// summary's are the front matter's title line.
    static func place(_ offset: Int, in text: TermText, section: ChapterSection, path: String) -> SourceLocation {
        guard section.key != ChapterSection.titleKey else { return SourceLocation(path: path, line: section.line, column: 1) }
        let (line, column) = text.place(of: offset)
        return SourceLocation(path: path, line: section.line + line, column: column + 1)
    }
}
