import CourseModel
import Foundation

/// What mdBook's Markdown has beyond CommonMark: admonish blocks, Rust code fences with hidden lines, math.
extension MDBookConversion {
    // MARK: mdbook-admonish

    static let admonishKinds: [String: String] = {
        var kinds: [String: String] = [:]
        for kind in ["note", "info", "todo", "abstract", "summary", "tldr", "question", "help", "faq", "quote", "cite", "example"] { kinds[kind] = "NOTE" }
        for kind in ["tip", "hint", "success", "check", "done"] { kinds[kind] = "TIP" }
        kinds["important"] = "IMPORTANT"
        for kind in ["warning", "caution", "attention"] { kinds[kind] = "WARNING" }
        for kind in ["danger", "error", "failure", "fail", "missing", "bug"] { kinds[kind] = "CAUTION" }
        return kinds
    }()

    /// ```` ```admonish warning "Title" ```` blocks → `> [!WARNING] Title` callouts.
    mutating func admonitions(in lines: [Line], path: String) -> [Line] {
        var output: [Line] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            guard let fence = MarkdownText.fenceOpening(line.text) else { output.append(line); index += 1; continue }
            var end = index + 1
            while end < lines.count, !MarkdownText.closesFence(lines[end].text, fence) { end += 1 }
            let info = fence.info
            guard info == "admonish" || info.hasPrefix("admonish ") else {
                output += lines[index..<min(end + 1, lines.count)]
                index = end + 1
                continue
            }
            let (kind, title) = admonishHeader(String(info.dropFirst("admonish".count)), at: SourceLocation(path: path, line: line.origin, column: 1))
            let continuation = String(fence.prefix.map { $0 == ">" ? ">" : " " })
            var marker = "> [!\(kind)]"
            if let title, !title.isEmpty { marker += " " + title }
            output.append(Line(text: fence.prefix + marker, origin: line.origin))
            let body = admonitions(in: lines[(index + 1)..<min(end, lines.count)].map { body in
                var text = body.text
                if text.hasPrefix(continuation) {
                    text.removeFirst(continuation.count)
                } else {
                    text = String(text.drop { $0 == " " })
                }
                return Line(text: text, origin: body.origin)
            }, path: path)
            for bodyLine in body {
                output.append(Line(text: continuation + (bodyLine.text.isEmpty ? ">" : "> " + bodyLine.text), origin: bodyLine.origin))
            }
            index = end + 1
        }
        return output
    }

    /// mdbook-spec's rule markers (a line `r[type.never]`, the Rust Reference's) left out; each
    /// rule noted with the chapter (`chapter`, its index) and the heading it names or is under, for
    /// the links to it.
    mutating func ruleMarkers(in lines: [Line], chapter: Int) -> [Line] {
        let code = MarkdownText.codeMask(lines)
        var output: [Line] = []
        var pending: [String] = []
        var heading: String?
        for (index, line) in lines.enumerated() {
            if !code[index], let rule = Self.ruleMarker(line.text) {
                pending.append(rule)
                continue
            }
            if !code[index], let found = HeadingLine(line.text) {
                heading = found.explicitID ?? Self.mdBookID(Words.plain(found.text))
            }
            // Rules before a heading name it; before anything else, the heading they are under.
            if !pending.isEmpty, code[index] || !line.text.allSatisfy(\.isWhitespace) {
                for rule in pending where rules[rule] == nil { rules[rule] = (chapter, heading) }
                pending = []
            }
            output.append(line)
        }
        for rule in pending where rules[rule] == nil { rules[rule] = (chapter, heading) }
        return output
    }

    /// The rule a line `r[rule.name]` marks.
    static func ruleMarker(_ line: String) -> String? {
        guard line.hasPrefix("r["), line.trimmingSpaces().hasSuffix("]") else { return nil }
        let name = line.trimmingSpaces().dropFirst(2).dropLast()
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }) else { return nil }
        return String(name)
    }

    /// GitHub's alerts as books write them for mdBook (`> [!EXAMPLE]`, the Rust Reference's):
    /// a kind Primer lacks becomes one of the course's own callouts, declared in course.yml; one
    /// that is no word of letters (`[!EDITION-2018]`) a note titled with it (warning).
    mutating func alerts(in lines: [Line], path: String) -> [Line] {
        let code = MarkdownText.codeMask(lines)
        var output = lines
        for (index, line) in lines.enumerated() where !code[index] && line.text.contains("[!") {
            let prefixLength = MarkdownText.containerPrefixLength(Substring(line.text))
            let prefix = line.text.prefix(prefixLength)
            let rest = line.text.dropFirst(prefixLength)
            guard prefix.contains(">"), rest.hasPrefix("[!"), let close = rest.firstIndex(of: "]") else { continue }
            let word = String(rest[rest.index(rest.startIndex, offsetBy: 2)..<close])
            let after = rest[rest.index(after: close)...]
            guard !word.isEmpty, word.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else { continue }
            if word.allSatisfy(\.isLetter) {
                output[index].text = prefix + "[!\(builder.calloutKind(word))]" + after
                continue
            }
            let title = word.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }
                .joined(separator: " ")
            let text = after.trimmingSpaces()
            output[index].text = prefix + "[!NOTE] " + (text.isEmpty ? title : title + ": " + text)
            builder.diagnostics.append(.warning(.importCallout, "alert kind '\(word)' is no word of letters, as a callout kind must be; it becomes a note titled '\(title)'",
                                                at: SourceLocation(path: path, line: line.origin, column: 1),
                                                suggestion: "declare a kind of letters under callouts: in course.yml and use it here"))
        }
        return output
    }

    /// The callout kind and title of an admonish block's info string (after `admonish`).
    mutating func admonishHeader(_ text: String, at place: SourceLocation) -> (String, String?) {
        var tokens: [String] = []
        var current = ""
        var quote: Character?
        for c in text {
            if let q = quote {
                if c == q { quote = nil } else { current.append(c) }
                continue
            }
            if c == "\"" || c == "'" {
                quote = c
                if current.isEmpty { current = "\u{0}" }   // marks a quoted token
                continue
            }
            if c == " " || c == "\t" {
                if !current.isEmpty { tokens.append(current); current = "" }
                continue
            }
            current.append(c)
        }
        if !current.isEmpty { tokens.append(current) }
        var kindName: String?
        var title: String?
        for token in tokens {
            if token.hasPrefix("\u{0}") {
                title = String(token.dropFirst())
            } else if let equals = token.firstIndex(of: "=") {
                let key = token[..<equals].lowercased()
                let value = token[token.index(after: equals)...].replacingOccurrences(of: "\u{0}", with: "")
                if key == "title" { title = value } else if key == "kind" || key == "type" { kindName = value }
            } else if kindName == nil {
                kindName = token
            }
        }
        let name = (kindName ?? "note").lowercased()
        guard let kind = Self.admonishKinds[name] else {
            builder.diagnostics.append(.warning(.importCallout, "admonish kind '\(name)' is not one the importer knows; it becomes a note", at: place,
                                                suggestion: "known: " + Self.admonishKinds.keys.sorted().joined(separator: ", ")))
            return ("NOTE", title ?? name.capitalized)
        }
        return (kind, title)
    }

    // MARK: Code fences, hidden lines, math

    /// `rust,ignore` → `rust`; lines Rust hides dropped from Rust blocks; a warning for math.
    mutating func tidy(_ lines: [Line], path: String) -> [Line] {
        var output: [Line] = []
        var open: FenceOpening?
        var rust = false
        for var line in lines {
            if let fence = open {
                if MarkdownText.closesFence(line.text, fence) {
                    open = nil
                } else if rust {
                    let content = line.text.hasPrefix(fence.prefix) ? line.text.dropFirst(fence.prefix.count) : Substring(line.text)
                    let trimmed = content.drop { $0 == " " || $0 == "\t" }
                    if trimmed == "#" || trimmed.hasPrefix("# ") { continue }
                }
                output.append(line)
                continue
            }
            if var fence = MarkdownText.fenceOpening(line.text) {
                let language = fence.info.prefix { $0 != "," && $0 != " " && $0 != "{" }
                if fence.info.dropFirst(language.count).hasPrefix(",") {
                    let rest = line.text.dropFirst(fence.prefix.count + fence.count)
                    let attributes = rest.drop { $0 != " " && $0 != "{" }.trimmingSpaces()
                    line.text = fence.prefix + String(repeating: fence.marker, count: fence.count) + language + (attributes.hasPrefix("{") ? " " + attributes : "")
                    fence.info = String(language)
                }
                rust = language == "rust"
                open = fence
                output.append(line)
                continue
            }
            let prose = Inline.rewrite(line.text) { item in
                if case .code = item { return "" }
                return nil
            }
            if prose.contains("\\\\(") || prose.contains("\\\\[") || prose.contains("$$") {
                builder.diagnostics.append(.warning(.importDirective, "math (MathJax \\\\( … \\\\)) is not converted; Primer shows it as written",
                                                    at: SourceLocation(path: path, line: line.origin, column: 1),
                                                    suggestion: "write the formula as text or Unicode, or as a picture"))
            }
            output.append(line)
        }
        return output
    }
}
