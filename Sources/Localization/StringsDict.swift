import CourseModel
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads legacy `Localizable.stringsdict` (an XML property list) into plural variations.
public enum StringsDictReader {
    indirect enum Plist { case dict([(String, Plist)], Int), string(String, Int), other(Int) }

    public static func read(_ data: [UInt8], path: String) -> ([String: CatalogValue], [Diagnostic]) {
        let builder = PlistBuilder()
        let parser = XMLParser(data: Data(data))
        parser.delegate = builder
        parser.shouldResolveExternalEntities = false
        if !parser.parse() || builder.root == nil {
            let message = builder.problem ?? parser.parserError.map { "\($0.localizedDescription)" } ?? "not a property list"
            return ([:], [.error(.stringsSyntax, "malformed stringsdict: \(message)",
                                 at: SourceLocation(path: path, line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1)))])
        }
        guard case .dict(let entries, _)? = builder.root else {
            return ([:], [.error(.stringsSyntax, "a stringsdict holds a <dict> of keys", at: SourceLocation(path: path, line: 1, column: 1))])
        }
        var values: [String: CatalogValue] = [:]
        var diagnostics: [Diagnostic] = []
        for (key, value) in entries {
            guard case .dict(let fields, let line) = value else { continue }
            let place = SourceLocation(path: path, line: line, column: 1)
            let dictionary = Dictionary(fields, uniquingKeysWith: { a, _ in a })
            guard case .string(let format, _)? = dictionary["NSStringLocalizedFormatKey"] else {
                diagnostics.append(.error(.stringsSyntax, "\"\(key)\" has no NSStringLocalizedFormatKey", at: place)); continue
            }
            // The format names one variable, %#@name@, whose dictionary holds the plural forms.
            guard let open = format.range(of: "%#@"), let close = format[open.upperBound...].firstIndex(of: "@") else {
                values[key] = CatalogValue(state: .translated, value: format, plural: nil, location: place); continue
            }
            let variable = String(format[open.upperBound..<close])
            guard case .dict(let rule, let ruleLine)? = dictionary[variable] else {
                diagnostics.append(.error(.stringsSyntax, "\"\(key)\" uses %#@\(variable)@ but has no dictionary named \(variable)", at: place)); continue
            }
            var forms: [String: String] = [:]
            for (category, text) in rule {
                guard case .string(let form, let formLine) = text else { continue }
                if category.hasPrefix("NSString") { continue }
                guard ["zero", "one", "two", "few", "many", "other"].contains(category) else {
                    diagnostics.append(.error(.pluralCategory, "'\(category)' is not a CLDR plural category", at: SourceLocation(path: path, line: formLine, column: 1)))
                    continue
                }
                forms[category] = format.replacingCharacters(in: open.lowerBound...close, with: form)
            }
            values[key] = CatalogValue(state: .translated, value: forms["other"], plural: forms,
                                       location: SourceLocation(path: path, line: ruleLine, column: 1))
        }
        return (values, diagnostics)
    }

    /// Builds the plist tree from XMLParser's events.
    final class PlistBuilder: NSObject, XMLParserDelegate {
        var root: Plist?
        var problem: String?
        private var stack: [(kind: String, items: [(String, Plist)], pendingKey: String?, line: Int)] = []
        private var text = ""
        private var lineOfElement = 0

        func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            text = ""
            lineOfElement = parser.lineNumber
            if element == "dict" { stack.append(("dict", [], nil, parser.lineNumber)) }
            if element == "array" { stack.append(("array", [], nil, parser.lineNumber)) }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            switch element {
            case "key":
                guard !stack.isEmpty, stack[stack.count - 1].kind == "dict" else { problem = "<key> outside a <dict>"; parser.abortParsing(); return }
                stack[stack.count - 1].pendingKey = text
            case "dict", "array":
                guard let done = stack.popLast() else { return }
                if let key = done.pendingKey {
                    problem = "the key \"\(key)\" has no value"
                    parser.abortParsing()
                    return
                }
                add(done.kind == "dict" ? .dict(done.items, done.line) : .other(done.line), parser: parser)
            case "string":
                add(.string(text, lineOfElement), parser: parser)
            case "plist":
                break
            default:
                add(.other(lineOfElement), parser: parser)
            }
            text = ""
        }

        private func add(_ value: Plist, parser: XMLParser) {
            guard !stack.isEmpty else { if root == nil { root = value }; return }
            if stack[stack.count - 1].kind == "dict" {
                guard let key = stack[stack.count - 1].pendingKey else { problem = "a value without a <key>"; parser.abortParsing(); return }
                stack[stack.count - 1].items.append((key, value))
                stack[stack.count - 1].pendingKey = nil
            } else {
                stack[stack.count - 1].items.append(("", value))
            }
        }
    }
}
