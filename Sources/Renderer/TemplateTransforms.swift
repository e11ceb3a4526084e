import Foundation

/// Where a list's item stands: `{{#first()}}`, `{{^last()}}`, `{{index()}}`, `{{#even()}}`.
struct SequencePlace: TemplateTransformable {
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
struct KeyValue: TemplateParent {
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
protocol TemplateSequence {
    var templateItems: [Any] { get }
}

extension Array: TemplateSequence {
    var templateItems: [Any] { map { $0 } }
}

protocol OptionalValue {
    var wrapped: Any? { get }
}

extension Optional: OptionalValue {
    var wrapped: Any? { self.map { $0 } }
}

/// What `{{ name(value) }}` does to a value.
enum TemplateTransforms {
    /// swift-mustache's transforms, for the values a model holds, and the model's own.
    static func apply(_ name: String, to value: Any) -> Any? {
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
