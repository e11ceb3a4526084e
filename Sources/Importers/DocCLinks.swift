import CourseModel
import Foundation

/// Links, symbol links and images of a converted chapter.
extension DocCConversion {
    mutating func rewriteLinks(in index: Int) {
        let chapter = builder.chapters[index]
        let code = MarkdownText.codeMask(chapter.lines)
        let comments = MarkdownText.commentMask(chapter.lines, code: code)
        var lines = chapter.lines
        var warnedSymbol = false
        let origins = lines.map(\.origin)
        Inline.rewriteLines(&lines, where: { !code[$0] && !comments[$0] }) { text, number in
            rewrite(text, in: index, at: SourceLocation(path: chapter.path, line: origins[number], column: 1), warnedSymbol: &warnedSymbol)
        }
        builder.chapters[index].lines = lines
    }

    mutating func rewrite(_ text: String, in index: Int, at place: SourceLocation, warnedSymbol: inout Bool) -> String {
        var warned = warnedSymbol
        let result = Inline.rewrite(text) { item in
            switch item {
            case .angle(let body) where body.hasPrefix("doc:"):
                let target = Self.docTarget(body)
                guard let destination = docDestination(target, from: index, at: place, original: "<\(body)>") else {
                    return target.fragment.map { $0.replacingOccurrences(of: "-", with: " ") } ?? target.name
                }
                return "[{title}](\(destination))"
            case .link(false, let text, let destination, let title) where destination.hasPrefix("doc:"):
                let inner = rewrite(text, in: index, at: place, warnedSymbol: &warned)
                guard let target = docDestination(Self.docTarget(destination), from: index, at: place, original: destination) else { return inner }
                return Inline.link(image: false, text: inner, destination: target, title: title)
            case .link(false, let text, let destination, let title):
                let inner = rewrite(text, in: index, at: place, warnedSymbol: &warned)
                if destination.isEmpty || Paths.isExternal(destination) {
                    return Inline.link(image: false, text: inner, destination: destination, title: title)
                }
                if destination.hasPrefix("#") {
                    if let target = builder.reference(to: index, fragment: String(destination.dropFirst())) {
                        return Inline.link(image: false, text: inner, destination: target, title: title)
                    }
                    builder.diagnostics.append(.warning(.importLink, "no heading of this article is '\(destination.dropFirst())'; the link is left out, its text kept", at: place))
                    return inner
                }
                builder.diagnostics.append(.warning(.importLink, "a link to \(destination) is not converted; its text is kept", at: place,
                                                    suggestion: "link to an article with <doc:Name>, or to a web page"))
                return inner
            case .link(true, let text, let destination, let title):
                if Paths.isExternal(destination) { return nil }
                guard let target = image(destination, at: place) else { return ProjectBuilder.missingImage(alt: text, destination: destination) }
                return Inline.link(image: true, text: builder.altText(text, image: destination, at: place), destination: target, title: title)
            case .code(2, let content):
                if !warned {
                    warned = true
                    builder.diagnostics.append(.warning(.importLink, "symbol links (``\(content)``) become code: Primer has no symbol documentation",
                                                        at: place, suggestion: "link to the symbol's documentation on the web if the reader needs it"))
                }
                return "`\(Self.symbolName(content))`"
            default:
                return nil
            }
        }
        warnedSymbol = warned
        return result
    }

    /// What a reader sees of a symbol link: its last path component (`MyKit/Shape/area` → `area`).
    static func symbolName(_ content: String) -> String {
        let trimmed = content.trimmingSpaces()
        let head = trimmed.prefix { $0 != "(" }
        guard let slash = head.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// Where `<doc:…>` goes: `other.md`, or `#id` of a heading; nil (with a warning) when it names nothing.
    mutating func docDestination(_ target: (name: String, fragment: String?), from index: Int, at place: SourceLocation, original: String) -> String? {
        var chapter = index
        if !target.name.isEmpty {
            guard let page = lookup(target.name), let found = chapterOfPage[page] else {
                let why = lookup(target.name) == nil ? "names no article of the catalog" : "is not a chapter of the course"
                builder.diagnostics.append(.warning(.importLink, "\(original) \(why); its name is kept as text", at: place))
                return nil
            }
            chapter = found
        }
        guard let fragment = target.fragment, !fragment.isEmpty else { return builder.chapters[chapter].id + ".md" }
        if let reference = builder.reference(to: chapter, fragment: fragment) { return reference }
        builder.diagnostics.append(.warning(.importLink, "\(original): no heading of \(Paths.name(of: builder.chapters[chapter].path)) is '\(fragment)'; the link goes to the chapter",
                                            at: place))
        return builder.chapters[chapter].id + ".md"
    }

    /// The abstract as plain text for the front matter: links by their text, symbols by name.
    func summaryText(_ markdown: String) -> String {
        let rewritten = Inline.rewrite(markdown) { item in
            switch item {
            case .angle(let body) where body.hasPrefix("doc:"):
                let target = Self.docTarget(body)
                if let page = lookup(target.name) { return pages[page].title ?? target.name }
                return target.name
            case .code(2, let content): return Self.symbolName(content)
            default: return nil
            }
        }
        return Words.plain(rewritten)
    }

    static func imageBase(_ name: String) -> String {
        var base = (name as NSString).deletingPathExtension
        if let at = base.range(of: "@", options: .backwards), base[at.upperBound...].hasSuffix("x"),
           Int(base[at.upperBound...].dropLast()) != nil {
            base = String(base[..<at.lowerBound])
        }
        if base.hasSuffix("~dark") { base.removeLast("~dark".count) }
        return base
    }

    /// Copies a picture the catalog has (found by name anywhere in it) with its `@2x`, `~dark`
    /// and `~dark@2x` variants; returns `../images/name.ext` (chapters are in Content/<locale>/), or nil with a warning.
    mutating func image(_ reference: String, at place: SourceLocation) -> String? {
        let name = Paths.name(of: reference.removingPercentEncoding ?? reference)
        let requestedExtension = (name as NSString).pathExtension.lowercased()
        let hasExtension = Paths.imageExtensions.contains(requestedExtension)
        let base = Self.imageBase(hasExtension ? name : name + ".png")
        var files = images[base] ?? []
        if files.isEmpty, let key = images.keys.first(where: { $0.lowercased() == base.lowercased() }) { files = images[key]! }
        if hasExtension { files = files.filter { ($0 as NSString).pathExtension.lowercased() == requestedExtension } }
        guard !files.isEmpty else {
            builder.diagnostics.append(.warning(.importImage, "image '\(reference)' is not in the catalog; its alt text is kept", at: place,
                                                suggestion: "add the picture to Content/images/ and put the image back"))
            return nil
        }
        let plain = files.first { Self.imageBase(Paths.name(of: $0)) == (Paths.name(of: $0) as NSString).deletingPathExtension }
        let ext = hasExtension ? requestedExtension
            : ((plain ?? files.first { $0.hasSuffix(".png") } ?? files[0]) as NSString).pathExtension
        let stem = Self.imageBase(Paths.name(of: files[0]))
        for file in files.sorted() where (file as NSString).pathExtension.lowercased() == ext.lowercased() {
            let fileName = Paths.name(of: file)
            let suffix = String((fileName as NSString).deletingPathExtension.dropFirst(stem.count))
            guard ["", "@2x", "~dark", "~dark@2x"].contains(suffix) else { continue }
            let target = "Content/images/\(stem)\(suffix).\(ext)"
            if builder.result.copies[target] == nil { builder.result.copies[target] = file }
        }
        return "../images/\(stem).\(ext)"
    }
}
