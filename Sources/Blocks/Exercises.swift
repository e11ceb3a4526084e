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
}
