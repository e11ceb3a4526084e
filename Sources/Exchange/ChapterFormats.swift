import CourseModel
import Foundation

/// Chapters' units as PO (one file per chapter) and as XLIFF 1.2 (one `<file>` per chapter), and
/// back as `ImportedUnit`s.
public enum ChapterFiles {
    /// A chapter's PO file; `locale` nil makes the template (.pot: every msgstr empty).
    public static func po(_ units: [ChapterUnit], chapter: String, locale: LocaleTag?) -> String {
        var header = [("Project-Id-Version", chapter)]
        if let locale { header.append(("Language", locale.rawValue)) }
        header += [("MIME-Version", "1.0"), ("Content-Type", "text/plain; charset=UTF-8"),
                   ("Content-Transfer-Encoding", "8bit"), ("X-Generator", "Primer")]
        let entries = units.map { unit in
            POEntry(context: unit.context, id: unit.source.tokenized,
                    string: locale == nil ? "" : unit.target?.tokenized ?? "",
                    extractedComments: [unit.note], references: ["\(unit.sourcePath):\(unit.sourceLine)"],
                    flags: locale != nil && unit.state == .fuzzy && unit.target != nil ? ["fuzzy"] : [],
                    previousID: locale != nil && unit.state == .fuzzy && unit.target != nil ? unit.previousSource?.tokenized : nil)
        }
        return PO.write(POFile(header: header, entries: entries))
    }

    /// The units of a PO file, and its `Language`.
    public static func read(po file: POFile, path: String) -> (locale: String?, units: [ImportedUnit], diagnostics: [Diagnostic]) {
        var units: [ImportedUnit] = []
        var diagnostics: [Diagnostic] = []
        for entry in file.entries {
            guard let context = entry.context, let (chapter, key) = ImportedUnit.split(context: context) else {
                diagnostics.append(.error(.exchangeFile, "an entry without a chapter#section context (msgctxt)", at: entry.stringLocation,
                                          suggestion: "import the files `primer translations export` wrote; keep each entry's msgctxt"))
                continue
            }
            let (segments, tokens) = ProtectedText.detokenize(entry.string)
            units.append(ImportedUnit(chapter: chapter, key: key, source: entry.id, target: segments,
                                      placeholders: tokens.map { ($0.number, entry.location(ofOffset: $0.offset)) },
                                      fuzzy: entry.isFuzzy, location: entry.stringLocation))
        }
        return (file.field("Language"), units, diagnostics)
    }

    /// The chapters' units as one XLIFF 1.2 document: `chapters` is each chapter's id, source
    /// path and units.
    public static func xliff(_ chapters: [(id: String, path: String, units: [ChapterUnit])], source: LocaleTag, target: LocaleTag) -> String {
        var out = XLIFFWriter.opening
        for chapter in chapters {
            out += "  <file original=\"\(XMLText.escape(chapter.path))\" source-language=\"\(source.rawValue)\" target-language=\"\(target.rawValue)\" datatype=\"x-markdown\">\n"
            out += "    <header>\n      <tool tool-id=\"primer\" tool-name=\"Primer\"/>\n    </header>\n"
            out += "    <body>\n"
            for unit in chapter.units {
                out += "      <trans-unit id=\"\(XMLText.escape(unit.context))\" xml:space=\"preserve\">\n"
                out += "        <source>\(inline(unit.source))</source>\n"
                if let target = unit.target {
                    let state = unit.state == .fuzzy ? "needs-review-translation" : "translated"
                    out += "        <target state=\"\(state)\">\(inline(target))</target>\n"
                }
                out += "        <note>\(XMLText.escape(unit.note))</note>\n"
                out += "      </trans-unit>\n"
            }
            out += "    </body>\n  </file>\n"
        }
        return out + "</xliff>\n"
    }

    /// Text and `<ph id="n">protected text</ph>`.
    static func inline(_ text: ProtectedText) -> String {
        text.segments.map { segment in
            switch segment {
            case .text(let t): return XMLText.escape(t)
            case .item(let n): return "<ph id=\"\(n)\">\(XMLText.escape(text.items.indices.contains(n - 1) ? text.items[n - 1] : ""))</ph>"
            }
        }.joined()
    }

    /// The units of an XLIFF document's chapter files (those whose trans-units are `chapter#key`).
    public static func read(xliff root: XMLElementNode, path: String) -> (locale: String?, units: [ImportedUnit], diagnostics: [Diagnostic]) {
        var units: [ImportedUnit] = []
        var diagnostics: [Diagnostic] = []
        var locale: String?
        for file in root.elements(named: "file") {
            locale = locale ?? file.attribute("target-language")
            for unit in XLIFFWriter.transUnits(file) {
                let place = SourceLocation(path: path, line: unit.line, column: unit.column)
                guard let id = unit.attribute("id"), let (chapter, key) = ImportedUnit.split(context: id) else {
                    diagnostics.append(.error(.exchangeFile, "a trans-unit whose id is not chapter#section", at: place,
                                              suggestion: "import the files `primer translations export` wrote; keep each unit's id"))
                    continue
                }
                let sourceText = unit.first("source").map { segments(of: $0, path: path, diagnostics: &diagnostics).tokenized } ?? ""
                let target = unit.first("target")
                let read = target.map { segments(of: $0, path: path, diagnostics: &diagnostics) }
                let state = target?.attribute("state") ?? "translated"
                units.append(ImportedUnit(chapter: chapter, key: key, source: sourceText, target: read?.segments ?? [],
                                          placeholders: read?.placeholders ?? [],
                                          fuzzy: !["translated", "final", "signed-off"].contains(state),
                                          location: target.map { SourceLocation(path: path, line: $0.line, column: $0.column) } ?? place))
            }
        }
        return (locale, units, diagnostics)
    }

    struct Segments {
        var segments: [ProtectedText.Segment] = []
        var placeholders: [(number: Int, location: SourceLocation)] = []
        var tokenized: String { ProtectedText(segments: segments, items: []).tokenizedAllowingMissing }
    }

    /// An element's text and placeholders: `<ph id>`, `<x id/>` (and the other inline elements'
    /// `id`) are placeholders; `<g>`'s text is text.
    static func segments(of element: XMLElementNode, path: String, diagnostics: inout [Diagnostic]) -> Segments {
        var result = Segments()
        func walk(_ node: XMLElementNode) {
            for child in node.children {
                switch child {
                case .text(let text):
                    if case .text(let previous)? = result.segments.last { result.segments[result.segments.count - 1] = .text(previous + text) } else { result.segments.append(.text(text)) }
                case .element(let inner) where ["ph", "x", "bx", "ex", "it", "bpt", "ept"].contains(inner.name):
                    let place = SourceLocation(path: path, line: inner.line, column: inner.column)
                    guard let id = inner.attribute("id"), let number = Int(id) else {
                        diagnostics.append(.error(.exchangePlaceholder, "<\(inner.name)> with id '\(inner.attribute("id") ?? "")' is no placeholder of the source",
                                                  at: place, suggestion: "keep the placeholders the source has, with their ids"))
                        continue
                    }
                    result.segments.append(.item(number))
                    result.placeholders.append((number, place))
                case .element(let inner):
                    walk(inner)
                }
            }
        }
        walk(element)
        return result
    }
}

/// What the chapters' and the catalog's XLIFF share.
enum XLIFFWriter {
    static let opening = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="1.2" xsi:schemaLocation="urn:oasis:names:tc:xliff:document:1.2 http://docs.oasis-open.org/xliff/v1.2/os/xliff-core-1.2-strict.xsd">

        """

    /// A file's trans-units, in groups or not.
    static func transUnits(_ file: XMLElementNode) -> [XMLElementNode] {
        var units: [XMLElementNode] = []
        func walk(_ node: XMLElementNode) {
            for element in node.elements {
                if element.name == "trans-unit" { units.append(element) } else { walk(element) }
            }
        }
        walk(file)
        return units
    }
}
