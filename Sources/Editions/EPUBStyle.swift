import CourseModel

/// The EPUB's style sheet and its generated cover.
enum EPUBStyle {
    /// Book typography; listings keep the site's `hl-*` classes with a palette that stays
    /// readable on paper-white screens and in grey (e-ink): dark colours, and weight or slant
    /// where colour alone would not tell tokens apart.
    static let css = """
        @charset "UTF-8";
        body { font-family: serif; line-height: 1.5; margin: 0 3%; orphans: 2; widows: 2; overflow-wrap: break-word; word-wrap: break-word; }
        h1, h2, h3, h4, h5, h6 { font-family: sans-serif; line-height: 1.25; page-break-after: avoid; break-after: avoid; }
        h1 { font-size: 1.8em; margin: 0.2em 0 0.8em; }
        h2 { font-size: 1.4em; margin-top: 1.6em; }
        h3 { font-size: 1.15em; margin-top: 1.3em; }
        a { color: #1a4780; text-decoration: none; }
        .chapter-header { margin-bottom: 1.5em; }
        .chapter-label { font-family: sans-serif; font-size: 0.95em; letter-spacing: 0.06em; color: #555555; margin: 2em 0 0; }
        .chapter-summary { font-style: italic; color: #444444; }
        .section-number { color: #555555; }
        code, pre, samp { font-family: monospace; }
        code { font-size: 0.9em; }
        pre { font-size: 0.8em; line-height: 1.35; white-space: pre-wrap; word-wrap: break-word; margin: 0.4em 0; padding: 0.5em 0.7em;
              background-color: #f5f5f0; border-left: 3px solid #b8b8ad; }
        pre code { font-size: 1em; }
        figure { margin: 1.2em 0; }
        figcaption, caption { font-family: sans-serif; font-size: 0.85em; color: #333333; }
        figure.listing figcaption { margin-bottom: 0.3em; }
        .caption-label { font-weight: bold; }
        .caption-text { font-style: normal; }
        figure.figure { text-align: center; page-break-inside: avoid; break-inside: avoid; }
        figure.figure img { max-width: 100%; height: auto; }
        figure.figure figcaption { margin-top: 0.4em; }
        img { max-width: 100%; height: auto; }
        figure.output figcaption { margin-bottom: 0.2em; }
        figure.output pre { background-color: #ffffff; border: 1px dashed #8c8c8c; }
        figure.output-failed pre, figure.compiler-errors pre { border: 1px solid #8c2f24; }
        .output-status { font-weight: normal; }
        .run-it, .listing-only, .sample-links { font-family: sans-serif; font-size: 0.85em; color: #444444; }
        blockquote { margin: 1em 1.5em; font-style: italic; }
        .callout { margin: 1.2em 0; padding: 0.3em 0.9em; border-left: 4px solid #6b6b6b; background-color: #f4f4f4; page-break-inside: avoid; break-inside: avoid; }
        .callout-title { font-family: sans-serif; font-weight: bold; margin: 0.4em 0; }
        .callout-tip { border-left-color: #2e6b34; }
        .callout-important { border-left-color: #4b3a8c; }
        .callout-warning { border-left-color: #8a5a00; }
        .callout-caution { border-left-color: #8c2f24; }
        table { border-collapse: collapse; margin: 1.2em 0; font-size: 0.9em; }
        caption { caption-side: top; text-align: left; margin-bottom: 0.4em; }
        th, td { border: 1px solid #8c8c8c; padding: 0.25em 0.5em; vertical-align: top; }
        th { background-color: #ececec; }
        .align-left { text-align: left; }
        .align-center { text-align: center; }
        .align-right { text-align: right; }
        ul.tasks { list-style-type: none; padding-left: 1.2em; }
        .task { font-family: sans-serif; }
        ol.exercises { list-style-type: none; padding-left: 0; }
        li.exercise { margin: 1em 0; }
        .exercise-label { font-family: sans-serif; font-weight: bold; margin-bottom: 0.3em; }
        .solution-link { font-family: sans-serif; font-size: 0.9em; }
        section.solutions { margin-top: 2.5em; border-top: 1px solid #8c8c8c; }
        section.solution h3 { font-size: 1.05em; }
        section.book-end-entry h3 { font-size: 1.05em; }
        p.page-ref { font-style: italic; font-size: 0.9em; }
        section.footnotes { margin-top: 2.5em; border-top: 1px solid #8c8c8c; font-size: 0.9em; }
        .footnote-number { font-weight: bold; margin-bottom: 0; }
        sup { line-height: 0; }
        hr { border: 0; border-top: 1px solid #8c8c8c; margin: 1.5em 0; }
        nav ol { list-style-type: none; padding-left: 1.2em; }
        nav > ol { padding-left: 0; }
        section.cover { text-align: center; }
        .cover-image img { max-height: 70vh; }
        .book-title { margin-top: 1em; }
        .colophon { font-size: 0.85em; color: #444444; margin-top: 3em; }
        .hl-k { color: #6f1d62; font-weight: bold; }
        .hl-t { color: #14466b; }
        .hl-s { color: #9a3016; }
        .hl-n { color: #1c5b36; }
        .hl-c { color: #5c665c; font-style: italic; }
        .hl-a { color: #7f4506; }
        .hl-m { color: #6b4a00; }
        .hl-g { color: #14466b; font-weight: bold; }
        .hl-v { color: #29557a; }
        .hl-p { color: #555555; font-weight: bold; }
        .hl-i { color: #1c5b36; background-color: #e8f3e8; }
        .hl-d { color: #9a3016; background-color: #f8e8e6; }
        .hl-f { color: #23457f; }
        .hl-r { color: #9a3016; }
        /* Chinese, Japanese and Korean: their fonts have no italics, so emphasis is bold and
           nothing is slanted; a hyphenated Latin word ("Objective-C") stays on one line. */
        .nobreak { white-space: nowrap; }
        :lang(zh) em, :lang(ja) em, :lang(ko) em { font-style: normal; font-weight: bold; }
        :lang(zh) .chapter-summary, :lang(ja) .chapter-summary, :lang(ko) .chapter-summary,
        :lang(zh) blockquote, :lang(ja) blockquote, :lang(ko) blockquote,
        :lang(zh) .hl-c, :lang(ja) .hl-c, :lang(ko) .hl-c { font-style: normal; }

        """

    /// A plain cover, 1200 × 1800: the title, set in lines that fit (words kept whole; Chinese,
    /// Japanese and Korean text may break between any two characters).
    static func coverImage(title: String, locale: LocaleTag) -> String {
        let width = 1200, height = 1800, textWidth = 960.0
        var size = 104.0
        var lines = wrap(title, width: textWidth / size)
        while lines.count > 5 && size > 48 { size -= 8; lines = wrap(title, width: textWidth / size) }
        let lineHeight = size * 1.25
        let top = 700.0 - Double(lines.count - 1) * lineHeight / 2
        var svg = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        svg += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">\n"
        svg += "<title>\(XML.escape(title))</title>\n"
        svg += "<rect width=\"\(width)\" height=\"\(height)\" fill=\"#1d3557\"/>\n"
        svg += "<rect x=\"60\" y=\"60\" width=\"\(width - 120)\" height=\"\(height - 120)\" fill=\"none\" stroke=\"#e9c46a\" stroke-width=\"6\"/>\n"
        svg += "<rect x=\"120\" y=\"\(Int(top - size * 1.6))\" width=\"\(width - 240)\" height=\"8\" fill=\"#e9c46a\"/>\n"
        svg += "<text x=\"\(width / 2)\" y=\"\(Int(top))\" text-anchor=\"middle\" font-family=\"serif\" font-size=\"\(Int(size))\" fill=\"#ffffff\">\n"
        for (index, line) in lines.enumerated() {
            svg += "<tspan x=\"\(width / 2)\" dy=\"\(index == 0 ? 0 : Int(lineHeight))\">\(XML.escape(line))</tspan>\n"
        }
        svg += "</text>\n"
        svg += "<rect x=\"120\" y=\"\(Int(top + Double(lines.count - 1) * lineHeight + size))\" width=\"\(width - 240)\" height=\"8\" fill=\"#e9c46a\"/>\n"
        svg += "</svg>\n"
        return svg
    }

    /// Whether a character is set as wide as it is tall and may stand alone at a line's end.
    static func isWide(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        return (0x2E80...0x9FFF).contains(scalar.value) || (0xAC00...0xD7AF).contains(scalar.value)
            || (0xF900...0xFAFF).contains(scalar.value) || (0xFF00...0xFFEF).contains(scalar.value) || scalar.value >= 0x20000
    }

    /// `text` in lines of at most `width` ems (a rough measure: wide characters 1 em, capitals
    /// 0.68, others 0.52), breaking at spaces and between wide characters.
    static func wrap(_ text: String, width: Double) -> [String] {
        // Pieces that stay together, each with whether a space came before it.
        var pieces: [(text: String, space: Bool)] = []
        var current = "", currentSpace = false, spaceBefore = false
        func flush() { if !current.isEmpty { pieces.append((current, currentSpace)); current = "" } }
        for character in text {
            if character.isWhitespace {
                flush()
                spaceBefore = true
            } else if isWide(character) {
                flush()
                pieces.append((String(character), spaceBefore))
                spaceBefore = false
            } else {
                if current.isEmpty { currentSpace = spaceBefore; spaceBefore = false }
                current.append(character)
            }
        }
        flush()
        func measure(_ s: String) -> Double {
            s.reduce(0) { $0 + (isWide($1) ? 1.0 : $1.isUppercase ? 0.68 : $1 == " " ? 0.3 : 0.52) }
        }
        var lines: [String] = []
        var line = ""
        for piece in pieces {
            let joined = line.isEmpty ? piece.text : line + (piece.space ? " " : "") + piece.text
            if !line.isEmpty && measure(joined) > width {
                lines.append(line)
                line = piece.text
            } else {
                line = joined
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.isEmpty ? [""] : lines
    }
}
