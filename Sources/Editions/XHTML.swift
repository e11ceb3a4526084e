import Foundation
import Renderer
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Small helpers for writing XML: escaping, the characters XML 1.0 cannot hold, and the
/// well-formedness check raw HTML must pass before it goes into an XHTML document.
enum XML {
    /// Text escaped for element content and double-quoted attribute values (only the entities
    /// every XML parser knows).
    static func escape(_ text: String) -> String { escapeHTML(text) }

    /// A URL for an `href` or `src`: characters outside the safe set percent-encoded, then escaped.
    static func escapeURL(_ url: String) -> String { escape(percentEncoded(url)) }

    /// A URL with the bytes outside the safe set (as cmark has it) percent-encoded.
    static func percentEncoded(_ url: String) -> String {
        let safe = Set("-_.!~*'();/?:@&=+$,#%".utf8)
        var result = ""
        for byte in url.utf8 {
            if (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || safe.contains(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count < 2 ? "0" + hex : hex)
            }
        }
        return result
    }

    /// `text` without the characters XML 1.0 does not allow (C0 controls other than tab and line
    /// breaks, which a program's output may hold, such as a terminal's escape sequences).
    static func clean(_ text: String) -> String {
        func allowed(_ scalar: Unicode.Scalar) -> Bool {
            let v = scalar.value
            return v == 0x09 || v == 0x0A || v == 0x0D || (v >= 0x20 && v <= 0xD7FF) || (v >= 0xE000 && v <= 0xFFFD) || v >= 0x10000
        }
        guard !text.unicodeScalars.allSatisfy(allowed) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where allowed(scalar) { scalars.append(scalar) }
        return String(scalars)
    }

    /// Why a fragment of raw HTML cannot go into an XHTML document as it is, or nil when it can:
    /// it must be well-formed XML (closed tags, quoted attributes, no HTML-only entities) and hold
    /// nothing an EPUB content document refuses or that runs script.
    static func problem(inRawHTML fragment: String) -> String? {
        let wrapped = "<div xmlns=\"http://www.w3.org/1999/xhtml\" xmlns:epub=\"http://www.idpf.org/2007/ops\">" + fragment + "</div>"
        let parser = XMLParser(data: Data(wrapped.utf8))
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        let checker = RawHTMLChecker()
        parser.delegate = checker
        _ = parser.parse()  // true on Linux even after an error: the delegate hears of each one
        if let refused = checker.refused { return refused }
        guard let code = checker.errors.first ?? (parser.parserError as NSError?)?.code else { return nil }
        return "it is not well-formed XML: " + describe(code)
    }

    /// What an `XMLParser` error means for someone who wrote HTML.
    static func describe(_ code: Int) -> String {
        // NSXMLParserError's numbers (the same in FoundationXML).
        switch code {
        case 5, 76, 85:  // premature document end, tag name mismatch, not well balanced
            return "an element is not closed, or closed in the wrong place (write void elements as <br/>)"
        case 26:  // undeclared entity
            return "it uses an entity XML does not know, such as &nbsp; (write the character itself or a numeric reference)"
        case 39, 40, 41, 42, 43, 44, 65, 73:  // attribute not started, not finished, without value, redefined; literal; space, '>' required
            return "an attribute has no quoted value, or a tag is not finished"
        case 38:  // '<' in an attribute
            return "an attribute holds '<'"
        default:
            return "the XML parser's error \(code)"
        }
    }
}

/// Looks at every element and attribute of a raw HTML fragment while `XMLParser` checks its form.
private final class RawHTMLChecker: NSObject, XMLParserDelegate {
    /// Elements an EPUB content document must not have, or that would run script or take input.
    static let refusedElements: Set<String> = ["script", "style", "iframe", "button", "form", "input", "textarea", "select",
                                               "title", "xmp", "noembed", "noframes", "plaintext", "embed", "object", "frame",
                                               "frameset", "base", "link", "meta", "html", "head", "body"]
    static let urlAttributes: Set<String> = ["href", "src", "action", "formaction", "xlink:href", "poster", "background", "data", "cite"]
    var refused: String?
    /// The parser's error codes, in order.
    var errors: [Int] = []

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        errors.append((parseError as NSError).code)
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        guard refused == nil else { return }
        let name = elementName.lowercased()
        if Self.refusedElements.contains(name) {
            refused = "an EPUB content document cannot hold a <\(name)> element"
            parser.abortParsing()
            return
        }
        for (attribute, value) in attributes.sorted(by: { $0.key < $1.key }) {
            let key = attribute.lowercased()
            if key.hasPrefix("on") {
                refused = "the event-handler attribute '\(attribute)' would run script"
            } else if Self.urlAttributes.contains(key), value.range(of: #"^\s*(javascript|vbscript|file|data):"#, options: [.regularExpression, .caseInsensitive]) != nil {
                refused = "the URL in '\(attribute)' could run script or open local files"
            } else if key == "src" || key == "srcset" {
                refused = "its images are not copied into the EPUB (write them as Markdown images)"
            } else if key == "href", !value.hasPrefix("#"), !value.contains(":") {
                refused = "the relative link '\(value)' would lead nowhere in the EPUB"
            }
            if refused != nil { parser.abortParsing(); return }
        }
    }
}
