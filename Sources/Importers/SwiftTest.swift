import CourseModel
import Foundation

/// One `swifttest` block of a DocC book (The Swift Programming Language keeps its tests this way,
/// in an HTML comment under a listing), read into the lines of the program it tests.
struct SwiftTestBlock {
    /// The tests it belongs to (`- test: \`a\``), in the order the comment names them.
    var names: [String]
    /// Index (into the page's lines) of the ```` ```swifttest ```` fence.
    var fence: Int
    /// The book's line of that fence.
    var line: Int
    var items: [SwiftTestItem] = []

    var code: [SwiftTestItem.Code] { items.compactMap { if case .code(let code) = $0 { return code } else { return nil } } }
    var outputs: [(text: String, hidden: Bool)] {
        items.compactMap { if case .output(let text, let hidden) = $0 { return (text, hidden) } else { return nil } }
    }
    var errors: [String] { items.compactMap { if case .error(let message) = $0 { return message } else { return nil } } }
    var traps: Bool { items.contains { if case .trap = $0 { return true } else { return false } } }
}

/// What a line of a `swifttest` block says.
enum SwiftTestItem {
    struct Code {
        var text: String
        /// `>>` (and `/>`): compiled, not in the book's listing.
        var hidden: Bool
        /// The book's line.
        var line: Int
    }
    /// `->` shown code, `>>` hidden code (and their continuation lines).
    case code(Code)
    /// `<-` and `</` (shown in the book), `<<` (hidden): a line the program prints.
    case output(String, hidden: Bool)
    /// `!$ error: message` or `!! path:line:col: error: message`: an error the compiler gives.
    case error(String)
    /// `xx`: the program traps when it runs.
    case trap
}

/// Reading the HTML comments that hold `swifttest` blocks.
enum SwiftTestSyntax {
    /// The prefixes of the lines of a block.
    static let prefixes: Set<String> = ["->", ">>", "<-", "<<", "</", "/>", "!!", "!$", "xx"]

    /// The blocks of the comment `lines[range]` (its `<!--` … `-->` lines), and a warning for each
    /// line nothing can be made of. `path` is the book's file, as the warnings name it.
    static func blocks(in lines: [Line], _ range: ClosedRange<Int>, path: String) -> (blocks: [SwiftTestBlock], warnings: [Diagnostic]) {
        var blocks: [SwiftTestBlock] = []
        var warnings: [Diagnostic] = []
        var names: [String]?
        var index = range.lowerBound
        while index <= range.upperBound {
            let text = lines[index].text.trimmingSpaces()
            if let named = testNames(text) {
                names = named
                index += 1
                continue
            }
            guard text.hasPrefix("```swifttest") else {
                if !text.isEmpty, text != "<!--", text != "-->" {
                    warnings.append(.warning(.importTest, "a comment that holds a swifttest block also holds other text ('\(String(text.prefix(60)))'); it is left out",
                                             at: SourceLocation(path: path, line: lines[index].origin, column: 1),
                                             suggestion: "move the remark into a comment of its own"))
                }
                index += 1
                continue
            }
            var block = SwiftTestBlock(names: names ?? [], fence: index, line: lines[index].origin)
            if names == nil {
                let name = "line-\(lines[index].origin)"
                block.names = [name]
                warnings.append(.warning(.importTest, "this swifttest block has no '- test:' name; it is checked as a test of its own (\(name))",
                                         at: SourceLocation(path: path, line: lines[index].origin, column: 1),
                                         suggestion: "name it with a '- test: `name`' line before the block"))
            }
            names = nil
            var end = index + 1
            while end <= range.upperBound, !lines[end].text.trimmingSpaces().hasPrefix("```") { end += 1 }
            block.items = items(lines[(index + 1)..<min(end, range.upperBound + 1)], path: path, warnings: &warnings)
            blocks.append(block)
            index = end + 1
        }
        return (blocks, warnings)
    }

    /// `- test: \`a\``, `- test: \`a, b\``, `- test: \`a\`, \`b\`` (and the older `.. testcode:: a`):
    /// the names, or nil for another line.
    static func testNames(_ text: String) -> [String]? {
        if text.hasPrefix(".. testcode::") {
            let name = text.dropFirst(".. testcode::".count).trimmingSpaces()
            return name.isEmpty ? nil : [name]
        }
        guard text.hasPrefix("- test:") else { return nil }
        var names: [String] = []
        var inside = false
        var current = ""
        for c in text.dropFirst("- test:".count) {
            if c == "`" {
                if inside { names += current.split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty } }
                current = ""
                inside.toggle()
            } else if inside {
                current.append(c)
            }
        }
        return names.isEmpty ? nil : names
    }

    /// The lines of one block. A line with no prefix continues the code line before it (the three
    /// columns of `-> ` taken off, as far as they are spaces): hidden code while a `>>` statement
    /// is open (`>> do {`), shown code once it is complete (`>> var count = 0`, then the listing's
    /// own lines); a `//` comment elsewhere is a comment of the listing; anything else is a warning.
    static func items(_ lines: ArraySlice<Line>, path: String, warnings: inout [Diagnostic]) -> [SwiftTestItem] {
        var items: [SwiftTestItem] = []
        /// While code goes on: whether it is hidden, the column its text starts at, and how many
        /// brackets the statement leaves open.
        var code: (hidden: Bool, column: Int, depth: Int)?
        var blanks: [Line] = []
        func add(_ text: String, hidden: Bool, _ line: Line) {
            for blank in blanks { items.append(.code(.init(text: "", hidden: hidden, line: blank.origin))) }
            blanks = []
            items.append(.code(.init(text: text, hidden: hidden, line: line.origin)))
        }
        for line in lines {
            let indent = line.text.prefix { $0 == " " }.count
            let body = String(line.text.dropFirst(indent))
            if body.trimmingSpaces().isEmpty {
                if code != nil { blanks.append(line) }
                continue
            }
            let prefix = String(body.prefix(2))
            let afterPrefix = body.dropFirst(2)
            // `<<-`, `!!-`: an empty line of that kind.
            let isPrefixed = prefixes.contains(prefix) && (afterPrefix.isEmpty || afterPrefix.first == " " || afterPrefix == "-")
            if var open = code, !isPrefixed || indent >= open.column {
                if indent < open.column, isREPLAnnotation(body) {
                    warnings.append(unknownLine(body, at: line.origin, path: path))
                    continue
                }
                if open.hidden, open.depth <= 0 { open.hidden = false }
                let text = dedent(line.text, by: open.column)
                add(text, hidden: open.hidden, line)
                open.depth += bracketBalance(text)
                code = open
                continue
            }
            blanks = []
            guard isPrefixed else {
                code = nil
                if body.hasPrefix("//"), !isREPLAnnotation(body) {
                    items.append(.code(.init(text: body, hidden: false, line: line.origin)))
                } else {
                    warnings.append(unknownLine(body, at: line.origin, path: path))
                }
                continue
            }
            let text = afterPrefix == "-" ? "" : afterPrefix.hasPrefix(" ") ? String(afterPrefix.dropFirst()) : String(afterPrefix)
            let enclosing = code
            code = nil
            switch prefix {
            case "->", ">>":
                let hidden = prefix == ">>"
                add(text, hidden: hidden, line)
                // A hidden line indented into shown code (or the reverse) leaves the lines after
                // it to the code it is in: `-> for x in xs {`, `>>    log(x)`, `   }`.
                if let enclosing, enclosing.hidden != hidden, text.hasPrefix(" ") {
                    code = enclosing
                } else {
                    code = (hidden, indent + 3, bracketBalance(text))
                }
            case "/>":
                items.append(.code(.init(text: "print(\"\(text)\")", hidden: true, line: line.origin)))
            case "<-", "</": items.append(.output(text, hidden: false))
            case "<<": items.append(.output(text, hidden: true))
            case "!!", "!$":
                if let message = errorMessage(text) { items.append(.error(message)) }
            default: items.append(.trap)
            }
        }
        return items
    }

    static func unknownLine(_ body: String, at line: Int, path: String) -> Diagnostic {
        let what = isREPLAnnotation(body) ? "is what the old REPL printed" : "has no prefix the importer knows"
        return .warning(.importTest, "this line of a swifttest block \(what) ('\(String(body.prefix(40)))'); it is left out of the test",
                        at: SourceLocation(path: path, line: line, column: 1),
                        suggestion: "start it with -> (shown code), >> (hidden code), <- or << (output), !$ (an error) or xx (a trap)")
    }

    /// `// r0 : Int = 5`: what the old REPL printed after a line, not code.
    static func isREPLAnnotation(_ body: String) -> Bool {
        let rest = body.dropFirst(2).trimmingSpaces()
        let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return !name.isEmpty && rest.dropFirst(name.count).hasPrefix(" : ") && rest.contains(" = ")
    }

    /// Brackets a line opens less those it closes, outside string literals and `//` comments.
    static func bracketBalance(_ text: String) -> Int {
        var balance = 0
        scanCode(text) { c, inString in
            guard !inString else { return }
            if "{([".contains(c) { balance += 1 } else if "})]".contains(c) { balance -= 1 }
        }
        return balance
    }

    /// A line of code as two versions of a listing are compared: without its `//` comment, its
    /// runs of spaces made one.
    static func comparable(_ text: String) -> String {
        var code = ""
        scanCode(text) { c, _ in code.append(c) }
        return code.split { $0 == " " || $0 == "\t" }.joined(separator: " ")
    }

    /// Calls `visit` with each character of `text` before its `//` comment, and whether it is in
    /// a string literal (one line's worth: `"…"` with its escapes).
    static func scanCode(_ text: String, _ visit: (Character, Bool) -> Void) {
        var inString = false
        var escaped = false
        var pendingSlash = false
        for c in text {
            if inString {
                visit(c, true)
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
                continue
            }
            if c == "/" {
                if pendingSlash { return }
                pendingSlash = true
                continue
            }
            if pendingSlash { visit("/", false); pendingSlash = false }
            if c == "\"" { inString = true }
            visit(c, inString)
        }
        if pendingSlash { visit("/", false) }
    }

    /// `text` without up to `column` leading spaces.
    static func dedent(_ text: String, by column: Int) -> String {
        String(text.dropFirst(min(column, text.prefix { $0 == " " }.count)))
    }

    /// The `error: message` an `!$` or `!!` line quotes, nil for a note, a warning, the source
    /// echoed or a caret line.
    static func errorMessage(_ text: String) -> String? {
        if text.hasPrefix("error: ") { return text }
        guard let marker = text.range(of: ": error: ") else { return nil }
        // `/tmp/swifttest.swift:7:4` or `<REPL Input>:1:19`: a place, then the message.
        let place = text[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
        guard place.count >= 2, let last = place.last, !last.isEmpty, last.allSatisfy(\.isNumber) else { return nil }
        return "error: " + text[marker.upperBound...]
    }
}
