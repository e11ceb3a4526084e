import CourseModel
import Markup

/// Exercises: the ordered list under a `{.exercises}` heading, each item an exercise numbered in
/// its chapter, a `> [!SOLUTION]` quote in it its solution (folded on the site, moved to the
/// chapter's end in the EPUB and to an appendix in the PDF).
public enum Exercises {
    /// What exercises are numbered as.
    public static let target = TargetKind.exercise
    public static let words = ["ref_exercise", "ref_exercise_start", "exercise_solution", "edition_solutions", "edition_solution_of"]

    /// The site's list: each exercise with its label, its text and its solution folded.
    public static func html(_ exercises: [Exercise], into out: inout String, writer: inout some HTMLFamilyWriter) {
        out += "<ol class=\"exercises\">\n"
        for exercise in exercises {
            out += "<li class=\"exercise\"\(writer.dialect.idAttribute(exercise.id))>\n"
            if let number = exercise.number {
                out += "<p class=\"exercise-label\">\(escapeHTML(number.label(writer.strings["ref_exercise_start"])))</p>\n"
            }
            writer.withLoose { $0.render(exercise.blocks, into: &out) }
            if let solution = exercise.solution {
                out += "<details class=\"solution\">\n<summary>\(escapeHTML(writer.strings["exercise_solution"]))</summary>\n"
                writer.withLoose { $0.render(solution, into: &out) }
                out += "</details>\n"
            }
            out += "</li>\n"
        }
        out += "</ol>\n"
    }

    /// What a book's chapter keeps for its exercises: how many it has met (one without an id
    /// gets `exercise-N`) and the solutions it moves to its end.
    public struct Moved: Sendable {
        public struct Solution: Sendable {
            public var id: String
            public var exerciseID: String
            public var heading: String
            public var blocks: [Block]
        }
        var count = 0
        public var solutions = MovedToEnd<Solution>()
        public init() {}
    }

    /// The EPUB's list: every exercise with an id, each solution replaced by a link to it at the
    /// chapter's end (`xhtmlSolutions`).
    public static func xhtml(_ exercises: [Exercise], into out: inout String, writer: inout some BookWriter) {
        out += "<ol class=\"exercises\">\n"
        for exercise in exercises {
            writer.exercises.count += 1
            let id = exercise.id.flatMap { $0.isEmpty ? nil : $0 } ?? writer.uniqueID("exercise-\(writer.exercises.count)")
            out += "<li class=\"exercise\" id=\"\(escapeHTML(id))\">\n"
            if let number = exercise.number {
                out += "<p class=\"exercise-label\">\(escapeHTML(number.label(writer.strings["ref_exercise_start"])))</p>\n"
            }
            writer.withLoose { $0.render(exercise.blocks, into: &out) }
            if let solution = exercise.solution {
                let solutionID = writer.uniqueID("solution-" + id)
                let heading = exercise.number.map { writer.strings.format("edition_solution_of", $0.label(writer.strings["ref_exercise"])) }
                    ?? writer.strings["exercise_solution"]
                writer.exercises.solutions.append(Moved.Solution(id: solutionID, exerciseID: id, heading: heading, blocks: solution))
                out += "<p class=\"solution-link\"><a href=\"#\(escapeHTML(solutionID))\">\(escapeHTML(writer.strings["exercise_solution"]))</a></p>\n"
            }
            out += "</li>\n"
        }
        out += "</ol>\n"
    }

    /// The chapter's "Solutions" section, or nothing without solutions; its id.
    public static func xhtmlSolutions(into out: inout String, writer: inout some BookWriter) -> String? {
        guard !writer.exercises.solutions.isEmpty else { return nil }
        let id = writer.uniqueID("solutions")
        out += "<section class=\"solutions\" id=\"\(escapeHTML(id))\">\n<h2>\(escapeHTML(writer.strings["edition_solutions"]))</h2>\n"
        while let solution = writer.exercises.solutions.next() {  // a solution may hold exercises of its own
            out += "<section class=\"solution\" id=\"\(escapeHTML(solution.id))\">\n"
            out += "<h3><a href=\"#\(escapeHTML(solution.exerciseID))\">\(escapeHTML(solution.heading))</a></h3>\n"
            writer.withLoose { $0.render(solution.blocks, into: &out) }
            out += "</section>\n"
        }
        out += "</section>\n"
        return id
    }

    /// The PDF's exercises: each in a block with its label, its solution moved to the appendix
    /// (`TypstFamilyWriter.solutions`) and referred to with its page.
    public static func typst(_ exercises: [Exercise], into out: inout String, writer: inout some TypstFamilyWriter) {
        for exercise in exercises {
            let id = exercise.id ?? ""
            out += "#block(above: 1.4em, below: 1.2em, breakable: true)[\n#metadata(\"exercise\") \(writer.label(id))"
            if let number = exercise.number {
                out += "#primer-label[\(writer.text(number.label(writer.strings["ref_exercise_start"])))]"
            }
            out += "\n\n"
            out += writer.typst(exercise.blocks, open: "", close: "", weight: 0)
            if exercise.solution != nil {
                writer.solutions.append(exercise)
                let name = exercise.number.map { $0.label(writer.strings["ref_exercise"]) } ?? ""
                let text = writer.text(writer.strings.format("edition_solution_of", name))
                out += "#text(size: 8.5pt, style: \"italic\")[\(writer.pageReference(text: text, to: writer.label(id + "--solution")))]\n"
            }
            out += "]\n\n"
        }
    }
}

/// The EPUB's chapter renderer, as exercises need it: ids it makes differ from the chapter's.
public protocol BookWriter: HTMLFamilyWriter {
    mutating func uniqueID(_ base: String) -> String
    var exercises: Exercises.Moved { get set }
}
