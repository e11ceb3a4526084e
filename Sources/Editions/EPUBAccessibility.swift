import CourseModel

/// The book's accessibility metadata (EPUB Accessibility 1.1, schema.org's properties in the
/// package document), each value found in this book rather than asserted: how its content can
/// be perceived, which features it has, and a summary in the book's language.
struct EPUBAccessibility: Equatable {
    /// Pictures the chapters show (figures and images in the text; the cover, which shows the
    /// title as text too, is not counted).
    var images = 0
    /// Those of them without alt text (a build with a book edition refuses them; see `DiagnosticCode.altText`).
    var imagesWithoutAlt = 0
    /// Whether the book has the subject index.
    var hasIndex = false
    /// Whether it has the page list and pagebreak markers of the PDF edition.
    var hasPageList = false
    /// Whether a picture it carries moves (an SVG animation, an animated GIF): then the book
    /// cannot say it is free of flashing and motion.
    var hasAnimation = false

    init(images: Int = 0, imagesWithoutAlt: Int = 0, hasIndex: Bool = false, hasPageList: Bool = false, hasAnimation: Bool = false) {
        self.images = images; self.imagesWithoutAlt = imagesWithoutAlt; self.hasIndex = hasIndex
        self.hasPageList = hasPageList; self.hasAnimation = hasAnimation
    }

    /// What `pages` and the files the book carries show.
    init(pages: [ChapterPage], resources: [EPUBResource], hasIndex: Bool, hasPageList: Bool) {
        var alts: [[Inline]] = []
        for page in pages {
            page.document.blocks.walk { block, _ in
                if case .figure(let figure) = block { alts.append(figure.image.alt); return }
                for run in block.inlineRuns {
                    run.walk { inline in if case .image(let image) = inline { alts.append(image.alt) } }
                }
            }
        }
        images = alts.count
        imagesWithoutAlt = alts.filter { $0.plainText.allSatisfy(\.isWhitespace) }.count
        self.hasIndex = hasIndex
        self.hasPageList = hasPageList
        hasAnimation = resources.contains { Self.moves($0) }
    }

    /// An SVG with SMIL animation, or a GIF with the looping extension of animated GIFs.
    static func moves(_ resource: EPUBResource) -> Bool {
        switch resource.mediaType {
        case "image/svg+xml":
            let text = String(decoding: resource.bytes, as: UTF8.self)
            return ["<animate", "<set ", "<set>", "@keyframes"].contains { text.contains($0) }
        case "image/gif":
            return resource.bytes.count > 11 && String(decoding: resource.bytes, as: UTF8.self).contains("NETSCAPE2.0")
        default:
            return false
        }
    }

    var accessModes: [String] { images > 0 ? ["textual", "visual"] : ["textual"] }

    /// Textual alone suffices when every picture is described.
    var accessModesSufficient: [String] {
        if images == 0 { return ["textual"] }
        return imagesWithoutAlt == 0 ? ["textual", "textual,visual"] : ["textual,visual"]
    }

    var features: [String] {
        var features: [String] = []
        if images > 0, imagesWithoutAlt == 0 { features.append("alternativeText") }
        features += ["structuralNavigation", "tableOfContents", "readingOrder", "displayTransformability"]
        if hasIndex { features.append("index") }
        if hasPageList { features += ["pageBreakMarkers", "pageNavigation"] }
        return features
    }

    var hazards: [String] { hasAnimation ? ["unknown"] : ["none"] }

    /// The summary in the book's words: what every book offers, and what this one adds.
    func summary(_ strings: UIStrings) -> String {
        var parts = [strings["epub_a11y_summary"]]
        if images > 0, imagesWithoutAlt == 0 { parts.append(strings["epub_a11y_summary_images"]) }
        if hasPageList { parts.append(strings["epub_a11y_summary_pages"]) }
        return parts.joined(separator: strings.locale.language == "zh" || strings.locale.language == "ja" ? "" : " ")
    }

    /// The package document's `<meta>` elements, and `dc:source` naming the PDF the page list follows.
    func metadata(_ strings: UIStrings, pageSource: String?) -> String {
        var out = ""
        func meta(_ property: String, _ value: String) { out += "<meta property=\"\(property)\">\(XML.escape(value))</meta>\n" }
        for mode in accessModes { meta("schema:accessMode", mode) }
        for modes in accessModesSufficient { meta("schema:accessModeSufficient", modes) }
        for feature in features { meta("schema:accessibilityFeature", feature) }
        for hazard in hazards { meta("schema:accessibilityHazard", hazard) }
        meta("schema:accessibilitySummary", summary(strings))
        if imagesWithoutAlt == 0 { meta("dcterms:conformsTo", "EPUB Accessibility 1.1 - WCAG 2.1 Level AA") }
        if hasPageList, let pageSource {
            out += "<dc:source id=\"page-source\">\(XML.escape(pageSource))</dc:source>\n"
            out += "<meta property=\"source-of\" refines=\"#page-source\">pagination</meta>\n"
        }
        return out
    }
}
