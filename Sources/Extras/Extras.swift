import CourseModel

/// Sample gallery and API index: computed from the resolved course, nothing read or written.
public enum Extras {
    public static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout", "internal",
        "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static", "struct",
        "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough",
        "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false",
        "is", "nil", "self", "Self", "super", "throws", "true", "try", "async", "weak", "unowned", "lazy", "mutating",
        "nonmutating", "optional", "override", "required", "convenience", "dynamic", "final", "indirect", "some", "any",
        "get", "set", "willSet", "didSet", "Type", "Protocol", "consuming", "borrowing", "sending", "nonisolated", "isolated",
    ]

    // MARK: Places

    /// Walks a page in order, calling `visit` with every block and the section it is in.
    static func walk(_ page: ChapterPage, _ visit: (Block, SamplePlace) -> Void) {
        var place = SamplePlace(chapterID: page.id, chapterNumber: page.number, chapterTitle: page.title,
                                section: nil, sectionID: nil, sectionTitle: nil, listingID: nil, listingNumber: nil)
        func visitAll(_ blocks: [Block], top: Bool) {
            for block in blocks {
                if top, case .heading(let heading) = block {
                    place.section = heading.number?.dotted
                    place.sectionID = heading.id
                    place.sectionTitle = heading.content.plainText
                }
                visit(block, place)
                switch block {
                case .quote(let inner), .callout(_, let inner): visitAll(inner, top: false)
                case .list(let list): list.items.forEach { visitAll($0.blocks, top: false) }
                case .exercises(let exercises): exercises.forEach { visitAll($0.blocks + ($0.solution ?? []), top: false) }
                default: break
                }
            }
        }
        visitAll(page.document.blocks, top: true)
    }

    // MARK: Gallery

    /// Every sample app (executable and listing-only), where each locale's chapters show it, and
    /// the first lines of its output. Samples without a description are warned about.
    public static func gallery(_ course: ResolvedCourse, package: SamplesPackage, outcomes: [SampleRunID: SampleOutcome],
                               firstLines: Int = 6) -> ([SampleSummary], [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var places: [String: [LocaleTag: [SamplePlace]]] = [:]
        for (locale, pages) in course.pages {
            for page in pages {
                var seen = Set<String>()
                walk(page) { block, here in
                    guard case .code(let code) = block, let sample = code.sample, seen.insert(sample + (here.sectionID ?? "")).inserted else { return }
                    var place = here
                    place.listingID = code.id
                    place.listingNumber = code.number
                    places[sample, default: [:]][locale, default: []].append(place)
                }
            }
        }
        var summaries: [SampleSummary] = []
        for target in package.targets.values.sorted(by: { $0.name < $1.name }) where target.kind != .library {
            if target.settings.description.isEmpty {
                let file = target.files.first(where: { $0.name == "main.swift" }) ?? target.files.first
                diagnostics.append(.warning("sample '\(target.name)' has no description for the sample gallery",
                                            at: SourceLocation(path: package.root + "/" + (file?.path ?? target.folder), line: 1, column: 1),
                                            suggestion: "add to \(package.root)/samples.yml:  \(target.name): { description: { \(course.config.sourceLocale): …, … } }"))
            }
            var output: [LocaleTag?: String] = [:]
            for (id, outcome) in outcomes where id.name == target.name {
                let lines = outcome.output.split(separator: "\n", omittingEmptySubsequences: false)
                var shown = lines.prefix(firstLines).joined(separator: "\n")
                if lines.count > firstLines + 1 { shown += "\n…" }
                output[id.locale] = shown
            }
            summaries.append(SampleSummary(name: target.name, listingOnly: target.kind == .listingOnly,
                                           description: target.settings.description, output: output,
                                           places: places[target.name] ?? [:]))
        }
        // In the order chapters show them; samples no chapter shows come last.
        let source = course.config.sourceLocale
        func order(_ summary: SampleSummary) -> (Int, Int, String) {
            let first = (summary.places[source] ?? summary.places.values.first ?? []).first
            return (first?.chapterNumber ?? Int.max, first?.listingNumber?.parts.last ?? Int.max, summary.name)
        }
        return (summaries.sorted { order($0) < order($1) }, diagnostics)
    }

    // MARK: API index

    /// Per locale, the Swift and Foundation names the course uses and where. Names come from
    /// the samples shown in chapters (swift-syntax) and from inline code; the course's own
    /// declarations, keywords and local names are left out.
    public static func apiIndex(_ course: ResolvedCourse, package: SamplesPackage?) -> ([LocaleTag: [IndexEntry]], [Diagnostic]) {
        let settings = course.config.apiIndex
        var declared = Set<String>()
        var usedBySamples = Set<String>()
        for target in package?.targets.values.map({ $0 }) ?? [] {
            for file in target.files {
                let found = APINames.scan(file.text)
                declared.formUnion(found.declared)
                usedBySamples.formUnion(found.used)
            }
        }
        // The course's own code in chapters declares names too (types of a snippet, its properties).
        // Pages are walked in parallel, and every distinct piece of code is parsed once, in parallel.
        let localesInOrder = course.pages.keys.sorted { $0.rawValue < $1.rawValue }
        let pages = localesInOrder.flatMap { locale in (course.pages[locale] ?? []).map { (locale, $0) } }
        let perPage = parallelMap(pages) { _, page -> (codes: Set<String>, spans: Set<String>) in
            var codes = Set<String>(), spans = Set<String>()
            walk(page) { block, _ in
                switch block {
                case .code(let code) where code.sample != nil || code.language == "swift": codes.insert(code.code)
                case .paragraph(let inlines, _):
                    // Inline code such as `struct Album { var photos: [Photo] }` declares names too.
                    for span in codeSpans(inlines) where span.contains(" ") { spans.insert(span) }
                default: break
                }
            }
            return (codes, spans)
        }
        let codes = perPage.reduce(into: Set<String>()) { $0.formUnion($1.codes) }
        let spans = perPage.reduce(into: Set<String>()) { $0.formUnion($1.spans) }
        let texts = Array(codes) + Array(spans.subtracting(codes))
        let results = parallelMap(texts) { APINames.scan($0) }
        var scanned: [String: APINames.Found] = [:]
        for (text, found) in zip(texts, results) {
            if codes.contains(text) { scanned[text] = found }
            declared.formUnion(found.declared)
        }
        declared.formUnion(package?.targets.keys.map { $0 } ?? [])
        let added = Set(settings.add)
        let known = usedBySamples.union(added)
        let declaredNames = declared
        func keep(_ name: String) -> Bool {
            if added.contains(name) { return true }
            guard name.count > 1, !keywords.contains(name), !declaredNames.contains(name), settings.exclude[name] == nil,
                  let first = name.first, first.isLetter || first == "_" else { return false }
            return true
        }
        // Every name each page uses, where, in the page's order.
        let uses = parallelMap(pages) { [scanned] _, page -> [(name: String, place: SamplePlace)] in
            var uses: [(name: String, place: SamplePlace)] = []
            walk(page) { block, here in
                switch block {
                case .code(let code) where code.sample != nil || code.language == "swift":
                    var place = here
                    place.listingID = code.isListing ? code.id : nil
                    place.listingNumber = code.isListing ? code.number : nil
                    for name in (scanned[code.code] ?? APINames.scan(code.code)).used.sorted() { uses.append((name, place)) }
                case .paragraph(let inlines, _):
                    for span in codeSpans(inlines) {
                        for name in names(inSpan: span, known: known) { uses.append((name, here)) }
                    }
                case .heading(let heading):
                    for span in codeSpans(heading.content) {
                        for name in names(inSpan: span, known: known) { uses.append((name, here)) }
                    }
                default: break
                }
            }
            return uses
        }
        var result: [LocaleTag: [IndexEntry]] = [:]
        var everFound = Set<String>()
        var keptByName: [String: Bool] = [:]
        var places: [LocaleTag: [String: [SamplePlace]]] = [:]
        for ((locale, _), pageUses) in zip(pages, uses) {
            for (name, place) in pageUses {
                everFound.insert(name)
                let kept = keptByName[name] ?? { let kept = keep(name); keptByName[name] = kept; return kept }()
                guard kept else { continue }
                if places[locale, default: [:]][name]?.contains(place) != true { places[locale, default: [:]][name, default: []].append(place) }
            }
        }
        for locale in localesInOrder {
            result[locale] = (places[locale] ?? [:]).map { IndexEntry(name: $0.key, places: $0.value) }.sorted { latinOrder($0.name, $1.name) }
        }
        var diagnostics: [Diagnostic] = []
        for (name, location) in settings.exclude.sorted(by: { $0.key < $1.key }) where !everFound.contains(name) {
            diagnostics.append(.warning("api_index excludes '\(name)', which the course never uses", at: location,
                                        suggestion: closestMatch(to: name, in: everFound).map { "did you mean '\($0)'?" }))
        }
        return (result, diagnostics)
    }

    static func codeSpans(_ inlines: [Inline]) -> [String] {
        inlines.flatMap { inline -> [String] in
            switch inline {
            case .code(let text): return [text]
            case .emphasis(let c), .strong(let c), .strikethrough(let c): return codeSpans(c)
            case .link(let link): return codeSpans(link.content)
            default: return []
            }
        }
    }

    /// `Date`, `String.count`, `isKnownUniquelyReferenced(_:)`, `sorted()`: the identifiers an
    /// inline code span names. Lowercase single words count only when samples use them as API.
    static func names(inSpan span: String, known: Set<String>) -> [String] {
        var text = Substring(span)
        var called = false
        if let paren = text.firstIndex(of: "(") {
            guard text.hasSuffix(")") else { return [] }
            text = text[..<paren]
            called = true
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.allSatisfy({ part in
            guard let first = part.first, first.isLetter || first == "_" else { return false }
            return part.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } && part.allSatisfy(\.isASCII)
        }) else { return [] }
        let base = String(parts[0])
        return parts.map(String.init).filter { name in
            if name == base { return name.first!.isUppercase || known.contains(name) || (called && name.contains(where: \.isUppercase)) }
            // A member counts after a type (`String.count`) or when samples use it as API.
            return base.first!.isUppercase || known.contains(name)
        }
    }

    /// API names stay in Latin order whatever the page's language: case-insensitive, then exact.
    public static func latinOrder(_ a: String, _ b: String) -> Bool {
        let (la, lb) = (a.lowercased(), b.lowercased())
        return la != lb ? la < lb : a < b
    }
}
