import Blocks
import CourseModel

/// What keeps a chapter's Typst markup inside what Typst typesets in time that grows with the
/// text, and inside Typst's own limits (markup nested 128 deep, show rules 64 deep), whatever
/// the chapter holds: a long paragraph gets paragraph breaks, a run of text past a size is cut,
/// nesting past a depth is flattened, and a footnote nested deep in other footnotes is written
/// after its paragraph. A book of ordinary chapters reaches none of them, and its markup is the
/// same as without them.
public enum TypstLimits {
    /// Typst lays a paragraph out in time that grows with its length times its pieces (every
    /// escaped character, every emphasis is one; `"[ (](" × 80,000` took 136 s): a paragraph
    /// gets a paragraph break after this many characters (at a space when one is near).
    public static let paragraphCharacters = 5_000
    /// The characters of one run of text (a paragraph, heading, table cell or caption) the PDF
    /// shows; the rest is left out with a warning. Typst takes about 250 bytes a character.
    public static let runCharacters = 100_000
    /// How deep a footnote sits in others before it is written after its paragraph instead
    /// (hidden, taking no room, and referenced by its label): a chain of footnotes each citing
    /// the next would otherwise nest past Typst's 128 levels, and past the writer's stack.
    public static let footnoteNesting = 4
    /// The depth of Typst's show rules the chapter's quotes, lists, callouts and emphasis may
    /// take (Typst stops at 64; the book's own rules take the rest). A quote takes 4 levels, a
    /// list, a callout or a link 2, emphasis 1.
    public static let showDepth = 52
    /// Typst lays out each line of a listing or an output as a paragraph of its highlighted
    /// tokens: a longer line is broken into lines of this many characters.
    public static let codeLineCharacters = 2_000
    /// The rows of one table the PDF shows (Typst takes about 22 KB a row: 90,000 rows took 2 GB).
    public static let tableRows = 5_000
}

/// One run of text as it is written: its nesting of inline calls and its length.
struct TypstRun {
    var depth = 0
    /// Characters since the last paragraph break.
    var length = 0
    /// Characters of the run so far.
    var total = 0
    /// Past `runCharacters`: the rest of the run is left out.
    var cut = false
}

/// Where a chapter's writer is against the limits, and what it has to say about them.
struct TypstLimitState {
    var run = TypstRun()
    var footnoteDepth = 0
    /// Footnotes referenced too deep in others, to be written after the current paragraph.
    var deferredFootnotes: [String] = []
    var showDepth = 0
    var warnedNesting = false
    /// Where the block being written starts.
    var position = Position.unknown
    var diagnostics: [Diagnostic] = []
}

extension ChapterWriter {
    func location() -> SourceLocation {
        SourceLocation(path: page.sourcePath, line: limits.position.line, column: limits.position.column)
    }

    /// Starts a run of inline content, or goes one level into the current one.
    mutating func enterRun() -> Bool {
        let outermost = limits.run.depth == 0
        if outermost { limits.run = TypstRun() }
        limits.run.depth += 1
        return outermost
    }

    /// Leaves a level of the run; the outermost level (outside every footnote) adds the footnotes
    /// put off till the end of the paragraph, and says whether the run was cut.
    mutating func leaveRun(_ outermost: Bool, into out: inout String, book: inout BookState) {
        limits.run.depth -= 1
        guard outermost else { return }
        if limits.run.cut {
            limits.diagnostics.append(.warning(
                .editionLimit, "a paragraph, heading or table cell of more than \(TypstLimits.runCharacters) characters is cut there in the PDF edition",
                at: location(), suggestion: "split the text into paragraphs; the site and the EPUB show all of it"))
        }
        guard limits.footnoteDepth == 0 else { return }
        var index = 0
        while index < limits.deferredFootnotes.count {  // a footnote written here may put off others
            let name = limits.deferredFootnotes[index]
            index += 1
            out += "#box(width: 0pt, hide[#footnote[\(footnoteBody(name, book: &book))] \(label("fn-" + name))])"
        }
        limits.deferredFootnotes.removeAll()
    }

    /// Whether `count` more characters fit in the run (a paragraph break first when the
    /// paragraph is long); false, and the run is cut, when they do not.
    mutating func admit(_ count: Int, into out: inout String) -> Bool {
        if limits.run.cut { return false }
        if limits.run.total + count > TypstLimits.runCharacters { limits.run.cut = true; return false }
        if limits.run.length >= TypstLimits.paragraphCharacters { out += "\n\n"; limits.run.length = 0 }
        limits.run.length += count
        limits.run.total += count
        return true
    }

    /// Text of the run as markup, with paragraph breaks in a long one and cut past the run's limit.
    mutating func runText(_ text: String) -> String {
        var run = limits.run
        defer { limits.run = run }
        if run.cut { return "" }
        let paragraphRoom = TypstLimits.paragraphCharacters - run.length
        let runRoom = TypstLimits.runCharacters - run.total
        if paragraphRoom > 0, text.utf8.count <= min(paragraphRoom, runRoom) {
            let count = text.count
            run.length += count; run.total += count
            return textMarkup(text)
        }
        var out = ""
        var rest = Substring(text)
        while !rest.isEmpty {
            if run.total >= TypstLimits.runCharacters { run.cut = true; break }
            if run.length >= TypstLimits.paragraphCharacters { out += "\n\n"; run.length = 0 }
            let room = min(TypstLimits.paragraphCharacters - run.length, TypstLimits.runCharacters - run.total)
            guard var end = rest.index(rest.startIndex, offsetBy: room, limitedBy: rest.endIndex), end < rest.endIndex else {
                let count = rest.count
                run.length += count; run.total += count
                out += textMarkup(String(rest))
                break
            }
            // A break at a space near the end of the piece, so no word is split when it need not be.
            let window = rest[rest.index(end, offsetBy: -min(room, 200))..<end]
            if let space = window.lastIndex(where: \.isWhitespace) { end = rest.index(after: space) }
            let piece = rest[..<end]
            let count = piece.count
            run.length += count; run.total += count
            out += textMarkup(String(piece))
            rest = rest[end...]
        }
        return out
    }

    /// A footnote's reference: the footnote itself the first time (written after the paragraph
    /// when it sits too deep in others), its number by label afterwards.
    mutating func footnote(_ name: String, book: inout BookState) -> String {
        let footnoteLabel = label("fn-" + name)
        if footnotes.isNumbered(name) { return "#footnote(\(footnoteLabel));" }
        guard footnotes.body(name) != nil else { return "" }
        footnotes.number(name)
        if limits.footnoteDepth >= TypstLimits.footnoteNesting {
            limits.deferredFootnotes.append(name)
            return "#footnote(\(footnoteLabel));"
        }
        return "#footnote[\(footnoteBody(name, book: &book))] \(footnoteLabel)"
    }

    /// A footnote's blocks as markup: runs of their own, one level deeper in footnotes.
    mutating func footnoteBody(_ name: String, book: inout BookState) -> String {
        let (run, position) = (limits.run, limits.position)
        limits.run = TypstRun()
        limits.footnoteDepth += 1
        var text = ""
        render(footnotes.body(name) ?? [], into: &text, book: &book)
        limits.footnoteDepth -= 1
        (limits.run, limits.position) = (run, position)
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A listing or an output as `raw` takes it: lines longer than `codeLineCharacters` broken,
    /// and cut (with a warning) past `runCharacters`.
    mutating func boundedCode(_ code: String) -> String {
        guard code.utf8.count > TypstLimits.codeLineCharacters else { return code }
        var out = ""
        var total = 0, column = 0
        for character in code {
            if total == TypstLimits.runCharacters {
                limits.diagnostics.append(.warning(
                    .editionLimit, "code of more than \(TypstLimits.runCharacters) characters is cut there in the PDF edition",
                    at: location(), suggestion: "shorten the listing or the output; the site and the EPUB show all of it"))
                break
            }
            if character.isNewline { column = 0 } else if column == TypstLimits.codeLineCharacters { out.append("\n"); column = 1 } else { column += 1 }
            out.append(character)
            total += 1
        }
        return out
    }

    /// A table's rows, at most `tableRows` of them (with a warning when there are more).
    mutating func boundedRows(_ rows: [[[Inline]]]) -> ArraySlice<[[Inline]]> {
        if rows.count > TypstLimits.tableRows {
            limits.diagnostics.append(.warning(
                .editionLimit, "a table of \(rows.count) rows is cut after \(TypstLimits.tableRows) in the PDF edition",
                at: location(), suggestion: "split the table; the site and the EPUB show all of it"))
        }
        return rows.prefix(TypstLimits.tableRows)
    }

    /// Whether `weight` more levels of Typst's show rules fit under `TypstLimits.showDepth` (the
    /// caller gives them back); false, with a warning once a chapter, when they do not.
    /// `inside` are the blocks of a container, whose first line the warning names.
    mutating func enterNesting(_ weight: Int, inside: [Block] = []) -> Bool {
        if limits.showDepth + weight <= TypstLimits.showDepth {
            limits.showDepth += weight
            return true
        }
        if !limits.warnedNesting {
            limits.warnedNesting = true
            var first: Position?
            inside.walk { block, _ in if first == nil, let position = block.position, position.line > 0 { first = position } }
            if let first { limits.position = first }
            limits.diagnostics.append(.warning(
                .editionLimit, "quotes, lists, callouts or emphasis nest deeper than the PDF edition can typeset; it shows the inner ones without their frame, marker or style",
                at: location(), suggestion: "flatten the structure; the site and the EPUB show it as written"))
        }
        return false
    }

    /// `open` + the body + `close`, or the body alone when they would nest too deep.
    mutating func nested(_ open: String, _ close: String, weight: Int, inside: [Block] = [],
                         _ body: (inout ChapterWriter) -> String) -> String {
        guard enterNesting(weight, inside: inside) else { return body(&self) }
        defer { limits.showDepth -= weight }
        return open + body(&self) + close
    }
}
