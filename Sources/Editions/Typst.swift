import Blocks
import CourseModel
import Foundation
import Highlight
import Markup

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
/// outputs and compiler errors set apart, figures as they are (SVG stays SVG), footnotes, and
/// what the kinds of block move to an appendix at the end (the exercises' solutions).
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

        let appendixKinds = input.kinds.kinds.filter { $0.appendix != nil }
        var appendices = Array(repeating: [String](), count: appendixKinds.count)
        var diagnostics: [Diagnostic] = []
        // As on the site and in the EPUB, only numbered parts count, and a part without a title
        // (a preface's) has no heading: PDF/UA-1 takes no empty heading.
        var partNumber = 0
        for part in parts {
            if part.numbered { partNumber += 1 }
            if parts.count > 1, !part.title.isEmpty {
                out += "#pagebreak(weak: true, to: \"odd\")\n"
                let numbering = part.numbered ? "(..n) => " + TypstMarkup.string(strings.format("part_label", String(partNumber))) : "none"
                out += "#heading(level: 1, numbering: \(numbering), supplement: none)[\(TypstMarkup.text(part.title))]\n\n"
            }
            for page in part.pages {
                var writer = ChapterWriter(page: page, strings: input.strings(of: page), chapterLevel: chapterLevel,
                                           baseURL: input.course.config.baseURL, rawHTML: input.course.config.rawHTML)
                writer.kinds = input.kinds
                out += writer.chapter(&book)
                for (index, kind) in appendixKinds.enumerated() {
                    if let section = writer.appendixSection(kind, &book) { appendices[index].append(section) }
                }
                diagnostics += writer.limits.diagnostics
            }
        }
        for (kind, sections) in zip(appendixKinds, appendices) where !sections.isEmpty {
            guard let appendix = kind.appendix else { continue }
            out += "#pagebreak(weak: true, to: \"odd\")\n"
            out += "#heading(level: \(chapterLevel), numbering: none)[\(TypstMarkup.text(strings[appendix.titleKey]))] <\(appendix.label)>\n\n"
            out += sections.joined(separator: "\n")
            out += "#metadata(none) <primer-end>\n"
        }
        out += subjectIndex(input, chapterLevel: chapterLevel, labels: book.labels)
        out += TypstPageMap.markup
        var typst = TypstBook(main: out, files: book.files)
        typst.diagnostics = diagnostics
        return typst
    }

    struct Part {
        var title: String
        var pages: [ChapterPage]
        /// Whether the part has a number ("Part 2"): not a preface's or the appendices'.
        var numbered = true
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
            if !pages.isEmpty {
                parts.append(Part(title: part.title.text(for: input.locale, source: config.sourceLocale), pages: pages, numbered: part.numbering == .numbered))
            }
        }
        let rest = input.pages.filter { !placed.contains($0.id) }
        if !rest.isEmpty {
            if parts.isEmpty { parts.append(Part(title: "", pages: rest)) } else { parts[parts.count - 1].pages += rest }
        }
        return parts
    }

    /// Every label the book will define, so a reference to anything else shows no page.
    static func definedLabels(_ pages: [ChapterPage]) -> Set<String> { Set(labelTargets(pages).keys) }

    /// What each label the book defines names: a chapter (no anchor), or an id in one.
    static func labelTargets(_ pages: [ChapterPage]) -> [String: (chapter: String, anchor: String?)] {
        var targets: [String: (chapter: String, anchor: String?)] = [:]
        for page in pages {
            targets[TypstMarkup.label(chapter: page.id)] = (page.id, nil)
            page.document.blocks.walk { block, _ in
                var ids: [String?] = []
                switch block {
                case .heading(let h): ids = [h.id]
                case .code(let c), .snippet(let c, _): ids = c.isListing ? [c.id] : []
                case .figure(let f): ids = [f.id]
                case .table(let t): ids = [t.id]
                case .custom(let custom): ids = [custom.id]
                default: break
                }
                for case let id? in ids where !id.isEmpty { targets[TypstMarkup.label(chapter: page.id, anchor: id)] = (page.id, id) }
            }
        }
        return targets
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

    /// The CJK fonts' faces for a language's own glyph forms (关 in Chinese, 関 in Japanese), or
    /// nil for a language not written in them.
    static func cjkFace(_ tag: LocaleTag) -> String? {
        guard isCJK(tag) else { return nil }
        let region = language(tag).region?.uppercased() ?? ""
        if tag.language == "ja" { return "JP" }
        if tag.language == "ko" { return "KR" }
        return tag.rawValue.contains("Hant") || ["TW", "HK", "MO"].contains(region) ? "TC" : "SC"
    }

    /// `set text(...)` for a chapter written in `tag`: its language (hyphenation patterns,
    /// quotes, CJK line breaking), with Latin letters in the Latin fonts and the CJK fonts
    /// first for the rest in Chinese and Japanese. CJK text is set ragged-right (justified, a
    /// line before a long name of code was spread character by character), its emphasis bold
    /// and its asides upright (`primer-italic`): the CJK fonts have no italics.
    static func languageRules(_ tag: LocaleTag) -> String {
        let (lang, region) = language(tag)
        // The region is set even when there is none: an English chapter in a Chinese book is en, not en-CN.
        var rule = "#set text(lang: \(TypstMarkup.string(lang)), region: \(region.map(TypstMarkup.string) ?? "none")"
        if let face = cjkFace(tag) {
            func fonts(_ latin: String, _ cjk: String) -> String {
                "((name: \"\(latin)\", covers: \"latin-in-cjk\"), \"\(cjk) \(face)\")"
            }
            rule += ", hyphenate: false, font: \(fonts("Noto Serif", "Noto Serif CJK")))\n"
            rule += "#show heading: set text(font: \(fonts("Noto Sans", "Noto Sans CJK")))\n"
            rule += "#show raw: set text(font: \(fonts("Noto Sans Mono", "Noto Sans CJK")))\n"
            rule += "#set par(justify: false)\n"
            rule += "#show emph: it => text(weight: \"bold\", it.body)\n"
            rule += "#let primer-italic = \"normal\"\n"
        } else {
            rule += ", hyphenate: true)\n"
        }
        // Typst marks code as English, and a tagged PDF's language is the one most of its text
        // is in: a Russian book with its listings would declare itself English. Code's comments
        // are in the chapter's language, so its code is too.
        rule += "#show raw: set text(lang: \(TypstMarkup.string(lang)), region: \(region.map(TypstMarkup.string) ?? "none"))\n"
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

    /// How a listing or an output is set: one paragraph per line of code, the first three and
    /// the last two lines that are not blank kept together (no page starts or ends a listing
    /// with one lone line); a line too long for the page wraps, indented past its own
    /// indentation, with ↳ before each row it goes on to. A listing with a `continued` mark says
    /// where its lines start and end, for the running head of a page it goes on to
    /// (`primer-continued-mark`).
    static let codeLines = """
        #let primer-wrap-mark = box(width: 0.9em, height: 0.6em, {
          // Drawn: the book's fonts have no ↳.
          let ink = 0.6pt + luma(120)
          place(line(start: (0.2em, -0.05em), end: (0.2em, 0.45em), stroke: ink))
          place(line(start: (0.2em, 0.45em), end: (0.72em, 0.45em), stroke: ink))
          place(polygon(fill: luma(120), (0.88em, 0.45em), (0.62em, 0.28em), (0.62em, 0.62em)))
        })
        #let primer-line(line, hang, before, after) = {
          if line.text == "" { return par(before + box(height: 0.6em) + after) }
          let body = par(hanging-indent: hang, before + line + after)
          if line.text.len() <= 60 { return body }
          layout(size => {
            // An upper bound of its width: a character takes 0.6em, a CJK one (3 bytes) 1.2em.
            if (line.text.len() + line.text.clusters().len()) / 2 * 0.6em.to-absolute() <= size.width { return body }
            let leading = 0.5em.to-absolute()
            let full = measure(block(width: size.width, body)).height
            let single = measure(block(width: size.width, par[x])).height
            let rows = int(calc.round((full + leading) / (single + leading)))
            if rows <= 1 { return body }
            let pitch = (full + leading) / rows
            block(breakable: false, {
              body
              for row in range(1, rows) { place(top + left, dx: hang - 1.1em, dy: row * pitch + 0.1em, primer-wrap-mark) }
            })
          })
        }
        #let primer-lines(it, continued) = {
          set par(justify: false, spacing: 0.5em, leading: 0.5em)
          set block(spacing: 0.5em)
          let lines = it.lines
          let count = lines.len()
          let line-at(index) = {
            let line = lines.at(index)
            let indent = line.text.len() - line.text.trim(at: start).len()
            let before = if index == 0 and continued != none { [#metadata(continued)<primer-code-start>] }
            let after = if index == count - 1 and continued != none { [#metadata(none)<primer-code-end>] }
            primer-line(line, (indent + 4) * 0.6em, before, after)
          }
          // Blank lines do not count: "import Foundation", a blank line and one more line are not three.
          let filled = range(count).filter(index => lines.at(index).text != "")
          let (head, tail) = if filled.len() <= 5 { (count, count) } else { (filled.at(2) + 1, filled.at(-2)) }
          block(breakable: false, for index in range(head) { line-at(index) })
          for index in range(head, tail) { line-at(index) }
          if tail < count { block(breakable: false, for index in range(tail, count) { line-at(index) }) }
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
        // The style of asides (a chapter's summary, a note under a listing); upright in CJK text.
        #let primer-italic = "italic"
        #let primer-chapters = \(chapters)
        #set document(title: \(TypstMarkup.string(input.title)), date: \(date))
        #set text(font: primer-serif, size: 10pt, lang: \(TypstMarkup.string(lang))\(region.map { ", region: " + TypstMarkup.string($0) } ?? ""))
        #set par(justify: true, leading: 0.62em, spacing: 1.05em)
        // The running head: the chapter's label and title, on every page but a chapter's first and the blank ones.
        #let primer-running-head() = {
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
        }
        // Under the running head of a page a listing goes on to from an earlier page: the
        // listing's "(continued)" mark (see primer-lines), just above the listing's first line there.
        #let primer-continued-mark() = {
          let starts = query(selector(<primer-code-start>).before(here()))
          if starts.len() == 0 { return }
          let start = starts.last()
          let ends = query(selector(<primer-code-end>).after(start.location()))
          if ends.len() == 0 or ends.first().location().page() < here().page() { return }
          place(bottom + left, dy: 5.5mm, text(font: primer-sans, size: 7.5pt, fill: luma(70), start.value))
        }
        #set page(paper: "iso-b5", margin: (inside: 22mm, outside: 18mm, top: 24mm, bottom: 22mm),
          header: context { primer-running-head(); primer-continued-mark() })
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
        \(codeLines)
        #show raw.where(block: true): it => primer-lines(it, none)
        #show link: set text(fill: rgb("#1a4f8b"))
        #show outline.entry.where(level: \(chapterLevel)): set block(above: 1.1em)
        #show outline.entry.where(level: \(chapterLevel)): set text(weight: "bold")
        #show table: set par(justify: false)
        #show figure.caption: set text(font: primer-sans, size: 8.5pt)
        #show figure.where(kind: table): set figure.caption(position: top)
        #show figure.where(kind: table): set block(breakable: true)
        #show footnote.entry: set text(size: 8pt)
        #let primer-label(body) = text(font: primer-sans, size: 8.5pt, weight: "bold", body)
        // A listing or an output; `continued` heads its part on a later page.
        #let primer-code(body, continued: none) = block(fill: primer-code-fill, inset: (x: 6pt, y: 5pt), radius: 2pt, width: 100%, breakable: true, {
          show raw.where(block: true): it => primer-lines(it, continued)
          body
        })
        #let primer-boxed(fill, accent, head, body, continued: none) = block(fill: fill, stroke: (left: 2pt + accent), inset: (x: 7pt, y: 6pt), width: 100%, breakable: true, {
          show raw.where(block: true): it => primer-lines(it, continued)
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
        let bytes = name.lowercased().hasSuffix(".svg") ? TypstSVG.withBookFonts(bytes, locale: input.locale) : bytes
        let base = String(name.split(separator: "/").last ?? "image")
        let safe = String(base.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "@") ? $0 : "_" })
        let path = "images/\(placed.count + 1)-\(safe)"
        placed[key] = path
        files[path] = bytes
        return path
    }
}
