import CourseModel
import Foundation

/// DocC's directives (`@Name(arguments) { body }`): which are dropped, which become Markdown,
/// which are unwrapped with a warning. Nesting is limited, so a page is read in time linear in
/// its length.
extension DocCConversion {
    /// How deep directives may nest; deeper ones are kept as text, unparsed.
    static let nestingLimit = 16
    /// How many lines a directive's arguments may take.
    static let argumentLines = 100

    /// `@Metadata`, `@Options` and `@Comment` dropped (comments kept as HTML comments), `@Image`
    /// turned into an image; other directives' text kept where they have any, with a warning.
    /// Directives nested deeper than `nestingLimit` are kept as text, so the work stays linear in
    /// the page's length times that limit.
    mutating func directives(_ lines: [Line], path: String, inside container: String? = nil, depth: Int = 0) -> [Line] {
        var output: [Line] = []
        var open: FenceOpening?
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if let fence = open {
                if MarkdownText.closesFence(line.text, fence) { open = nil }
                output.append(line); index += 1; continue
            }
            if let fence = MarkdownText.fenceOpening(line.text) {
                open = fence
                output.append(line); index += 1; continue
            }
            guard let directive = Self.directive(at: index, in: lines) else { output.append(line); index += 1; continue }
            let place = SourceLocation(path: path, line: line.origin, column: 1)
            let start = index
            index = directive.lastLine + 1
            if depth >= Self.nestingLimit, directive.body != nil {
                builder.diagnostics.append(.warning(.importDirective, "directives nest more than \(Self.nestingLimit) deep here; this one and what it holds are kept as text",
                                                    at: place, suggestion: "flatten that part of the page: no reader follows so many levels"))
                output += lines[start..<index]
                continue
            }
            switch directive.name {
            case "Metadata", "Options", "TechnologyRoot", "DisplayName", "PageKind", "PageColor", "TitleHeading",
                 "AutomaticSeeAlso", "AutomaticTitleHeading", "AutomaticArticleSubheading", "TopicsVisualStyle":
                continue
            case "Comment":
                let body = (directive.body ?? []).map { $0.text.trimmingSpaces() }.filter { !$0.isEmpty }
                let text = body.joined(separator: "\n").replacingOccurrences(of: "--", with: "- -")
                output.append(Line(text: "<!-- \(text) -->", origin: line.origin))
            case "Image":
                let arguments = directive.namedArguments
                let alt = arguments["alt"] ?? ""
                guard let source = arguments["source"], !source.isEmpty else {
                    builder.diagnostics.append(.warning(.importImage, "@Image has no source; it is left out", at: place))
                    continue
                }
                let indent = String(line.text.prefix { $0 == " " })
                if let target = image(source, at: place) {
                    let shown = builder.altText(alt, image: source, at: place)
                    output.append(Line(text: indent + Inline.link(image: true, text: shown, destination: target, title: nil), origin: line.origin))
                } else {
                    output.append(Line(text: indent + ProjectBuilder.missingImage(alt: alt, destination: source), origin: line.origin))
                }
            default:
                if let body = directive.body, body.contains(where: { !$0.text.trimmingSpaces().isEmpty }) {
                    // The columns of a row and the tabs of a tab navigator go with the warning about it.
                    if !(Self.layoutParts[container ?? ""]?.contains(directive.name) ?? false) {
                        builder.diagnostics.append(.warning(.importDirective, "@\(directive.name) has no counterpart in Primer; its text is kept without it",
                                                            at: place, suggestion: "arrange that part of the chapter by hand"))
                    }
                    output.append(Line(text: "", origin: line.origin))
                    if directive.name == "Tab", let title = directive.namedArguments[""], !title.isEmpty {
                        output.append(Line(text: "**\(title)**", origin: line.origin))
                        output.append(Line(text: "", origin: line.origin))
                    }
                    output += directives(Self.dedented(body), path: path, inside: directive.name, depth: depth + 1)
                    output.append(Line(text: "", origin: line.origin))
                } else {
                    builder.diagnostics.append(.warning(.importDirective, "@\(directive.name) has no counterpart in Primer; it is left out",
                                                        at: place, suggestion: "describe or link what it showed by hand"))
                }
            }
        }
        return output
    }

    /// Directives that only arrange the parts of another one.
    static let layoutParts: [String: Set<String>] = ["Row": ["Column"], "TabNavigator": ["Tab"]]

    static func dedented(_ lines: [Line]) -> [Line] {
        func indent(_ text: String) -> (width: Int, blank: Bool) {
            let width = text.utf8.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
            return (width, width == text.utf8.count)
        }
        var common = Int.max
        for line in lines {
            let (width, blank) = indent(line.text)
            if !blank { common = min(common, width) }
            if common == 0 { return lines }
        }
        guard common < Int.max else { return lines }
        return lines.map { Line(text: String(decoding: $0.text.utf8.dropFirst(min(common, indent($0.text).width)), as: UTF8.self), origin: $0.origin) }
    }

    /// The directive that starts on line `index` (`@Name`, `@Name(…)`, `@Name(…) {` … `}`), if any.
    static func directive(at index: Int, in lines: [Line]) -> Directive? {
        let text = lines[index].text.drop { $0 == " " || $0 == "\t" }
        guard text.hasPrefix("@"), let first = text.dropFirst().first, first.isLetter else { return nil }
        let name = String(text.dropFirst().prefix { $0.isLetter || $0.isNumber })
        // Arguments, possibly over several lines.
        var rest = String(text.dropFirst(1 + name.count))
        var line = index
        var arguments = ""
        if rest.drop(while: { $0 == " " }).hasPrefix("(") {
            rest = String(rest.drop { $0 == " " }.dropFirst())
            var depth = 1
            var inQuote = false
            scan: while true {
                var consumed = 0
                for c in rest {
                    consumed += 1
                    if inQuote {
                        if c == "\"" { inQuote = false }
                    } else if c == "\"" {
                        inQuote = true
                    } else if c == "(" {
                        depth += 1
                    } else if c == ")" {
                        depth -= 1
                        if depth == 0 { break }
                    }
                    if depth > 0 { arguments.append(c) }
                }
                if depth == 0 {
                    rest = String(rest.dropFirst(consumed))
                    break scan
                }
                line += 1
                // Unclosed: not a directive. (A limit, or every later line would scan to the end again.)
                guard line < lines.count, line - index < Self.argumentLines else { return nil }
                arguments.append(" ")
                rest = lines[line].text
            }
        } else if let next = rest.first, next != " " && next != "{" {
            return nil   // "@Name" followed by other text is prose
        }
        let afterArguments = rest.trimmingSpaces()
        guard afterArguments.hasPrefix("{") else {
            return afterArguments.isEmpty ? Directive(name: name, arguments: arguments, body: nil, lastLine: line) : nil
        }
        // A body on the same line: `@Comment { text }`.
        let inline = afterArguments.dropFirst().trimmingSpaces()
        if inline.hasSuffix("}") {
            let body = inline.dropLast().trimmingSpaces()
            return Directive(name: name, arguments: arguments, body: body.isEmpty ? [] : [Line(text: body, origin: lines[line].origin)], lastLine: line)
        }
        var body: [Line] = inline.isEmpty ? [] : [Line(text: inline, origin: lines[line].origin)]
        var depth = 1
        var open: FenceOpening?
        var current = line + 1
        while current < lines.count {
            let text = lines[current].text
            if let fence = open {
                if MarkdownText.closesFence(text, fence) { open = nil }
            } else if let fence = MarkdownText.fenceOpening(text) {
                open = fence
            } else if let (first, last, single) = Self.ends(text) {
                if first == UInt8(ascii: "@"), last == UInt8(ascii: "{") { depth += 1 }
                if single, first == UInt8(ascii: "}") {
                    depth -= 1
                    if depth == 0 { return Directive(name: name, arguments: arguments, body: body, lastLine: current) }
                }
            }
            body.append(lines[current])
            current += 1
        }
        // Never closed: what follows is the body.
        return Directive(name: name, arguments: arguments, body: body, lastLine: lines.count - 1)
    }

    /// The first and last bytes of a line other than spaces and tabs, and whether they are one;
    /// nil for a blank line. (What the scan for a closing `}` needs, without making a string.)
    static func ends(_ text: String) -> (UInt8, UInt8, Bool)? {
        let bytes = text.utf8
        func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let start = bytes.firstIndex(where: { !isBlank($0) }), let end = bytes.lastIndex(where: { !isBlank($0) }) else { return nil }
        return (bytes[start], bytes[end], start == end)
    }
}

/// A parsed directive: `@Name(arguments) { body }`.
struct Directive {
    var name: String
    var arguments: String
    /// The body's lines, nil when the directive has no `{ }`.
    var body: [Line]?
    /// Index of the last line the directive takes.
    var lastLine: Int

    /// `key: value` arguments (quoted or not); unnamed ones under "".
    var namedArguments: [String: String] {
        var result: [String: String] = [:]
        var key = ""
        var value = ""
        var quoted = false
        var inQuote = false
        func flush() {
            let v = quoted ? value : value.trimmingSpaces()
            if !key.isEmpty || !v.isEmpty { result[key.trimmingSpaces(), default: v] = v }
            key = ""; value = ""; quoted = false
        }
        var escaped = false
        for c in arguments {
            if inQuote {
                if escaped { value.append(c); escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inQuote = false } else { value.append(c) }
                continue
            }
            switch c {
            case "\"": inQuote = true; quoted = true; value = ""
            case ":" where key.isEmpty && !quoted: key = value; value = ""
            case ",": flush()
            default: if !quoted { value.append(c) }
            }
        }
        flush()
        return result
    }
}
