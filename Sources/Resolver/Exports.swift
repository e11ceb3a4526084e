import CourseModel

extension Resolver {
    /// What one page shows the rest of the course: its header (title, numbering, outline, files;
    /// see `ChapterPage.header`) and the ids it defines. The command line's page cache keeps these
    /// so that a later build can resolve an edited chapter without the other chapters' documents.
    public struct PageExports: Sendable, Equatable {
        public var header: ChapterPage
        var explicit: [String: Target]
        var local: [String: Target]
    }

    /// The exports of every page of one locale, by chapter id, and which chapter defines each explicit id.
    public struct Exports: Sendable {
        public var pages: [String: PageExports] = [:]
        public var owners: [String: String] = [:]

        init(locale: NumberedLocale, pages: [ChapterPage]) {
            let byID = Dictionary(pages.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            for chapter in locale.chapters {
                guard let page = byID[chapter.parsed.source.id] else { continue }
                self.pages[page.id] = PageExports(header: page.header, explicit: chapter.targets.explicit, local: chapter.targets.local)
            }
            owners = locale.global.mapValues(\.chapterID)
        }
    }

    /// One chapter page of `locale` resolved against the other pages' exports from an earlier
    /// build, as `resolve` would resolve it with the whole course. Nil when the chapter needs what
    /// only a whole build has: samples (the samples stage), or a reference that the exports cannot
    /// answer (an id no page defines, a chapter that is not there), whose error names the closest ids.
    public static func resolvePage(_ chapter: ParsedChapter, locale: LocaleTag, in context: ResolveContext, staleness: PageStaleness,
                                   exports: (String) -> PageExports?, owner: (String) -> String?) -> (ChapterPage, PageExports, [Diagnostic])? {
        let source = chapter.source
        guard let numbering = context.config.chapterNumberings[source.id],
              !chapter.document.blocks.contains(where: SampleExpander.holdsSamples) else { return nil }
        var numberer = Numberer(chapterID: source.id, numbering: numbering, path: source.path)
        let document = numberer.number(chapter.document)
        let numbered = NumberedChapter(parsed: chapter, numbering: numbering, document: document,
                                       targets: numberer.targets, outline: numberer.outline)
        // Only what the chapter's links name is looked up.
        var global = numberer.targets.explicit
        var chapters = [source.id: numbered]
        for destination in Linker.destinations(in: document) {
            if destination.isEmpty || Linker.hasScheme(destination) || destination.hasPrefix("/") { continue }
            let hash = destination.firstIndex(of: "#")
            let pathPart = String(destination[..<(hash ?? destination.endIndex)])
            let fragment = hash.map { String(destination[destination.index(after: $0)...]) } ?? ""
            if pathPart.isEmpty {
                guard !fragment.isEmpty, numberer.targets.local[fragment] == nil, global[fragment] == nil else { continue }
                guard let id = owner(fragment), let target = exports(id)?.explicit[fragment] else { return nil }
                global[fragment] = target
            } else if pathPart.hasSuffix(".md") {
                let name = String(pathPart.split(separator: "/").last!.dropLast(3))
                if chapters[name] == nil {
                    guard let other = exports(name) else { return nil }
                    let header = other.header
                    let stub = ChapterSource(id: header.id, locale: header.contentLocale, path: header.sourcePath, title: header.title,
                                             summary: header.summary, body: "", bodyLine: 1)
                    chapters[name] = NumberedChapter(parsed: ParsedChapter(source: stub, document: Document(blocks: [])),
                                                     numbering: header.numbering, document: Document(blocks: []),
                                                     targets: Targets(explicit: other.explicit, local: other.local), outline: header.outline)
                }
                if !fragment.isEmpty, chapters[name]?.targets.local[fragment] == nil { return nil }
            }
        }
        var (page, linkDiagnostics) = linkedPage(numbered, locale: locale, scope: LinkScope(global: global, chapters: chapters), context: context)
        page.markStale(staleness)
        page.updated = source.updated
        let exported = PageExports(header: page.header, explicit: numberer.targets.explicit, local: numberer.targets.local)
        return (page, exported, numberer.diagnostics + linkDiagnostics)
    }
}

/// Exports in the caches' form (see `Fields`): the header, the outline, then every id.
extension Resolver.PageExports {
    public func encoded() -> [UInt8] {
        var writer = Fields.Writer()
        writer.record("header")
        writer.add(header.id)
        header.writeHeader(into: &writer)
        for entry in header.outline {
            writer.record("outline")
            writer.add(entry.depth); writer.optional(entry.number); writer.add(entry.title); writer.add(entry.id)
        }
        for (key, target) in explicit.sorted(by: { $0.key < $1.key }) where local[key] == target {
            writer.record("same")  // an explicit id is a local one too: written once
            writer.add(key)
        }
        for (scope, table) in [("explicit", explicit.filter { local[$0.key] != $0.value }), ("local", local)] {
            for (key, target) in table.sorted(by: { $0.key < $1.key }) {
                writer.record(scope)
                writer.add(key); writer.add(target.kind.rawValue); writer.add(target.chapterID); writer.add(target.chapterNumber)
                writer.optional(target.anchor)
                writer.optional(target.number.map { $0.parts.map(String.init).joined(separator: ",") })
                writer.optional(target.number?.chapter?.field)
                writer.add(target.title)
                // Most ids are in the page's own file.
                writer.add(target.location.path == header.sourcePath ? "=" : "/" + target.location.path)
                writer.add(target.location.line); writer.add(target.location.column)
            }
        }
        return writer.encoded
    }

    public init?(decoding bytes: [UInt8]) {
        var header: ChapterPage?
        var outline: [OutlineEntry] = []
        var explicit: [String: Resolver.Target] = [:], local: [String: Resolver.Target] = [:]
        var same: [String] = []
        for record in Fields.decode(bytes) {
            var reader = Fields.Reader(record)
            switch record.first {
            case "same": same.append(reader.string())
            case "header":
                let id = reader.string()
                header = ChapterPage.readHeader(id: id, &reader)
            case "outline":
                let depth = reader.int(), number = reader.optional(), title = reader.string(), id = reader.string()
                outline.append(OutlineEntry(depth: depth, number: number, title: title, id: id))
            case "explicit", "local":
                guard let page = header else { return nil }
                let key = reader.string()
                guard let kind = TargetKind(rawValue: reader.string()) else { return nil }
                let chapterID = reader.string(), chapterNumber = reader.int(), anchor = reader.optional()
                let parts = reader.optional(), chapterLabel = reader.optional()
                let title = reader.string(), path = reader.string(), line = reader.int(), column = reader.int()
                var number: Numbering?
                if let parts {
                    let values = parts.split(separator: ",").compactMap { Int($0) }
                    guard values.count == parts.split(separator: ",").count else { return nil }
                    number = Numbering(values, chapter: chapterLabel.flatMap(ChapterLabel.init(field:)))
                    if chapterLabel != nil && number?.chapter == nil { return nil }
                }
                let location = SourceLocation(path: path == "=" ? page.sourcePath : String(path.dropFirst()), line: line, column: column)
                let target = Resolver.Target(kind: kind, chapterID: chapterID, chapterNumber: chapterNumber, anchor: anchor, number: number,
                                             title: title, location: location)
                if record.first == "explicit" { explicit[key] = target } else { local[key] = target }
            default: return nil
            }
            guard !reader.failed, reader.atEnd else { return nil }
        }
        guard var header else { return nil }
        for key in same {
            guard let target = local[key] else { return nil }
            explicit[key] = target
        }
        header.outline = outline
        self.init(header: header, explicit: explicit, local: local)
    }
}

extension Resolver {
    /// Whether a document embeds a sample, has a snippet or shows a figure a run drew.
    public static func holdsSamples(_ document: Document) -> Bool { document.blocks.contains(where: SampleExpander.holdsSamples) }
}

extension Linker {
    /// Every link destination in a document, in order (containers and nested inlines included).
    static func destinations(in document: Document) -> [String] {
        var found: [String] = []
        document.blocks.walkInlineRuns { run, _ in
            run.walk { inline in
                if case .link(let link) = inline { found.append(link.destination) }
            }
        }
        return found
    }
}
