import CourseModel
import Foundation

/// Links between chapters, to headings and to images of the book.
extension MDBookConversion {
    mutating func rewriteLinks(in index: Int) {
        let chapter = builder.chapters[index]
        let code = MarkdownText.codeMask(chapter.lines)
        let comments = MarkdownText.commentMask(chapter.lines, code: code)
        var lines = chapter.lines
        for (number, line) in lines.enumerated() where !code[number] && !comments[number] {
            let place = SourceLocation(path: chapter.path, line: line.origin, column: 1)
            if let definition = Self.referenceDefinition(line.text) {
                let isImage = Paths.imageExtensions.contains((definition.destination as NSString).pathExtension.lowercased())
                let target: String? = isImage ? image(definition.destination, in: chapter, at: place) : link(definition.destination, in: index, at: place)
                // A picture that is not copied leaves a comment, not a path Primer would look for.
                lines[number].text = isImage && target == nil ? ProjectBuilder.missingImage(alt: "", destination: definition.destination)
                    : definition.prefix + (target.map(Inline.destination) ?? definition.destination) + definition.rest
                continue
            }
            lines[number].text = rewrite(line.text, in: index, at: place)
        }
        builder.chapters[index].lines = lines
    }

    mutating func rewrite(_ text: String, in index: Int, at place: SourceLocation) -> String {
        Inline.rewrite(text) { item in
            guard case .link(let isImage, let text, let destination, let title) = item else { return nil }
            if isImage {
                guard !Paths.isExternal(destination), !destination.isEmpty else { return nil }
                guard let target = image(destination, in: builder.chapters[index], at: place) else {
                    return ProjectBuilder.missingImage(alt: text, destination: destination)
                }
                return Inline.link(image: true, text: text, destination: target, title: title)
            }
            let inner = rewrite(text, in: index, at: place)
            switch linkTarget(destination, in: index, at: place) {
            case .keep: return Inline.link(image: false, text: inner, destination: destination, title: title)
            case .target(let target):
                // Text that is the target's title becomes {title}, which follows the title when it changes.
                let shown = builder.title(of: target).map { Words.plain($0) == Words.plain(inner) } == true ? "{title}" : inner
                return Inline.link(image: false, text: shown, destination: target, title: title)
            case .textOnly: return inner
            }
        }
    }

    enum LinkTarget { case keep, target(String), textOnly }

    /// For a reference definition: the new destination, or nil to keep it.
    mutating func link(_ destination: String, in index: Int, at place: SourceLocation) -> String? {
        if case .target(let target) = linkTarget(destination, in: index, at: place) { return target }
        return nil
    }

    mutating func linkTarget(_ destination: String, in index: Int, at place: SourceLocation) -> LinkTarget {
        if destination.isEmpty || Paths.isExternal(destination) { return .keep }
        let pieces = destination.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let pathPart = (String(pieces[0]).removingPercentEncoding ?? String(pieces[0]))
        let fragment = pieces.count > 1 ? String(pieces[1]) : nil
        var target = index
        if !pathPart.isEmpty {
            let file = Paths.join(Paths.folder(of: builder.chapters[index].path), pathPart)
            var candidates = [file]
            if file.hasSuffix(".html") { candidates.append(String(file.dropLast(5)) + ".md") }
            if Paths.isFolder(file) { candidates += [Paths.join(file, "README.md"), Paths.join(file, "index.md")] }
            let chapters = chapterByPath
            guard let found = candidates.compactMap({ chapters[$0] }).first else {
                if file.hasSuffix(".md") || file.hasSuffix(".html") {
                    builder.diagnostics.append(.warning(.importLink, "\(pathPart) is not a chapter of the book; the link is left out, its text kept", at: place,
                                                        suggestion: "add the chapter to SUMMARY.md and import again, or link to a web page"))
                } else {
                    builder.diagnostics.append(.warning(.importLink, "a link to the file \(pathPart) is not converted; its text is kept", at: place,
                                                        suggestion: "copy the file into Content/ and link to it, or link to where it is published"))
                }
                return .textOnly
            }
            target = found
        }
        guard let fragment, !fragment.isEmpty else {
            return pathPart.isEmpty ? .keep : .target(builder.chapters[target].id + ".md")
        }
        if let reference = builder.reference(to: target, fragment: fragment) {
            return .target(reference)
        }
        let sameChapter = target == index && pathPart.isEmpty
        builder.diagnostics.append(.warning(.importLink, "no heading of \(Paths.name(of: builder.chapters[target].path)) has the id '\(fragment)'; "
                                                + (sameChapter ? "the link is left out, its text kept" : "the link goes to the chapter"),
                                            at: place, suggestion: "give the heading an id {#\(fragment)} and link to #\(fragment)"))
        return sameChapter ? .textOnly : .target(builder.chapters[target].id + ".md")
    }

    /// Copies the picture a chapter shows and returns its new path, or nil (with a warning).
    mutating func image(_ destination: String, in chapter: Chapter, at place: SourceLocation) -> String? {
        let clean = String(destination.prefix { $0 != "?" && $0 != "#" })
        let file = Paths.join(Paths.folder(of: chapter.path), clean.removingPercentEncoding ?? clean)
        if case .outside(let real) = files.place(of: file) {
            builder.diagnostics.append(files.diagnostic("image \(destination)", real, at: place))
            return nil
        }
        var relative = Paths.relative(file, to: src) ?? Paths.relative(file, to: root) ?? Paths.name(of: file)
        if relative.hasPrefix("images/") { relative.removeFirst("images/".count) }
        let name = builder.freeImageName(relative, for: file)
        guard let target = builder.copyImage(file, as: name, inside: files, at: place) else {
            builder.diagnostics.append(.warning(.importImage, "image \(destination) not found (looked for \(file)); its alt text is kept",
                                                at: place, suggestion: "add the picture to Content/images/ and put the image back"))
            return nil
        }
        return target
    }

    /// `[label]: destination "title"`: the text before the destination, the destination, the rest.
    static func referenceDefinition(_ line: String) -> (prefix: String, destination: String, rest: String)? {
        let indent = line.prefix { $0 == " " }
        guard indent.count <= 3 else { return nil }
        let body = line.dropFirst(indent.count)
        guard body.hasPrefix("["), !body.hasPrefix("[^"), let close = body.range(of: "]:") else { return nil }
        let afterColon = body[close.upperBound...]
        let spaces = afterColon.prefix { $0 == " " }
        let destination = afterColon.dropFirst(spaces.count).prefix { $0 != " " }
        guard !destination.isEmpty else { return nil }
        let prefix = String(line[..<destination.startIndex])
        let clean = destination.hasPrefix("<") && destination.hasSuffix(">") ? String(destination.dropFirst().dropLast()) : String(destination)
        return (prefix, clean, String(line[destination.endIndex...]))
    }
}
