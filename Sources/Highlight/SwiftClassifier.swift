import SwiftIDEUtils
import SwiftParser
import SwiftSyntax

/// Swift, classified by swift-syntax: the parser's own tokens and SwiftIDEUtils' classification,
/// so string interpolation, raw strings, regex literals, nested comments and `#if` are exact.
enum SwiftClassifier {
    static func highlight(into out: inout HTMLWriter) {
        let source = out.source
        let tree = Parser.parse(source: source)
        let ranges = Array(tree.classifications)
        for (index, classified) in ranges.enumerated() {
            let lower = min(classified.range.lowerBound.utf8Offset, source.count)
            let range = lower..<max(lower, min(classified.range.upperBound.utf8Offset, source.count))
            guard !range.isEmpty else { continue }  // a token the parser made up for invalid code
            guard classified.kind == .none else {
                out.mark(range, tokenClass(classified.kind, startingWith: source[range.lowerBound]))
                continue
            }
            // SwiftIDEUtils leaves the `#` of a raw string `#"…"#` unclassified: give the ones
            // that touch a string literal to the string.
            var first = range.lowerBound, last = range.upperBound
            if index > 0, ranges[index - 1].kind == .stringLiteral {
                while first < last, source[first] == .hash { first += 1 }
                out.mark(range.lowerBound..<first, .string)
            }
            if index + 1 < ranges.count, ranges[index + 1].kind == .stringLiteral {
                while last > first, source[last - 1] == .hash { last -= 1 }
                out.mark(last..<range.upperBound, .string)
            }
        }
    }

    static func tokenClass(_ kind: SyntaxClassification, startingWith first: UInt8) -> TokenClass? {
        switch kind {
        case .keyword: .keyword
        case .type: .type
        case .stringLiteral: .string
        case .integerLiteral, .floatLiteral: .number
        case .lineComment, .blockComment, .docLineComment, .docBlockComment: .comment
        case .attribute: .attr
        case .ifConfigDirective: .meta
        case .regexLiteral: .regex
        // Names in expressions are plain identifiers to the parser; a capitalized one is a type
        // by Swift's conventions (`Date()`, `struct Point`, `Color.red`).
        case .identifier: first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z") ? .type : nil
        default: nil
        }
    }
}
