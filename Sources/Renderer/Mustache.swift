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
    let nodes: [TemplateNode]

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
struct TemplateReference: Sendable {
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

indirect enum TemplateNode: Sendable {
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
