import CourseModel
import Foundation
import Markup
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A small XML tree read through Foundation's `XMLParser` (entities and CDATA read as text),
/// with each element's place in the file.
public struct XMLElementNode: Sendable {
    public enum Child: Sendable {
        case element(XMLElementNode)
        case text(String)
    }

    public var name: String
    public var attributes: [String: String]
    public var children: [Child]
    public var line: Int
    public var column: Int

    public func attribute(_ name: String) -> String? { attributes[name] }

    public var elements: [XMLElementNode] {
        children.compactMap { if case .element(let e) = $0 { return e } else { return nil } }
    }

    public func elements(named name: String) -> [XMLElementNode] { elements.filter { $0.name == name } }
    public func first(_ name: String) -> XMLElementNode? { elements.first { $0.name == name } }

    /// The text of the element and of every element in it.
    public var text: String {
        children.map { child in
            switch child {
            case .text(let text): return text
            case .element(let element): return element.text
            }
        }.joined()
    }

    public static func parse(_ data: Data, path: String) -> (XMLElementNode?, [Diagnostic]) {
        let parser = XMLParser(data: data)
        let builder = TreeBuilder()
        parser.delegate = builder
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        guard parser.parse(), let root = builder.root else {
            let place = SourceLocation(path: path, line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1))
            let reason = builder.failure ?? parser.parserError?.localizedDescription ?? "not well-formed XML"
            return (nil, [.error(.exchangeFile, "the XML cannot be read: \(reason)", at: place,
                                 suggestion: "check the file with `xmllint --noout FILE`; the translation tool may have saved it half-way")])
        }
        return (root, [])
    }
}

private final class TreeBuilder: NSObject, XMLParserDelegate {
    var stack: [XMLElementNode] = []
    var root: XMLElementNode?
    var failure: String?

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        stack.append(XMLElementNode(name: name, attributes: attributes, children: [], line: parser.lineNumber, column: parser.columnNumber))
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        guard let element = stack.popLast() else { return }
        if stack.isEmpty { root = element } else { stack[stack.count - 1].children.append(.element(element)) }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { append(string) }

    func parser(_ parser: XMLParser, foundCDATA block: Data) { append(String(decoding: block, as: UTF8.self)) }

    func parser(_ parser: XMLParser, parseErrorOccurred error: any Error) { failure = failure ?? "\(error.localizedDescription)" }

    private func append(_ text: String) {
        guard !stack.isEmpty else { return }
        if case .text(let previous)? = stack[stack.count - 1].children.last {
            stack[stack.count - 1].children[stack[stack.count - 1].children.count - 1] = .text(previous + text)
        } else {
            stack[stack.count - 1].children.append(.text(text))
        }
    }
}

public enum XMLText {
    /// Text for an element's content or an attribute's value: HTML's escapes (`&`, `<`, `>`,
    /// `"`), and a carriage return as a reference, which XML would otherwise read as a newline.
    public static func escape(_ text: String) -> String {
        escapeHTML(text).replacingOccurrences(of: "\r", with: "&#13;")
    }
}
