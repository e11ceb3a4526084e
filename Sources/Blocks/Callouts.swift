import CourseModel
import Markup

/// Callouts (`> [!NOTE]`, `> [!WARNING] Mind the gap`, or a kind the course declares): an aside
/// with the kind's word or the author's title. Recognised by the parse stage (`alert`), not
/// numbered; its output for every format is here.
public enum Callouts {
    /// The words of GitHub's five kinds; a course's own kinds bring theirs (`CalloutKind.labelKey`).
    public static let words = CalloutKind.builtIn.map(\.labelKey)

    /// The site's `<aside>` (the kind's word kept for screen readers beside an author's title)
    /// or the book's `<div>`.
    public static func html(_ callout: Callout, _ inner: [Block], into out: inout String, writer: inout some HTMLFamilyWriter) {
        let name = escapeHTML(callout.kind.rawValue.lowercased())
        let builtIn = CalloutKind.builtIn.contains(callout.kind) ? "" : " callout-custom"
        let word = escapeHTML(writer.strings[callout.kind.labelKey])
        switch writer.dialect {
        case .html:
            out += "<aside class=\"callout callout-\(name)\(builtIn)\" role=\"note\">\n"
            if let title = callout.title {
                out += "<p class=\"callout-title\"><span class=\"visually-hidden\">\(word): </span>"
                writer.render(title, into: &out)
                out += "</p>\n"
            } else {
                out += "<p class=\"callout-title\">\(word)</p>\n"
            }
        case .xhtml:
            out += "<div class=\"callout callout-\(name)\(builtIn)\" role=\"note\">\n<p class=\"callout-title\">"
            if let title = callout.title { writer.render(title, into: &out) } else { out += word }
            out += "</p>\n"
        }
        writer.withLoose { $0.render(inner, into: &out) }
        out += writer.dialect == .html ? "</aside>\n" : "</div>\n"
    }

    /// A box in the kind's colours with its word or title above the content.
    public static func typst(_ callout: Callout, _ inner: [Block], into out: inout String, writer: inout some TypstFamilyWriter) {
        let (fill, accent) = colors(callout.kind)
        let head = callout.title.map { writer.typst($0) } ?? writer.text(writer.strings[callout.kind.labelKey])
        out += writer.typst(inner, open: "#primer-boxed(\(fill), \(accent), [\(head)])[\n", close: "]\n\n", weight: 2)
    }

    static func colors(_ kind: CalloutKind) -> (String, String) {
        switch kind {
        case .note: return ("rgb(\"#eef3fa\")", "rgb(\"#2f5f9e\")")
        case .tip: return ("rgb(\"#edf6ef\")", "rgb(\"#2f7a45\")")
        case .important: return ("rgb(\"#f3effa\")", "rgb(\"#6a43a8\")")
        case .warning: return ("rgb(\"#fbf4e6\")", "rgb(\"#8f5b00\")")
        case .caution: return ("rgb(\"#fbeeee\")", "rgb(\"#a12a2a\")")
        default: return ("luma(244)", "luma(70)")
        }
    }
}
