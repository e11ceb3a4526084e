import CourseModel
import Foundation

/// mdBook's `{{#include}}`, `{{#rustdoc_include}}` and `{{#playground}}`: what a chapter brings
/// in from other files of the book, within limits (depth, size, no cycles).
extension MDBookConversion {
    /// How many bytes the includes of one chapter may read in all (each include counts the whole
    /// file it reads, nested includes too), and how deep includes may nest.
    static let includeLimit = 2 * 1024 * 1024
    static let includeDepth = 10

    /// Expands `{{#include}}`, `{{#rustdoc_include}}` and `{{#playground}}`, drops `{{#title}}`.
    mutating func expandDirectives(in lines: [Line], file: String, depth: Int) -> [Line] {
        let code = MarkdownText.codeMask(lines)
        var output: [Line] = []
        for (index, line) in lines.enumerated() {
            guard line.text.contains("{{#") else { output.append(line); continue }
            let expanded = expandLine(line, inCode: code[index], file: file, depth: depth)
            output += expanded
        }
        return output
    }

    mutating func expandLine(_ line: Line, inCode: Bool, file: String, depth: Int) -> [Line] {
        var text = Substring(line.text)   // not a String: copying the rest after each directive would be quadratic
        var result = ""
        var removedAll = true
        while let open = text.range(of: "{{#") {
            let before = text[..<open.lowerBound]
            if before.hasSuffix("\\") {
                // Escaped: mdBook writes it as it is, without the backslash. In prose the Markdown
                // escape says the same, so only code loses the backslash.
                result += inCode ? String(before.dropLast()) : String(before)
                result += "{{#"
                text = text[open.upperBound...]
                removedAll = false
                continue
            }
            guard let close = text.range(of: "}}", range: open.upperBound..<text.endIndex) else { break }
            result += before
            if !before.trimmingSpaces().isEmpty { removedAll = false }
            let directive = String(text[open.lowerBound..<close.upperBound])
            let inside = text[open.upperBound..<close.lowerBound].trimmingSpaces()
            let name = String(inside.prefix { !$0.isWhitespace })
            let arguments = inside.dropFirst(name.count).trimmingSpaces()
            let place = SourceLocation(path: file, line: line.origin, column: 1)
            text = text[close.upperBound...]
            switch name {
            case "include", "rustdoc_include", "playground":
                removedAll = false
                if let included = include(arguments, rustdoc: name == "rustdoc_include", from: file, at: place, depth: depth) {
                    result += name == "playground" ? "```rust\n" + included + "\n```" : included
                } else {
                    result += inCode ? directive : "`\(directive)`"
                }
            case "title":
                builder.diagnostics.append(.warning(.importDirective, "{{#title}} sets the browser's title in mdBook; Primer uses the chapter's title, so it is left out",
                                                    at: place, suggestion: "put the title you want in the chapter's front matter"))
            default:
                removedAll = false
                builder.diagnostics.append(.warning(.importInclude, "{{#\(name)}} is not an mdBook directive the importer knows; it is kept as text", at: place))
                result += inCode ? directive : "`\(directive)`"
            }
        }
        result += text
        if removedAll && result.trimmingSpaces().isEmpty { return [] }
        return result.split(separator: "\n", omittingEmptySubsequences: false).map { Line(text: String($0), origin: line.origin) }
    }

    /// The text an include brings in, or nil (with a warning) when the file or anchor is missing.
    mutating func include(_ arguments: String, rustdoc: Bool, from file: String, at place: SourceLocation, depth: Int) -> String? {
        let spec = String(arguments.prefix { !$0.isWhitespace })
        let pieces = spec.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard let relative = pieces.first, !relative.isEmpty else {
            builder.diagnostics.append(.warning(.importInclude, "this include names no file", at: place))
            return nil
        }
        guard depth < Self.includeDepth else {
            builder.diagnostics.append(.warning(.importInclude, "includes nest more than \(Self.includeDepth) deep here; \(relative) is not included", at: place))
            return nil
        }
        guard !includeBudgetSpent else { return nil }
        let path = Paths.join(Paths.folder(of: file), relative)
        var real: String?
        switch files.place(of: path) {
        case .inside(let found): real = found
        case .outside(let found):
            builder.diagnostics.append(files.diagnostic("cannot include \(relative)", found, at: place))
            return nil
        case .missing: break
        }
        let unreadable = Diagnostic.warning(.importInclude, "cannot include \(relative): \(path) is not a readable text file", at: place,
                                            suggestion: "fix the path (it is relative to the chapter's file)")
        guard let real, let size = BookFiles.regularFileSize(real) else {
            builder.diagnostics.append(unreadable)
            return nil
        }
        if let first = includeStack.firstIndex(where: { $0.real == real }) {
            let chain = (includeStack[first...].map(\.name) + [Paths.name(of: path)]).joined(separator: " → ")
            builder.diagnostics.append(.warning(.importInclude, "\(Paths.name(of: path)) includes itself (\(chain)); it is not expanded again", at: place,
                                                suggestion: "include the part of the file you want with an anchor (file:name) instead of the whole file"))
            return nil
        }
        guard size <= includeBudget else {
            includeBudgetSpent = true
            builder.diagnostics.append(.warning(.importInclude, "the includes of this chapter add up to more than \(Self.includeLimit / 1024 / 1024) MiB; "
                                                    + "\(relative) and the includes after it are not expanded", at: place,
                                                suggestion: "include fewer or smaller files (each include counts the whole file it reads)"))
            return nil
        }
        includeBudget -= size
        guard case .success(let text) = Paths.read(real, display: path) else {
            builder.diagnostics.append(unreadable)
            return nil
        }
        var lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        func number(_ text: String) -> Int? { Int(text) }
        var selected: [String]
        if pieces.count == 1 {
            selected = lines
        } else if pieces.count == 2, !pieces[1].isEmpty, number(pieces[1]) == nil {
            let anchor = pieces[1]
            guard let start = lines.firstIndex(where: { Self.anchorName($0, end: false) == anchor }) else {
                builder.diagnostics.append(.warning(.importInclude, "\(relative) has no anchor '\(anchor)' (a line with ANCHOR: \(anchor))", at: place,
                                                    suggestion: "mark the lines with ANCHOR: \(anchor) … ANCHOR_END: \(anchor)"))
                return nil
            }
            let end = lines[(start + 1)...].firstIndex { Self.anchorName($0, end: true) == anchor } ?? lines.count
            selected = Array(lines[(start + 1)..<end])
        } else {
            let first = pieces.count > 1 ? number(pieces[1]) : nil
            let last = pieces.count > 2 ? number(pieces[2]) : (pieces.count == 2 ? first : nil)
            let from = max(1, first ?? 1)
            let to = min(lines.count, last ?? lines.count)
            if (pieces.count > 1 && !pieces[1].isEmpty && first == nil) || (pieces.count > 2 && !pieces[2].isEmpty && last == nil) || pieces.count > 3 {
                builder.diagnostics.append(.warning(.importInclude, "cannot read the line range in '\(spec)'", at: place,
                                                    suggestion: "write file:10, file:2:10, file:2: or file::10"))
                return nil
            }
            if from > lines.count {
                builder.diagnostics.append(.warning(.importInclude, "\(relative) has \(lines.count) lines; line \(from) is past its end", at: place))
                return nil
            }
            selected = from <= to ? Array(lines[(from - 1)..<to]) : []
        }
        selected.removeAll { Self.anchorName($0, end: false) != nil || Self.anchorName($0, end: true) != nil }
        if rustdoc {
            // Lines Rust hides (`# ` or a lone `#`) are not shown by mdBook either; `##` is a literal `#`.
            selected = selected.compactMap { line in
                let trimmed = line.drop { $0 == " " || $0 == "\t" }
                if trimmed == "#" || trimmed.hasPrefix("# ") { return nil }
                if trimmed.hasPrefix("##") { return String(line.prefix(line.count - trimmed.count)) + String(trimmed.dropFirst()) }
                return line
            }
        }
        // What the included file includes, relative to it.
        includeStack.append((real, Paths.name(of: path)))
        let nested = expandDirectives(in: selected.enumerated().map { Line(text: $1, origin: $0 + 1) }, file: path, depth: depth + 1)
        includeStack.removeLast()
        return nested.map(\.text).joined(separator: "\n")
    }

    /// The anchor a line opens (`ANCHOR: name`) or, with `end`, closes (`ANCHOR_END: name`).
    static func anchorName(_ line: String, end: Bool) -> String? {
        let marker = end ? "ANCHOR_END:" : "ANCHOR:"
        guard let range = line.range(of: marker) else { return nil }
        if !end, range.lowerBound > line.startIndex, line[line.index(before: range.lowerBound)] == "_" { return nil }
        let name = line[range.upperBound...].drop { $0 == " " || $0 == "\t" }.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
        return name.isEmpty ? nil : String(name)
    }
}
