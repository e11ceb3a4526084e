import CourseModel
import Foundation

/// A page's social card: the picture a chat or a social network shows beside a link to it.
public struct SocialCard: Sendable, Hashable, Encodable {
    /// The chapter's title (or the course's, on the home page's card): large, wrapped, shrunk to fit.
    public var title: String
    /// Above the title: "Chapter 3" in the page's words; nil for an unnumbered chapter or the home page.
    public var label: String?
    /// Below it: the course's title (or, on the home page's card, the site's address).
    public var footer: String
    public init(title: String, label: String?, footer: String) { self.title = title; self.label = label; self.footer = footer }
}

/// Social cards, drawn by Typst as one document of 1200 × 630 pt pages (every locale's in one run:
/// starting Typst and loading the CJK fonts is most of the time), each a 1200 × 630 px PNG at
/// 72 ppi (the size Open Graph and Twitter show large), in the Noto fonts.
public enum SocialCards {
    public static let width = 1200, height = 630
    static let ppi = 72.0

    /// What every card's page is set in: the page, the colours of the site's stylesheet (its light
    /// theme), and `primer-card`, which draws one card.
    public static let preamble = "#set page(width: \(width)pt, height: \(height)pt, margin: 0pt, fill: rgb(\"#ffffff\"))\n"
        + "#set text(font: \"Noto Sans\", fill: rgb(\"#1d1f23\"))\n" + cardFunction

    /// The locale's language (hyphenation, CJK line breaking) and fonts, for its cards' text.
    static func languageRule(_ tag: LocaleTag) -> String {
        let (lang, region) = TypstWriter.language(tag)
        var text = "set text(lang: \(TypstMarkup.string(lang))"
        if let region { text += ", region: \(TypstMarkup.string(region))" }
        let fonts = TypstWriter.cjkFace(tag).map { "((name: \"Noto Sans\", covers: \"latin-in-cjk\"), \"Noto Sans CJK \($0)\")" } ?? "\"Noto Sans\""
        return text + ", font: \(fonts), hyphenate: \(TypstWriter.isCJK(tag) ? "false" : "true"))"
    }

    /// One card: a purple band on the left (the site's accent), the label in the muted colour, the
    /// title in the largest of the sizes whose wrapped lines fit the box (the longest Russian
    /// titles take the smaller ones), and the course's name under a rule.
    static let cardFunction = """
        #let primer-card(label, title, footer) = {
          place(left + top, rect(width: 28pt, height: 100%, fill: rgb("#8a3ffc")))
          place(left + top, dx: 96pt, dy: 72pt, block(width: 1024pt, height: 486pt, {
            if label != none { text(size: 34pt, weight: "bold", fill: rgb("#555b66"), label) }
            v(18pt)
            context {
              let box-height = if label == none { 380pt } else { 330pt }
              let sizes = (84pt, 76pt, 68pt, 60pt, 54pt, 48pt, 42pt, 36pt, 32pt, 28pt, 24pt)
              let set-in(size, body) = text(size: size, weight: "bold", top-edge: "ascender", bottom-edge: "descender",
                                            hyphenate: false, body)
              let longest = title.split(" ").sorted(key: word => -word.len()).first()
              let chosen = sizes.last()
              for size in sizes {
                let lines = measure(block(width: 1024pt, par(leading: 0.15em, set-in(size, title))), width: 1024pt)
                if lines.height <= box-height and measure(set-in(size, longest)).width <= 1024pt { chosen = size; break }
              }
              block(width: 1024pt, height: box-height, par(leading: 0.15em, set-in(chosen, title)))
            }
            place(bottom + left, block(width: 1024pt, {
              line(length: 100%, stroke: 2pt + rgb("#d9dce1"))
              v(14pt)
              text(size: 30pt, fill: rgb("#555b66"), footer)
            }))
          }))
        }

        """

    /// One card's page, in its locale's language and fonts.
    public static func page(_ card: SocialCard, locale: LocaleTag) -> String {
        "#{ \(languageRule(locale)); primer-card(\(card.label.map(TypstMarkup.string) ?? "none"), "
            + "\(TypstMarkup.string(card.title)), \(TypstMarkup.string(card.footer))) }\n"
    }

    /// The document that draws `cards`, one a page, in their order.
    public static func document(_ cards: [(card: SocialCard, locale: LocaleTag)]) -> String {
        preamble + cards.map { page($0.card, locale: $0.locale) }.joined(separator: "#pagebreak()\n")
    }

    /// Draws `cards` in one run of Typst: a PNG for each, in their order (nil with the diagnostics
    /// when Typst or its fonts are missing, `missingTools`, or it failed).
    public static func draw(_ cards: [(card: SocialCard, locale: LocaleTag)], options: TypstCompiler.Options = .init())
        -> (pngs: [[UInt8]]?, diagnostics: [Diagnostic], missingTools: Bool) {
        guard !cards.isEmpty else { return ([], [], false) }
        let report = TypstCompiler.draw(document(cards), ppi: ppi, options: options)
        guard let pngs = report.pngs else { return (nil, report.diagnostics, report.missingTools) }
        guard pngs.count == cards.count else {
            return (nil, [TypstCompiler.error("Typst drew \(pngs.count) social cards for \(cards.count) pages")], false)
        }
        return (pngs, report.diagnostics, false)
    }
}

extension TypstCompiler {
    /// What a run that draws pictures made: a PNG per page.
    public struct PictureReport: Sendable {
        public var pngs: [[UInt8]]?
        public var diagnostics: [Diagnostic]
        public var missingTools: Bool
    }

    /// The script that draws each page of a document as a PNG, `page-<n>.png` in the output folder.
    static let pictureScript = """
        import sys, json, os
        try:
            import typst
        except ImportError as e:
            sys.stderr.write("the Python package typst is not installed (" + str(e) + ")")
            sys.exit(2)
        args = json.loads(sys.argv[1])
        try:
            pages = typst.compile(args["main"], root=args["root"], font_paths=[args["fonts"]], ignore_system_fonts=True,
                                  format="png", ppi=args["ppi"])
        except BaseException as e:
            sys.stderr.write(str(e))
            sys.exit(3)
        if isinstance(pages, (bytes, bytearray)):
            pages = [pages]
        for n, png in enumerate(pages):
            with open(os.path.join(args["output"], "page-%d.png" % n), "wb") as f:
                f.write(png)
        """

    /// Draws every page of the Typst document `main` as a PNG at `ppi`, with only the Noto fonts
    /// (as `typeset` sets a book).
    public static func draw(_ main: String, ppi: Double, options: Options = Options()) -> PictureReport {
        func failed(_ message: String, missingTools: Bool = false) -> PictureReport {
            PictureReport(pngs: nil, diagnostics: [error(message)], missingTools: missingTools)
        }
        let folder: String, fontFolder: String
        do { (folder, fontFolder) = try workspace(options) } catch { return failed(error.message, missingTools: error.missingTools) }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let manager = FileManager.default
        do {
            let output = folder + "/pages"
            try manager.createDirectory(atPath: output, withIntermediateDirectories: true)
            try Data(main.utf8).write(to: URL(fileURLWithPath: folder + "/main.typ"))
            let arguments: [String: Any] = ["root": folder, "main": folder + "/main.typ", "fonts": fontFolder, "output": output, "ppi": ppi]
            let json = try JSONSerialization.data(withJSONObject: arguments, options: [.sortedKeys])
            let limit = options.memoryLimit ?? memoryLimit(bytes: main.utf8.count), timeout = options.timeout ?? timeout(markup: main)
            let result = oneAtATime.withLock { _ in
                run([options.python, "-c", pictureScript, String(decoding: json, as: UTF8.self)], timeout: timeout, memoryLimit: limit)
            }
            if let problem = result.problem(python: options.python, timeout: timeout, memoryLimit: limit) {
                return failed(problem.message, missingTools: problem.missingTools)
            }
            var pngs: [[UInt8]] = []
            while let data = manager.contents(atPath: output + "/page-\(pngs.count).png") { pngs.append([UInt8](data)) }
            return PictureReport(pngs: pngs, diagnostics: [], missingTools: false)
        } catch {
            return failed("Typst could not be run: \(error)")
        }
    }
}
