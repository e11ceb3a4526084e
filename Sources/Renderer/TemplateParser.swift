import Foundation

enum TemplateParseFailure: Error {
    case message(String)
}

/// Mirrors swift-mustache's parser (character by character, the same standalone-line rules), so a
/// course's own templates come out as they did.
struct TemplateParser {
    struct State {
        var sectionName: String?
        var sectionTransforms: [String] = []
        var newLine = true
        var partialDefinition = false
        var partialDefinitionTopLevel = false
        var start: [Character] = ["{", "{"]
        var end: [Character] = ["}", "}"]
        var partialDefinitionIndent: [Character]?

        func section(_ name: String, newLine: Bool, transforms: [String] = []) -> State {
            var state = self
            state.sectionName = name
            state.sectionTransforms = transforms
            state.partialDefinitionTopLevel = false
            if !newLine { state.newLine = false }
            return state
        }

        func inheriting(_ name: String) -> State {
            var state = self
            state.sectionName = name
            state.sectionTransforms = []
            state.newLine = true
            state.partialDefinition = true
            state.partialDefinitionTopLevel = true
            return state
        }
    }

    let chars: [Character]
    var index = 0

    init(_ text: String) { chars = Array(text) }

    var atEnd: Bool { index >= chars.count }
    var current: Character { atEnd ? "\0" : chars[index] }

    func error(_ failure: Error) -> TemplateSyntaxError {
        let message: String
        if case TemplateParseFailure.message(let text) = failure { message = text } else { message = "\(failure)" }
        let upTo = chars[..<min(index, chars.count)]
        let line = upTo.filter(\.isNewline).count + 1
        let lineStart = upTo.lastIndex(of: "\n").map { $0 + 1 } ?? 0
        return TemplateSyntaxError(message: message, line: line, column: index - lineStart + 1)
    }

    mutating func read(while predicate: (Character) -> Bool) -> [Character] {
        let start = index
        while !atEnd, predicate(chars[index]) { index += 1 }
        return Array(chars[start..<index])
    }

    /// Reads `string` if it comes next; otherwise stays put.
    mutating func read(_ string: [Character]) -> Bool {
        guard index + string.count <= chars.count, Array(chars[index..<(index + string.count)]) == string else { return false }
        index += string.count
        return true
    }

    mutating func readUntilDelimiterOrNewline(_ state: State) -> String {
        var text = ""
        let first = state.start[0]
        while !atEnd {
            let start = index
            while !atEnd, chars[index] != "\n", chars[index] != "\r\n", chars[index] != first { index += 1 }
            text += String(chars[start..<index])
            if current.isNewline { break }
            if current == first {
                if read(state.start) { break }
                text.append(first)
                index += 1
            }
        }
        return text
    }

    /// A standalone tag: alone on its line (then the line's end is consumed with it).
    mutating func isStandalone(_ state: State) -> Bool {
        guard state.newLine else { return false }
        if atEnd { return true }
        var probe = index
        while probe < chars.count, chars[probe] == " " || chars[probe] == "\t" { probe += 1 }
        guard probe < chars.count, chars[probe].isNewline else { return false }
        index = probe + 1
        return true
    }

    static let nameCharacters = Set<Character>("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?*")

    mutating func parseName(_ state: State) throws -> (String, [String]) {
        _ = read { $0.isWhitespace }
        let text = read { Self.nameCharacters.contains($0) || $0 == "(" || $0 == ")" }
        _ = read { $0.isWhitespace }
        guard read(state.end) else {
            throw TemplateParseFailure.message("a tag's name is not closed by '\(String(state.end))'")
        }
        // `f(g(name))`: transforms f and g, applied to name.
        var names: [String] = []
        var position = 0
        func word() -> String {
            let start = position
            while position < text.count, Self.nameCharacters.contains(text[position]) { position += 1 }
            return String(text[start..<position])
        }
        let malformed = TemplateParseFailure.message("'\(String(text))' is not a name or a transform like 'name(value)'")
        var name = word()
        guard position < text.count else { return (name, []) }
        while true {
            guard position < text.count, text[position] == "(" else { throw malformed }
            position += 1
            names.append(name)
            name = word()
            if position < text.count, text[position] == ")" {
                let closing = text[position...].prefix { $0 == ")" }.count
                guard closing == names.count, position + closing == text.count else { throw malformed }
                return (name, names)
            }
        }
    }

    mutating func parsePartialName(_ state: State) throws -> String {
        _ = read { $0.isWhitespace }
        let text = read { Self.nameCharacters.contains($0) || $0 == "(" || $0 == ")" || $0 == "/" }
        _ = read { $0.isWhitespace }
        guard read(state.end) else {
            throw TemplateParseFailure.message("a partial's name is not closed by '\(String(state.end))'")
        }
        return String(text)
    }
    /// One level of nesting being parsed: its nodes so far, its state, and the spaces read before
    /// a tag (kept back until it is known whether the tag stands alone on its line).
    struct Level {
        var nodes: [TemplateNode] = []
        var state: State
        var whitespaceBefore = ""

        mutating func flushWhitespace() {
            if !whitespaceBefore.isEmpty {
                nodes.append(.text(whitespaceBefore))
                whitespaceBefore = ""
            }
        }
    }

    mutating func parse(_ initial: State) throws -> [TemplateNode] {
        var level = Level(state: initial)
        while !atEnd {
            if level.state.newLine { readIndentation(&level) }
            let text = readUntilDelimiterOrNewline(level.state)
            if current.isNewline {
                level.nodes.append(.text(level.whitespaceBefore + text + String(current)))
                level.state.newLine = true
                index += 1
                continue
            }
            if !text.isEmpty {
                level.nodes.append(.text(level.whitespaceBefore + text))
                level.whitespaceBefore = ""
                level.state.newLine = false
            }
            if atEnd { break }
            guard let standalone = try parseTag(&level) else { return level.nodes }
            level.state.newLine = standalone
        }
        if let open = level.state.sectionName {
            throw TemplateParseFailure.message("section '\(open)' is never closed: add '{{/\(open)}}'")
        }
        return level.nodes
    }

    /// The spaces and tabs that open a line, as the whitespace before what follows (inside a
    /// parent's block, less the block's own indentation, which its first line sets).
    mutating func readIndentation(_ level: inout Level) {
        let whitespace = read { $0 == " " || $0 == "\t" }
        if level.state.partialDefinition, !level.state.partialDefinitionTopLevel {
            if let indent = level.state.partialDefinitionIndent {
                level.whitespaceBefore = String(whitespace.dropFirst(indent.count))
            } else {
                level.state.partialDefinitionIndent = whitespace
            }
        } else {
            level.whitespaceBefore = String(whitespace)
        }
    }

    /// The tag after an opening delimiter, into `level`: whether it stood alone on its line, or
    /// nil for the tag that closes `level`'s section.
    mutating func parseTag(_ level: inout Level) throws -> Bool? {
        switch current {
        case "#", "^": return try parseSection(&level)
        case "/": try parseClosing(&level); return nil
        case "!": return try skipComment(level.state)
        case "{", "&": try parseUnescaped(&level); return false
        case ">": return try parsePartial(&level)
        case "<": return try parseParent(&level)
        case "$": return try parseBlock(&level)
        case "=":
            index += 1
            level.state = try setDelimiters(level.state)
            return isStandalone(level.state)
        case "%":
            index += 1
            level.nodes.append(try configuration(level.state))
            return isStandalone(level.state)
        default:
            level.flushWhitespace()
            let (name, transforms) = try parseName(level.state)
            level.nodes.append(.variable(TemplateReference(name, transforms: transforms), escaped: true))
            return false
        }
    }

    /// `{{#name}}…{{/name}}` or `{{^name}}…{{/name}}`.
    mutating func parseSection(_ level: inout Level) throws -> Bool {
        let inverted = current == "^"
        index += 1
        let (name, transforms) = try parseName(level.state)
        let standalone = isStandalone(level.state)
        if !standalone { level.flushWhitespace() }
        let children = try parse(level.state.section(name, newLine: standalone, transforms: transforms))
        let reference = TemplateReference(name, transforms: transforms)
        level.nodes.append(inverted ? .inverted(reference, children) : .section(reference, children))
        return standalone
    }

    /// `{{/name}}`, which must close the section open at `level`.
    mutating func parseClosing(_ level: inout Level) throws {
        index += 1
        let position = index
        let (name, transforms) = try parseName(level.state)
        guard name == level.state.sectionName, transforms == level.state.sectionTransforms else {
            index = position
            if let open = level.state.sectionName {
                throw TemplateParseFailure.message("'{{/\(name)}}' closes a section, but the one open is '\(open)'")
            }
            throw TemplateParseFailure.message("'{{/\(name)}}' closes a section that was never opened")
        }
        if !isStandalone(level.state) { level.flushWhitespace() }
    }

    /// `{{! comment }}`: nothing is kept.
    mutating func skipComment(_ state: State) throws -> Bool {
        index += 1
        guard let close = (index..<chars.count).first(where: { chars[$0...].starts(with: state.end) }) else {
            throw TemplateParseFailure.message("a comment is not closed by '\(String(state.end))'")
        }
        index = close + state.end.count
        return isStandalone(state)
    }

    /// `{{{name}}}` or `{{&name}}`: a value written without escaping.
    mutating func parseUnescaped(_ level: inout Level) throws {
        let triple = current == "{"
        level.flushWhitespace()
        index += 1
        let (name, transforms) = try parseName(level.state)
        if triple, !read(["}"]) {
            throw TemplateParseFailure.message("'{{{\(name)' is not closed by '}}}'")
        }
        level.nodes.append(.variable(TemplateReference(name, transforms: transforms), escaped: false))
    }

    /// `{{> name}}` or `{{>*name}}`; a standalone one indents every line of the partial as the tag is.
    mutating func parsePartial(_ level: inout Level) throws -> Bool {
        index += 1
        _ = read { $0.isWhitespace }
        let dynamic = read(["*"])
        let name = try parsePartialName(level.state)
        if !level.whitespaceBefore.isEmpty { level.nodes.append(.text(level.whitespaceBefore)) }
        let standalone = isStandalone(level.state)
        level.nodes.append(.partial(name: name, dynamic: dynamic, indentation: standalone ? level.whitespaceBefore : nil, overrides: nil))
        level.whitespaceBefore = ""
        return standalone
    }

    /// `{{< parent}}{{$ block}}…{{/block}}{{/parent}}`: the parent with its blocks overridden.
    mutating func parseParent(_ level: inout Level) throws -> Bool {
        index += 1
        _ = read { $0.isWhitespace }
        let sectionName = try parsePartialName(level.state)
        let dynamic = sectionName.first == "*"
        if !level.whitespaceBefore.isEmpty { level.nodes.append(.text(level.whitespaceBefore)) }
        let standalone = isStandalone(level.state)
        let children = try parse(level.state.inheriting(sectionName))
        var overrides: [String: [TemplateNode]] = [:]
        for child in children {
            switch child {
            case .blockDefinition(let name, let nodes): overrides[name] = nodes
            case .text: break
            default: throw TemplateParseFailure.message("inside '{{<\(sectionName)}}' only blocks ('{{$name}}…{{/name}}') may stand")
            }
        }
        level.nodes.append(.partial(name: dynamic ? String(sectionName.dropFirst()) : sectionName, dynamic: dynamic,
                                    indentation: level.whitespaceBefore, overrides: overrides))
        level.whitespaceBefore = ""
        return standalone
    }

    /// `{{$ name}}…{{/name}}`: an override directly inside a parent, else a block with its default.
    mutating func parseBlock(_ level: inout Level) throws -> Bool {
        index += 1
        let (name, transforms) = try parseName(level.state)
        guard transforms.isEmpty else { throw TemplateParseFailure.message("a block ('{{$\(name)}}') takes no transform") }
        if level.state.partialDefinitionTopLevel {
            let standalone = isStandalone(level.state)
            level.nodes.append(.blockDefinition(name: name, try parse(level.state.section(name, newLine: standalone))))
            return standalone
        }
        if !level.whitespaceBefore.isEmpty { level.nodes.append(.text(level.whitespaceBefore)) }
        let standalone = isStandalone(level.state)
        let defaults = try parse(level.state.section(name, newLine: standalone))
        level.nodes.append(.block(name: name, defaults: defaults, indentation: level.whitespaceBefore))
        level.whitespaceBefore = ""
        return standalone
    }

    mutating func setDelimiters(_ state: State) throws -> State {
        let invalid = TemplateParseFailure.message("a delimiter change is written '{{=<% %>=}}'")
        _ = read { $0.isWhitespace }
        let start = read { !$0.isWhitespace }
        guard !atEnd else { throw invalid }
        _ = read { $0.isWhitespace }
        let end = read { $0 != "=" && !$0.isWhitespace }
        guard !atEnd else { throw invalid }
        _ = read { $0.isWhitespace }
        guard read(["="]), read(state.end), !start.isEmpty, !end.isEmpty else { throw invalid }
        var state = state
        state.start = start
        state.end = end
        state.partialDefinitionTopLevel = false
        return state
    }

    mutating func configuration(_ state: State) throws -> TemplateNode {
        let invalid = TemplateParseFailure.message("a setting is written '{{% CONTENT_TYPE: TEXT }}' or 'HTML'")
        _ = read { $0.isWhitespace }
        let variable = String(read { Self.nameCharacters.contains($0) })
        _ = read { $0.isWhitespace }
        guard read([":"]) else { throw invalid }
        _ = read { $0.isWhitespace }
        let value = String(read { Self.nameCharacters.contains($0) })
        _ = read { $0.isWhitespace }
        guard read(state.end), !variable.isEmpty, !value.isEmpty else { throw invalid }
        switch (variable, value) {
        case ("CONTENT_TYPE", "HTML"): return .escaping(true)
        case ("CONTENT_TYPE", "TEXT"): return .escaping(false)
        default: throw TemplateParseFailure.message("unknown setting '\(variable): \(value)'; Primer knows 'CONTENT_TYPE: TEXT' and 'HTML'")
        }
    }
}
