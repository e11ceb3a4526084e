/// A worksheet of fraction exercises, with one property of each kind.
class Worksheet {
    let title: String                    // stored constant
    var problems: [String]               // stored variable
    private(set) var revision = 0        // others read it, only Worksheet writes it

    var count: Int { problems.count }    // computed: nothing is stored

    lazy var answerKey: [String] = {     // built on first use, then stored
        print("  (building the answer key for \(title))")
        return problems.map { "\($0) = ?" }
    }()

    // Designated: sets every stored property of this class.
    init(title: String, problems: [String]) {
        self.title = title
        self.problems = problems
        // Phase 2 starts here: self is complete, methods may be called.
        print("Worksheet.init: \(heading())")
    }

    // Convenience: must delegate across to a designated initializer.
    convenience init(title: String, repeating problem: String, times: Int) {
        self.init(title: title, problems: Array(repeating: problem, count: times))
        print("convenience init: \(times) copies")
    }

    func heading() -> String { "\(title) (\(count))" }

    func add(_ problem: String) {
        problems.append(problem)
        revision += 1
    }
}

final class GradedWorksheet: Worksheet {
    let maxScore: Int

    init(title: String, problems: [String], maxScore: Int) {
        // Phase 1: own properties first, then the superclass's.
        self.maxScore = maxScore
        print("GradedWorksheet.init: maxScore set")
        super.init(title: title, problems: problems)
        // Phase 2: every property has a value; customize freely.
        add("1/2 + 1/2")
    }

    // Called from Worksheet.init, after maxScore was already set.
    override func heading() -> String {
        super.heading() + ", max \(maxScore)"
    }
}

print("-- convenience")
let drill = Worksheet(title: "Drill", repeating: "1/3 + 1/6", times: 2)

print("-- subclass")
let quiz = GradedWorksheet(title: "Quiz", problems: ["2/3 * 3/4"], maxScore: 10)
print("revision \(quiz.revision), count \(quiz.count)")

print("-- lazy")
print(drill.answerKey.count)
print(drill.answerKey.count)   // the closure does not run again
