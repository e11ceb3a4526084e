import CourseModel
import Synchronization

/// What the samples stage found, as the resolve stage needs it.
public struct SampleResults: Sendable {
    public var package: SamplesPackage?
    /// The course has a samples package, but it could not be read (already reported).
    public var packageFailed = false
    public var outcomes: [SampleRunID: SampleOutcome]
    public var snippets: [String: SampleOutcome]
    public init(package: SamplesPackage?, outcomes: [SampleRunID: SampleOutcome], snippets: [String: SampleOutcome]) {
        self.package = package; self.outcomes = outcomes; self.snippets = snippets
    }
    public static let none = SampleResults(package: nil, outcomes: [:], snippets: [:])
}

/// Turns sample embeds into numbered listings of the sample's files followed by the output it
/// printed (for this page's locale), and inline snippets into code plus their captured output.
struct SampleExpander {
    let results: SampleResults
    let locale: LocaleTag
    let path: String
    var diagnostics: [Diagnostic] = []

    init(results: SampleResults, locale: LocaleTag, path: String) {
        self.results = results; self.locale = locale; self.path = path
    }

    func location(_ p: Position) -> SourceLocation { SourceLocation(path: path, line: p.line, column: p.column) }

    /// The chapter's snippets that have an id, for figures they draw (`snippet:ID/FILE.svg`).
    var snippetsByID: [String: Snippet] = [:]
    var collectedSnippets = false

    mutating func expand(_ blocks: [Block]) -> [Block] {
        if !collectedSnippets {  // the first call gets the chapter's blocks; later ones, blocks inside them
            collectedSnippets = true
            blocks.walk { block, _ in
                if case .snippet(_, let snippet) = block, let id = snippet.id { snippetsByID[id] = snippet }
            }
        }
        // Most blocks hold no sample: those arrays are kept as they are instead of being copied.
        guard blocks.contains(where: Self.holdsSamples) else { return blocks }
        var expanded: [Block] = []
        expanded.reserveCapacity(blocks.count)
        for block in blocks { expanded += expand(block) }
        return expanded
    }

    static func holdsSamples(_ block: Block) -> Bool {
        block.contains { block in
            switch block {
            case .sample, .snippet: return true
            case .code(let code): return code.isSwift && code.attributes.classes.contains("listing-only")
            case .figure(let figure): return figure.image.source.hasPrefix(Self.drawnScheme) || figure.image.source.hasPrefix(Self.snippetScheme)
            default: return false
            }
        }
    }

    mutating func expand(_ block: Block) -> [Block] {
        switch block {
        case .sample(let embed): return expand(embed)
        case .snippet(let code, let snippet):
            // Checked by the build, not shown.
            if snippet.hidden { return [] }
            var result: [Block] = [.code(code)]
            switch snippet.mode {
            case .run where !snippet.showsOutput, .fails where !snippet.showsOutput:
                // Checked, not shown: a question's code, whose output is its answer.
                break
            case .run where snippet.group != nil:
                // A part of a group shows its own output block: the build checked the whole
                // program's output against the parts' blocks joined.
                if let text = snippet.expected, !text.isEmpty {
                    result.append(.output(OutputBlock(text: text, status: .exited(0), command: nil)))
                }
            case .run:
                if let outcome = results.snippets[snippet.targetName] {
                    result.append(.output(OutputBlock(text: outcome.output, status: outcome.status, command: nil)))
                }
            case .fails:
                // The errors the text quotes, which the build checked the compiler gives.
                if let text = snippet.expected ?? results.snippets[snippet.targetName]?.output {
                    result.append(.output(OutputBlock(text: text, status: .exited(1), command: nil, kind: .compilerErrors)))
                }
            case .compile:
                break
            }
            return result
        case .code(let code) where code.isSwift && code.attributes.classes.contains("listing-only"):
            // The hidden part of an imported test Primer cannot check: counted, not shown.
            if code.attributes.classes.contains("hidden") { return [] }
            // An imported test that needs a module another test was built as is not Apple-only.
            if code.attributes.classes.contains("several-modules") { return [block] }
            return [block, .listingOnlyNote(inline: true)]
        case .figure(var figure) where figure.image.source.hasPrefix(Self.drawnScheme) || figure.image.source.hasPrefix(Self.snippetScheme):
            let source = figure.image.source
            guard let (drawn, size) = drawnFigure(source, at: figure.image.position) else { return [] }
            figure.drawn = drawn
            figure.image.source = drawn.path
            // Its size, as a course image gets from its file: the page keeps its place before it loads.
            if let size { figure.image.variants = ImageVariants(size: size) }
            return [.figure(figure)]
        default:
            return [block.mappingContainedBlocks { expand($0) }]
        }
    }

    /// `![Caption](sample:NAME/FILE.svg)`: a figure the sample draws into `$PRIMER_FIGURES`;
    /// `![Caption](snippet:ID/FILE.svg)`: one the chapter's `{run #ID}` snippet draws.
    static let drawnScheme = "sample:"
    static let snippetScheme = "snippet:"

    /// The figure `source` names, with the size its file gives.
    mutating func drawnFigure(_ source: String, at position: Position) -> (DrawnFigure, ImageSize?)? {
        let bySample = source.hasPrefix(Self.drawnScheme)
        let what = bySample ? "sample" : "snippet"
        let reference = source.dropFirst(bySample ? Self.drawnScheme.count : Self.snippetScheme.count)
        guard let slash = reference.firstIndex(of: "/") else {
            diagnostics.append(.error(.sampleEmbed, "'\(source)' does not name a \(what) and a file", at: location(position),
                                      suggestion: bySample ? "write sample:NAME/FILE.svg, e.g. sample:house-plan/house.svg"
                                                           : "write snippet:ID/FILE.svg, where ID is the id of a {run #ID} snippet of this chapter"))
            return nil
        }
        let name = String(reference[..<slash]), file = String(reference[reference.index(after: slash)...])
        let run: SampleRunID, folder: String
        if bySample {
            guard let package = results.package else {
                if !results.packageFailed {
                    diagnostics.append(.error(.sampleEmbed, "this figure is drawn by sample '\(name)' but the course has no samples package",
                                              at: location(position), suggestion: "create Content/Samples/Package.swift"))
                }
                return nil
            }
            guard let target = package.targets[name], target.kind == .executable else {
                diagnostics.append(.error(.sampleEmbed, "no sample named '\(name)' in \(package.root) draws figures", at: location(position),
                                          suggestion: closestMatch(to: name, in: package.targets.keys).map { "did you mean '\($0)'?" }))
                return nil
            }
            run = SampleRunID(name: name, locale: target.settings.perLocale ? locale : nil)
            folder = SamplesPackage.figureFolderName(name, locale: run.locale)
        } else {
            guard let snippet = snippetsByID[name], snippet.mode == .run else {
                diagnostics.append(.error(.sampleEmbed, "no {run} snippet of this chapter has the id '\(name)'", at: location(position),
                                          suggestion: closestMatch(to: name, in: snippetsByID.keys).map { "did you mean '\($0)'?" }
                                            ?? "give the snippet that draws it an id: ```swift {run #\(name)}"))
                return nil
            }
            run = SampleRunID(name: snippet.targetName, locale: nil)
            folder = "\(name).\(locale.rawValue)"
        }
        // No outcome: the run failed, and that is already reported.
        guard let outcome = bySample ? results.outcomes[run] : results.snippets[run.name] else { return nil }
        guard let bytes = outcome.figures[file] else {
            let drawn = outcome.figures.keys.sorted()
            diagnostics.append(.error(.sampleEmbed, "\(what) '\(bySample ? run.description : name)' did not draw '\(file)'", at: location(position),
                                      suggestion: closestMatch(to: file, in: drawn).map { "did you mean '\($0)'?" }
                                        ?? (drawn.isEmpty ? "the \(what) writes its figures into the folder $PRIMER_FIGURES names"
                                                          : "it drew: " + drawn.joined(separator: ", "))))
            return nil
        }
        return (DrawnFigure(run: run, file: file, path: SitePaths.drawnFigure(folder: folder, file: file)),
                ImageSize.read(bytes, svg: file.lowercased().hasSuffix(".svg")))
    }

    mutating func expand(_ embed: SampleEmbed) -> [Block] {
        guard let package = results.package else {
            if results.packageFailed {
                // Keep the listing's id, so the one real error does not bring a crowd of broken references.
                var attributes = Attributes(id: embed.attributes.id)
                attributes.values["title"] = embed.sample
                return [.code(CodeBlock(language: "swift", code: "", attributes: attributes, position: embed.position))]
            }
            diagnostics.append(.error(.sampleEmbed, "this chapter embeds sample '\(embed.sample)' but the course has no samples package",
                                      at: location(embed.position), suggestion: "create Content/Samples/Package.swift"))
            return []
        }
        guard let target = package.targets[embed.sample] else {
            diagnostics.append(.error(.sampleEmbed, "no sample named '\(embed.sample)' in \(package.root)", at: location(embed.position),
                                      suggestion: closestMatch(to: embed.sample, in: package.targets.keys).map { "did you mean '\($0)'?" }
                                        ?? "samples are the targets of \(package.root)/Package.swift"))
            return []
        }
        var files = target.files
        if let wanted = embed.file {
            files = files.filter { $0.name == wanted || $0.path.hasSuffix("/" + wanted) }
            if files.isEmpty {
                let names = target.files.map { String($0.path.dropFirst(target.folder.count + 1)) }
                diagnostics.append(.error(.sampleEmbed, "sample '\(target.name)' has no file '\(wanted)'", at: location(embed.position),
                                          suggestion: closestMatch(to: wanted, in: names).map { "did you mean '\($0)'?" }
                                            ?? "its files: " + names.joined(separator: ", ")))
                return []
            }
        }
        var blocks: [Block] = []
        if embed.output != .only {
            for (index, file) in files.enumerated() {
                let shown: String
                switch SliceText.extract(file.text, slice: embed.slice) {
                case .success(let text): shown = text
                case .failure(let error):
                    let slices = error.slices
                    diagnostics.append(.error(.sampleEmbed, "\(file.path) has no slice '\(embed.slice ?? "")'", at: location(embed.position),
                                              suggestion: slices.isEmpty ? "mark one with // snippet.\(embed.slice ?? "name") … // snippet.end"
                                                : closestMatch(to: embed.slice ?? "", in: slices).map { "did you mean '\($0)'?" }
                                                    ?? "its slices: " + slices.joined(separator: ", ")))
                    return []
                }
                var attributes = Attributes()
                attributes.id = index == 0 ? embed.attributes.id : nil
                attributes.values["caption"] = index == 0 ? embed.attributes.values["caption"] : nil
                let relative = String(file.path.dropFirst(target.folder.count + 1))
                attributes.values["title"] = index == 0 && embed.attributes.values["title"] != nil
                    ? embed.attributes.values["title"] : "\(target.name)/\(relative)"
                let language = embed.attributes.values["language"] ?? "swift"
                var listing = CodeBlock(language: language, code: shown, attributes: attributes, position: embed.position)
                listing.sample = target.name
                blocks.append(.code(listing))
            }
        }
        switch target.kind {
        case .listingOnly:
            blocks.append(.listingOnlyNote(inline: false))
            blocks.append(.sampleLinks(target.name))
        case .library, .systemLibrary:
            if embed.output == .only {
                diagnostics.append(.error(.sampleEmbed, "'\(target.name)' is a library: it has no output to show", at: location(embed.position)))
            }
        case .executable:
            guard embed.output != .none else { break }
            let id = SampleRunID(name: target.name, locale: target.settings.perLocale ? locale : nil)
            if let outcome = results.outcomes[id] {
                blocks.append(.output(OutputBlock(text: outcome.output, status: outcome.status,
                                                  command: RunCommand(packageRoot: package.root, sample: target.name,
                                                                      settings: target.settings, locale: locale))))
            }
        }
        if target.kind == .executable { blocks.append(.sampleLinks(target.name)) }
        return blocks
    }
}

/// DocC-style slices: `// snippet.NAME` … `// snippet.end` marks a named part of a file;
/// `// snippet.hide` … `// snippet.show` hides lines from every listing.
enum SliceText {
    static func marker(_ line: Substring) -> String? { Snippet.marker(line) }

    /// Earlier results, for the life of the process: every build slices every embedded sample
    /// file, and a preview's rebuilds see the same files again and again.
    private static let memo = Mutex<[ByteKey: Result<String, SliceError>]>([:])

    static func extract(_ text: String, slice: String?) -> Result<String, SliceError> {
        let key = ByteKey((slice ?? "") + "\u{0}" + text)
        if let known = memo.withLock({ $0[key] }) { return known }
        let result = slicing(text, slice: slice)
        memo.withLock { table in
            if table.count > 20_000 { table.removeAll() }
            table[key] = result
        }
        return result
    }

    static func slicing(_ text: String, slice: String?) -> Result<String, SliceError> {
        var visible: [Substring] = []
        var hidden = false
        var inSlice = slice == nil
        var found = slice == nil
        var names: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let name = marker(line) {
                switch name {
                case "hide": hidden = true
                case "show": hidden = false
                case "end": if slice != nil { inSlice = false }
                default:
                    names.append(name)
                    if name == slice { inSlice = true; found = true }
                }
                continue
            }
            if !hidden && inSlice { visible.append(line) }
        }
        guard found else { return .failure(SliceError(slices: names)) }
        while visible.last?.allSatisfy(\.isWhitespace) == true { visible.removeLast() }
        while visible.first?.allSatisfy(\.isWhitespace) == true { visible.removeFirst() }
        // A slice from inside a function reads better without its indentation.
        let indents = visible.filter { !$0.allSatisfy(\.isWhitespace) }.map { $0.prefix(while: { $0 == " " }).count }
        let common = indents.min() ?? 0
        return .success(visible.map { $0.count >= common ? String($0.dropFirst(common)) : "" }.joined(separator: "\n") + "\n")
    }

    struct SliceError: Error { var slices: [String] }
}
