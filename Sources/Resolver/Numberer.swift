import CourseModel

/// Pass 1 over one chapter: section numbers (2.3.1), per-chapter numbers for listings,
/// figures, tables and the kinds of block that have a target (exercises), and an id for
/// everything a link can point at.
struct Numberer {
    let chapterID: String
    let numbering: ChapterNumbering
    var chapterNumber: Int { numbering.number }
    let path: String
    var diagnostics: [Diagnostic] = []
    var targets = Targets()
    var outline: [OutlineEntry] = []
    private var sectionCounters = [0, 0, 0]
    private var counters: [TargetKind: Int] = [:]
    private var explicitPositions: [String: SourceLocation] = [:]
    private var suffixes: [String: Int] = [:]
    private var rawIDs: Set<String> = []

    init(chapterID: String, numbering: ChapterNumbering, path: String) {
        self.chapterID = chapterID; self.numbering = numbering; self.path = path
    }

    func location(_ p: Position) -> SourceLocation { SourceLocation(path: path, line: p.line, column: p.column) }

    mutating func number(_ document: Document) -> Document {
        // Explicit ids first, so generated ids can steer clear of them (and of raw HTML's).
        collectExplicit(document.blocks)
        rawIDs = document.rawIDs
        return Document(blocks: document.blocks.map { block($0, topLevel: true) }, rawIDs: rawIDs)
    }

    private mutating func collectExplicit(_ blocks: [Block]) {
        blocks.walk { block, _ in
            switch block {
            case .heading(let h): note(h.attributes.id, h.position)
            case .code(let c): note(c.attributes.id, c.position)
            case .figure(let f): note(f.attributes.id, f.image.position)
            case .table(let t): note(t.attributes.id, t.position)
            case .custom(let c) where c.target != nil: note(c.attributes.id, c.position)
            default: break
            }
        }
    }

    private mutating func note(_ id: String?, _ position: Position) {
        guard let id else { return }
        if explicitPositions[id] == nil { explicitPositions[id] = location(position) }
    }

    /// Registers an anchor; an explicit id defined twice in one chapter is reported here.
    private mutating func register(_ id: String, explicit: Bool, target: Resolver.Target) {
        if explicit {
            if Self.isReserved(id) {
                diagnostics.append(.error(.idTaken, "the id '\(id)' is taken by the page itself (\(Self.reservedIDs.contains(id) ? "the site's templates use it" : "footnotes use fn- and fnref- ids"))",
                                          at: target.location, suggestion: "choose another id, e.g. '\(chapterID)-\(id)'"))
                return
            }
            if let first = targets.explicit[id] {
                diagnostics.append(duplicateID(id, at: target.location, first: first.location))
                return
            }
            targets.explicit[id] = target
        }
        targets.local[id] = target
    }

    /// Ids the page itself uses (`SitePaths.reservedIDs`): a heading may not take them.
    static var reservedIDs: Set<String> { SitePaths.reservedIDs }
    static func isReserved(_ id: String) -> Bool { SitePaths.isReservedID(id) }

    /// A generated id that collides with nothing on the page. Each base remembers the last
    /// number it tried, so 10,000 headings with one text take linear time, not quadratic.
    private mutating func freeID(_ slug: String) -> String {
        // A heading called "fn-1" would take a footnote's place whatever number it got.
        let base = slug.hasPrefix("fn-") || slug.hasPrefix("fnref-") ? "h-" + slug : slug
        func taken(_ id: String) -> Bool { targets.local[id] != nil || explicitPositions[id] != nil || rawIDs.contains(id) || Self.isReserved(id) }
        guard taken(base) else { return base }
        var n = suffixes[base] ?? 1
        var candidate = "\(base)-\(n)"
        while taken(candidate) { n += 1; candidate = "\(base)-\(n)" }
        suffixes[base] = n + 1
        return candidate
    }

    private mutating func next(_ kind: TargetKind) -> Numbering {
        counters[kind, default: 0] += 1
        return Numbering([chapterNumber, counters[kind]!], chapter: numbering.label)
    }

    /// The next number of `kind` and the item's id (the author's, or one made of `prefix` and
    /// the number), registered as a target.
    private mutating func numberTarget(_ kind: TargetKind, explicitID: String?, prefix: String, title: String,
                                       at position: Position) -> (Numbering?, String?) {
        let number = next(kind)
        let id = explicitID ?? freeID("\(prefix)-\(number.parts.map(String.init).joined(separator: "-"))")
        register(id, explicit: explicitID != nil,
                 target: .init(kind: kind, chapterID: chapterID, chapterNumber: chapterNumber, anchor: id,
                               number: number, title: title, location: location(position)))
        return (number, id)
    }

    private mutating func block(_ block: Block, topLevel: Bool) -> Block {
        switch block {
        case .heading(var heading):
            let title = heading.content.plainText
            if heading.level == 1 && topLevel {
                diagnostics.append(.warning(.headingLevel, "a chapter body should not use '#' headings; the title comes from the front matter",
                                            at: location(heading.position), suggestion: "use ## for sections"))
            }
            let depth = max(heading.level - 1, 1)
            var number: Numbering?
            if topLevel, depth <= 3, numbering.sections, !heading.attributes.classes.contains("unnumbered") {
                sectionCounters[depth - 1] += 1
                for deeper in depth..<3 { sectionCounters[deeper] = 0 }
                number = Numbering([chapterNumber] + sectionCounters[0..<depth], chapter: numbering.label)
            }
            heading.number = number
            let explicit = heading.attributes.id
            heading.id = explicit ?? freeID(slug(title))
            register(heading.id, explicit: explicit != nil,
                     target: .init(kind: .section, chapterID: chapterID, chapterNumber: chapterNumber, anchor: heading.id,
                                   number: number, title: title, location: location(heading.position)))
            // `.unlisted` (Quarto's class) keeps a heading out of the outline: a recipe's
            // Problem/Solution/Discussion under every recipe would bury the recipes themselves.
            if topLevel && depth <= 2 && !heading.attributes.classes.contains("unlisted") {
                outline.append(OutlineEntry(depth: depth, number: number?.dotted, title: title, id: heading.id))
            }
            return .heading(heading)
        case .code(var code):
            guard code.isListing else { return block }
            (code.number, code.id) = numberTarget(.listing, explicitID: code.attributes.id, prefix: "listing", title: code.caption ?? code.title ?? "", at: code.position)
            return .code(code)
        case .figure(var figure):
            (figure.number, figure.id) = numberTarget(.figure, explicitID: figure.attributes.id, prefix: "figure",
                                                      title: figure.image.alt.plainText, at: figure.image.position)
            return .figure(figure)
        case .table(var table):
            guard table.caption != nil || table.attributes.id != nil else { return block }
            (table.number, table.id) = numberTarget(.table, explicitID: table.attributes.id, prefix: "table",
                                                    title: table.caption?.plainText ?? "", at: table.position)
            return .table(table)
        case .custom(var custom):
            if let kind = custom.target {
                (custom.number, custom.id) = numberTarget(kind, explicitID: custom.attributes.id, prefix: custom.kind,
                                                          title: custom.runs.first?.plainText ?? "", at: custom.position)
            }
            custom.blocks = custom.blocks.map { $0.map { self.block($0, topLevel: false) } }
            return .custom(custom)
        // Every case is named, so a new kind of block is a compile error here until it is numbered or not.
        case .paragraph, .html, .quote, .list, .rule, .footnoteDefinition, .sample, .snippet, .output,
             .listingOnlyNote, .sampleLinks:
            return block.mappingContainedBlocks { $0.map { self.block($0, topLevel: false) } }
        }
    }
}

/// A heading's generated id: lower-case letters and digits of any script, words joined by '-'.
func slug(_ text: String) -> String {
    var result = ""
    var pendingDash = false
    for character in text.lowercased() {
        if character.isLetter || character.isNumber {
            if pendingDash && !result.isEmpty { result.append("-") }
            pendingDash = false
            result.append(character)
        } else if character.isWhitespace || character == "-" || character == "_" {
            pendingDash = true
        }
    }
    return result.isEmpty ? "section" : result
}
