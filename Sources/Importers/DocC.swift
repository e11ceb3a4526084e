import CourseModel
import Foundation

/// `primer import docc`: the articles of a DocC catalog (a `.docc` folder) turned into a Primer
/// project, its root page's topic groups becoming the parts. Reads the catalog; writes nothing.
public enum DocCImporter {
    /// Converts the catalog at `catalog`; the course's locale is `locale` (default `en`).
    public static func convert(catalog: String, locale requested: String? = nil) -> ImportResult {
        var conversion = DocCConversion(root: Paths.normalize(catalog))
        return conversion.run(locale: requested)
    }
}

struct DocCConversion {
    let root: String
    var builder = ProjectBuilder(locale: "en")
    var pages: [DocCPage] = []
    /// Image files of the catalog by their base name (no extension, `@2x` or `~dark`).
    var images: [String: [String]] = [:]
    /// Page index → chapter index.
    var chapterOfPage: [Int: Int] = [:]
    var pageOfChapter: [Int: Int] = [:]
    /// Custom aside kinds, in the order met: kind → label.
    /// Per chapter: the lines of its abstract (before links were rewritten).
    var abstracts: [Int: Range<Int>] = [:]
    /// What the catalog may make the importer read: files inside `root`.
    let files: BookFiles
    /// What became of the pages' `swifttest` blocks.
    var swiftTestTally = SwiftTestTally()

    init(root: String) {
        self.root = root
        files = BookFiles(root: root, noun: "catalog")
    }

    mutating func run(locale requested: String?) -> ImportResult {
        if let problem = ProjectBuilder.notAFolder(root, hint: "pass the .docc folder of the documentation") {
            return ImportResult(failure: problem)
        }
        switch ProjectBuilder.inLocale(requested) {
        case .failure(let problem): return ImportResult(failure: problem.diagnostics)
        case .success(let opened): builder = opened
        }
        readCatalog()
        if builder.diagnostics.hasErrors { return ImportResult(failure: builder.diagnostics) }
        guard let rootIndex = findRoot() else {
            return ImportResult(failure: builder.diagnostics + [.error(.importInput, "\(root) has no root page: no article with @TechnologyRoot in its @Metadata, and no page whose ## Topics lists articles",
                                                                       at: SourceLocation(path: root),
                                                                       suggestion: "add @Metadata { @TechnologyRoot } to the catalog's main article")])
        }
        let rootPage = pages[rootIndex]
        let courseTitle = rootPage.title ?? Paths.name(of: root).replacingOccurrences(of: ".docc", with: "")
        warnAboutSymbolPages(except: rootIndex)
        let parts = tableOfContents(root: rootIndex, courseTitle: courseTitle)
        let rootChapter = rootPageChapter(rootIndex)
        let partChapters = parts.map { part in (title: part.title, chapters: part.pages.map { addChapter($0, convert($0, isRoot: false)) }) }
        linkChapters()

        var outline: [Part] = []
        if let rootChapter { outline.append(Part(title: nil, numbering: Part.Numbering.none, chapters: [builder.chapters[rootChapter].id])) }
        for part in partChapters {
            let title = part.title ?? courseTitle
            outline.append(Part(title: title, numbering: MDBookConversion.isAppendix(title) ? .appendix : nil,
                                chapters: part.chapters.map { builder.chapters[$0].id }, place: SourceLocation(path: rootPage.path)))
        }
        if outline.allSatisfy({ $0.chapters.isEmpty }) {
            builder.diagnostics.append(.error(.importInput, "\(rootPage.path) curates no article: the course would have no chapter",
                                              at: SourceLocation(path: rootPage.path, line: 1, column: 1),
                                              suggestion: "list articles under ## Topics as - <doc:Article>"))
        }
        // The build checks the `// Prints` comments of the listings marked {run}.
        var settings = swiftTestTally.printsListings > 0 ? ["check_prints: true"] : []
        // The book's own test runner hashed deterministically: its expected output lists a
        // dictionary's or a set's elements in that order.
        if swiftTestTally.found { settings.append("deterministic_hashing: true") }
        var result = builder.finish(title: courseTitle, parts: outline, settings: settings)
        if swiftTestTally.found { result.swiftTests = swiftTestTally }
        return result
    }

    /// The catalog's articles into `pages` and its pictures into `images`; a link is followed only
    /// when it stays in the catalog, and tutorials are left out with a warning.
    mutating func readCatalog() {
        let tree = FileTree.scan(under: root, hidden: false, linkedFiles: true)
        var leaving = Set<String>()
        for link in tree.links {
            let path = Paths.join(root, link)
            switch files.place(of: path) {
            case .inside: continue
            case .outside(let real): builder.diagnostics.append(files.diagnostic(link, real, at: SourceLocation(path: path)))
            case .missing: break
            }
            leaving.insert(link)
        }
        for file in tree.files where !leaving.contains(file) {
            let path = Paths.join(root, file)
            let ext = (file as NSString).pathExtension.lowercased()
            if ext == "md" {
                switch Paths.read(path, display: path) {
                case .success(let text): pages.append(Self.page(path: path, text: text))
                case .failure(let error): builder.diagnostics.append(error)
                }
            } else if ext == "tutorial" {
                builder.diagnostics.append(.warning(.importStructure, "DocC tutorials (.tutorial files) are not converted; \(file) is left out",
                                                    at: SourceLocation(path: path, line: 1, column: 1),
                                                    suggestion: "rewrite the tutorial's steps as a chapter"))
            } else if Paths.imageExtensions.contains(ext) {
                images[Self.imageBase(Paths.name(of: file)), default: []].append(path)
            }
        }
    }

    /// Symbol pages other than the root document code Primer has no pages for.
    mutating func warnAboutSymbolPages(except rootIndex: Int) {
        for (index, page) in pages.enumerated() where page.isSymbolPage && index != rootIndex {
            builder.diagnostics.append(.warning(.importStructure, "\(Paths.name(of: page.path)) documents the symbol \(page.title ?? page.name); symbol documentation is not converted",
                                                at: SourceLocation(path: page.path, line: 1, column: 1)))
        }
    }

    // MARK: The table of contents

    /// The root's topic groups as parts, each article followed by what it curates; articles no
    /// group reaches go into a last part, "More articles".
    mutating func tableOfContents(root rootIndex: Int, courseTitle: String) -> [(title: String?, pages: [Int])] {
        let rootPage = pages[rootIndex]
        var placed = Set<Int>()
        var parts: [(title: String?, pages: [Int])] = []
        var warnedSymbols = false
        for group in rootPage.topics {
            var part: [Int] = []
            for item in group.items {
                if let name = item.docName {
                    guard let index = lookup(name) else {
                        builder.diagnostics.append(.warning(.importLink, "<doc:\(name)> names no article of the catalog; it is left out of the contents",
                                                            at: SourceLocation(path: rootPage.path, line: item.line, column: 1)))
                        continue
                    }
                    if index == rootIndex || pages[index].isSymbolPage { continue }
                    place(index, into: &part, placed: &placed, root: rootIndex, parentName: nil, line: item.line, from: rootPage)
                } else if !warnedSymbols {
                    warnedSymbols = true
                    builder.diagnostics.append(.warning(.importStructure, "symbols in Topics (``\(item.symbol ?? "")``) are not converted: Primer has no symbol pages",
                                                        at: SourceLocation(path: rootPage.path, line: item.line, column: 1)))
                }
            }
            if !part.isEmpty { parts.append((group.title ?? courseTitle, part)) }
        }
        var rest: [Int] = []
        for (index, page) in pages.enumerated() where index != rootIndex && !page.isSymbolPage && !placed.contains(index) {
            builder.diagnostics.append(.warning(.importStructure, "'\(page.title ?? page.name)' is in no topic group of the root page; it goes into a last part, 'More articles'",
                                                at: SourceLocation(path: page.path, line: 1, column: 1),
                                                suggestion: "list it under ## Topics in \(Paths.name(of: rootPage.path)) to place it"))
            place(index, into: &rest, placed: &placed, root: rootIndex, parentName: nil, line: 1, from: page)
        }
        if !rest.isEmpty { parts.append(("More articles", rest)) }
        return parts
    }

    /// Puts the article `index` into `part`, then what it curates after it (with a warning: Primer
    /// has no sub-chapters); `placed` holds the articles placed so far.
    mutating func place(_ index: Int, into part: inout [Int], placed: inout Set<Int>, root rootIndex: Int,
                        parentName: String?, line: Int, from page: DocCPage) {
        guard !placed.contains(index) else { return }
        placed.insert(index)
        if let parentName {
            builder.diagnostics.append(.warning(.importStructure, "'\(pages[index].title ?? pages[index].name)' is curated under '\(parentName)'; Primer has no sub-chapters, so it becomes a chapter after it",
                                                at: SourceLocation(path: page.path, line: line, column: 1)))
        }
        part.append(index)
        for group in pages[index].topics {
            for item in group.items {
                guard let name = item.docName, let child = lookup(name), child != rootIndex, !pages[child].isSymbolPage else { continue }
                place(child, into: &part, placed: &placed, root: rootIndex, parentName: pages[index].title ?? pages[index].name,
                      line: item.line, from: pages[index])
            }
        }
    }

    /// The root page's own text opens the course when it has more than a title and an abstract:
    /// its chapter's index, or nil.
    mutating func rootPageChapter(_ rootIndex: Int) -> Int? {
        let rootLines = convert(rootIndex, isRoot: true)
        guard Self.hasBody(rootLines.lines, after: rootLines.abstract) else { return nil }
        return addChapter(rootIndex, rootLines)
    }

    /// Every chapter's headings named, then its abstract, links and raw HTML done.
    mutating func linkChapters() {
        for index in builder.chapters.indices {
            builder.collectHeadings(of: index) { heading, _ in
                [Words.plain(heading.text).replacingOccurrences(of: " ", with: "-")]
            }
        }
        for index in builder.chapters.indices {
            if let range = abstracts[index] {
                let text = builder.chapters[index].lines[range].map(\.text).joined(separator: " ")
                builder.chapters[index].summary = summaryText(text)
            }
            rewriteLinks(in: index)
            builder.warnAboutRawHTML(in: builder.chapters[index])
        }
    }
}
