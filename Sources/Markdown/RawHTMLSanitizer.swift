import CourseModel

/// The one place raw HTML is made safe (with `raw_html: true`): in the parse stage, where each
/// piece still knows its line and column, so the site, the EPUB and the PDF all get the same
/// HTML and a warning (PRM043) says once, at `path:line:col`, what was left out.
///
/// cmark gives raw HTML in pieces: a block (any number of tags and text), or one tag of a
/// paragraph. Each piece is read as HTML's tokenizer reads it (references decoded, names
/// lower-cased) and written anew in `SanitizedHTML`'s canonical form, with only what
/// `RawHTMLPolicy` allows. A `Level` carries what is open from one piece to the next: the
/// tags of a paragraph's run (and of each emphasis or link in it), or the HTML blocks of one
/// container (`<details>`, Markdown, `</details>`). Whatever a level leaves open is closed at
/// its end, so the document stays well-formed around Primer's own elements.
struct RawHTMLSanitizer {
    let path: String
    /// Only balancing a run again after the parse: no warnings, no ids counted (they were).
    var quiet = false
    private(set) var diagnostics: [Diagnostic] = []
    /// Each id raw HTML gives, with its place.
    private(set) var ids: [String: SourceLocation] = [:]
    private var reported: Set<String> = []

    init(path: String) { self.path = path }

    struct Level {
        enum Context { case blocks, run, link }
        let context: Context
        fileprivate var open: [Open] = []
        /// Inside an element left out with what it holds: its name, up to its end tag.
        var skipping: String?
        fileprivate var skippingFrom = SourceLocation(path: "")
        /// Start tags left out in this level: their end tags go without a word.
        fileprivate var dropped: Set<String> = []
        init(_ context: Context) { self.context = context }
    }

    fileprivate struct Open {
        let name: String
        let key: String
        let svg: Bool
        let location: SourceLocation
    }

    // MARK: Pieces

    /// One piece of raw HTML made safe. `position`: where it starts. In a block the piece's first
    /// line holds its indentation and later lines lose a container's prefix (`> `).
    mutating func sanitize(_ fragment: String, at position: Position, level: inout Level) -> String {
        let bytes = Array(fragment.utf8)
        let locator = Locator(bytes: bytes, position: position, path: path, block: level.context == .blocks)
        var out = ""
        var index = 0, textStart = 0
        func text(upTo end: Int) {
            guard level.skipping == nil, textStart < end else { return }
            let raw = String(decoding: bytes[textStart..<end], as: UTF8.self)
            out += SanitizedHTML.escape(HTMLEntities.decode(raw[...], attribute: false), quotes: false)
        }
        func starts(_ literal: String, at offset: Int) -> Bool {
            let pattern = Array(literal.utf8)
            guard offset + pattern.count <= bytes.count else { return false }
            return (0..<pattern.count).allSatisfy { bytes[offset + $0] | (pattern[$0] >= 0x61 ? 0x20 : 0) == pattern[$0] }
        }
        func find(_ literal: String, from offset: Int) -> Int? {
            var at = offset
            while at < bytes.count { if starts(literal, at: at) { return at }; at += 1 }
            return nil
        }
        while index < bytes.count {
            if let name = level.skipping {
                guard let end = Self.endTag(name, in: bytes, from: index) else { index = bytes.count; textStart = index; break }
                level.skipping = nil
                index = end; textStart = end
                continue
            }
            guard bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count else { index += 1; continue }
            let next = bytes[index + 1]
            let location = locator.location(index)
            if starts("<!--", at: index) {
                text(upTo: index)
                index = find("-->", from: index + 2).map { $0 + 3 } ?? bytes.count
            } else if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
                text(upTo: index)
                let cdata = starts("<![CDATA[", at: index)
                let end = cdata ? find("]]>", from: index).map { $0 + 3 } : find(">", from: index).map { $0 + 1 }
                let what = cdata ? "a CDATA section" : next == UInt8(ascii: "?") ? "a processing instruction (<?…?>)" : "a declaration (<!…>)"
                warn("\(what) is left out", at: location, suggestion: "remove it: a chapter is part of a page, and its text is written as it is")
                index = end ?? bytes.count
            } else if next == UInt8(ascii: "/"), index + 2 < bytes.count, Self.isLetter(bytes[index + 2]) {
                text(upTo: index)
                let tag = Self.readTag(bytes, from: index + 2)
                end(tag?.key ?? Self.name(bytes, from: index + 2), at: location, level: &level, into: &out)
                index = tag?.end ?? bytes.count
            } else if Self.isLetter(next) {
                text(upTo: index)
                guard let tag = Self.readTag(bytes, from: index + 1) else {
                    warn("the tag <\(Self.name(bytes, from: index + 1)) is not finished (no '>'), so it is left out with what follows it",
                         at: location, suggestion: "end the tag with '>' on the same block's lines")
                    index = bytes.count; textStart = index
                    break
                }
                start(tag, at: location, locator: locator, level: &level, into: &out)
                index = tag.end
            } else {
                index += 1
                continue
            }
            textStart = index
        }
        text(upTo: bytes.count)
        return out
    }

    /// Closes what `level` holds open: all of it at the level's end (`reason` says where that
    /// is), or, after an HTML block, what cannot hold the Markdown blocks that follow.
    mutating func close(_ level: inout Level, reason: String, keepingContainers: Bool = false) -> String {
        var out = ""
        while let last = level.open.last {
            if keepingContainers, !last.svg, RawHTMLPolicy.blockContainers.contains(last.key) { break }
            if !RawHTMLPolicy.optionalEnd.contains(last.key) {
                warn("<\(last.name)> is not closed; it is closed \(reason)", at: last.location,
                     suggestion: keepingContainers ? "close it in its HTML block; only div, details, blockquote, figure, section, aside, li, dd, td and th hold the Markdown after them"
                        : "close it (</\(last.name)>) where it should end")
            }
            out += "</\(last.name)>"
            level.open.removeLast()
        }
        if !keepingContainers, let name = level.skipping {
            warn("<\(name)> is not closed; what follows it is left out until it is closed \(reason)", at: level.skippingFrom,
                 suggestion: "close it (</\(name)>), or remove it")
            level.skipping = nil
        }
        return out
    }

    /// A run of sanitized inlines balanced again after the parse split it (a callout's title
    /// line from its text): what it leaves open is closed at its end, end tags without their
    /// start are left out. Quietly: each piece was checked, and warned about, once already.
    static func rebalanced(_ inlines: [Inline]) -> [Inline] {
        guard inlines.contains(where: { if case .html = $0 { true } else { false } }) else { return inlines }
        var sanitizer = RawHTMLSanitizer(path: "")
        sanitizer.quiet = true
        var level = Level(.run)
        var result: [Inline] = []
        for inline in inlines {
            guard case .html(let html) = inline else { result.append(inline); continue }
            let again = sanitizer.sanitize(html, at: .unknown, level: &level)
            if !again.isEmpty { result.append(.html(again)) }
        }
        let closing = sanitizer.close(&level, reason: "")
        if !closing.isEmpty { result.append(.html(closing)) }
        return result
    }

    // MARK: Tags

    private mutating func start(_ tag: Tag, at location: SourceLocation, locator: Locator, level: inout Level, into out: inout String) {
        let key = tag.key
        if level.open.last?.svg == true {
            if RawHTMLPolicy.svgDroppedWithContent.contains(key) {
                warn("<\(key)> in SVG is left out with what it holds", at: location,
                     suggestion: "a drawing in a chapter is static: no animation, script or HTML inside it")
                if !tag.selfClosing { level.skipping = key; level.skippingFrom = location }
            } else if let name = RawHTMLPolicy.svgElements[key] {
                open(tag, name: name, svg: true, at: location, locator: locator, level: &level, into: &out)
            } else {
                warn("<\(key)> in SVG is left out (what it holds stays)", at: location, suggestion: "see README, \"Raw HTML\", for the SVG elements kept")
                level.dropped.insert(key)
            }
            return
        }
        if key == "svg" {
            open(tag, name: "svg", svg: true, at: location, locator: locator, level: &level, into: &out)
        } else if RawHTMLPolicy.droppedWithContent.contains(key) {
            warn("<\(key)> is left out with what it holds", at: location, suggestion: Self.advice(key))
            level.skipping = key  // HTML ignores '/>' here: <script/> still starts a script
            level.skippingFrom = location
        } else if RawHTMLPolicy.htmlElements[key] == nil {
            let void = RawHTMLPolicy.voidElements.contains(key)
            warn("<\(key)> is left out" + (void ? "" : " (what it holds stays)"), at: location, suggestion: Self.advice(key))
            level.dropped.insert(key)
        } else if level.context != .blocks, !RawHTMLPolicy.phrasing.contains(key) {
            warn("<\(key)> cannot be inside a paragraph; it is left out (what it holds stays)", at: location,
                 suggestion: "start <\(key)> on a line of its own, after a blank line, to make it a block")
            level.dropped.insert(key)
        } else if key == "a", level.context == .link || level.open.contains(where: { $0.key == "a" }) {
            warn("<a> inside a link is left out (what it holds stays)", at: location, suggestion: "a link cannot hold another link")
            level.dropped.insert(key)
        } else {
            closeImplied(by: key, level: &level, into: &out)
            open(tag, name: key, svg: false, at: location, locator: locator, level: &level, into: &out)
        }
    }

    private mutating func open(_ tag: Tag, name: String, svg: Bool, at location: SourceLocation, locator: Locator,
                               level: inout Level, into out: inout String) {
        var element = SanitizedHTML.Tag(name: name, attributes: attributes(of: tag, name: name, svg: svg, locator: locator))
        if name == "svg", level.open.last?.svg != true {
            element.attributes.insert(.init(name: "xmlns", value: "http://www.w3.org/2000/svg"), at: 0)
        }
        element.isVoid = !svg && RawHTMLPolicy.voidElements.contains(name)
        out += element.html
        if element.isVoid { return }
        if svg && tag.selfClosing { out += "</\(name)>"; return }
        level.open.append(Open(name: name, key: tag.key, svg: svg, location: location))
    }

    private mutating func end(_ key: String, at location: SourceLocation, level: inout Level, into out: inout String) {
        if let index = level.open.lastIndex(where: { $0.key == key }) {
            for inner in level.open[(index + 1)...].reversed() {
                if !RawHTMLPolicy.optionalEnd.contains(inner.key) {
                    warn("<\(inner.name)> is not closed before </\(key)>; it is closed there", at: inner.location,
                         suggestion: "close it (</\(inner.name)>) before </\(key)>")
                }
                out += "</\(inner.name)>"
            }
            out += "</\(level.open[index].name)>"
            level.open.removeSubrange(index...)
            return
        }
        let known = RawHTMLPolicy.htmlElements[key] != nil || RawHTMLPolicy.svgElements[key] != nil
        guard known, !level.dropped.contains(key), !RawHTMLPolicy.voidElements.contains(key) else { return }
        if level.context != .blocks, !RawHTMLPolicy.phrasing.contains(key) {
            warn("</\(key)> inside a paragraph is left out", at: location, suggestion: "put </\(key)> on a line of its own, after a blank line")
        } else {
            warn("</\(key)> without its opening tag is left out", at: location, suggestion: "remove it, or open the element it closes in the same paragraph or block")
        }
    }

    /// HTML's end tags an author may leave out: a new `<li>` closes the last one, a `<div>` a `<p>`…
    private mutating func closeImplied(by key: String, level: inout Level, into out: inout String) {
        let rules: [(names: Set<String>, barrier: Set<String>)]
        switch key {
        case "li": rules = [(["li"], ["ul", "ol"])]
        case "dt", "dd": rules = [(["dt", "dd"], ["dl"])]
        case "tr": rules = [(["tr"], ["table"])]
        case "td", "th": rules = [(["td", "th"], ["tr", "table"])]
        case "thead", "tbody", "tfoot": rules = [(["thead", "tbody", "tfoot"], ["table"])]
        case "rt", "rp": rules = [(["rt", "rp"], ["ruby"])]
        default: rules = []
        }
        var all = rules
        if !RawHTMLPolicy.phrasing.contains(key) { all.append((["p"], ["td", "th", "caption", "table"])) }
        for rule in all {
            guard let index = level.open.lastIndex(where: { rule.names.contains($0.key) }),
                  !level.open[(index + 1)...].contains(where: { rule.barrier.contains($0.key) }) else { continue }
            for inner in level.open[index...].reversed() {
                if !RawHTMLPolicy.optionalEnd.contains(inner.key) {
                    warn("<\(inner.name)> is not closed before <\(key)>; it is closed there", at: inner.location,
                         suggestion: "close it (</\(inner.name)>) before <\(key)>")
                }
                out += "</\(inner.name)>"
            }
            level.open.removeSubrange(index...)
        }
    }

    // MARK: Diagnostics

    /// One warning per message and line, however often the line repeats the same thing.
    mutating func warn(_ message: String, at location: SourceLocation, suggestion: String, related: [SourceLocation] = []) {
        guard !quiet, reported.insert("\(location.line)\u{0}\(message)").inserted else { return }
        diagnostics.append(.warning(.rawHTML, "raw HTML: " + message, at: location, suggestion: suggestion, related: related))
    }

    mutating func record(id: String, at location: SourceLocation) -> SourceLocation? {
        guard !quiet else { return nil }
        if let first = ids[id] { return first }
        ids[id] = location
        return nil
    }

    private static func advice(_ key: String) -> String {
        switch key {
        case "script", "style", "noscript", "template":
            return "a chapter brings no script or style of its own; a course's CSS goes in Content/templates/assets"
        case "iframe", "object", "embed", "applet", "frame", "frameset", "noembed", "noframes":
            return "link to the page instead: [its title](https://…)"
        case "base", "meta", "link", "title", "head", "html", "body":
            return "remove it: a chapter cannot change its page's head"
        case "form", "input", "button", "textarea", "select", "option", "label", "fieldset", "legend", "keygen", "output":
            return "remove it: a course page takes no input"
        case "img": return "write the picture as a Markdown image: ![alt](../images/picture.png)"
        default: return "write it in Markdown, or use a <span> or <div> with a class (see README, \"Raw HTML\")"
        }
    }
}

/// Where a byte of a piece is in the chapter file.
struct Locator {
    let lineStarts: [Int]
    let position: Position
    let path: String
    let leading: Int
    let indent: Int

    init(bytes: [UInt8], position: Position, path: String, block: Bool) {
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A { starts.append(offset + 1) }
        lineStarts = starts
        self.position = position
        self.path = path
        leading = block ? bytes.prefix { $0 == 0x20 }.count : 0
        indent = block ? max(position.column - 1 - leading, 0) : 0
    }

    func location(_ offset: Int) -> SourceLocation {
        guard position.line > 0 else { return SourceLocation(path: path) }
        var line = 0
        while line + 1 < lineStarts.count, lineStarts[line + 1] <= offset { line += 1 }
        let column = line == 0 ? position.column + offset - leading : offset - lineStarts[line] + 1 + indent
        return SourceLocation(path: path, line: position.line + line, column: max(column, 1))
    }
}
