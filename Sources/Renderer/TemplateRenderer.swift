import Foundation
import Markup

/// A value on the renderer's stack, cast once when it is pushed: a model read through
/// `TemplateParent` is not copied out of an `Any` again for every name looked up in it.
enum StackValue {
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

struct TemplateRenderer {
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
            renderSection(lookUp(reference), children, into: &output)
        case .inverted(let reference, let children):
            renderInverted(lookUp(reference), children, into: &output)
        case .partial(let name, let dynamic, let indented, let inherited):
            renderPartial(name, dynamic: dynamic, indented: indented, overriding: inherited, into: &output)
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

    /// `{{#name}}`: the children once per item of a list, once if true, once with any other value on the stack.
    mutating func renderSection(_ value: Any?, _ children: [TemplateNode], into output: inout String) {
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
    }

    /// `{{^name}}`: the children when the value is missing, false or an empty list.
    mutating func renderInverted(_ value: Any?, _ children: [TemplateNode], into output: inout String) {
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
    }

    /// `{{> name}}` (its name read from the model when `dynamic`), or a parent with its blocks `overriding`.
    func renderPartial(_ name: String, dynamic: Bool, indented: String?, overriding inherited: [String: [TemplateNode]]?,
                       into output: inout String) {
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
            guard let transformed = TemplateTransforms.apply(transform, to: result) else { return nil }
            result = transformed
        }
        return result
    }
}
