import CourseModel
import Markup

/// Exercise lists: the ordered list under an `{.exercises}` heading, found by its own pass over
/// the chapter once quotes are read. The list holds its items as `Exercises` blocks.
public struct ExerciseLists: BlockKind {
    public let name = "exercises"
    public let markers: [String] = []
    /// `> [!SOLUTION]`, read inside an exercise, is a plain quote elsewhere.
    public let plainMarkers = [Exercises.solutionMarker]
    public let target: TargetKind? = nil
    public let words: [String] = []

    public init() {}

    /// The first ordered list of each `{.exercises}` section (a section without one is warned about).
    public func recognise(_ input: [Block], parser: inout some BlockParser) -> [Block] {
        var output: [Block] = []
        var section: (heading: Heading, found: Bool)?
        func finish(_ parser: inout some BlockParser) {
            guard let (heading, found) = section, !found else { return }
            parser.warn(.exercisesList, "the exercises section has no numbered list of exercises", at: heading.position,
                        suggestion: "write each exercise as an item of an ordered list (1. …)")
        }
        for block in input {
            switch block {
            case .heading(let heading):
                if let open = section, heading.level <= open.heading.level {
                    finish(&parser)
                    section = nil
                }
                if heading.attributes.classes.contains("exercises") { section = (heading, false) }
                output.append(block)
            case .list(let list) where section?.found == false && list.ordered:
                section?.found = true
                let items = list.items.map { Block.custom(Exercises.exercise(from: $0, parser: parser)) }
                output.append(.custom(CustomBlock(kind: name, target: nil, blocks: [items], runs: [], attributes: Attributes(), position: .unknown)))
            default:
                output.append(block)
            }
        }
        finish(&parser)
        return output
    }

    /// The site's and the book's list; its exercises write their items.
    public func html(_ block: CustomBlock, into out: inout String, writer: inout some HTMLFamilyWriter) {
        out += "<ol class=\"exercises\">\n"
        for inner in block.blocks { writer.render(inner, into: &out) }
        out += "</ol>\n"
    }

    /// The exercises one after the other, each with its label.
    public func markdown(_ block: CustomBlock, into out: inout String, writer: inout some MarkdownFamilyWriter) {
        out += block.blocks.filter { !$0.isEmpty }.map { writer.markdown($0) }.joined(separator: "\n")
    }

    /// The PDF's exercises, one after the other.
    public func typst(_ block: CustomBlock, into out: inout String, writer: inout some TypstFamilyWriter) {
        out += writer.typst(block.blocks.flatMap { $0 }, open: "", close: "", weight: 0)
    }
}

/// An exercise, numbered in its chapter: its text (`blocks[0]`, a trailing `{#id}` on its first
/// paragraph its id) and its solution (`blocks[1]`, when it has one), folded on the site, moved
/// to the chapter's end in the EPUB and to an appendix in the PDF.
public struct Exercises: BlockKind {
    public static let solutionMarker = "SOLUTION"
    static let kindName = "exercise"
    public let name = Exercises.kindName
    public let markers: [String] = []
    public let target: TargetKind? = .exercise
    public let words = ["ref_exercise", "ref_exercise_start", "exercise_solution", "edition_solutions", "edition_solution_of"]
    public let appendix: BookAppendix? = BookAppendix(titleKey: "edition_solutions", label: "primer-solutions")

    public init() {}

    /// An item of an exercise list as an exercise: its first `> [!SOLUTION]` quote is its solution.
    static func exercise(from item: ListItem, parser: some BlockParser) -> CustomBlock {
        var blocks: [Block] = []
        var solution: [Block]?
        for block in item.blocks {
            if case .quote(let inner) = block, solution == nil, let quote = parser.markedQuote(inner), quote.marker == solutionMarker {
                solution = quote.blocks
            } else {
                blocks.append(block)
            }
        }
        var attributes = Attributes()
        if case .paragraph(let inlines, let position)? = blocks.first {
            let (content, found) = parser.trailingAttributes(inlines)
            if let found { attributes = found; blocks[0] = .paragraph(content, position) }
        }
        var exercise = CustomBlock(kind: kindName, target: .exercise, blocks: [blocks] + (solution.map { [$0] } ?? []), runs: [],
                                   attributes: attributes, position: parser.firstPosition(in: item.blocks))
        exercise.id = attributes.id
        return exercise
    }

    static func solution(of block: CustomBlock) -> [Block]? { block.blocks.count > 1 ? block.blocks[1] : nil }

    /// The site's item: the exercise with its label, its text and its solution folded.
    public func html(_ block: CustomBlock, into out: inout String, writer: inout some HTMLFamilyWriter) {
        out += "<li class=\"exercise\"\(writer.dialect.idAttribute(block.id))>\n"
        label(block, into: &out, strings: writer.strings)
        writer.withLoose { $0.render(block.blocks.first ?? [], into: &out) }
        if let solution = Self.solution(of: block) {
            out += "<details class=\"solution\">\n<summary>\(escapeHTML(writer.strings["exercise_solution"]))</summary>\n"
            writer.withLoose { $0.render(solution, into: &out) }
            out += "</details>\n"
        }
        out += "</li>\n"
    }

    func label(_ block: CustomBlock, into out: inout String, strings: UIStrings) {
        guard let number = block.number else { return }
        out += "<p class=\"exercise-label\">\(escapeHTML(number.label(strings["ref_exercise_start"])))</p>\n"
    }

    /// The label in bold, the text, and the solution as a quote headed with its word.
    public func markdown(_ block: CustomBlock, into out: inout String, writer: inout some MarkdownFamilyWriter) {
        var parts: [String] = []
        if let number = block.number {
            var label = "**" + writer.text(number.label(writer.strings["ref_exercise_start"])) + "**"
            if let id = block.id, !id.isEmpty { label += " {#\(id)}" }
            parts.append(label + "\n")
        }
        if let text = block.blocks.first, !text.isEmpty { parts.append(writer.markdown(text)) }
        if let solution = Self.solution(of: block) {
            var head = writer.boldLabel(writer.strings["exercise_solution"])
            var rest = solution
            if case .paragraph(let first, _)? = rest.first { head += " " + writer.markdown(first); rest.removeFirst() }
            parts.append(writer.prefixed(([head + "\n"] + (rest.isEmpty ? [] : [writer.markdown(rest)])).joined(separator: "\n"), "> "))
        }
        out += parts.joined(separator: "\n")
    }

    /// The EPUB's item: always with an id, its solution replaced by a link to it at the chapter's end.
    public func xhtml(_ block: CustomBlock, into out: inout String, writer: inout some BookWriter) {
        let count = writer.count(name)
        let id = block.id.flatMap { $0.isEmpty ? nil : $0 } ?? writer.uniqueID("exercise-\(count)")
        out += "<li class=\"exercise\" id=\"\(escapeHTML(id))\">\n"
        label(block, into: &out, strings: writer.strings)
        writer.withLoose { $0.render(block.blocks.first ?? [], into: &out) }
        if let solution = Self.solution(of: block) {
            let solutionID = writer.uniqueID("solution-" + id)
            let heading = block.number.map { writer.strings.format("edition_solution_of", $0.label(writer.strings["ref_exercise"])) }
                ?? writer.strings["exercise_solution"]
            writer.moved.append(MovedBlock(id: solutionID, origin: id, heading: heading, blocks: solution), kind: name)
            out += "<p class=\"solution-link\"><a href=\"#\(escapeHTML(solutionID))\">\(escapeHTML(writer.strings["exercise_solution"]))</a></p>\n"
        }
        out += "</li>\n"
    }

    /// The chapter's "Solutions" section, or nothing without solutions.
    public func xhtmlEnd(into out: inout String, writer: inout some BookWriter) -> BookSection? {
        // A solution may hold exercises of its own.
        writer.movedSection(of: name, id: "solutions", title: writer.strings["edition_solutions"], classes: ("solutions", "solution"), into: &out) { writer, solution, out in
            writer.withLoose { $0.render(solution.blocks, into: &out) }
        }
    }

    /// The PDF's exercise: a block with its label, its solution moved to the appendix and
    /// referred to with its page.
    public func typst(_ block: CustomBlock, into out: inout String, writer: inout some TypstFamilyWriter) {
        let id = block.id ?? ""
        out += "#block(above: 1.4em, below: 1.2em, breakable: true)[\n#metadata(\"exercise\") \(writer.label(id))"
        if let number = block.number {
            out += "#primer-label[\(writer.text(number.label(writer.strings["ref_exercise_start"])))]"
        }
        out += "\n\n"
        out += writer.typst(block.blocks.first ?? [], open: "", close: "", weight: 0)
        if Self.solution(of: block) != nil {
            writer.moved.append(block, kind: name)
            let number = block.number.map { $0.label(writer.strings["ref_exercise"]) } ?? ""
            let text = writer.text(writer.strings.format("edition_solution_of", number))
            out += "#text(size: 8.5pt, style: primer-italic)[\(writer.pageReference(text: text, to: writer.label(id + "--solution")))]\n"
        }
        out += "]\n\n"
    }

    /// The solution in the appendix: a heading that names the exercise, the page it is on, the text.
    public func typstAppendix(_ block: CustomBlock, into out: inout String, writer: inout some TypstFamilyWriter) {
        let id = block.id ?? ""
        let number = block.number.map { $0.label(writer.strings["ref_exercise"]) } ?? ""
        let start = block.number.map { $0.label(writer.strings["ref_exercise_start"]) } ?? ""
        out += writer.appendixHead(writer.strings.format("edition_solution_of", number), label: id + "--solution", back: start, origin: id)
        out += writer.typst(Self.solution(of: block) ?? [], open: "", close: "", weight: 0)
        out += "\n"
    }
}
