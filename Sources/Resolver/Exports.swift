import CourseModel

extension Resolver {
    /// What one page shows the rest of the course: its header (title, numbering, outline, files;
    /// see `ChapterPage.header`) and the ids it defines. The command line's page cache keeps these
    /// so that a later build can resolve an edited chapter without the other chapters' documents.
    public struct PageExports: Codable, Sendable, Equatable {
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
    public static func resolvePage(_ chapter: ParsedChapter, locale: LocaleTag, config: CourseConfig, strings: [LocaleTag: UIStrings],
                                   contentFiles: Set<String>, imageSizes: [String: ImageSize], isStale: Bool,
                                   exports: (String) -> PageExports?, owner: (String) -> String?) -> (ChapterPage, PageExports, [Diagnostic])? {
        let source = chapter.source
        guard let numbering = config.chapterNumberings[source.id],
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
        let labels = strings[source.locale] ?? UIStrings(locale: source.locale, entries: [:])
        var linker = Linker(chapter: numbered, global: global, chapters: chapters, labels: labels,
                            contentFiles: contentFiles, contentLocaleFolder: source.locale.rawValue)
        linker.imageSizes = imageSizes
        let linked = linker.link(document)
        var page = ChapterPage(id: source.id, locale: locale, contentLocale: source.locale, numbering: numbering,
                               title: source.title, summary: source.summary, sourcePath: source.path,
                               document: linked, outline: numbered.outline, files: linker.files)
        page.drawnFigures = linker.drawnFigures
        page.isStale = isStale
        page.updated = source.updated
        let exported = PageExports(header: page.header, explicit: numberer.targets.explicit, local: numberer.targets.local)
        return (page, exported, numberer.diagnostics + linker.diagnostics)
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
