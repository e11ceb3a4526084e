import CourseModel

/// One entry of a gettext PO file.
public struct POEntry: Hashable, Sendable {
    public var context: String?
    public var id: String
    public var string: String
    /// `#.` lines: notes for the translator.
    public var extractedComments: [String] = []
    /// `#:` references, `path:line`.
    public var references: [String] = []
    /// `#,` flags (`fuzzy`).
    public var flags: [String] = []
    /// `#|` msgid: the source text the translation was made from.
    public var previousID: String?
    /// Where the entry's `msgstr` starts in the file read, and each line of its text (the
    /// line, the column of the text after the opening quote, and the line's raw text) so that
    /// a place in the string can be given as `line:col`.
    public var stringLocation = SourceLocation(path: "")
    public var stringLines: [(line: Int, column: Int, raw: String)] = []

    public var isFuzzy: Bool { flags.contains("fuzzy") }

    public init(context: String?, id: String, string: String, extractedComments: [String] = [], references: [String] = [],
                flags: [String] = [], previousID: String? = nil) {
        self.context = context; self.id = id; self.string = string; self.extractedComments = extractedComments
        self.references = references; self.flags = flags; self.previousID = previousID
    }

    public static func == (a: POEntry, b: POEntry) -> Bool {
        a.context == b.context && a.id == b.id && a.string == b.string && a.extractedComments == b.extractedComments
            && a.references == b.references && a.flags == b.flags && a.previousID == b.previousID
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(context); hasher.combine(id); hasher.combine(string) }

    /// Where the `offset`-th Character of `string` is in the file.
    public func location(ofOffset offset: Int) -> SourceLocation {
        var remaining = offset
        for piece in stringLines {
            let decoded = PO.unescape(piece.raw)
            if remaining <= decoded.count, !(remaining == decoded.count && piece.line != stringLines.last?.line) {
                let prefix = PO.escape(String(decoded.prefix(remaining)))
                return SourceLocation(path: stringLocation.path, line: piece.line, column: piece.column + prefix.count)
            }
            remaining -= decoded.count
        }
        return stringLocation
    }
}

/// A PO file: its header (the entry with msgid "", as fields) and its entries.
public struct POFile: Hashable, Sendable {
    public var header: [(String, String)]
    public var entries: [POEntry]

    public init(header: [(String, String)], entries: [POEntry]) { self.header = header; self.entries = entries }

    public static func == (a: POFile, b: POFile) -> Bool {
        a.header.map { [$0.0, $0.1] } == b.header.map { [$0.0, $0.1] } && a.entries == b.entries
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(entries) }

    public func field(_ name: String) -> String? { header.first { $0.0.lowercased() == name.lowercased() }?.1 }
}

/// gettext's PO format: the writer wraps as msgmerge does (at 79 columns and after `\n`), the
/// reader reads what msgmerge, msgcat and the editors write.
public enum PO {
    /// Writes the file: the header entry, then each entry.
    public static func write(_ file: POFile) -> String {
        var out = ""
        out += "msgid \"\"\n"
        out += string("msgstr", file.header.map { "\($0.0): \($0.1)\n" }.joined(), forceMultiline: true)
        for entry in file.entries {
            out += "\n"
            for comment in entry.extractedComments {
                out += comment.split(separator: "\n", omittingEmptySubsequences: false).map { "#. \($0)\n" }.joined()
            }
            if !entry.references.isEmpty { out += "#: " + entry.references.joined(separator: " ") + "\n" }
            if !entry.flags.isEmpty { out += "#, " + entry.flags.joined(separator: ", ") + "\n" }
            if let previous = entry.previousID {
                out += string("msgid", previous).split(separator: "\n").map { "#| \($0)\n" }.joined()
            }
            if let context = entry.context { out += string("msgctxt", context) }
            out += string("msgid", entry.id)
            out += string("msgstr", entry.string)
        }
        return out
    }

    /// `keyword "text"`, or `keyword ""` then one quoted line per line of the text (and per
    /// 79 columns), as msgmerge writes a string that holds a newline or does not fit.
    static func string(_ keyword: String, _ value: String, forceMultiline: Bool = false) -> String {
        let escaped = escape(value)
        if !forceMultiline, !value.contains("\n"), keyword.count + escaped.count + 3 <= 79 {
            return "\(keyword) \"\(escaped)\"\n"
        }
        var out = "\(keyword) \"\"\n"
        // One piece per line of the text (each keeping its \n), wrapped at spaces to 79 columns.
        var lines: [String] = []
        var current = ""
        for c in value {
            current.append(c)
            if c == "\n" { lines.append(current); current = "" }
        }
        if !current.isEmpty { lines.append(current) }
        for line in lines {
            for piece in wrap(escape(line), width: 77) { out += "\"\(piece)\"\n" }
        }
        return out
    }

    /// Breaks an escaped line after spaces so that each piece fits `width`; never inside an escape.
    static func wrap(_ escaped: String, width: Int) -> [String] {
        var pieces: [String] = []
        var rest = Substring(escaped)
        while rest.count > width {
            var cut: String.Index?
            var index = rest.startIndex
            var count = 0
            while index < rest.endIndex, count < width {
                if rest[index] == "\\" { index = rest.index(index, offsetBy: 2, limitedBy: rest.endIndex) ?? rest.endIndex; count += 2; continue }
                if rest[index] == " " { cut = rest.index(after: index) }
                index = rest.index(after: index); count += 1
            }
            guard let at = cut, at < rest.endIndex else { break }
            pieces.append(String(rest[..<at]))
            rest = rest[at...]
        }
        pieces.append(String(rest))
        return pieces
    }

    public static func escape(_ text: String) -> String { escapedQuotes(text) }

    public static func unescape(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var iterator = text.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            guard scalar == "\\", let next = iterator.next() else { out.append(scalar); continue }
            switch next {
            case "n": out.append("\n")
            case "t": out.append("\t")
            case "r": out.append("\r")
            case "a": out.append("\u{07}")
            case "b": out.append("\u{08}")
            case "f": out.append("\u{0C}")
            case "v": out.append("\u{0B}")
            default: out.append(next)
            }
        }
        return String(out)
    }

    /// Reads a PO file. Obsolete entries (`#~`) are skipped; the header entry becomes fields.
    public static func read(_ text: String, path: String) -> (POFile?, [Diagnostic]) {
        var entries: [POEntry] = []
        var header: [(String, String)] = []
        var diagnostics: [Diagnostic] = []

        var context: String?, id: String?, string: String?
        var comments: [String] = [], references: [String] = [], flags: [String] = [], previous: String?
        var stringLocation = SourceLocation(path: path)
        var stringLines: [(Int, Int, String)] = []
        var target: WritableKeyPath<Parts, String?>?
        var parts = Parts()

        func finish() {
            defer {
                parts = Parts(); comments = []; references = []; flags = []; previous = nil; target = nil; stringLines = []
            }
            context = parts.context; id = parts.id; string = parts.string
            guard let id else { return }
            if id.isEmpty, context == nil {
                for line in (string ?? "").split(separator: "\n") {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    header.append((String(line[..<colon]), line[line.index(after: colon)...].trimming(" ")))
                }
                return
            }
            var entry = POEntry(context: context, id: id, string: string ?? "", extractedComments: comments, references: references,
                                flags: flags, previousID: previous)
            entry.stringLocation = stringLocation
            entry.stringLines = stringLines
            entries.append(entry)
        }

        var previousParts = Parts()
        var previousTarget: WritableKeyPath<Parts, String?>?
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (number, rawLine) in lines.enumerated() {
            var line = rawLine
            if line.hasSuffix("\r") { line = line.dropLast() }
            let lineNumber = number + 1
            if line.hasPrefix("#~") { continue }
            if line.hasPrefix("#|") {
                let rest = line.dropFirst(2).drop { $0 == " " }
                if let (keyword, value, _) = keywordLine(rest) {
                    previousTarget = keyword == "msgid" ? \.id : keyword == "msgctxt" ? \.context : nil
                    if let previousTarget { previousParts[keyPath: previousTarget] = value }
                } else if rest.hasPrefix("\""), let value = quoted(rest), let previousTarget {
                    previousParts[keyPath: previousTarget] = (previousParts[keyPath: previousTarget] ?? "") + value
                }
                previous = previousParts.id
                continue
            }
            previousParts = Parts(); previousTarget = nil
            if line.hasPrefix("#") {
                if target != nil, parts.id != nil { finish() }
                if line.hasPrefix("#.") { comments.append(String(line.dropFirst(2).drop { $0 == " " })) }
                else if line.hasPrefix("#:") { references += line.dropFirst(2).split(separator: " ").map(String.init) }
                else if line.hasPrefix("#,") { flags += line.dropFirst(2).split(separator: ",").map { $0.trimming(" ") } }
                continue
            }
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty { if parts.id != nil { finish() }; continue }
            if let (keyword, value, column) = keywordLine(trimmed) {
                let key: WritableKeyPath<Parts, String?>?
                switch keyword {
                case "msgctxt": key = \.context
                case "msgid": key = \.id
                case "msgstr", "msgstr[0]": key = \.string
                case "msgid_plural": key = \.plural
                default: key = keyword.hasPrefix("msgstr[") ? \.otherForms : nil
                }
                guard let key else {
                    diagnostics.append(.error(.exchangeFile, "unknown keyword '\(keyword)'", at: SourceLocation(path: path, line: lineNumber, column: 1),
                                              suggestion: "a PO entry has msgctxt, msgid and msgstr lines"))
                    continue
                }
                if key == \Parts.context || (key == \Parts.id && parts.context == nil), parts.id != nil { finish() }
                parts[keyPath: key] = value
                target = key
                if key == \Parts.string {
                    let column = line.count - trimmed.count + column
                    stringLocation = SourceLocation(path: path, line: lineNumber, column: column)
                    stringLines = [(lineNumber, column + 1, rawQuoted(trimmed.dropFirst(keyword.count).drop { $0 == " " }) ?? "")]
                }
                continue
            }
            if trimmed.hasPrefix("\""), let value = quoted(trimmed), let key = target {
                parts[keyPath: key] = (parts[keyPath: key] ?? "") + value
                if key == \Parts.string { stringLines.append((lineNumber, line.count - trimmed.count + 2, rawQuoted(trimmed) ?? "")) }
                continue
            }
            diagnostics.append(.error(.exchangeFile, "a line PO does not have: \(trimmed.prefix(40))",
                                      at: SourceLocation(path: path, line: lineNumber, column: 1),
                                      suggestion: "check the file with `msgfmt --check -o /dev/null FILE`"))
        }
        if parts.id != nil { finish() }
        return (diagnostics.hasErrors ? nil : POFile(header: header, entries: entries), diagnostics)
    }

    struct Parts { var context: String?, id: String?, string: String?, plural: String?, otherForms: String? }

    /// `msgid "text"` → ("msgid", text, the column of the opening quote).
    static func keywordLine(_ line: Substring) -> (String, String, Int)? {
        let keyword = line.prefix { $0 != " " && $0 != "\t" && $0 != "\"" }
        guard !keyword.isEmpty, keyword.first!.isLetter else { return nil }
        let rest = line.dropFirst(keyword.count).drop { $0 == " " || $0 == "\t" }
        guard let value = quoted(rest) else { return nil }
        return (String(keyword), value, line.count - rest.count + 1)
    }

    /// The escaped text between a line's quotes.
    static func rawQuoted(_ line: Substring) -> String? {
        let body = line.trimming(" \t")
        guard body.count >= 2, body.hasPrefix("\""), body.hasSuffix("\"") else { return nil }
        return String(body.dropFirst().dropLast())
    }

    static func quoted(_ line: Substring) -> String? { rawQuoted(line).map(unescape) }
}

extension Substring {
    func trimming(_ set: String) -> String {
        var text = self
        while let first = text.first, set.contains(first) { text = text.dropFirst() }
        while let last = text.last, set.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
