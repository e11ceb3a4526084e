import CourseModel

/// The Swift blocks of a chapter, containers (footnotes, solutions…) included: the snippets the
/// samples stage compiles and runs, how each block is checked (the build's `ListingTally`), and
/// where the blocks nobody checks are.
public struct SwiftBlocks: Sendable {
    public var snippets: [Snippet] = []
    public var tally = ListingTally()
    public var unmarked: [Position] = []

    public init(_ blocks: [Block]) {
        var uncheckedGroups = Set<String>()
        blocks.walk { block, _ in
            switch block {
            case .snippet(_, let snippet):
                snippets.append(snippet)
                switch snippet.mode {
                case .run: tally.run += 1
                case .compile: tally.compiled += 1
                case .fails: tally.failing += 1
                }
            case .sample: tally.samples += 1
            case .code(let code) where code.isSwift:
                if Self.exerciseParts.contains(where: code.attributes.classes.contains) {
                    break  // a graded exercise's part: checked by the exercise's proofs, hidden {run} snippets
                } else if code.attributes.classes.contains("listing-only") {
                    tally.listingOnly += 1
                    // An imported test counts once, however many listings show it.
                    let counted = code.attributes.values["group"].map { !uncheckedGroups.insert($0).inserted } ?? false
                    if code.attributes.classes.contains("apple-only") && !counted { tally.appleOnly += 1 }
                    if code.attributes.classes.contains("several-modules") && !counted { tally.severalModules += 1 }
                } else {
                    tally.unverified += 1
                    unmarked.append(code.position)
                }
            default: break
            }
        }
    }

    /// The classes of a graded exercise's blocks (`Exercises.Part` in Blocks).
    static let exerciseParts = ["starter", "check", "solution"]

    /// The warnings (or with `verify: strict`, the errors) for the blocks nobody checks.
    public func unmarkedDiagnostics(path: String, strict: Bool) -> [Diagnostic] {
        unmarked.map { Self.unmarkedSwift(at: $0, path: path, strict: strict) }
    }

    static func unmarkedSwift(at position: Position, path: String, strict: Bool) -> Diagnostic {
        let message = "this Swift block is not checked by the build: mark it {run}, {compile}, {fails} or {listing-only}"
        let suggestion = "{run} also compares an ```output block after it, {fails} the errors of an ```error block; {listing-only} is for Apple-only code"
        let place = SourceLocation(path: path, line: position.line, column: position.column)
        return strict ? .error(.unverifiedListing, message, at: place, suggestion: suggestion)
                      : .warning(.unverifiedListing, message, at: place, suggestion: suggestion)
    }
}
