import CourseModel
import Foundation
import Highlight
import Renderer

/// A book in Typst's language: the main file and the files it uses (images), by the relative
/// path `main` names them with.
public struct TypstBook: Sendable, Hashable {
    public var main: String
    public var files: [String: [UInt8]]
    /// What did not fit Typst's limits as it was written (see `TypstLimits`).
    public var diagnostics: [Diagnostic] = []
    public init(main: String, files: [String: [UInt8]]) { self.main = main; self.files = files }
}

/// The resolved course of one locale as a Typst book: title page, contents, parts and chapters
/// with the model's numbers and labels, every id a Typst label, cross-references with the page
/// they point to, listings highlighted by Typst (`raw` with the language, on a light palette),
/// outputs and compiler errors set apart, figures as they are (SVG stays SVG), footnotes, and the
/// solutions of the exercises in an appendix at the end.
public enum TypstWriter {
    /// The width of the text block in points (B5 with the margins below): images never exceed it.
    static let textWidth = 385.0

    public static func book(_ input: EditionInput) -> TypstBook {
        var book = BookState(input: input)
        let pages = input.pages
        let strings = input.strings
        let parts = partsOf(input)
        let chapterLevel = parts.count > 1 ? 2 : 1
        book.labels = definedLabels(pages)

        var out = preamble(input, chapterLevel: chapterLevel) + languageRules(input.locale) + "\n"
        out += titlePage(input)
        out += "#set page(numbering: \"i\")\n#counter(page).update(1)\n"
        out += "#outline(title: [\(TypstMarkup.text(strings["nav_contents"]))], depth: \(chapterLevel + 1))\n#metadata(none) <primer-end>\n\n"
        // The text starts on a right-hand page, numbered 1 (a blank page before it when needed).
        out += "#pagebreak(weak: true, to: \"odd\")\n#set page(numbering: \"1\")\n#counter(page).update(1)\n\n"

        var solutions: [String] = []
        var diagnostics: [Diagnostic] = []
        for (partIndex, part) in parts.enumerated() {
            if parts.count > 1 {
                out += "#pagebreak(weak: true, to: \"odd\")\n"
                let label = strings.format("part_label", String(partIndex + 1))
                out += "#heading(level: 1, numbering: (..n) => \(TypstMarkup.string(label)), supplement: none)[\(TypstMarkup.text(part.title))]\n\n"
            }
            for page in part.pages {
                var writer = ChapterWriter(page: page, strings: input.strings(of: page), chapterLevel: chapterLevel,
                                           baseURL: input.course.config.baseURL, rawHTML: input.course.config.rawHTML)
                out += writer.chapter(&book)
                if let solution = writer.solutionsSection(&book) { solutions.append(solution) }
                diagnostics += writer.limits.diagnostics
            }
        }
        if !solutions.isEmpty {
            out += "#pagebreak(weak: true, to: \"odd\")\n"
            out += "#heading(level: \(chapterLevel), numbering: none)[\(TypstMarkup.text(strings["edition_solutions"]))] <primer-solutions>\n\n"
            out += solutions.joined(separator: "\n")
            out += "#metadata(none) <primer-end>\n"
        }
        var typst = TypstBook(main: out, files: book.files)
        typst.diagnostics = diagnostics
        return typst
    }

    struct Part {
        var title: String
        var pages: [ChapterPage]
    }

    /// The course's parts with the locale's pages in them (in table-of-contents order).
    static func partsOf(_ input: EditionInput) -> [Part] {
        let config = input.course.config
        var byID: [String: ChapterPage] = [:]
        for page in input.pages where byID[page.id] == nil { byID[page.id] = page }
        var placed = Set<String>()
        var parts: [Part] = []
        for part in config.parts {
            var pages: [ChapterPage] = []
            for entry in part.chapters {
                if let page = byID[entry.id], placed.insert(entry.id).inserted { pages.append(page) }
            }
            if !pages.isEmpty { parts.append(Part(title: part.title.text(for: input.locale, source: config.sourceLocale), pages: pages)) }
        }
        let rest = input.pages.filter { !placed.contains($0.id) }
        if !rest.isEmpty {
            if parts.isEmpty { parts.append(Part(title: "", pages: rest)) } else { parts[parts.count - 1].pages += rest }
        }
        return parts
    }

    /// Every label the book will define, so a reference to anything else shows no page.
    static func definedLabels(_ pages: [ChapterPage]) -> Set<String> {
        var labels = Set<String>()
        for page in pages {
            labels.insert(TypstMarkup.label(chapter: page.id))
            page.document.blocks.walk { block, _ in
                var ids: [String?] = []
                switch block {
                case .heading(let h): ids = [h.id]
                case .code(let c), .snippet(let c, _): ids = c.isListing ? [c.id] : []
                case .figure(let f): ids = [f.id]
                case .table(let t): ids = [t.id]
                case .exercises(let list): ids = list.map(\.id)
                default: break
                }
                for case let id? in ids where !id.isEmpty { labels.insert(TypstMarkup.label(chapter: page.id, anchor: id)) }
            }
        }
        return labels
    }

    /// Typst's `lang` and `region` for a locale tag: `zh-Hans` → zh, CN; `pt-BR` → pt, BR.
    static func language(_ tag: LocaleTag) -> (lang: String, region: String?) {
        let subtags = tag.subtags.map(String.init)
        let lang = tag.language
        var region: String?
        for subtag in subtags.dropFirst() where subtag.count == 2 && subtag.allSatisfy(\.isLetter) { region = subtag.lowercased() }
        if region == nil, lang == "zh" {
            region = subtags.contains { $0.lowercased() == "hant" } ? "tw" : "cn"
        }
        return (lang, region)
    }

    static func isCJK(_ tag: LocaleTag) -> Bool { ["zh", "ja", "ko"].contains(tag.language) }

    /// `set text(...)` for a chapter written in `tag`: its language (hyphenation patterns,
    /// quotes, CJK line breaking), with Latin letters in the Latin fonts and the CJK fonts
    /// first for the rest in Chinese and Japanese.
    static func languageRules(_ tag: LocaleTag) -> String {
        let (lang, region) = language(tag)
        var rule = "#set text(lang: \(TypstMarkup.string(lang))"
        if let region { rule += ", region: \(TypstMarkup.string(region))" }
        if isCJK(tag) {
            // The CJK fonts' faces for the language's own glyph forms: 关 in Chinese, 関 in Japanese.
            let face = tag.language == "ja" ? "JP" : tag.language == "ko" ? "KR"
                : (tag.rawValue.contains("Hant") || ["TW", "HK", "MO"].contains(region ?? "")) ? "TC" : "SC"
            func fonts(_ latin: String, _ cjk: String) -> String {
                "((name: \"\(latin)\", covers: \"latin-in-cjk\"), \"\(cjk) \(face)\")"
            }
            rule += ", hyphenate: false, font: \(fonts("Noto Serif", "Noto Serif CJK")))\n"
            rule += "#show heading: set text(font: \(fonts("Noto Sans", "Noto Sans CJK")))\n"
            rule += "#show raw: set text(font: \(fonts("Noto Sans Mono", "Noto Sans CJK")))\n"
        } else {
            rule += ", hyphenate: true)\n"
        }
        return rule
    }

    /// A part's heading: a page of its own.
    static let partRule = """
        #show heading.where(level: 1): it => {
          // The contents' own title is a level-1 heading without a number: not a part.
          if it.numbering == none { return it }
          set align(center)
          v(30%)
          text(size: 13pt, fill: luma(90), (it.numbering)())
          v(0.4em)
          text(size: 26pt, weight: "bold", it.body)
          pagebreak()
        }

        """

    static func preamble(_ input: EditionInput, chapterLevel: Int) -> String {
        let parts = input.date.split(separator: "-").compactMap { Int($0) }
        let date = parts.count == 3 ? "datetime(year: \(parts[0]), month: \(parts[1]), day: \(parts[2]))" : "none"
        let (lang, region) = language(input.locale)
        let chapters = "heading.where(level: \(chapterLevel))" + (chapterLevel > 1 ? ".or(heading.where(level: 1))" : "")
        return """
        // Typeset by Primer from the course's text.
        #let primer-serif = ("Noto Serif", "Noto Serif CJK SC")
        #let primer-sans = ("Noto Sans", "Noto Sans CJK SC")
        #let primer-mono = ("Noto Sans Mono", "Noto Sans CJK SC")
        #let primer-code-fill = luma(246)
        #let primer-chapters = \(chapters)
        #set document(title: \(TypstMarkup.string(input.title)), date: \(date))
        #set text(font: primer-serif, size: 10pt, lang: \(TypstMarkup.string(lang))\(region.map { ", region: " + TypstMarkup.string($0) } ?? ""))
        #set par(justify: true, leading: 0.62em, spacing: 1.05em)
        #set page(paper: "iso-b5", margin: (inside: 22mm, outside: 18mm, top: 24mm, bottom: 22mm),
          header: context {
            let page = here().page()
            if query(primer-chapters).any(h => h.location().page() == page) { return }
            let before = query(primer-chapters.before(here()))
            if before.len() == 0 { return }
            let chapter = before.last()
            // A blank page before the next chapter: the chapter ended on an earlier page.
            let ends = query(selector(<primer-end>).before(here()))
            if ends.len() > 0 and ends.last().location().page() < page and ends.last().location().page() >= chapter.location().page() { return }
            set text(font: primer-sans, size: 8pt, fill: luma(80))
            let head = if chapter.numbering == none { chapter.body } else { [#(chapter.numbering)()#h(0.8em)#chapter.body] }
            if calc.odd(page) { align(right, head) } else { align(left, head) }
            v(-0.55em)
            line(length: 100%, stroke: 0.4pt + luma(160))
          })
        #show heading: set text(font: primer-sans)
        #show heading: set par(justify: false)
        #show heading.where(level: \(chapterLevel)): it => {
          set text(font: primer-sans)
          block(width: 100%, above: 0pt, below: 2.2em, {
            if it.numbering != none { text(size: 12pt, fill: luma(90), (it.numbering)()); v(0.2em) }
            text(size: 22pt, weight: "bold", it.body)
          })
        }
        #show heading.where(level: \(chapterLevel + 1)): set text(size: 14pt)
        #show heading.where(level: \(chapterLevel + 2)): set text(size: 12pt)
        #show heading.where(level: \(chapterLevel + 3)): set text(size: 10.5pt)
        \(chapterLevel > 1 ? partRule : "")
        #show raw: set text(font: primer-mono, size: 8pt)
        #show raw.where(block: false): set text(size: 8.8pt)
        // One paragraph per line of code: a line too long for the page wraps, indented past its own indentation.
        #show raw.where(block: true): it => {
          set par(justify: false, spacing: 0.5em, leading: 0.5em)
          for line in it.lines {
            let indent = line.text.len() - line.text.trim(at: start).len()
            par(hanging-indent: (indent + 4) * 0.6em, if line.text == "" { box(height: 0.6em) } else { line })
          }
        }
        #show link: set text(fill: rgb("#1a4f8b"))
        #show outline.entry.where(level: \(chapterLevel)): set block(above: 1.1em)
        #show outline.entry.where(level: \(chapterLevel)): set text(weight: "bold")
        #show table: set par(justify: false)
        #show figure.caption: set text(font: primer-sans, size: 8.5pt)
        #show figure.where(kind: table): set figure.caption(position: top)
        #show figure.where(kind: table): set block(breakable: true)
        #show footnote.entry: set text(size: 8pt)
        #let primer-label(body) = text(font: primer-sans, size: 8.5pt, weight: "bold", body)
        #let primer-code(body) = block(fill: primer-code-fill, inset: (x: 6pt, y: 5pt), radius: 2pt, width: 100%, breakable: true, body)
        #let primer-boxed(fill, accent, head, body) = block(fill: fill, stroke: (left: 2pt + accent), inset: (x: 7pt, y: 6pt), width: 100%, breakable: true, {
          block(sticky: true, above: 0pt, below: 0.5em, text(font: primer-sans, size: 8.5pt, weight: "bold", fill: accent, head))
          body
        })
        #let primer-task(done) = box(width: 0.75em, height: 0.75em, stroke: 0.6pt + luma(60), inset: 0.14em, baseline: 0.05em,
          if done { box(width: 100%, height: 100%, fill: luma(60)) })


        """
    }

    static func titlePage(_ input: EditionInput) -> String {
        let strings = input.strings
        let languageName = strings["language_name"]
        var out = "#page(numbering: none, header: none)[\n#set par(justify: false)\n#v(22%)\n"
        out += "#text(font: primer-sans, size: 28pt, weight: \"bold\")[\(TypstMarkup.text(input.title))]\n\n"
        out += "#v(1em)\n#text(font: primer-sans, size: 12pt, fill: luma(90))[\(TypstMarkup.text(languageName))]\n\n"
        out += "#v(1fr)\n#text(size: 9pt)[\(TypstMarkup.text(strings["edition_colophon"]))]\n\n"
        out += "#text(size: 9pt)[\(TypstMarkup.text(input.date))]\n]\n\n"
        return out
    }
}

/// What the chapters of one book share while they are written: its files and labels.
struct BookState {
    let input: EditionInput
    var files: [String: [UInt8]] = [:]
    /// Book path for each content or drawn file already added.
    var placed: [String: String] = [:]
    var labels = Set<String>()

    init(input: EditionInput) { self.input = input }

    /// The book's path for an image of `page` (its `@2x` version when only that exists), or nil
    /// when the file is not there.
    mutating func image(_ image: Image, drawn: DrawnFigure?, in page: ChapterPage) -> String? {
        if let drawn {
            let key = "drawn:" + drawn.path
            if let known = placed[key] { return known }
            guard let bytes = input.drawn[drawn.path] else { return nil }
            return add(bytes, key: key, name: drawn.path)
        }
        var candidates = [image.source]
        if let retina = image.variants?.retina { candidates.append(retina) }
        for source in candidates {
            guard let path = EditionInput.contentPath(of: source, in: page) else { continue }
            if let known = placed[path] { return known }
            if let bytes = input.files[path] { return add(bytes, key: path, name: path) }
        }
        return nil
    }

    private mutating func add(_ bytes: [UInt8], key: String, name: String) -> String {
        let base = String(name.split(separator: "/").last ?? "image")
        let safe = String(base.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "@") ? $0 : "_" })
        let path = "images/\(placed.count + 1)-\(safe)"
        placed[key] = path
        files[path] = bytes
        return path
    }
}

/// One chapter as Typst markup; its exercises' solutions are kept for the appendix.
struct ChapterWriter {
    let page: ChapterPage
    let strings: UIStrings
    let chapterLevel: Int
    let baseURL: String?
    let rawHTML: Bool
    var footnoteBodies: [String: [Block]] = [:]
    var footnotesSeen = Set<String>()
    var limits = TypstLimitState()
    private var solutions: [(exercise: Exercise, blocks: [Block])] = []

    init(page: ChapterPage, strings: UIStrings, chapterLevel: Int, baseURL: String?, rawHTML: Bool) {
        self.page = page; self.strings = strings; self.chapterLevel = chapterLevel; self.baseURL = baseURL; self.rawHTML = rawHTML
    }

    func label(_ anchor: String? = nil) -> String { "<" + TypstMarkup.label(chapter: page.id, anchor: anchor) + ">" }

    mutating func chapter(_ book: inout BookState) -> String {
        page.document.blocks.walk { block, _ in
            if case .footnoteDefinition(let label, let blocks) = block, footnoteBodies[label] == nil { footnoteBodies[label] = blocks }
        }
        var out = "#pagebreak(weak: true, to: \"odd\")\n#[\n" + TypstWriter.languageRules(page.contentLocale)
        let numbering = strings.chapterLabel(page.numbering.label).map { "(..n) => " + TypstMarkup.string($0) } ?? "none"
        out += "#heading(level: \(chapterLevel), numbering: \(numbering), supplement: none)[\(TypstMarkup.text(page.title))] \(label())\n\n"
        if let summary = page.summary, !summary.isEmpty {
            out += "#block(below: 1.6em, text(style: \"italic\")[\(TypstMarkup.text(summary))])\n\n"
        }
        render(page.document.blocks, into: &out, book: &book)
        out += "#metadata(none) <primer-end>\n]\n\n"
        return out
    }

    /// The chapter's part of the solutions appendix, or nil when no exercise has a solution.
    mutating func solutionsSection(_ book: inout BookState) -> String? {
        guard !solutions.isEmpty else { return nil }
        var out = "#[\n" + TypstWriter.languageRules(page.contentLocale)
        let numbering = strings.chapterLabel(page.numbering.label).map { "(..n) => " + TypstMarkup.string($0) } ?? "none"
        out += "#heading(level: \(chapterLevel + 1), numbering: \(numbering))[\(TypstMarkup.text(page.title))]\n\n"
        for (exercise, blocks) in solutions {
            let id = exercise.id ?? ""
            let name = exercise.number.map { $0.label(strings["ref_exercise"]) } ?? ""
            let startName = exercise.number.map { $0.label(strings["ref_exercise_start"]) } ?? ""
            out += "#heading(level: \(chapterLevel + 2), numbering: none, outlined: false, bookmarked: false)"
            out += "[\(TypstMarkup.text(strings.format("edition_solution_of", name)))] \(label(id + "--solution"))\n"
            out += "#text(size: 8.5pt, style: \"italic\")[\(pageReference(text: TypstMarkup.text(startName), to: label(id)))]\n\n"
            render(blocks, into: &out, book: &book)
            out += "\n"
        }
        out += "]\n"
        return out
    }

    /// "TEXT on page N" in the chapter's language: the pattern is split at its placeholders, so
    /// the link and the page number go where the language puts them.
    func pageReference(text: String, to label: String) -> String {
        let pattern = UIStrings.format(strings["edition_page_ref"], ["\u{E001}", "\u{E002}"])
        var out = ""
        var literal = ""
        func flush() { out += TypstMarkup.text(literal); literal = "" }
        // By scalar: a combining mark after a placeholder must not hide it.
        for scalar in pattern.unicodeScalars {
            if scalar == "\u{E001}" { flush(); out += "#link(\(label))[\(text)];" }
            else if scalar == "\u{E002}" { flush(); out += "#context counter(page).at(\(label)).first();" }
            else { literal.unicodeScalars.append(scalar) }
        }
        flush()
        return out
    }

    mutating func render(_ blocks: [Block], into out: inout String, book: inout BookState) {
        for block in blocks { render(block, into: &out, book: &book) }
    }

    mutating func blocks(_ blocks: [Block], book: inout BookState) -> String {
        var out = ""
        render(blocks, into: &out, book: &book)
        return out
    }

    func caption(_ kind: String, _ number: Numbering?) -> String? {
        number.map { TypstMarkup.text($0.label(strings["ref_" + kind + "_start"])) }
    }

    static func rawLanguage(_ language: String) -> String? {
        let tag = String(language.split(separator: " ").first ?? "")
        switch Highlighter.canonicalLanguage(tag) {
        case "swift": return "swift"
        case "objc": return "objective-c"
        case "c": return "c"
        case "shell", "console": return "bash"
        case "json": return "json"
        case "xml": return "xml"
        case "diff": return "diff"
        default: return nil
        }
    }

    func raw(_ code: String, language: String?) -> String {
        var text = code
        if text.hasSuffix("\n") { text.removeLast() }
        let lang = language.map { ", lang: " + TypstMarkup.string($0) } ?? ""
        return "raw(block: true\(lang), \(TypstMarkup.string(TypstMarkup.breakable(text))))"
    }

    mutating func render(_ block: Block, into out: inout String, book: inout BookState) {
        if let position = block.position, position.line > 0 { limits.position = position }
        switch block {
        case .paragraph(let inlines, _):
            out += inline(inlines, book: &book) + "\n\n"
        case .heading(let h):
            let level = chapterLevel + max(h.level - 1, 1)
            let numbering = h.number.map { "(..n) => " + TypstMarkup.string($0.dotted) } ?? "none"
            let outlined = h.level <= 2 ? "" : ", outlined: false"
            out += "#heading(level: \(min(level, 6)), numbering: \(numbering)\(outlined))[\(inline(h.content, book: &book))] \(label(h.id))\n\n"
        case .code(let code), .snippet(let code, _):
            let body = "#primer-code(\(raw(boundedCode(code.code), language: Self.rawLanguage(code.language))))\n\n"
            if code.isListing {
                var head = "#metadata(\"listing\") \(label(code.id ?? ""))"
                if let text = caption("listing", code.number) { head += "#strong[\(text)]" }
                if let title = code.title { head += " " + TypstMarkup.text(title) }
                out += "#block(sticky: true, above: 1.2em, below: 0.45em, text(font: primer-sans, size: 8.5pt)[\(head)])\n"
            }
            out += body
        case .html(let source):
            let text = withoutComments(source)
            guard !text.allSatisfy(\.isWhitespace) else { break }
            // Raw HTML cannot be typeset: its text is kept, its tags are not.
            out += TypstMarkup.text(rawHTML ? Self.withoutTags(text) : text) + "\n\n"
        case .quote(let inner):
            out += nested("#quote(block: true)[\n", "]\n\n", weight: 4, inside: inner) { $0.blocks(inner, book: &book) }
        case .callout(let callout, let inner):
            let (fill, accent) = Self.colors(callout.kind)
            let head = callout.title.map { inline($0, book: &book) } ?? TypstMarkup.text(strings[callout.kind.labelKey])
            out += nested("#primer-boxed(\(fill), \(accent), [\(head)])[\n", "]\n\n", weight: 2, inside: inner) { $0.blocks(inner, book: &book) }
        case .list(let list):
            let isTasks = list.items.contains { $0.checked != nil }
            // Too deep for Typst, the items are paragraphs one after the other.
            let framed = enterNesting(2, inside: list.items.first?.blocks ?? [])
            if framed {
                out += list.ordered ? "#enum(tight: \(list.tight), start: \(list.start)" : "#list(tight: \(list.tight)" + (isTasks ? ", marker: []" : "")
            }
            for item in list.items {
                var body = ""
                if let checked = item.checked { body += "#primer-task(\(checked)); " }
                var blocks = ""
                render(item.blocks, into: &blocks, book: &book)
                body += blocks.trimmingCharacters(in: .whitespacesAndNewlines)
                out += framed ? ",\n  [\(body)]" : body + "\n\n"
            }
            if framed { out += ")\n\n"; limits.showDepth -= 2 }
        case .rule:
            out += "#align(center, line(length: 30%, stroke: 0.5pt + luma(150)))\n\n"
        case .table(let table):
            out += self.table(table, book: &book)
        case .figure(let figure):
            var content = "[]"
            if !URLSafety.isDangerous(figure.image.source), let path = book.image(figure.image, drawn: figure.drawn, in: page) {
                var arguments = TypstMarkup.string(path)
                if let size = figure.image.variants?.size {
                    arguments += ", width: \(Self.points(min(Double(size.width) * 0.75, TypstWriter.textWidth)))pt"
                } else if !path.hasSuffix(".svg") {
                    arguments += ", width: 100%"
                }
                let alt = figure.image.alt.plainText
                if !alt.isEmpty { arguments += ", alt: " + TypstMarkup.string(alt) }
                content = "image(\(arguments))"
            }
            var captionText = caption("figure", figure.number).map { "#strong[\($0)] " } ?? ""
            captionText += inline(figure.image.alt, book: &book)
            out += "#figure(\(content), caption: [\(captionText)], numbering: none, supplement: none) \(label(figure.id ?? ""))\n\n"
        case .exercises(let exercises):
            for exercise in exercises {
                let id = exercise.id ?? ""
                out += "#block(above: 1.4em, below: 1.2em, breakable: true)[\n#metadata(\"exercise\") \(label(id))"
                if let number = exercise.number {
                    out += "#primer-label[\(TypstMarkup.text(number.label(strings["ref_exercise_start"])))]"
                }
                out += "\n\n"
                render(exercise.blocks, into: &out, book: &book)
                if let solution = exercise.solution {
                    solutions.append((exercise, solution))
                    let name = exercise.number.map { $0.label(strings["ref_exercise"]) } ?? ""
                    let text = TypstMarkup.text(strings.format("edition_solution_of", name))
                    out += "#text(size: 8.5pt, style: \"italic\")[\(pageReference(text: text, to: label(id + "--solution")))]\n"
                }
                out += "]\n\n"
            }
        case .footnoteDefinition:
            break  // set where it is referenced
        case .output(let output):
            out += self.output(output)
        case .sampleLinks(let name):
            guard let baseURL else { break }  // a book has no gallery to link to without the site's address
            let root = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
            let locale = root + page.locale.rawValue + "/"
            out += "#text(size: 8.5pt)[#link(\(TypstMarkup.string(locale + SitePaths.galleryEntry(name))))[\(TypstMarkup.text(strings["sample_gallery_link"]))];"
            out += " · #link(\(TypstMarkup.string(locale + SitePaths.sampleDownload(name))))[\(TypstMarkup.text(strings.format("sample_download", name + ".zip")))];]\n\n"
        case .listingOnlyNote(let inline):
            out += "#text(size: 8.5pt, style: \"italic\")[\(TypstMarkup.text(strings[inline ? "snippet_listing_only" : "sample_listing_only"]))]\n\n"
        case .sample:
            break  // expanded by the resolve stage
        }
    }

    mutating func output(_ output: OutputBlock) -> String {
        if output.kind == .compilerErrors {
            return "#primer-boxed(rgb(\"#fbeeee\"), rgb(\"#a12a2a\"), [\(TypstMarkup.text(strings["compiler_errors_label"]))], \(raw(boundedCode(output.text), language: nil)))\n\n"
        }
        var head = TypstMarkup.text(strings["output_label"])
        var status: String?
        if case .exited(let code) = output.status, code != 0 { status = strings.format("output_exit_status", String(code)) }
        else if case .signal(let signal) = output.status { status = strings.format("output_signal", String(signal)) }
        else if case .timedOut(let seconds) = output.status { status = strings.format("output_timeout", String(Int(seconds))) }
        if let status { head += " " + TypstMarkup.text(status) }
        var body = "#\(raw(boundedCode(output.text), language: nil))"
        if let command = output.command?.text(inPackage: true) {
            body += "\n#text(size: 8pt)[\(TypstMarkup.text(UIStrings.spaced(strings["sample_run_yourself"])))#raw(\(TypstMarkup.string(command)));]"
        }
        let failed = !output.status.succeeded
        let colors = failed ? ("rgb(\"#fbeeee\")", "rgb(\"#a12a2a\")") : ("rgb(\"#eef3f8\")", "rgb(\"#3d6a99\")")
        return "#primer-boxed(\(colors.0), \(colors.1), [\(head)])[\(body)]\n\n"
    }

    mutating func table(_ table: Table, book: inout BookState) -> String {
        let columns = max(table.header.count, table.rows.map(\.count).max() ?? 0, 1)
        let aligns = (0..<columns).map { index -> String in
            guard index < table.alignments.count else { return "left" }
            switch table.alignments[index] {
            case .none, .left: return "left"
            case .center: return "center"
            case .right: return "right"
            }
        }
        var body = "table(columns: \(columns), align: (\(aligns.joined(separator: ", ")),), stroke: none, inset: (x: 4pt, y: 3.5pt),\n"
        body += "  table.hline(stroke: 0.8pt),\n  table.header("
        body += (0..<columns).map { index in
            let cell = index < table.header.count ? inline(table.header[index], book: &book) : ""
            return "[#strong[\(cell)]]"
        }.joined(separator: ", ")
        body += "),\n  table.hline(stroke: 0.5pt),\n"
        for row in boundedRows(table.rows) {
            body += "  " + (0..<columns).map { index in "[\(index < row.count ? inline(row[index], book: &book) : "")]" }.joined(separator: ", ") + ",\n"
        }
        body += "  table.hline(stroke: 0.8pt))"
        let sized = "text(size: 8.8pt, \(body))"
        guard table.number != nil || table.caption != nil else { return "#block(width: 100%, \(sized))\n\n" }
        var captionText = caption("table", table.number).map { "#strong[\($0)] " } ?? ""
        if let text = table.caption { captionText += inline(text, book: &book) }
        let tableLabel = table.id.map { " " + label($0) } ?? ""
        return "#figure(\(sized), kind: table, caption: [\(captionText)], numbering: none, supplement: none)\(tableLabel)\n\n"
    }

    static func points(_ value: Double) -> String { String(format: "%.1f", value) }

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

    // MARK: Inline

    mutating func inline(_ inlines: [Inline], book: inout BookState) -> String {
        var out = ""
        let outermost = enterRun()
        for (index, element) in inlines.enumerated() {
            if limits.run.cut { break }
            switch element {
            case .text(let text): out += runText(text)
            case .code(let code):
                guard admit(code.count, into: &out) else { break }
                out += "#raw(\(TypstMarkup.string(TypstMarkup.inlineBreakable(code))));"
            case .softBreak:
                // Between two CJK characters a line break of the source is no space.
                let before = index > 0 ? [inlines[index - 1]].plainText.last : nil
                let after = index + 1 < inlines.count ? [inlines[index + 1]].plainText.first : nil
                if let before, let after, TypstMarkup.isCJK(before) && TypstMarkup.isCJK(after) { break }
                if admit(1, into: &out) { out += " " }
            case .lineBreak: if admit(1, into: &out) { out += "#linebreak();" }
            case .emphasis(let inner): out += nested("#emph[", "];", weight: 1) { $0.inline(inner, book: &book) }
            case .strong(let inner): out += nested("#strong[", "];", weight: 1) { $0.inline(inner, book: &book) }
            case .strikethrough(let inner): out += nested("#strike[", "];", weight: 1) { $0.inline(inner, book: &book) }
            case .html(let source):
                let text = withoutComments(source)
                out += TypstMarkup.text(rawHTML ? Self.withoutTags(text) : text)
            case .image(let image):
                guard !URLSafety.isDangerous(image.source), let path = book.image(image, drawn: nil, in: page) else {
                    out += runText(image.alt.plainText); break
                }
                guard admit(1, into: &out) else { break }
                let height = image.variants?.size.map { "height: \(Self.points(min(Double($0.height) * 0.75, 12)))pt" } ?? "height: 1em"
                out += "#box(image(\(TypstMarkup.string(path)), \(height), alt: \(TypstMarkup.string(image.alt.plainText))));"
            case .link(let link):
                guard admit(1, into: &out) else { break }
                limits.showDepth += 2
                out += self.link(link, book: &book)
                limits.showDepth -= 2
            case .footnoteReference(let name):
                guard admit(1, into: &out) else { break }
                out += footnote(name, book: &book)
            }
        }
        leaveRun(outermost, into: &out, book: &book)
        return out
    }

    mutating func link(_ link: Link, book: inout BookState) -> String {
        let content = link.content.isEmpty ? runText(link.reference?.label ?? link.destination) : inline(link.content, book: &book)
        if let reference = link.reference {
            let parts = reference.href.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let file = String(parts.first ?? "")
            let chapter = file.isEmpty ? page.id : (file.hasSuffix(".html") ? String(file.dropLast(5)) : file)
            let anchor = parts.count > 1 && !parts[1].isEmpty ? String(parts[1]) : nil
            let name = TypstMarkup.label(chapter: chapter, anchor: anchor)
            guard book.labels.contains(name) else { return content }
            return pageReference(text: content, to: "<\(name)>")
        }
        let destination = link.destination
        if URLSafety.isDangerous(destination) || destination.hasPrefix("#") { return content }
        if Self.hasScheme(destination) {
            return "#link(\(TypstMarkup.string(destination)))[\(content)];"
        }
        // A file of the course: on the site when the book knows where that is.
        if let baseURL, !destination.isEmpty {
            let root = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
            return "#link(\(TypstMarkup.string(root + page.locale.rawValue + "/" + destination)))[\(content)];"
        }
        return content
    }

    static func hasScheme(_ destination: String) -> Bool {
        guard let colon = destination.firstIndex(of: ":") else { return false }
        let scheme = destination[..<colon]
        return !scheme.isEmpty && scheme.first!.isLetter && scheme.allSatisfy { $0.isLetter || $0.isNumber || "+.-".contains($0) }
    }

    /// The text of raw HTML, which the parse stage made safe (so `<script>`'s is gone), without its tags.
    static func withoutTags(_ html: String) -> String { SanitizedHTML.text(html) }
}
