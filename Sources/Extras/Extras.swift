import ContentCache
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

    // MARK: Gallery

    /// Every sample app (executable and listing-only), where each locale's chapters show it, and
    /// the first lines of its output. Samples without a description are warned about.
    public static func gallery(_ course: ResolvedCourse, package: SamplesPackage, outcomes: [SampleRunID: SampleOutcome],
                               firstLines: Int = 6) -> ([SampleSummary], [Diagnostic]) {
        gallery(inputs(course), config: course.config, package: package, outcomes: outcomes, firstLines: firstLines)
    }

    /// The gallery from the pages' inputs (see `PageInput`).
    public static func gallery(_ inputs: [LocaleTag: [PageInput]], config: CourseConfig, package: SamplesPackage,
                               outcomes: [SampleRunID: SampleOutcome], firstLines: Int = 6) -> ([SampleSummary], [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var places: [String: [LocaleTag: [SamplePlace]]] = [:]
        for (locale, pages) in inputs {
            for page in pages {
                var seen = Set<String>()
                for shown in page.code.shown where !shown.isFigure || package.targets[shown.sample] != nil {
                    let section = page.code.section(shown.section)
                    guard seen.insert(shown.sample + (section.head?.id ?? "")).inserted else { continue }
                    var place = page.place(in: section)
                    place.listingID = shown.id
                    place.listingNumber = shown.number?.numbering
                    place.isFigure = shown.isFigure
                    places[shown.sample, default: [:]][locale, default: []].append(place)
                }
            }
        }
        var summaries: [SampleSummary] = []
        for target in package.targets.values.sorted(by: { $0.name < $1.name }) where target.kind == .executable || target.kind == .listingOnly {
            if target.settings.description.isEmpty {
                let file = target.files.first(where: { $0.name == "main.swift" }) ?? target.files.first
                diagnostics.append(.warning(.galleryAndIndex, "sample '\(target.name)' has no description for the sample gallery",
                                            at: SourceLocation(path: package.root + "/" + (file?.path ?? target.folder), line: 1, column: 1),
                                            suggestion: "add to \(package.root)/samples.yml:  \(target.name): { description: { \(config.sourceLocale): …, … } }"))
            }
            var output: [LocaleTag?: String] = [:], fullOutput: [LocaleTag?: String] = [:]
            for (id, outcome) in outcomes where id.name == target.name {
                fullOutput[id.locale] = outcome.output
                let lines = outcome.output.split(separator: "\n", omittingEmptySubsequences: false)
                var shown = lines.prefix(firstLines).joined(separator: "\n")
                if lines.count > firstLines + 1 { shown += "\n…" }
                output[id.locale] = shown
            }
            var summary = SampleSummary(name: target.name, listingOnly: target.kind == .listingOnly,
                                        description: target.settings.description, output: output, places: places[target.name] ?? [:])
            summary.fullOutput = fullOutput
            summaries.append(summary)
        }
        // In the order chapters show them; samples no chapter shows come last.
        let source = config.sourceLocale
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
    /// `code` holds, by chapter file, what `code(in:)` gathered from the chapters whose pages
    /// come without their documents (a big course's; see `Resolver.streamed`).
    public static func apiIndex(_ course: ResolvedCourse, package: SamplesPackage?,
                                code: [String: PageCode] = [:]) -> ([LocaleTag: [IndexEntry]], [Diagnostic]) {
        apiIndex(inputs(course, code: code), config: course.config, package: package)
    }

    /// The API index from the pages' inputs (see `PageInput`).
    public static func apiIndex(_ inputs: [LocaleTag: [PageInput]], config: CourseConfig,
                                package: SamplesPackage?) -> ([LocaleTag: [IndexEntry]], [Diagnostic]) {
        let settings = config.apiIndex
        let localesInOrder = inputs.keys.sorted { $0.rawValue < $1.rawValue }
        let pages = localesInOrder.flatMap { locale in (inputs[locale] ?? []).map { (locale, $0) } }
        let gathered = pages.map(\.1)
        let code = CourseCode(gathered, package: package, added: settings.add)
        let (scanned, known, declaredNames) = (code.scanned, code.known, code.declared)
        let added = Set(settings.add)
        func keep(_ name: String) -> Bool {
            if added.contains(name) { return true }
            guard name.count > 1, !keywords.contains(name), !declaredNames.contains(name), settings.exclude[name] == nil,
                  let first = name.first, first.isLetter || first == "_" else { return false }
            return true
        }
        // Every name each page uses, where, in the page's order.
        let uses = parallelMap(Array(gathered.indices)) { [scanned, code] index -> [(name: String, place: SamplePlace)] in
            let page = gathered[index]
            var uses: [(name: String, place: SamplePlace)] = []
            var places: [Int: SamplePlace] = [:]  // by section: a section's place is made once
            for item in page.code.items {
                guard !item.objC else { continue }
                let names = item.isBlock ? code.names(in: item, found: scanned[ByteKey(item.text)] ?? APINames.scan(item.text)).sorted()
                    : Self.names(inSpan: item.text, known: known)
                guard !names.isEmpty else { continue }
                var place = places[Int(item.section)] ?? page.place(in: page.code.section(item.section))
                places[Int(item.section)] = place
                if item.isBlock {
                    let listing = page.code.listing(of: item)
                    place.listingID = listing.id
                    place.listingNumber = listing.number?.numbering
                }
                for name in names { uses.append((name, place)) }
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
            diagnostics.append(.warning(.galleryAndIndex, "api_index excludes '\(name)', which the course never uses", at: location,
                                        suggestion: closestMatch(to: name, in: everFound).map { "did you mean '\($0)'?" }))
        }
        return (result, diagnostics)
    }

    /// Each inline code span of `inlines`, nested ones included, in order.
    static func codeSpans(_ inlines: [Inline], _ body: (String) -> Void) {
        for inline in inlines {
            switch inline {
            case .code(let text): body(text)
            case .emphasis(let c), .strong(let c), .strikethrough(let c): codeSpans(c, body)
            case .link(let link): codeSpans(link.content, body)
            default: break
            }
        }
    }

    /// `Date`, `String.count`, `isKnownUniquelyReferenced(_:)`, `sorted()`: the identifiers an
    /// inline code span names. A name alone counts when code uses it (`known`) or it has a
    /// framework's prefix; a lowercase English word alone never does.
    static func names(inSpan span: String, known: Set<String>) -> [String] {
        // Names are ASCII, so the span is looked at as bytes (Character properties are slow).
        var text = span.utf8[...]
        var called = false
        if let paren = text.firstIndex(of: UInt8(ascii: "(")) {
            guard text.last == UInt8(ascii: ")") else { return [] }
            text = text[..<paren]
            called = true
        }
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
        func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        let underscore = UInt8(ascii: "_")
        let parts = text.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.allSatisfy({ part in
            guard let first = part.first, isLetter(first) || first == underscore else { return false }
            return part.allSatisfy { isLetter($0) || isDigit($0) || $0 == underscore }
        }) else { return [] }
        // `Info.plist`, `Package.swift`: a file's name, not a member.
        if parts.count > 1, !called, fileExtensions.contains(String(decoding: parts.last!, as: UTF8.self).lowercased()) { return [] }
        let baseIsType = isUpper(parts[0].first!)
        if parts.count == 1, !called {
            let name = String(decoding: parts[0], as: UTF8.self)
            return isWord(name) ? [] : known.contains(name) || baseIsType && looksLikeAName(parts[0]) ? [name] : []
        }
        return parts.indices.compactMap { index in
            let name = String(decoding: parts[index], as: UTF8.self)
            if index == 0 {
                return baseIsType || known.contains(name) || (called && parts[index].contains(where: isUpper)) ? name : nil
            }
            // A member counts after a type (`String.count`) or when samples use it as API.
            return baseIsType || known.contains(name) ? name : nil
        }
    }

    /// The endings of the files a course names in its text (`Info.plist`, `Localizable.xcstrings`).
    static let fileExtensions: Set<String> = [
        "swift", "h", "m", "c", "plist", "strings", "stringsdict", "xcstrings", "json", "xml", "yml", "yaml", "txt", "md",
        "bundle", "lproj", "app", "framework", "xcodeproj", "xcworkspace", "storyboard", "xib", "png", "svg", "pdf", "zip", "sqlite",
    ]

    /// A lowercase English word as a name alone would be (`binary`, `system`): letters a–z only.
    static func isWord(_ name: String) -> Bool {
        name.utf8.allSatisfy { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
    }

    /// A capitalized name alone in the text that reads as a name, not as a word: a framework's prefix
    /// (`NSObject`, `URLSession`: three capitals or more, then lowercase) or words run together
    /// (`AsyncSequence`: a capital after a lowercase letter). `Copy`, `NULL` and `DLog` do not,
    /// and count only when code uses them.
    static func looksLikeAName(_ name: Substring.UTF8View) -> Bool {
        func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
        func isLower(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
        let capitals = name.prefix(while: isUpper).count
        if capitals >= 3, name.dropFirst(capitals).first.map(isLower) == true { return true }
        return zip(name, name.dropFirst()).contains { isLower($0) && isUpper($1) }
    }

    /// API names stay in Latin order whatever the page's language: case-insensitive, then exact.
    public static func latinOrder(_ a: String, _ b: String) -> Bool {
        let (la, lb) = (a.lowercased(), b.lowercased())
        return la != lb ? la < lb : a < b
    }
}
