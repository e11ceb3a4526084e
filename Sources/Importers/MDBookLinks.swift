import CourseModel
import Foundation

/// Links between chapters, to headings and to images of the book.
extension MDBookConversion {
    mutating func rewriteLinks(in index: Int) {
        let chapter = builder.chapters[index]
        let code = MarkdownText.codeMask(chapter.lines)
        let comments = MarkdownText.commentMask(chapter.lines, code: code)
        var lines = chapter.lines
        // Definitions first: a reference may come before the definition it uses.
        var dropped: [String: String] = [:]
        var definitionLines = Set<Int>()
        for (number, line) in lines.enumerated() where !code[number] && !comments[number] {
            guard let definition = Self.referenceDefinition(line.text) else { continue }
            definitionLines.insert(number)
            let place = SourceLocation(path: chapter.path, line: line.origin, column: 1)
            let label = Self.normalizedLabel(definition.label)
            if Paths.imageExtensions.contains((definition.destination as NSString).pathExtension.lowercased()) {
                if let target = image(definition.destination, in: chapter, at: place) {
                    lines[number].text = definition.prefix + Inline.destination(target) + definition.rest
                } else {
                    // A picture that is not copied leaves a comment, not a path Primer would look for.
                    lines[number].text = ProjectBuilder.missingImage(alt: "", destination: definition.destination)
                    if dropped[label] == nil { dropped[label] = definition.destination }
                }
                continue
            }
            switch linkTarget(definition.destination, in: index, at: place) {
            case .keep: break
            case .target(let target): lines[number].text = definition.prefix + Inline.destination(target) + definition.rest
            case .textOnly:
                // The line goes (its number stays, headings count lines); what uses it keeps its text.
                lines[number].text = ""
                if dropped[label] == nil { dropped[label] = definition.destination }
            }
        }
        let origins = lines.map(\.origin)
        Inline.rewriteLines(&lines, where: { !code[$0] && !comments[$0] && !definitionLines.contains($0) }) { text, number in
            rewrite(text, in: index, at: SourceLocation(path: chapter.path, line: origins[number], column: 1), dropped: dropped)
        }
        builder.chapters[index].lines = lines
    }

    /// A line with its links and images rewritten; a reference to a definition in `dropped`
    /// (label → the destination it had) keeps its text only.
    mutating func rewrite(_ text: String, in index: Int, at place: SourceLocation, dropped: [String: String] = [:]) -> String {
        Inline.rewrite(text) { item in
            if case .reference(let isImage, let text, let label) = item {
                guard let destination = dropped[Self.normalizedLabel(label)] else {
                    guard isImage, text.allSatisfy(\.isWhitespace) else { return nil }
                    return "![\(builder.altText(text, image: label, at: place))][\(label)]"
                }
                return isImage ? ProjectBuilder.missingImage(alt: text, destination: destination) : rewrite(text, in: index, at: place, dropped: dropped)
            }
            guard case .link(let isImage, let text, let destination, let title) = item else { return nil }
            if isImage {
                guard !Paths.isExternal(destination), !destination.isEmpty else { return nil }
                guard let target = image(destination, in: builder.chapters[index], at: place) else {
                    return ProjectBuilder.missingImage(alt: text, destination: destination)
                }
                return Inline.link(image: true, text: builder.altText(text, image: destination, at: place), destination: target, title: title)
            }
            let inner = rewrite(text, in: index, at: place, dropped: dropped)
            switch linkTarget(destination, in: index, at: place) {
            case .keep: return Inline.link(image: false, text: inner, destination: destination, title: title)
            case .target(let target):
                // Text that is the target's title becomes {title}, which follows the title when it changes.
                // (Not text that spans lines: the line count stays as it was.)
                let shown = !inner.contains("\n") && builder.title(of: target).map { Words.plain($0) == Words.plain(inner) } == true ? "{title}" : inner
                return Inline.link(image: false, text: shown, destination: target, title: title)
            case .textOnly: return inner
            }
        }
    }

    /// A reference label as CommonMark matches it: case folded, runs of white space as one space.
    static func normalizedLabel(_ label: String) -> String {
        label.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ").lowercased()
    }

    enum LinkTarget { case keep, target(String), textOnly }

    mutating func linkTarget(_ destination: String, in index: Int, at place: SourceLocation) -> LinkTarget {
        if destination.isEmpty || Paths.isExternal(destination) { return .keep }
        let pieces = destination.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let pathPart = (String(pieces[0]).removingPercentEncoding ?? String(pieces[0]))
        let fragment = pieces.count > 1 ? String(pieces[1]) : nil
        var target = index
        if !pathPart.isEmpty {
            let file = Paths.join(Paths.folder(of: builder.chapters[index].path), pathPart)
            let chapters = chapterByPath
            guard let found = Self.chapterFiles(for: file).compactMap({ chapters[$0] }).first else {
                if fragment == nil, let rule = rules[pathPart] { return .target(ruleTarget(rule)) }
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
        // mdbook-spec names a rule's anchor r-<rule>.
        if fragment.hasPrefix("r-"), let rule = rules[String(fragment.dropFirst(2))], rule.chapter == target {
            return .target(ruleTarget(rule))
        }
        let sameChapter = target == index && pathPart.isEmpty
        builder.diagnostics.append(.warning(.importLink, "no heading of \(Paths.name(of: builder.chapters[target].path)) has the id '\(fragment)'; "
                                                + (sameChapter ? "the link is left out, its text kept" : "the link goes to the chapter"),
                                            at: place, suggestion: "give the heading an id {#\(fragment)} and link to #\(fragment)"))
        return sameChapter ? .textOnly : .target(builder.chapters[target].id + ".md")
    }

    /// Where a link to a rule (mdbook-spec) goes: the heading it names or is under, else its chapter.
    mutating func ruleTarget(_ rule: (chapter: Int, heading: String?)) -> String {
        rule.heading.flatMap { builder.reference(to: rule.chapter, fragment: $0, loose: false) } ?? builder.chapters[rule.chapter].id + ".md"
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

    /// The chapter files a link to `file` may mean, as mdBook publishes them: `x.md` as `x.html`,
    /// a folder's `README.md` (or `index.md`) as `index.html`, reached as the folder too.
    static func chapterFiles(for file: String) -> [String] {
        let folder = Paths.folder(of: file)
        let name = Paths.name(of: file)
        let stem = (name as NSString).deletingPathExtension
        let suffix = (name as NSString).pathExtension.lowercased()
        var candidates = [file]
        if suffix == "html" || suffix == "htm" { candidates.append(Paths.join(folder, stem + ".md")) }
        if ["html", "htm", "md"].contains(suffix), ["index", "readme"].contains(stem.lowercased()) {
            candidates += [Paths.join(folder, "README.md"), Paths.join(folder, "index.md"), Paths.join(folder, "readme.md")]
        }
        if suffix.isEmpty { candidates += [Paths.join(file, "README.md"), Paths.join(file, "index.md"), Paths.join(file, "readme.md")] }
        return candidates
    }

    /// `[label]: destination "title"`: the text before the destination, the destination, the rest.
    static func referenceDefinition(_ line: String) -> (prefix: String, label: String, destination: String, rest: String)? {
        let indent = line.prefix { $0 == " " }
        guard indent.count <= 3 else { return nil }
        let body = line.dropFirst(indent.count)
        guard body.hasPrefix("["), !body.hasPrefix("[^"), let close = body.range(of: "]:") else { return nil }
        let afterColon = body[close.upperBound...]
        let spaces = afterColon.prefix { $0 == " " }
        let destination = afterColon.dropFirst(spaces.count).prefix { $0 != " " }
        guard !destination.isEmpty else { return nil }
        let label = String(body[body.index(after: body.startIndex)..<close.lowerBound])
        let prefix = String(line[..<destination.startIndex])
        let clean = destination.hasPrefix("<") && destination.hasSuffix(">") ? String(destination.dropFirst().dropLast()) : String(destination)
        return (prefix, label, clean, String(line[destination.endIndex...]))
    }
}
