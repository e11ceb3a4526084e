import CourseModel
import Foundation

/// One Markdown page of the catalog, read before anything is converted.
struct DocCPage {
    var path: String
    /// The file's name without `.md`: what `<doc:Name>` uses.
    var name: String
    var lines: [Line]
    var title: String?
    var isTechnologyRoot = false
    /// A page whose title is a symbol (``` # ``MyKit`` ```): the module's page or a symbol's extension.
    var isSymbolPage = false
    var topics: [TopicGroup] = []

    var linkedArticles: [String] { topics.flatMap { $0.items.compactMap(\.docName) } }
}

struct TopicGroup {
    var title: String?
    var items: [TopicItem] = []
}

struct TopicItem {
    /// `<doc:Name>`'s name, or nil for a symbol.
    var docName: String?
    var symbol: String?
    var line: Int
}

/// Reading the catalog's pages: their titles, topic groups and which is the root.
extension DocCConversion {
    static func page(path: String, text: String) -> DocCPage {
        let lines = [Line].numbered(text)
        var page = DocCPage(path: path, name: (Paths.name(of: path) as NSString).deletingPathExtension, lines: lines)
        let code = MarkdownText.codeMask(lines)
        var inMetadata = false
        var group: TopicGroup?
        var inTopics = false
        for (index, line) in lines.enumerated() where !code[index] {
            let trimmed = line.text.trimmingSpaces()
            if trimmed.hasPrefix("@Metadata") { inMetadata = true }
            if inMetadata {
                if trimmed.hasPrefix("@TechnologyRoot") || trimmed.contains("@TechnologyRoot") { page.isTechnologyRoot = true }
                if trimmed == "}" || (trimmed.hasSuffix("}") && trimmed.hasPrefix("@Metadata")) { inMetadata = false }
                continue
            }
            if let heading = HeadingLine(line.text) {
                if heading.level == 1, page.title == nil {
                    page.title = Words.plain(heading.text)
                    page.isSymbolPage = heading.text.hasPrefix("``")
                    continue
                }
                if heading.level <= 2 {
                    if let open = group, inTopics { page.topics.append(open) }
                    group = nil
                    inTopics = heading.level == 2 && Words.plain(heading.text) == "Topics"
                    if inTopics { group = TopicGroup(title: nil) }
                    continue
                }
                if inTopics, heading.level == 3 {
                    if let open = group, open.title != nil || !open.items.isEmpty { page.topics.append(open) }
                    group = TopicGroup(title: Words.plain(heading.text))
                    continue
                }
            }
            guard inTopics, MarkdownText.containerPrefixLength(Substring(line.text)) > line.text.prefix(while: { $0 == " " }).count else { continue }
            Inline.scan(line.text) { item in
                switch item {
                case .angle(let body) where body.hasPrefix("doc:"):
                    group?.items.append(TopicItem(docName: Self.docTarget(body).name, line: line.origin))
                case .link(false, _, let destination, _) where destination.hasPrefix("doc:"):
                    group?.items.append(TopicItem(docName: Self.docTarget(destination).name, line: line.origin))
                case .code(2, let content):
                    group?.items.append(TopicItem(docName: nil, symbol: content, line: line.origin))
                default: break
                }
            }
        }
        if let open = group, inTopics { page.topics.append(open) }
        return page
    }

    /// `doc:Name#Heading`, `doc:Module/Name`, `doc://bundle/documentation/Module/Name`: the
    /// article's name and the heading's anchor.
    static func docTarget(_ body: String) -> (name: String, fragment: String?) {
        var text = body.hasPrefix("doc:") ? String(body.dropFirst(4)) : body
        if text.hasPrefix("//") {
            text.removeFirst(2)
            text = String(text.drop { $0 != "/" })
        }
        let pieces = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(pieces[0])
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        return (name, pieces.count > 1 ? String(pieces[1]) : nil)
    }

    /// The page `<doc:name>` names.
    func lookup(_ name: String) -> Int? {
        if let exact = pages.firstIndex(where: { $0.name == name }) { return exact }
        let wanted = Words.loose(name)
        return pages.firstIndex { Words.loose($0.name) == wanted }
    }

    /// The root: the page with @TechnologyRoot, else a page whose Topics lists articles and
    /// that no other page lists.
    mutating func findRoot() -> Int? {
        let roots = pages.indices.filter { pages[$0].isTechnologyRoot }
        if let first = roots.first {
            for other in roots.dropFirst() {
                builder.diagnostics.append(.warning(.importStructure, "a second page with @TechnologyRoot; \(Paths.name(of: pages[first].path)) is the root",
                                                    at: SourceLocation(path: pages[other].path, line: 1, column: 1)))
            }
            return first
        }
        let linked = Set(pages.flatMap(\.linkedArticles).compactMap { lookup($0) })
        let candidates = pages.indices.filter { !pages[$0].linkedArticles.isEmpty }
        let unlinked = candidates.filter { !linked.contains($0) }
        return unlinked.first { pages[$0].isSymbolPage } ?? unlinked.first ?? candidates.first
    }
}
