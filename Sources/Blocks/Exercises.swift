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
                var items: [Block] = []
                for item in list.items { items.append(.custom(Exercises.exercise(from: item, parser: &parser))) }
                output.append(.custom(CustomBlock(kind: name, target: nil, blocks: [items], runs: [], attributes: Attributes(), position: .unknown)))
            default:
                Exercises.reportStrayParts([block], parser: &parser)
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
    public let words = ["ref_exercise", "ref_exercise_start", "exercise_solution", "edition_solutions", "edition_solution_of",
                        "exercise_starter", "exercise_check", "exercise_download", "exercise_download_hint"]
    public let appendix: BookAppendix? = BookAppendix(titleKey: "edition_solutions", label: "primer-solutions")

    public init() {}

    /// An item of an exercise list as an exercise: its first `> [!SOLUTION]` quote is its solution.
    /// With a `{starter}` and a `{check}` block in its text and a `{solution}` block in its
    /// solution it is graded: two hidden `{run}` snippets prove that the starter fails the check
    /// and the solution passes it.
    static func exercise(from item: ListItem, parser: inout some BlockParser) -> CustomBlock {
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
        graded(&exercise, parser: &parser)
        return exercise
    }

    // MARK: Graded exercises

    /// The classes of a graded exercise's blocks: ```swift {starter}, {check} and {solution}.
    public enum Part: String, CaseIterable, Sendable { case starter, check, solution }

    /// The part a block of code is, if it is one.
    public static func part(of block: Block) -> (Part, CodeBlock)? {
        guard case .code(let code) = block, code.isSwift,
              let part = Part.allCases.first(where: { code.attributes.classes.contains($0.rawValue) }) else { return nil }
        return (part, code)
    }

    /// The parts among `blocks`, containers included, in document order.
    static func parts(in blocks: [Block]) -> [(Part, CodeBlock)] {
        var found: [(Part, CodeBlock)] = []
        blocks.walk { block, _ in if let part = part(of: block) { found.append(part) } }
        return found
    }

    /// A graded exercise's starter, check and solution blocks, when it is one.
    public static func gradedParts(of block: CustomBlock) -> (starter: CodeBlock, check: CodeBlock, solution: CodeBlock?)? {
        guard block.kind == kindName else { return nil }
        let text = parts(in: block.blocks.first ?? [])
        guard let starter = text.first(where: { $0.0 == .starter })?.1, let check = text.first(where: { $0.0 == .check })?.1 else { return nil }
        return (starter, check, parts(in: solution(of: block) ?? []).first { $0.0 == .solution }?.1)
    }

    /// Reads the exercise's parts: each in its place, one of each, all three or none; a graded
    /// exercise gets its two proofs as hidden snippets (the starter's at the end of its text,
    /// the solution's at the end of its solution).
    static func graded(_ exercise: inout CustomBlock, parser: inout some BlockParser) {
        let text = parts(in: exercise.blocks[0])
        let answer = parts(in: solution(of: exercise) ?? [])
        guard !text.isEmpty || !answer.isEmpty else { return }
        let name = exercise.id.map { "exercise \($0)" } ?? "this exercise"
        var found: [Part: CodeBlock] = [:]
        var problems = false
        func take(_ part: Part, _ code: CodeBlock, inSolution: Bool, parser: inout some BlockParser) {
            if (part == .solution) != inSolution {
                problems = true
                let message = part == .solution
                    ? "a {solution} block belongs in the exercise's > [!SOLUTION] quote; here it is not checked"
                    : "a {\(part.rawValue)} block belongs in the text of the exercise, not in its solution"
                parser.fail(.gradedExercise, message, at: code.position,
                            suggestion: part == .solution ? "move it into the > [!SOLUTION] quote of \(name)" : "move it above the > [!SOLUTION] quote")
                return
            }
            if let first = found[part] {
                problems = true
                parser.fail(.gradedExercise, "\(name) has a second {\(part.rawValue)} block (the first is at line \(first.position.line))", at: code.position,
                            suggestion: "give a graded exercise one {\(part.rawValue)} block; merge the two, or mark this one {compile} or {run}")
                return
            }
            found[part] = code
        }
        for (part, code) in text { take(part, code, inSolution: false, parser: &parser) }
        for (part, code) in answer { take(part, code, inSolution: true, parser: &parser) }
        guard let some = found.values.min(by: { $0.position.line < $1.position.line }) else { return }
        let missing = Part.allCases.filter { found[$0] == nil }
        for part in missing {
            problems = true
            let have = Part.allCases.filter { found[$0] != nil }.map { "{\($0.rawValue)}" }.joined(separator: " and ")
            let suggestion = switch part {
            case .starter: "add a ```swift {starter} block with the declarations the learner completes, returning placeholders"
            case .check: "add a ```swift {check} block of check(condition, \"what is checked\") calls after the starter"
            case .solution: solution(of: exercise) == nil
                ? "add a > [!SOLUTION] quote to the exercise with a ```swift {solution} block: the starter's declarations, completed"
                : "add a ```swift {solution} block to its > [!SOLUTION] quote: the starter's declarations, completed"
            }
            parser.fail(.gradedExercise, "\(name) has \(have) but no {\(part.rawValue)} block", at: some.position, suggestion: suggestion)
        }
        guard !problems, let starter = found[.starter], let check = found[.check], let solution = found[.solution] else { return }
        guard let id = exercise.id, !id.isEmpty else {
            parser.fail(.gradedExercise, "a graded exercise needs an id: its proofs and its download are named after it", at: exercise.position,
                        suggestion: "end the exercise's first paragraph with {#ex-name}, the same id in every locale")
            return
        }
        exercise.blocks[0].append(proof(.starter, answer: starter, check: check, exercise: id))
        exercise.blocks[1].append(proof(.solution, answer: solution, check: check, exercise: id))
    }

    /// A hidden `{run}` snippet: the answer, the check and the harness in verdict mode, at the answer's block.
    static func proof(_ role: ExerciseProof.Role, answer: CodeBlock, check: CodeBlock, exercise id: String) -> Block {
        let program = ExerciseHarness.proof(answer: answer.code, check: check.code)
        var snippet = Snippet(mode: .run, code: program.code, expected: role == .starter ? "fail\n" : "pass\n", position: answer.position, expectedLine: 0)
        snippet.hidden = true
        snippet.proof = ExerciseProof(exercise: id, role: role, pieces: [
            .init(firstLine: 1, lines: program.answerLines, position: answer.position),
            .init(firstLine: program.answerLines + 1, lines: program.checkLines, position: check.position),
        ])
        return .snippet(answer, snippet)
    }

    /// A `{starter}`, `{check}` or `{solution}` block outside an exercise list is an error.
    static func reportStrayParts(_ blocks: [Block], parser: inout some BlockParser) {
        for (part, code) in parts(in: blocks) {
            parser.fail(.gradedExercise, "a {\(part.rawValue)} block outside an exercise is not checked", at: code.position,
                        suggestion: "put it in an item of the numbered list under ## Exercises {.exercises}"
                            + (part == .solution ? ", inside the item's > [!SOLUTION] quote" : "") + ", or mark it {run} or {compile}")
        }
    }

    static func solution(of block: CustomBlock) -> [Block]? { block.blocks.count > 1 ? block.blocks[1] : nil }

    /// The site's item: the exercise with its label, its text and its solution folded.
    public func html(_ block: CustomBlock, into out: inout String, writer: inout some HTMLFamilyWriter) {
        out += "<li class=\"exercise\"\(writer.dialect.idAttribute(block.id))>\n"
        label(block, into: &out, strings: writer.strings)
        let text = Self.shownText(block, strings: writer.strings)
        writer.withLoose { $0.render(text, into: &out) }
        if writer.dialect == .html, let id = block.id, Self.gradedParts(of: block) != nil {
            let hint = writer.strings["exercise_download_hint"].components(separatedBy: "%@").map { escapeHTML($0) }
                .joined(separator: "<code>swift run check</code>")
            out += "<p class=\"exercise-download\"><a href=\"\(escapeHTML(SitePaths.exerciseDownload(id)))\" download>"
                + escapeHTML(writer.strings["exercise_download"]) + "</a> · " + hint + "</p>\n"
        }
        if let solution = Self.solution(of: block) {
            out += "<details class=\"solution\">\n<summary>\(escapeHTML(writer.strings["exercise_solution"]))</summary>\n"
            writer.withLoose { $0.render(solution, into: &out) }
            out += "</details>\n"
        }
        out += "</li>\n"
    }

    /// The exercise's text as the outputs show it: a graded exercise's starter and check as
    /// listings captioned with their words ("Starter", "Check"), with ids made from the exercise's.
    static func shownText(_ block: CustomBlock, strings: UIStrings) -> [Block] {
        (block.blocks.first ?? []).map { shown in
            guard let (part, code) = part(of: shown), part != .solution else { return shown }
            var listing = code
            listing.attributes.values["caption"] = strings[part == .starter ? "exercise_starter" : "exercise_check"]
            if listing.id == nil, let id = block.id, !id.isEmpty { listing.id = "\(id)-\(part.rawValue)" }
            return .code(listing)
        }
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
        let text = Self.shownText(block, strings: writer.strings)
        if !text.isEmpty { parts.append(writer.markdown(text)) }
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
        let text = Self.shownText(block, strings: writer.strings)
        writer.withLoose { $0.render(text, into: &out) }
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
        out += writer.typst(Self.shownText(block, strings: writer.strings), open: "", close: "", weight: 0)
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
