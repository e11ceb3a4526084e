import Foundation
import Markup

// Primer's Mustache: the templates' language, parsed once into nodes and rendered straight into
// one string. It reads the same templates as swift-mustache 2 and gives the same output (the
// spec's standalone lines, partials with their indentation, template inheritance, set delimiters,
// and swift-mustache's transforms: `{{ name(value) }}`, `{{^last()}}` in a list), which
// `MustacheCompatibilityTests` checks against swift-mustache itself. What it does not do is look
// names up through `Any` casts and fresh arrays: a page's names are split once, when the template
// is parsed, and a model answers through `TemplateParent`.

/// A value whose names a template reads: `{{name}}`, `{{#name}}…{{/name}}`, `{{a.b}}`.
protocol TemplateParent {
    func child(named name: String) -> Any?
}

/// A value a template can pass through a named transform: `{{ transform(name) }}`.
protocol TemplateTransformable {
    func transform(_ name: String) -> Any?
}

extension Dictionary: TemplateParent where Key == String {
    func child(named name: String) -> Any? { self[name] }
}

/// A parse error, at the template's own line and column.
struct TemplateSyntaxError: Error, Sendable {
    let message: String
    let line: Int
    let column: Int
}

/// A parsed template.
struct Template: Sendable {
    fileprivate let nodes: [TemplateNode]

    init(_ text: String) throws(TemplateSyntaxError) {
        var parser = TemplateParser(text)
        do {
            nodes = try parser.parse(TemplateParser.State())
        } catch {
            throw parser.error(error)
        }
    }
}

/// The templates of a site, by name (partials and parents are looked up here).
struct TemplateLibrary: Sendable {
    private(set) var templates: [String: Template] = [:]

    mutating func register(_ template: Template, named name: String) { templates[name] = template }

    /// The template `name` rendered with `object`; nil when there is no such template.
    func render(_ object: Any, withTemplate name: String) -> String? {
        guard let template = templates[name] else { return nil }
        var renderer = TemplateRenderer(library: self, root: object)
        var output = ""
        renderer.render(template.nodes, into: &output)
        return output
    }
}

// MARK: - Nodes

/// `{{a.b}}`, `{{.}}`, `{{ f(g(name)) }}` as parsed: the names to look up, the transforms to apply.
private struct TemplateReference: Sendable {
    enum Start: Sendable {
        case sequence  // `name()` with no name: the list's place (`first`, `last`, `index`…)
        case top  // `.a.b`: only the innermost value
        case stack  // `a.b`: the first value, innermost outwards, that has `a`; `.` (no names) is the innermost
    }
    let start: Start
    let names: [String]
    /// Outermost first, as written; applied innermost first.
    let transforms: [String]

    init(_ name: String, transforms: [String]) {
        self.transforms = transforms
        if name == "." {
            start = .stack
            names = []
        } else if name.isEmpty, !transforms.isEmpty {
            start = .sequence
            names = []
        } else if name.first == "." {
            start = .top
            names = name.split(separator: ".").map(String.init)
        } else {
            start = .stack
            names = name.split(separator: ".").map(String.init)
        }
    }
}

private indirect enum TemplateNode: Sendable {
    case text(String)
    case variable(TemplateReference, escaped: Bool)
    case section(TemplateReference, [TemplateNode])
    case inverted(TemplateReference, [TemplateNode])
    /// `{{> name}}` (`dynamic`: `{{>*name}}`, the name read from the model) and `{{< parent}}`,
    /// whose blocks override the parent's.
    case partial(name: String, dynamic: Bool, indentation: String?, overrides: [String: [TemplateNode]]?)
    /// `{{$ name}}default{{/name}}` where the template is used.
    case block(name: String, defaults: [TemplateNode], indentation: String)
    /// `{{$ name}}…{{/name}}` inside `{{< parent}}`: the override.
    case blockDefinition(name: String, [TemplateNode])
    /// `{{% CONTENT_TYPE: TEXT }}` or `HTML`: whether what follows escapes its values.
    case escaping(Bool)
}

// MARK: - Parsing

private enum TemplateParseFailure: Error {
    case message(String)
}

/// Mirrors swift-mustache's parser (character by character, the same standalone-line rules), so a
/// course's own templates come out as they did.
private struct TemplateParser {
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

    mutating func parse(_ initial: State) throws -> [TemplateNode] {
        var nodes: [TemplateNode] = []
        var state = initial
        var whitespaceBefore = ""
        while !atEnd {
            if state.newLine {
                let whitespace = read { $0 == " " || $0 == "\t" }
                if state.partialDefinition, !state.partialDefinitionTopLevel {
                    if let indent = state.partialDefinitionIndent {
                        whitespaceBefore = String(whitespace.dropFirst(indent.count))
                    } else {
                        state.partialDefinitionIndent = whitespace
                    }
                } else {
                    whitespaceBefore = String(whitespace)
                }
            }
            let text = readUntilDelimiterOrNewline(state)
            if current.isNewline {
                nodes.append(.text(whitespaceBefore + text + String(current)))
                state.newLine = true
                index += 1
                continue
            }
            if !text.isEmpty {
                nodes.append(.text(whitespaceBefore + text))
                whitespaceBefore = ""
                state.newLine = false
            }
            if atEnd { break }
            var setNewLine = false
            func flushWhitespace() {
                if !whitespaceBefore.isEmpty {
                    nodes.append(.text(whitespaceBefore))
                    whitespaceBefore = ""
                }
            }
            switch current {
            case "#", "^":
                let inverted = current == "^"
                index += 1
                let (name, transforms) = try parseName(state)
                if isStandalone(state) { setNewLine = true } else { flushWhitespace() }
                let children = try parse(state.section(name, newLine: setNewLine, transforms: transforms))
                let reference = TemplateReference(name, transforms: transforms)
                nodes.append(inverted ? .inverted(reference, children) : .section(reference, children))
            case "/":
                index += 1
                let position = index
                let (name, transforms) = try parseName(state)
                guard name == state.sectionName, transforms == state.sectionTransforms else {
                    index = position
                    if let open = state.sectionName {
                        throw TemplateParseFailure.message("'{{/\(name)}}' closes a section, but the one open is '\(open)'")
                    }
                    throw TemplateParseFailure.message("'{{/\(name)}}' closes a section that was never opened")
                }
                if isStandalone(state) { setNewLine = true } else { flushWhitespace() }
                return nodes
            case "!":
                index += 1
                guard let close = (index..<chars.count).first(where: { chars[$0...].starts(with: state.end) }) else {
                    throw TemplateParseFailure.message("a comment is not closed by '\(String(state.end))'")
                }
                index = close + state.end.count
                setNewLine = isStandalone(state)
            case "{", "&":
                let triple = current == "{"
                flushWhitespace()
                index += 1
                let (name, transforms) = try parseName(state)
                if triple, !read(["}"]) {
                    throw TemplateParseFailure.message("'{{{\(name)' is not closed by '}}}'")
                }
                nodes.append(.variable(TemplateReference(name, transforms: transforms), escaped: false))
            case ">":
                index += 1
                _ = read { $0.isWhitespace }
                let dynamic = read(["*"])
                let name = try parsePartialName(state)
                if !whitespaceBefore.isEmpty { nodes.append(.text(whitespaceBefore)) }
                if isStandalone(state) {
                    setNewLine = true
                    nodes.append(.partial(name: name, dynamic: dynamic, indentation: whitespaceBefore, overrides: nil))
                } else {
                    nodes.append(.partial(name: name, dynamic: dynamic, indentation: nil, overrides: nil))
                }
                whitespaceBefore = ""
            case "<":
                index += 1
                _ = read { $0.isWhitespace }
                let sectionName = try parsePartialName(state)
                let dynamic = sectionName.first == "*"
                if !whitespaceBefore.isEmpty { nodes.append(.text(whitespaceBefore)) }
                if isStandalone(state) { setNewLine = true }
                let children = try parse(state.inheriting(sectionName))
                var overrides: [String: [TemplateNode]] = [:]
                for child in children {
                    switch child {
                    case .blockDefinition(let name, let nodes): overrides[name] = nodes
                    case .text: break
                    default: throw TemplateParseFailure.message("inside '{{<\(sectionName)}}' only blocks ('{{$name}}…{{/name}}') may stand")
                    }
                }
                nodes.append(.partial(name: dynamic ? String(sectionName.dropFirst()) : sectionName, dynamic: dynamic,
                                      indentation: whitespaceBefore, overrides: overrides))
                whitespaceBefore = ""
            case "$":
                index += 1
                let (name, transforms) = try parseName(state)
                guard transforms.isEmpty else { throw TemplateParseFailure.message("a block ('{{$\(name)}}') takes no transform") }
                if state.partialDefinitionTopLevel {
                    if isStandalone(state) { setNewLine = true }
                    nodes.append(.blockDefinition(name: name, try parse(state.section(name, newLine: setNewLine))))
                } else {
                    if !whitespaceBefore.isEmpty { nodes.append(.text(whitespaceBefore)) }
                    if isStandalone(state) { setNewLine = true }
                    let defaults = try parse(state.section(name, newLine: setNewLine))
                    nodes.append(.block(name: name, defaults: defaults, indentation: whitespaceBefore))
                    whitespaceBefore = ""
                }
            case "=":
                index += 1
                state = try setDelimiters(state)
                setNewLine = isStandalone(state)
            case "%":
                index += 1
                nodes.append(try configuration(state))
                setNewLine = isStandalone(state)
            default:
                flushWhitespace()
                let (name, transforms) = try parseName(state)
                nodes.append(.variable(TemplateReference(name, transforms: transforms), escaped: true))
            }
            state.newLine = setNewLine
        }
        if let open = state.sectionName {
            throw TemplateParseFailure.message("section '\(open)' is never closed: add '{{/\(open)}}'")
        }
        return nodes
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

// MARK: - Rendering

/// Where a list's item stands: `{{#first()}}`, `{{^last()}}`, `{{index()}}`, `{{#even()}}`.
private struct SequencePlace: TemplateTransformable {
    var first = true
    var last = false
    var index = 0

    func transform(_ name: String) -> Any? {
        switch name {
        case "first": return first
        case "last": return last
        case "index": return index
        case "even": return index & 1 == 0
        case "odd": return index & 1 == 1
        default: return nil
        }
    }
}

/// A dictionary's entry, for `{{#t.sorted()}}{{key}}: {{value}}{{/t.sorted()}}`.
private struct KeyValue: TemplateParent {
    let key: String
    let value: Any
    func child(named name: String) -> Any? {
        switch name {
        case "key": return key
        case "value": return value
        default: return nil
        }
    }
}

/// A value that can be a list in a section.
private protocol TemplateSequence {
    var templateItems: [Any] { get }
}

extension Array: TemplateSequence {
    fileprivate var templateItems: [Any] { map { $0 } }
}

private protocol OptionalValue {
    var wrapped: Any? { get }
}

extension Optional: OptionalValue {
    fileprivate var wrapped: Any? { self.map { $0 } }
}

/// A value on the renderer's stack, cast once when it is pushed: a model read through
/// `TemplateParent` is not copied out of an `Any` again for every name looked up in it.
private enum StackValue {
    case parent(any TemplateParent)
    case other(Any)

    init(_ value: Any) {
        if let parent = value as? TemplateParent { self = .parent(parent) } else { self = .other(value) }
    }

    var value: Any {
        switch self {
        case .parent(let parent): return parent
        case .other(let value): return value
        }
    }

    func child(_ name: String) -> Any? {
        switch self {
        case .parent(let parent): return parent.child(named: name)
        case .other(let value): return TemplateRenderer.child(name, of: value)
        }
    }
}

private struct TemplateRenderer {
    let library: TemplateLibrary
    /// The values being read, outermost first.
    var stack: [StackValue]
    var place: SequencePlace?
    var escaping = true
    var indentation = ""
    var overrides: [String: [TemplateNode]] = [:]

    init(library: TemplateLibrary, root: Any) {
        self.library = library
        stack = [StackValue(root)]
    }

    mutating func render(_ nodes: [TemplateNode], into output: inout String) {
        guard !indentation.isEmpty else {
            for node in nodes { render(node, into: &output) }
            return
        }
        // In an indented partial: each line's first output is indented.
        var local = ""
        for node in nodes {
            var piece = ""
            render(node, into: &piece)
            if !piece.isEmpty, local.last == "\n" { local += indentation }
            local += piece
        }
        output += local
    }

    mutating func render(_ node: TemplateNode, into output: inout String) {
        switch node {
        case .text(let text):
            output += text
        case .variable(let reference, let escaped):
            guard let value = lookUp(reference) else { return }
            let text = Self.text(of: value)
            output += escaped && escaping ? escapeHTML(text, apostrophes: true) : text
        case .section(let reference, let children):
            let value = lookUp(reference)
            switch value {
            case let sequence as TemplateSequence:
                let items = sequence.templateItems
                guard !items.isEmpty else { return }
                let saved = place
                var here = SequencePlace()
                for (offset, item) in items.enumerated() {
                    here.index = offset
                    here.first = offset == 0
                    here.last = offset == items.count - 1
                    stack.append(StackValue(item))
                    place = here
                    render(children, into: &output)
                    stack.removeLast()
                }
                place = saved
            case let flag as Bool:
                if flag { render(children, into: &output) }
            case .some(let item):
                let saved = place
                stack.append(StackValue(item))
                place = nil
                render(children, into: &output)
                stack.removeLast()
                place = saved
            case .none:
                return
            }
        case .inverted(let reference, let children):
            let value = lookUp(reference)
            switch value {
            case let sequence as TemplateSequence:
                guard sequence.templateItems.isEmpty else { return }
                let saved = place
                stack.append(StackValue(value as Any))
                place = nil
                render(children, into: &output)
                stack.removeLast()
                place = saved
            case let flag as Bool:
                if !flag { render(children, into: &output) }
            case .some:
                return
            case .none:
                render(children, into: &output)
            }
        case .partial(let name, let dynamic, let indented, let inherited):
            let templateName: String
            if dynamic {
                guard let named = lookUp(TemplateReference(name, transforms: [])) as? String else { return }
                templateName = named
            } else {
                templateName = name
            }
            guard let template = library.templates[templateName] else { return }
            var inner = self
            inner.place = nil
            inner.escaping = true
            if let indented { inner.indentation += indented }
            if let inherited { inner.overrides = overrides.merging(inherited) { mine, _ in mine } }
            inner.render(template.nodes, into: &output)
        case .block(let name, let defaults, let indented):
            var inner = self
            inner.place = nil
            inner.indentation += indented
            inner.render(overrides[name] ?? defaults, into: &output)
        case .blockDefinition:
            return
        case .escaping(let escaped):
            escaping = escaped
        }
    }

    static func text(of value: Any) -> String {
        if let string = value as? String { return string }
        if let number = value as? Int { return String(number) }
        if let optional = value as? OptionalValue, let wrapped = optional.wrapped { return String(describing: wrapped) }
        return String(describing: value)
    }

    static func child(_ name: String, of object: Any) -> Any? {
        if let parent = object as? TemplateParent { return parent.child(named: name) }
        if object is String || object is Int || object is Bool { return nil }
        // Any other value: its stored property of that name, as swift-mustache reads it.
        guard let value = Mirror(reflecting: object).children.first(where: { $0.label == name })?.value else { return nil }
        if let optional = value as? OptionalValue { return optional.wrapped }
        return value
    }

    func lookUp(_ reference: TemplateReference) -> Any? {
        var value: Any?
        if reference.start == .sequence {
            value = place
        } else if let first = reference.names.first {
            value = reference.start == .top ? stack.last?.child(first) : stack.reversed().lazy.compactMap { $0.child(first) }.first
            for name in reference.names.dropFirst() {
                guard let object = value else { break }
                value = Self.child(name, of: object)
            }
        } else {
            value = stack.last?.value  // `.`, and `{{}}` as swift-mustache reads it
        }
        guard var result = value else { return nil }
        for transform in reference.transforms.reversed() {
            guard let transformed = Self.transform(result, transform) else { return nil }
            result = transformed
        }
        return result
    }

    /// swift-mustache's transforms, for the values a model holds, and the model's own.
    static func transform(_ value: Any, _ name: String) -> Any? {
        switch value {
        case let custom as TemplateTransformable:
            return custom.transform(name)
        case let string as String:
            switch name {
            case "empty": return string.isEmpty
            case "capitalized": return string.capitalized
            case "lowercased": return string.lowercased()
            case "uppercased": return string.uppercased()
            case "reversed": return String(string.reversed())
            default: return nil
            }
        case let number as Int:
            switch name {
            case "equalzero": return number == 0
            case "plusone": return number + 1
            case "minusone": return number - 1
            case "even": return number & 1 == 0
            case "odd": return number & 1 == 1
            default: return nil
            }
        case let words as [String: String]:
            switch name {
            case "count": return words.count
            case "empty": return words.isEmpty
            case "enumerated": return words.map { KeyValue(key: $0.key, value: $0.value) }
            case "sorted": return words.sorted { $0.key < $1.key }.map { KeyValue(key: $0.key, value: $0.value) }
            default: return nil
            }
        case let sequence as TemplateSequence:
            let items = sequence.templateItems
            switch name {
            case "first": return items.first
            case "last": return items.last
            case "reversed": return Array(items.reversed())
            case "count": return items.count
            case "empty": return items.isEmpty
            case "sorted":
                if let strings = value as? [String] { return strings.sorted() }
                if let numbers = value as? [Int] { return numbers.sorted() }
                return nil
            default: return nil
            }
        default:
            return nil
        }
    }
}
