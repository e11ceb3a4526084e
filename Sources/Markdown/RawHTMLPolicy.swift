import CourseModel

/// What raw HTML may hold with `raw_html: true`: the elements of book content and a small,
/// static subset of SVG, each with the attributes it may have, and what each attribute's value
/// must be. Everything else is left out by `RawHTMLSanitizer`, with a warning. README's
/// "Raw HTML" lists the same.
enum RawHTMLPolicy {
    /// Attributes every kept HTML element may have (and `aria-*`, of `ariaAttributes`).
    static let globalAttributes: Set<String> = ["id", "class", "title", "lang", "dir", "role", "hidden", "style"]

    /// The `role`s HTML validators know (WAI-ARIA's and DPUB-ARIA's `doc-*`), but the page's own
    /// landmarks (`main`, `banner`, `contentinfo`), which its templates give.
    static let roles: Set<String> = [
        "alert", "alertdialog", "application", "article", "button", "cell", "checkbox", "columnheader",
        "combobox", "complementary", "definition", "dialog", "directory", "doc-abstract",
        "doc-acknowledgments", "doc-afterword", "doc-appendix", "doc-backlink", "doc-biblioentry",
        "doc-bibliography", "doc-biblioref", "doc-chapter", "doc-colophon", "doc-conclusion", "doc-cover",
        "doc-credit", "doc-credits", "doc-dedication", "doc-endnote", "doc-endnotes", "doc-epigraph", "doc-epilogue",
        "doc-errata", "doc-example", "doc-footnote", "doc-foreword", "doc-glossary", "doc-glossref", "doc-index",
        "doc-introduction", "doc-noteref", "doc-notice", "doc-pagebreak", "doc-pagelist", "doc-part", "doc-preface",
        "doc-prologue", "doc-pullquote", "doc-qna", "doc-subtitle", "doc-tip", "doc-toc", "document", "feed",
        "figure", "form", "graphics-document", "graphics-object", "graphics-symbol", "grid", "gridcell", "group",
        "heading", "img", "link", "list", "listbox", "listitem", "log", "marquee", "math", "menu", "menubar",
        "menuitem", "menuitemcheckbox", "menuitemradio", "navigation", "none", "note", "option", "presentation",
        "progressbar", "radio", "radiogroup", "region", "row", "rowgroup", "rowheader", "scrollbar", "search",
        "searchbox", "separator", "slider", "spinbutton", "status", "switch", "tab", "table", "tablist", "tabpanel",
        "term", "textbox", "timer", "toolbar", "tooltip", "tree", "treegrid", "treeitem"
    ]

    /// The `aria-*` attributes HTML validators know, without `aria-`.
    static let ariaAttributes: Set<String> = [
        "activedescendant", "atomic", "autocomplete", "busy", "checked", "colcount", "colindex", "colspan",
        "controls", "current", "describedby", "details", "disabled", "dropeffect", "errormessage", "expanded",
        "flowto", "grabbed", "haspopup", "hidden", "invalid", "keyshortcuts", "label", "labelledby", "level", "live",
        "modal", "multiline", "multiselectable", "orientation", "owns", "placeholder", "posinset", "pressed",
        "readonly", "relevant", "required", "roledescription", "rowcount", "rowindex", "rowspan", "selected",
        "setsize", "sort", "valuemax", "valuemin", "valuenow", "valuetext"
    ]

    /// HTML elements kept, each with the attributes it may have besides the global ones.
    static let htmlElements: [String: Set<String>] = {
        var elements: [String: Set<String>] = [:]
        for name in ["p", "div", "span", "br", "hr", "wbr", "em", "strong", "b", "i", "u", "s", "sub", "sup", "small", "mark", "abbr",
                     "cite", "dfn", "code", "kbd", "samp", "var", "bdi", "bdo", "ruby", "rt", "rp", "pre", "figure", "figcaption",
                     "ul", "dl", "dt", "dd", "table", "caption", "thead", "tbody", "tfoot", "summary", "section", "aside", "address",
                     "h1", "h2", "h3", "h4", "h5", "h6", "picture", "tr"] {
            elements[name] = []
        }
        for name in ["p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "tr"] { elements[name] = ["align"] }
        elements["a"] = ["href", "name", "rel"]
        elements["img"] = ["src", "srcset", "sizes", "alt", "width", "height", "loading", "decoding"]
        elements["source"] = ["src", "srcset", "sizes", "type", "media"]
        elements["video"] = ["src", "poster", "controls", "width", "height", "loop", "muted", "playsinline", "preload"]
        elements["audio"] = ["src", "controls", "loop", "muted", "preload"]
        elements["track"] = ["src", "kind", "srclang", "label", "default"]
        elements["ol"] = ["start", "reversed", "type"]
        elements["li"] = ["value"]
        elements["td"] = ["colspan", "rowspan", "align"]
        elements["th"] = ["colspan", "rowspan", "scope", "align"]
        elements["col"] = ["span"]
        elements["colgroup"] = ["span"]
        elements["blockquote"] = ["cite"]
        elements["q"] = ["cite"]
        elements["del"] = ["cite", "datetime"]
        elements["ins"] = ["cite", "datetime"]
        elements["time"] = ["datetime"]
        elements["details"] = ["open"]
        return elements
    }()

    /// Elements without content or end tag.
    static let voidElements: Set<String> = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
                                            "source", "track", "wbr", "keygen", "frame", "basefont", "bgsound"]

    /// Elements a paragraph (a run of text) may hold: the rest needs a line of its own.
    static let phrasing: Set<String> = ["a", "span", "br", "wbr", "em", "strong", "b", "i", "u", "s", "sub", "sup", "small", "mark",
                                        "abbr", "cite", "dfn", "code", "kbd", "samp", "var", "bdi", "bdo", "ruby", "rt", "rp", "q",
                                        "del", "ins", "time", "img", "picture", "source", "video", "audio", "track", "svg"]

    /// Elements whose end tag HTML lets an author leave out: closed without a warning.
    static let optionalEnd: Set<String> = ["p", "li", "dt", "dd", "rt", "rp", "tr", "td", "th", "thead", "tbody", "tfoot",
                                           "colgroup", "caption"]

    /// Elements that may stay open after their HTML block, around the Markdown that follows
    /// (`<details>`, a blank line, Markdown, `</details>`). Any other element is closed at the
    /// end of its block: a `<span>` cannot hold paragraphs.
    static let blockContainers: Set<String> = ["div", "blockquote", "details", "figure", "li", "dd", "td", "th", "section", "aside"]

    /// Elements left out with what they hold (their text was never the page's text).
    static let droppedWithContent: Set<String> = ["script", "style", "template", "title", "textarea", "xmp", "iframe", "noembed",
                                                  "noframes", "noscript", "select", "head"]

    /// SVG: elements kept (HTML lower-cases names; XHTML needs SVG's own spelling).
    static let svgElements: [String: String] = Dictionary(uniqueKeysWithValues: [
        "svg", "g", "defs", "symbol", "use", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "text", "tspan",
        "title", "desc", "linearGradient", "radialGradient", "stop", "clipPath", "mask", "marker", "pattern", "a",
    ].map { ($0.lowercased(), $0) })

    /// SVG elements left out with what they hold: script, style, HTML inside SVG, and animation
    /// (which can set any attribute, `href` among them, to anything).
    static let svgDroppedWithContent: Set<String> = ["script", "style", "foreignobject", "animate", "set", "animatemotion",
                                                     "animatetransform", "animatecolor", "discard", "mpath", "handler", "listener"]

    /// SVG attributes kept on any kept SVG element, by their lower-case name.
    static let svgAttributes: [String: String] = Dictionary(uniqueKeysWithValues: [
        "id", "class", "style", "role", "viewBox", "preserveAspectRatio", "width", "height", "x", "y", "x1", "y1", "x2", "y2",
        "cx", "cy", "r", "rx", "ry", "fx", "fy", "d", "points", "pathLength", "dx", "dy", "rotate", "textLength", "lengthAdjust",
        "offset", "gradientUnits", "gradientTransform", "spreadMethod", "clipPathUnits", "maskUnits", "maskContentUnits",
        "markerWidth", "markerHeight", "markerUnits", "refX", "refY", "orient", "patternUnits", "patternContentUnits",
        "patternTransform", "href", "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-opacity",
        "stroke-linecap", "stroke-linejoin", "stroke-dasharray", "stroke-dashoffset", "stroke-miterlimit", "opacity",
        "transform", "font-family", "font-size", "font-weight", "font-style", "text-anchor", "dominant-baseline",
        "letter-spacing", "text-decoration", "visibility", "display", "color", "clip-path", "clip-rule", "mask",
        "marker-start", "marker-mid", "marker-end", "vector-effect", "shape-rendering", "paint-order", "stop-color",
        "stop-opacity",
    ].map { ($0.lowercased(), $0) })

    /// SVG attributes whose `url(…)` may only name something of the same drawing (`url(#grad)`).
    static let svgReferences: Set<String> = ["fill", "stroke", "clip-path", "mask", "marker-start", "marker-mid", "marker-end"]

    /// Attributes that hold a URL.
    static let urlAttributes: Set<String> = ["href", "src", "cite", "poster"]

    static let booleanAttributes: Set<String> = ["hidden", "open", "reversed", "controls", "loop", "muted", "playsinline", "default"]

    static let keywords: [String: Set<String>] = [
        "dir": ["ltr", "rtl", "auto"], "loading": ["lazy", "eager"], "decoding": ["sync", "async", "auto"],
        "preload": ["none", "metadata", "auto"], "scope": ["row", "col", "rowgroup", "colgroup"],
        "kind": ["subtitles", "captions", "descriptions", "chapters", "metadata"], "align": ["left", "center", "right", "justify"],
    ]

    static let integers: Set<String> = ["colspan", "rowspan", "span", "start", "value"]

    /// Why a value cannot be kept, or nil when it can. `svg`: an SVG element's attribute.
    static func problem(name: String, value: String, element: String, svg: Bool) -> String? {
        if name == "role" { return roles.contains(value) ? nil : "'\(value)' is not a WAI-ARIA role a chapter may give" }
        if svg {
            if svgReferences.contains(name), !onlyLocalReferences(value) { return "it may only refer to the drawing's own parts (url(#id))" }
            if name == "style" { return styleProblem(value) }
            return nil
        }
        if let allowed = keywords[name] {
            if name == "align" && !allowed.contains(value.lowercased()) { return "'\(value)' is not left, center, right or justify" }
            return allowed.contains(value.lowercased()) ? nil : "'\(value)' is not one of \(allowed.sorted().joined(separator: ", "))"
        }
        if name == "type" && element == "ol" { return ["1", "a", "A", "i", "I"].contains(value) ? nil : "'\(value)' is not 1, a, A, i or I" }
        if integers.contains(name) {
            let digits = value.hasPrefix("-") && (name == "start" || name == "value") ? value.dropFirst() : Substring(value)
            return !digits.isEmpty && digits.allSatisfy(\.isASCIIDigit) ? nil : "'\(value)' is not a whole number"
        }
        if name == "width" || name == "height" {
            return !value.isEmpty && value.allSatisfy(\.isASCIIDigit) ? nil : "'\(value)' is not a number of pixels"
        }
        if name == "style" { return styleProblem(value) }
        return nil
    }

    /// Why a `style` value cannot be kept: anything that could load a resource or hide what it
    /// does (a function that takes a URL, an at-rule, an escape, a comment, a tag's brackets,
    /// old browsers' script hooks).
    static func styleProblem(_ value: String) -> String? {
        let squeezed = String(value.lowercased().unicodeScalars.filter { $0.value > 0x20 }.map(Character.init))
        for refused in ["url(", "image(", "image-set(", "cross-fade(", "element(", "expression(", "paint(", "src(", "@", "\\", "/*",
                        "<", ">", "javascript:", "vbscript:", "behavior", "binding"] where squeezed.contains(refused) {
            return "a style with '\(refused)' could load something or hide what it does"
        }
        return nil
    }

    /// Whether every `url(…)` in an SVG paint or reference names an id of the page.
    static func onlyLocalReferences(_ value: String) -> Bool {
        let squeezed = String(value.lowercased().unicodeScalars.filter { $0.value > 0x20 }.map(Character.init))
        var rest = Substring(squeezed)
        while let open = rest.range(of: "url(") {
            rest = rest[open.upperBound...].drop { $0 == "\"" || $0 == "'" }
            guard rest.first == "#" else { return false }
        }
        return !squeezed.contains("\\")
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
