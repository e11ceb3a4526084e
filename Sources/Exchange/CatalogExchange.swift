import CourseModel
import Localization

/// A String Catalog (`Localizable.xcstrings`) as XLIFF 1.2 the way Xcode exports one, and an
/// XLIFF's targets written back into the catalog's JSON in place: a value or a state that did
/// not change keeps its bytes, so an import that changes nothing leaves the file as it was.
public enum CatalogExchange {
    /// XLIFF state for a catalog state, and back.
    public static func xliffState(_ state: String) -> String {
        switch state {
        case "translated": return "translated"
        case "needs_review": return "needs-review-translation"
        case "stale": return "needs-review-l10n"
        default: return "new"
        }
    }

    public static func catalogState(_ state: String?) -> String {
        switch state {
        case nil, "translated", "final", "signed-off": return "translated"
        case "needs-review-l10n": return "stale"
        case "new", "needs-translation", "needs-l10n": return "new"
        default: return "needs_review"
        }
    }

    struct Unit {
        var id: String
        var source: String
        var target: (state: String, value: String)?
        var note: String?
    }

    static func units(_ root: JSON, source: String, target: String) -> [Unit] {
        var units: [Unit] = []
        for member in root["strings"]?.members ?? [] {
            let entry = member.value
            guard entry["shouldTranslate"].map({ if case .bool(false, _) = $0 { return false } else { return true } }) ?? true else { continue }
            let comment = entry["comment"]?.string
            let theirs = entry["localizations"]?[target]
            let mine = entry["localizations"]?[source]
            if let forms = mine?["variations"]?["plural"] {
                let theirForms = theirs?["variations"]?["plural"]
                let categories = (theirForms?.members.map(\.key)).flatMap { $0.isEmpty ? nil : $0 } ?? forms.members.map(\.key)
                for category in categories {
                    let text = forms[category]?["stringUnit"]?["value"]?.string ?? forms["other"]?["stringUnit"]?["value"]?.string ?? ""
                    let unit = theirForms?[category]?["stringUnit"]
                    units.append(Unit(id: "\(member.key)|==|plural.\(category)", source: text,
                                      target: unit.flatMap { u in u["value"]?.string.map { (u["state"]?.string ?? "translated", $0) } },
                                      note: comment))
                }
            } else {
                let text = mine?["stringUnit"]?["value"]?.string ?? member.key
                let unit = theirs?["stringUnit"]
                units.append(Unit(id: member.key, source: text,
                                  target: unit.flatMap { u in u["value"]?.string.map { (u["state"]?.string ?? "translated", $0) } }, note: comment))
            }
        }
        return units
    }

    /// The catalog's XLIFF for `target`, as Xcode's "Export Localizations" writes it.
    public static func xliff(catalog text: String, path: String, original: String, target: LocaleTag) -> (String?, [Diagnostic]) {
        let root: JSON
        do { root = try JSON.parse(text) } catch {
            return (nil, [.error(.stringsSyntax, "malformed JSON: \(error.message)", at: SourceLocation(path: path, line: error.position.line, column: error.position.column))])
        }
        let source = root["sourceLanguage"]?.string ?? "en"
        var out = XLIFFWriter.opening
        out += "  <file original=\"\(XMLText.escape(original))\" source-language=\"\(XMLText.escape(source))\" target-language=\"\(target.rawValue)\" datatype=\"plaintext\">\n"
        out += "    <header>\n      <tool tool-id=\"com.apple.dt.xcode\" tool-name=\"Xcode\" tool-version=\"16.0\" build-num=\"16A242d\"/>\n    </header>\n"
        out += "    <body>\n"
        for unit in units(root, source: source, target: target.rawValue) {
            out += "      <trans-unit id=\"\(XMLText.escape(unit.id))\" xml:space=\"preserve\">\n"
            out += "        <source>\(XMLText.escape(unit.source))</source>\n"
            if let target = unit.target {
                out += "        <target state=\"\(xliffState(target.state))\">\(XMLText.escape(target.value))</target>\n"
            }
            if let note = unit.note { out += "        <note>\(XMLText.escape(note))</note>\n" }
            out += "      </trans-unit>\n"
        }
        out += "    </body>\n  </file>\n</xliff>\n"
        return (out, [])
    }

    /// A catalog `<file>` of an XLIFF document: its target units (key, plural category, state,
    /// value, place).
    public struct Target: Sendable {
        public var key: String
        public var category: String?
        public var state: String
        public var value: String
        public var location: SourceLocation

        public init(key: String, category: String?, state: String, value: String, location: SourceLocation) {
            self.key = key; self.category = category; self.state = state; self.value = value; self.location = location
        }
    }

    public static func targets(of file: XMLElementNode, path: String) -> [Target] {
        XLIFFWriter.transUnits(file).compactMap { unit in
            guard let id = unit.attribute("id"), let target = unit.first("target") else { return nil }
            var key = id, category: String?
            if let range = id.range(of: "|==|plural.", options: .backwards) {
                key = String(id[..<range.lowerBound]); category = String(id[range.upperBound...])
            }
            return Target(key: key, category: category, state: catalogState(target.attribute("state")), value: target.text,
                          location: SourceLocation(path: path, line: target.line, column: target.column))
        }
    }

    /// Writes `targets` into the catalog's text for `locale`: changed values and states are
    /// replaced where they are, a missing localization or plural form is added in Xcode's style
    /// (two-space indent, `" : "`, locales in order). Returns the new text and how many values changed.
    public static func apply(_ targets: [Target], to text: String, path: String, locale: String) -> (String?, Int, [Diagnostic]) {
        let root: JSON
        do { root = try JSON.parse(text) } catch {
            return (nil, 0, [.error(.stringsSyntax, "malformed JSON: \(error.message)", at: SourceLocation(path: path, line: error.position.line, column: error.position.column))])
        }
        var editor = JSONEditor(text)
        var diagnostics: [Diagnostic] = []
        var changed = Set<String>()
        for target in targets where !target.value.isEmpty {
            guard let entry = root["strings"]?[target.key] else {
                diagnostics.append(.error(.exchangeFile, "the catalog \(path) has no key \"\(target.key)\"", at: target.location,
                                          suggestion: "export the catalog again: its keys changed since this file was made"))
                continue
            }
            guard let localizations = entry["localizations"] else {
                diagnostics.append(.error(.exchangeFile, "\"\(target.key)\" has no localizations in \(path) to add \(locale) to", at: target.location,
                                          suggestion: "add the key's source-language value in Xcode or by hand, then import again"))
                continue
            }
            let theirs = localizations[locale]
            let unitAt: JSON?
            let container: JSON
            let name: String
            let depthKeys: [String]
            if let category = target.category {
                if let theirs, theirs["stringUnit"] != nil {
                    diagnostics.append(.error(.exchangeFile, "\"\(target.key)\" is one string in \(locale), not plural forms", at: target.location)); continue
                }
                if let plural = theirs?["variations"]?["plural"] {
                    unitAt = plural[category]?["stringUnit"]; container = plural; name = category; depthKeys = ["stringUnit"]
                } else if theirs != nil {
                    diagnostics.append(.error(.exchangeFile, "the \(locale) localization of \"\(target.key)\" has no plural variations", at: target.location))
                    continue
                } else {
                    unitAt = nil; container = localizations; name = locale; depthKeys = ["variations", "plural", category, "stringUnit"]
                }
            } else {
                if theirs?["variations"] != nil {
                    diagnostics.append(.error(.exchangeFile, "\"\(target.key)\" has plural forms in \(locale): give each form its own unit (\(target.key)|==|plural.one…)",
                                              at: target.location)); continue
                }
                unitAt = theirs?["stringUnit"]; container = localizations; name = locale; depthKeys = ["stringUnit"]
            }
            if let unit = unitAt {
                if let value = unit["value"], value.string != target.value {
                    editor.replaceString(at: value.position, with: target.value); changed.insert("\(target.key)|\(target.category ?? "")")
                }
                if let state = unit["state"], state.string != target.state {
                    editor.replaceString(at: state.position, with: target.state); changed.insert("\(target.key)|\(target.category ?? "")")
                }
            } else {
                editor.insertMember(name, nested: depthKeys, state: target.state, value: target.value, into: container)
                changed.insert("\(target.key)|\(target.category ?? "")")
            }
        }
        guard !diagnostics.hasErrors else { return (nil, 0, diagnostics) }
        return (editor.result(), changed.count, diagnostics)
    }
}

/// Edits of a JSON text at the places the parser gave, applied from the end so that earlier
/// places stay right.
struct JSONEditor {
    let bytes: [UInt8]
    let lineStarts: [Int]
    var edits: [(start: Int, end: Int, text: String)] = []

    init(_ text: String) {
        bytes = Array(text.utf8)
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == 0x0A { starts.append(i + 1) }
        lineStarts = starts
    }

    func offset(_ position: Position) -> Int {
        var index = lineStarts[position.line - 1]
        var characters = 1
        while characters < position.column, index < bytes.count {
            index += 1
            while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
            characters += 1
        }
        return index
    }

    /// The end of the string literal starting at `start` (after its closing quote).
    func endOfString(_ start: Int) -> Int {
        var i = start + 1
        while i < bytes.count, bytes[i] != 0x22 { i += bytes[i] == 0x5C ? 2 : 1 }
        return i + 1
    }

    /// The end of the object starting at `start` (after its `}`).
    func endOfObject(_ start: Int) -> Int {
        var depth = 0, i = start
        while i < bytes.count {
            switch bytes[i] {
            case 0x22: i = endOfString(i); continue
            case 0x7B, 0x5B: depth += 1
            case 0x7D, 0x5D: depth -= 1; if depth == 0 { return i + 1 }
            default: break
            }
            i += 1
        }
        return i
    }

    /// A JSON string literal as Xcode writes one (`doubleQuoted` escapes what JSON must).
    static func literal(_ text: String) -> String { doubleQuoted(text) }

    mutating func replaceString(at position: Position, with text: String) {
        let start = offset(position)
        edits.append((start, endOfString(start), Self.literal(text)))
    }

    /// Adds `"name" : { nested… : { "state" : …, "value" : … } }` to the object `container`, in
    /// key order, indented as its members are.
    mutating func insertMember(_ name: String, nested: [String], state: String, value: String, into container: JSON) {
        let members = container.members
        let objectStart = offset(container.position)
        // Indentation: the container's line's, plus two.
        let line = lineStarts.last { $0 <= objectStart } ?? 0
        let baseIndent = bytes[line...].prefix { $0 == 0x20 }.count
        let indent = String(repeating: " ", count: baseIndent + 2)
        var block = "\(indent)\(Self.literal(name)) : "
        var level = indent
        for key in nested {
            level += "  "
            block += "{\n\(level)\(Self.literal(key)) : "
        }
        level += "  "
        block += "{\n\(level)\"state\" : \(Self.literal(state)),\n\(level)\"value\" : \(Self.literal(value))\n"
        var closing = level
        for _ in 0...nested.count {
            closing = String(closing.dropLast(2))
            block += "\(closing)}" + (closing == indent ? "" : "\n")
        }
        if let after = members.first(where: { $0.key > name }) {
            // Before the member that follows it: at that member's line.
            let keyStart = offset(after.keyPosition)
            let at = lineStarts.last { $0 <= keyStart } ?? keyStart
            edits.append((at, at, block + ",\n"))
        } else if let last = members.last {
            let end = endOfObject(offset(last.value.position))
            edits.append((end, end, ",\n" + block))
        } else {
            let end = endOfObject(objectStart) - 1
            edits.append((objectStart + 1, end, "\n" + block + "\n" + String(indent.dropLast(2))))
        }
    }

    func result() -> String {
        var out = bytes
        for edit in edits.sorted(by: { $0.start > $1.start }) {
            out.replaceSubrange(edit.start..<edit.end, with: Array(edit.text.utf8))
        }
        return String(decoding: out, as: UTF8.self)
    }
}
