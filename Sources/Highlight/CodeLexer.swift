/// One small lexer for C, Objective-C, shell and JSON, driven by a table per language.
///
/// It reads the code once, front to back, looking back at most two bytes and ahead no further
/// than the token it is in (JSON looks past the whitespace after a string for a `:`; `${` looks
/// at most 128 bytes for its `}`), so it is linear.
struct CodeLexer: Sendable {
    enum Comments: Sendable {
        case none
        /// `// …` and `/* … */` (C, Objective-C, JSONC).
        case slashes
        /// `# …` at the start of a word (shell).
        case hash
    }

    var keywords: Set<String> = []
    /// Names that are always types (`BOOL`, `FILE`).
    var types: Set<String> = []
    var comments = Comments.none
    /// `#` first on a line starts a preprocessor line, `hl-meta` up to a comment or the line's end.
    var preprocessor = false
    /// Objective-C's `@interface`, `@"…"`, `@[`, `@{`, `@(`.
    var atKeywords = false
    /// `'x'` is a character literal (C) rather than a raw string (shell).
    var charLiterals = false
    /// Names ending in `_t` are types.
    var suffixTTypes = false
    /// Capitalized names that are not ALL_CAPS, and `NS…`/`UI…`/`CG…`/`CF…`/`CA…` names, are types.
    var capitalizedTypes = false
    /// A name followed by `(` is `hl-function`.
    var functionCalls = false
    /// A string followed by `:` is an object key (`hl-attr`); `-1` is a number.
    var json = false
    /// Shell words, variables, commands and quoting.
    var shell = false

    static let c = CodeLexer(
        keywords: cKeywords, types: ["FILE"], comments: .slashes, preprocessor: true,
        charLiterals: true, suffixTTypes: true, functionCalls: true)

    static let objc = CodeLexer(
        keywords: cKeywords.union([
            "self", "super", "nil", "Nil", "YES", "NO", "id", "instancetype", "nullable", "nonnull",
            "_Nullable", "_Nonnull", "nonatomic", "atomic", "strong", "weak", "copy", "assign", "retain",
            "readonly", "readwrite", "getter", "setter", "__weak", "__strong", "__block", "__kindof",
            "in", "out", "inout", "oneway", "bycopy", "byref",
        ]),
        types: ["FILE", "BOOL", "SEL", "IMP", "Class"], comments: .slashes, preprocessor: true,
        atKeywords: true, charLiterals: true, suffixTTypes: true, capitalizedTypes: true, functionCalls: true)

    static let shell = CodeLexer(
        keywords: [
            "if", "then", "else", "elif", "fi", "for", "select", "do", "done", "case", "esac", "while", "until",
            "function", "in", "return", "export", "local", "readonly", "declare", "break", "continue", "!",
        ],
        comments: .hash, shell: true)

    static let json = CodeLexer(keywords: ["true", "false", "null"], comments: .slashes, json: true)

    static let cKeywords: Set<String> = [
        "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum",
        "extern", "float", "for", "goto", "if", "inline", "int", "long", "register", "restrict", "return",
        "short", "signed", "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void",
        "volatile", "while", "_Bool", "bool", "true", "false", "NULL", "nullptr", "_Atomic", "_Alignas",
        "_Alignof", "_Noreturn", "_Static_assert", "_Thread_local", "static_assert", "alignof", "typeof",
    ]

    /// Highlights the source from `out.position` to `end`.
    func run(into out: inout HTMLWriter, upTo end: Int) {
        var scanner = Scanner(lexer: self, source: out.source, start: out.position, end: min(end, out.source.count))
        scanner.run(into: &out)
    }
}

/// One pass of a ``CodeLexer`` over `source[start..<end]`.
private struct Scanner {
    let lexer: CodeLexer
    let source: UnsafeBufferPointer<UInt8>
    let start: Int
    let end: Int
    var state = ShellState()

    /// Where a shell word stands in its command.
    struct ShellState {
        /// The next word is a command (or a keyword, or an assignment before one).
        var command = true
        /// After `export`, `local`…: `NAME=` is an assignment.
        var declaration = false
        /// After `for`, `case`, `select`: `in` is a keyword.
        var expectsIn = false

        mutating func separate() { self = ShellState() }
    }

    static let commandKeywords: Set<String> = ["if", "then", "else", "elif", "do", "while", "until", "function", "!"]
    static let declarationKeywords: Set<String> = ["export", "local", "readonly", "declare"]
    static let inKeywords: Set<String> = ["for", "case", "select"]
    static let typePrefixes: Set<String> = ["NS", "UI", "CG", "CF", "CA"]

    init(lexer: CodeLexer, source: UnsafeBufferPointer<UInt8>, start: Int, end: Int) {
        self.lexer = lexer; self.source = source; self.start = start; self.end = end
    }

    /// The byte at `at`, 0 outside `start..<end`.
    func byte(_ at: Int) -> UInt8 { at >= start && at < end ? source[at] : 0 }

    mutating func run(into out: inout HTMLWriter) {
        var index = start
        var lineStart = true
        while index < end {
            let current = source[index], next = byte(index + 1)
            switch current {
            case .newline:
                lineStart = true
                // A line break ends a shell command unless it is escaped (`\` then `\n` or `\r\n`).
                if !(byte(index - 1) == .backslash || (byte(index - 1) == .carriageReturn && byte(index - 2) == .backslash)) {
                    state.separate()
                }
                index += 1
                continue
            case .space, .tab, .carriageReturn, 0x0C:
                index += 1
                continue
            default:
                break
            }
            let firstOnLine = lineStart
            lineStart = false
            let from = index

            if lexer.comments == .slashes, current == .slash, next == .slash {
                index = lineEnd(from)
                out.mark(from..<index, .comment)
            } else if lexer.comments == .slashes, current == .slash, next == .star {
                index = find("*/", in: source, from: from + 2, end) ?? end
                out.mark(from..<index, .comment)
            } else if lexer.comments == .hash, current == .hash, from == start || isShellBreak(source[from - 1]) {
                index = lineEnd(from)
                out.mark(from..<index, .comment)
            } else if lexer.preprocessor, current == .hash, firstOnLine {
                index = preprocessorEnd(from)
                out.mark(from..<index, .meta)
            } else if lexer.shell {
                index = shellToken(from, &out)
            } else if current == .quote || (lexer.charLiterals && current == .apostrophe) {
                index = quotedEnd(from, escapes: true, multiline: false)
                out.mark(from..<index, lexer.json && isFollowedByColon(index) ? .attr : .string)
            } else if lexer.atKeywords, current == .at {
                if next == .quote {
                    index = quotedEnd(from + 1, escapes: true, multiline: false)
                    out.mark(from..<index, .string)
                } else {
                    index = isNameByte(next) ? nameEnd(from + 1) : from + 1
                    out.mark(from..<index, .keyword)
                }
            } else if isDigit(current) || (current == .period && isDigit(next)) || (lexer.json && current == .minus && isDigit(next)) {
                index = numberEnd(from)
                out.mark(from..<index, .number)
            } else if isNameByte(current) {
                index = nameEnd(from)
                out.mark(from..<index, nameClass(from..<index))
            } else {
                index += 1
            }
        }
        out.write(upTo: end, nil)
    }

    func lineEnd(_ from: Int) -> Int {
        var index = from
        while index < end, source[index] != .newline, source[index] != .carriageReturn { index += 1 }
        return index
    }

    /// A preprocessor line ends at its line break (unless escaped) or where a comment starts.
    func preprocessorEnd(_ from: Int) -> Int {
        var index = from
        while index < end {
            switch source[index] {
            case .backslash: index += byte(index + 1) == .carriageReturn && byte(index + 2) == .newline ? 3 : 2
            case .newline, .carriageReturn: return index
            case .slash where byte(index + 1) == .slash || byte(index + 1) == .star: return index
            default: index += 1
            }
        }
        return end
    }

    /// The end of the quoted text starting at `from`; a single-line one stops at a line break.
    func quotedEnd(_ from: Int, escapes: Bool, multiline: Bool) -> Int {
        let quote = source[from]
        var index = from + 1
        while index < end {
            let byte = source[index]
            if byte == quote { return index + 1 }
            if escapes, byte == .backslash, index + 1 < end, multiline || !isLineBreak(source[index + 1]) {
                index += 2
                continue
            }
            if !multiline, isLineBreak(byte) { return index }
            index += 1
        }
        return end
    }

    func isFollowedByColon(_ from: Int) -> Bool {
        var index = from
        while index < end, isSpace(source[index]) { index += 1 }
        return byte(index) == .colon
    }

    func nameEnd(_ from: Int) -> Int {
        var index = from
        while index < end, isNameByte(source[index]) || isDigit(source[index]) { index += 1 }
        return index
    }

    func numberEnd(_ from: Int) -> Int {
        var index = from + 1
        let exponent = source[from] == UInt8(ascii: "0") && (byte(from + 1) | 0x20) == UInt8(ascii: "x") ? UInt8(ascii: "p") : UInt8(ascii: "e")
        while index < end {
            let byte = source[index]
            if (isNameByte(byte) && byte < 0x80) || isDigit(byte) || byte == .period
                || ((byte == .plus || byte == .minus) && source[index - 1] | 0x20 == exponent) {
                index += 1
            } else {
                break
            }
        }
        return index
    }

    /// The class of a name in C, Objective-C or JSON.
    func nameClass(_ range: Range<Int>) -> TokenClass? {
        let name = text(range)
        if let name, lexer.keywords.contains(name) { return .keyword }
        if let name, lexer.types.contains(name) { return .type }
        if lexer.functionCalls, byte(range.upperBound) == .leftParen { return .function }
        if lexer.suffixTTypes, range.count > 2, source[range.upperBound - 2] == .underscore, source[range.upperBound - 1] == UInt8(ascii: "t") {
            return .type
        }
        if lexer.capitalizedTypes, isUpper(source[range.lowerBound]) {
            let prefixed = range.count > 2 && isUpper(source[range.lowerBound + 2])
                && Self.typePrefixes.contains(text(range.lowerBound..<range.lowerBound + 2) ?? "")
            let allCaps = !source[range].contains(where: { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") })
            if prefixed || !allCaps { return .type }
        }
        return nil
    }

    /// The text of a short range (keywords are short), nil for a long one. Short strings live
    /// inline in `String`, so this does not allocate.
    func text(_ range: Range<Int>) -> String? {
        range.count <= 15 ? String(decoding: UnsafeBufferPointer(rebasing: source[range]), as: UTF8.self) : nil
    }

    // MARK: Shell

    /// One shell token at `from`: a string, a variable, a word or an operator.
    mutating func shellToken(_ from: Int, _ out: inout HTMLWriter) -> Int {
        switch source[from] {
        case .apostrophe:
            let index = quotedEnd(from, escapes: false, multiline: true)
            out.mark(from..<index, .string)
            state.command = false
            return index
        case .quote:
            state.command = false
            return shellString(from, &out)
        case .dollar:
            let index = variableEnd(from)
            if index > from + 1 { out.mark(from..<index, .variable); state.command = false }
            return max(index, from + 1)
        case .semicolon, .pipe, .leftParen, .backtick:
            state.separate()
            return from + 1
        case .ampersand:
            // `2>&1` redirects; `&` and `&&` separate commands.
            if from == start || (source[from - 1] != .lessThan && source[from - 1] != .greaterThan) { state.separate() }
            return from + 1
        case .lessThan, .greaterThan, .rightParen:
            state.command = false
            return from + 1
        default:
            return shellWord(from, &out)
        }
    }

    /// A double-quoted shell string, with its `$variables` marked inside it.
    func shellString(_ from: Int, _ out: inout HTMLWriter) -> Int {
        var index = from + 1
        var segment = from
        while index < end {
            switch source[index] {
            case .quote:
                out.mark(segment..<index + 1, .string)
                return index + 1
            case .backslash:
                index += 2
            case .dollar:
                let variable = variableEnd(index)
                if variable > index + 1 {
                    out.mark(segment..<index, .string)
                    out.mark(index..<variable, .variable)
                    segment = variable
                }
                index = max(variable, index + 1)
            default:
                index += 1
            }
        }
        out.mark(segment..<end, .string)
        return end
    }

    /// The end of the variable at `from` (a `$`): `$name`, `${…}`, `$1`, `$@`…; `from + 1` if none.
    func variableEnd(_ from: Int) -> Int {
        let next = byte(from + 1)
        switch next {
        case .leftBrace:
            // Looks at most 128 bytes ahead, so that a line of unclosed `${` stays linear.
            var index = from + 2
            while index < min(end, from + 128), source[index] != .rightBrace, !isLineBreak(source[index]) { index += 1 }
            return byte(index) == .rightBrace ? index + 1 : from + 1
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "@"), UInt8(ascii: "?"), .hash, .dollar,
             UInt8(ascii: "!"), .star, .minus:
            return from + 2
        default:
            return isNameByte(next) && next < 0x80 ? nameEnd(from + 1) : from + 1
        }
    }

    /// A shell word: a keyword, a command, an assignment (`NAME=value`) or an argument.
    mutating func shellWord(_ from: Int, _ out: inout HTMLWriter) -> Int {
        var index = from
        while index < end, isShellWordByte(source[index]) {
            index += source[index] == .backslash ? 2 : 1
        }
        index = min(index, end)
        let name = text(from..<index)
        if let name, state.expectsIn, name == "in" {
            out.mark(from..<index, .keyword)
            state.expectsIn = false
        } else if let name, state.command, lexer.keywords.contains(name) {
            out.mark(from..<index, .keyword)
            state.command = Self.commandKeywords.contains(name)
            state.declaration = Self.declarationKeywords.contains(name)
            state.expectsIn = Self.inKeywords.contains(name)
        } else if state.command || state.declaration, let equals = assignmentEquals(from..<index) {
            out.mark(from..<equals, .variable)
        } else if state.command {
            out.mark(from..<index, .function)
            state.command = false
        }
        return index
    }

    /// The `=` of a word `NAME=…`, nil if the word is not an assignment.
    func assignmentEquals(_ word: Range<Int>) -> Int? {
        guard isNameByte(source[word.lowerBound]), source[word.lowerBound] < 0x80 else { return nil }
        let equals = nameEnd(word.lowerBound)
        return equals < word.upperBound && source[equals] == .equal ? equals : nil
    }

    func isShellBreak(_ byte: UInt8) -> Bool {
        switch byte {
        case .space, .tab, .newline, .carriageReturn, .semicolon, .pipe, .ampersand, .leftParen, .rightParen, .lessThan, .greaterThan: true
        default: false
        }
    }

    func isShellWordByte(_ byte: UInt8) -> Bool {
        !isShellBreak(byte) && byte != .quote && byte != .apostrophe && byte != .dollar && byte != .backtick
    }
}
