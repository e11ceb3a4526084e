import CourseModel
import Markup

/// Self-check questions (`> [!QUESTION] Prompt {#q-id}`): prose, at most one checked code block
/// and one task list of choices (`- [x]` right, `- [ ]` wrong; an item's first block is the
/// choice, the rest its explanation). One `[x]` makes a single-choice question, more a
/// multiple-choice one. A `{run}` block's correct choice is what it prints and a `{fails}`
/// block's is an error the compiler gives: the build proves it (`Snippet.question`).
///
/// The block holds the question's text (`blocks[0]`) and its choices as the task list
/// (`blocks[1]`, empty without one); its run is the prompt.
public struct Questions: BlockKind {
    public static let marker = "QUESTION"
    public let name = "question"
    public let markers = [Questions.marker]
    public let target: TargetKind? = .question
    public let words = ["ref_question", "ref_question_start", "question_check", "question_correct", "question_wrong",
                        "question_wrong_multiple", "question_choose", "question_choice_right", "question_choice_wrong", "question_show_answer", "question_answer", "question_answers",
                        "edition_answers_appendix", "edition_answer_of"]
    public let appendix: BookAppendix? = BookAppendix(titleKey: "edition_answers_appendix", label: "primer-answers")
    public let bookEnd: BookEnd? = BookEnd(titleKey: "edition_answers_appendix", name: "answers")

    public init() {}

    /// The prompt without its `{#id}`; the quote's first task list its choices, the rest its text.
    public func block(from quote: MarkedQuote, parser: some BlockParser) -> CustomBlock {
        let (prompt, attributes) = parser.trailingAttributes(quote.title ?? [])
        var text = quote.blocks
        var choices: [Block] = []
        if let index = text.firstIndex(where: { Self.taskList(Self.readingBoxes($0)) != nil }) {
            choices = [Self.readingBoxes(text.remove(at: index))]
        }
        var block = CustomBlock(kind: name, target: target, blocks: [text, choices], runs: prompt.isEmpty ? [] : [prompt],
                                attributes: attributes ?? Attributes(), position: quote.position)
        block.id = attributes?.id
        return block
    }

    /// A list with each item's `[x]` or `[ ]` read as its box: cmark-gfm leaves the boxes of a
    /// task list inside a quote as text. The item's text then starts after the box.
    static func readingBoxes(_ block: Block) -> Block {
        guard case .list(var list) = block, !list.ordered else { return block }
        for index in list.items.indices where list.items[index].checked == nil {
            guard case .paragraph(var inlines, let position)? = list.items[index].blocks.first, case .text(let first)? = inlines.first,
                  first.count >= 3, first.hasPrefix("["), ["[ ]", "[x]", "[X]"].contains(String(first.prefix(3))) else { continue }
            let rest = first.dropFirst(3)
            guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { continue }
            let text = String(rest.drop { $0 == " " || $0 == "\t" })
            if text.isEmpty { inlines.removeFirst() } else { inlines[0] = .text(text) }
            if case .softBreak? = inlines.first { inlines.removeFirst() }
            list.items[index].checked = first.prefix(3) != "[ ]"
            list.items[index].blocks[0] = .paragraph(inlines, Position(line: position.line, column: position.column + first.count - text.count))
        }
        return .list(list)
    }

    static func taskList(_ block: Block) -> ListBlock? {
        guard case .list(let list) = block, !list.items.isEmpty, list.items.allSatisfy({ $0.checked != nil }) else { return nil }
        return list
    }

    /// Every question of the chapter, wherever it is, checked; a well-formed code question's
    /// snippet gets its correct choice as what it must print (or the error it must give).
    public func recognise(_ blocks: [Block], parser: inout some BlockParser) -> [Block] {
        blocks.map { proved($0, parser: &parser) }
    }

    private func proved(_ block: Block, parser: inout some BlockParser) -> Block {
        let inner = block.mappingContainedBlocks { $0.map { proved($0, parser: &parser) } }
        guard case .custom(var question) = inner, question.kind == name else { return inner }
        if let proof = Self.check(question, parser: &parser) { question.blocks[0] = question.blocks[0].map { Self.proving($0, proof) } }
        return .custom(question)
    }

    /// One choice as the build reads it.
    public struct Choice: Sendable {
        public var correct: Bool
        /// The choice itself: the item's first block.
        public var text: [Block]
        /// Its explanation: the item's other blocks.
        public var explanation: [Block]
        /// Its first inline code span, or the text of a code block that is its first block.
        public var code: String?
        public var position: Position
    }

    /// The question's choices, in order.
    public static func choices(of block: CustomBlock) -> [Choice] {
        guard block.blocks.count > 1, let list = block.blocks[1].first.flatMap(taskList) else { return [] }
        return list.items.map { item in
            // `- [x]` alone on its line, a ```text block under it: the box leaves an empty paragraph.
            var blocks = item.blocks
            if case .paragraph(let inlines, _)? = blocks.first, inlines.isEmpty, blocks.count > 1 { blocks.removeFirst() }
            let first = Array(blocks.prefix(1))
            var code: String?
            var position = Position.unknown
            switch blocks.first {
            case .paragraph(let inlines, let at)?:
                position = at
                for inline in inlines { if case .code(let text) = inline { code = text; break } }
            case .code(let block)?:
                position = block.position
                code = block.code.hasSuffix("\n") ? String(block.code.dropLast()) : block.code
            default: break
            }
            return Choice(correct: item.checked == true, text: first, explanation: Array(blocks.dropFirst()), code: code, position: position)
        }
    }

    /// The question's code block, if it has one.
    static func snippets(in blocks: [Block]) -> [(CodeBlock, Snippet)] {
        var found: [(CodeBlock, Snippet)] = []
        blocks.walk { block, _ in if case .snippet(let code, let snippet) = block { found.append((code, snippet)) } }
        return found
    }

    /// The question's problems reported; for a well-formed `{run}` or `{fails}` question, what its
    /// code must bear out.
    static func check(_ question: CustomBlock, parser: inout some BlockParser) -> (Snippet.Mode, String, QuestionProof)? {
        let name = question.id.map { "question " + $0 } ?? "this question"
        let choices = choices(of: question)
        let suggestion = "write the choices as a task list: - [x] for the right one, - [ ] for each wrong one"
        guard !choices.isEmpty else {
            parser.fail(.question, "\(name) has no choices", at: question.position, suggestion: suggestion)
            return nil
        }
        let correct = choices.filter(\.correct)
        guard let answer = correct.first else {
            parser.fail(.question, "\(name) has no correct choice", at: question.position, suggestion: "mark the right choice - [x]")
            return nil
        }
        let snippets = snippets(in: question.blocks[0])
        var wellFormed = true
        for (code, _) in snippets.dropFirst() {
            parser.fail(.question, "\(name) has more than one checked code block", at: code.position,
                        suggestion: "ask about one block of code; show the rest as plain ```swift or {compile}")
            wellFormed = false
        }
        let asksAboutCode = snippets.first.map { $0.1.mode != .compile } ?? false
        for choice in choices where !choice.correct {
            if correct.contains(where: { Self.sameChoice($0, choice, byCode: asksAboutCode) }) {
                parser.fail(.question, "a wrong choice of \(name) is the same as its correct choice", at: choice.position,
                            suggestion: "make the wrong choice differ from the right one, or remove it")
                wellFormed = false
            }
        }
        guard let (_, snippet) = snippets.first, snippet.mode != .compile else { return nil }
        if snippet.group != nil {
            parser.fail(.question, "the code of \(name) is part of a group, so what it prints is not its own",
                        at: snippet.position, suggestion: "ask about code that runs alone: take group=\"…\" off the block")
            wellFormed = false
        }
        if snippet.expected != nil {
            parser.fail(.question, "the {\(snippet.mode.rawValue)} block of \(name) is followed by an \(snippet.mode == .fails ? "error" : "output") block; the correct choice is its answer",
                        at: Position(line: snippet.expectedLine, column: 1), suggestion: "remove the block: the build checks the correct choice against the real run")
            wellFormed = false
        }
        if correct.count != 1 {
            parser.fail(.question, "\(name) asks about a {\(snippet.mode.rawValue)} block, so exactly one choice is correct, not \(correct.count)",
                        at: correct[1].position, suggestion: "mark only the right choice - [x]")
            return nil
        }
        guard let stated = answer.code else {
            let what = snippet.mode == .fails ? "the compiler's error message" : "the output (```text for several lines)"
            parser.fail(.question, "the correct choice of \(name) has no code, so the build cannot check it against its {\(snippet.mode.rawValue)} block",
                        at: answer.position, suggestion: "write \(what) in inline code in the choice")
            return nil
        }
        guard wellFormed else { return nil }
        let mustNotSay = snippet.mode == .fails
            ? choices.filter { !$0.correct }.compactMap { choice in choice.code.map { QuestionChoiceLine(text: "error: " + $0, position: choice.position) } }
            : []
        return (snippet.mode, stated, QuestionProof(id: question.id ?? "", answer: answer.position, mustNotSay: mustNotSay))
    }

    /// Whether two choices say the same: in a question about code, the same code (what the run
    /// or the compiler is compared with); else, or without code, the same words (two prose
    /// choices may quote the same name and still differ).
    static func sameChoice(_ a: Choice, _ b: Choice, byCode: Bool) -> Bool {
        if byCode, let one = a.code, let other = b.code { return trimmed(one) == trimmed(other) }
        guard !byCode || (a.code == nil && b.code == nil) else { return false }
        func words(_ choice: Choice) -> String? {
            if case .paragraph(let inlines, _)? = choice.text.first { return inlines.plainText }
            return nil
        }
        return words(a) != nil && words(a) == words(b)
    }

    static func trimmed(_ text: String) -> String {
        var text = Substring(text)
        while let last = text.last, last == " " || last == "\n" || last == "\t" { text.removeLast() }
        return String(text)
    }

    /// The question's snippet, made to expect the correct choice and to show no output.
    static func proving(_ block: Block, _ proof: (Snippet.Mode, String, QuestionProof)) -> Block {
        guard case .snippet(let code, var snippet) = block else { return block.mappingContainedBlocks { $0.map { proving($0, proof) } } }
        let (mode, stated, question) = proof
        snippet.expected = mode == .fails ? "error: " + stated : trimmed(stated) + "\n"
        snippet.expectedLine = question.answer.line
        snippet.showsOutput = false
        snippet.question = question
        return .snippet(code, snippet)
    }

    /// The letter of the choice at `index`: a, b, c…
    public static func letter(_ index: Int) -> String {
        index < 26 ? String(UnicodeScalar(UInt8(97 + index))) : String(index + 1)
    }

    /// The letters of the correct choices, joined: "b", "a, c".
    static func answerLetters(_ choices: [Choice]) -> String {
        choices.indices.filter { choices[$0].correct }.map(letter).joined(separator: ", ")
    }

    func labelText(_ block: CustomBlock, strings: UIStrings) -> String? {
        block.number.map { $0.label(strings["ref_question_start"]) }
    }

    /// The site's question: its label, prompt and text, then its choices as radio buttons (one
    /// correct) or checkboxes in a fieldset, a button that checks the answer, a live region for
    /// the verdict and each choice's explanation, hidden until checked (primer.js). Without
    /// script the button stays hidden and "Show answer" unfolds the answer.
    public func html(_ block: CustomBlock, into out: inout String, writer: inout some HTMLFamilyWriter) {
        guard writer.dialect == .html else { return bookQuestion(block, into: &out, writer: &writer, answerLink: nil) }
        let id = block.id ?? ""
        let choices = Self.choices(of: block)
        let multiple = choices.filter(\.correct).count > 1
        let strings = writer.strings
        let letters = Self.answerLetters(choices)
        let wrong = strings.format(multiple ? "question_wrong_multiple" : "question_wrong", letters)
        out += "<div class=\"question\"\(writer.dialect.idAttribute(id)) data-question=\"\(escapeHTML(id))\""
        out += " data-correct=\"\(escapeHTML(strings["question_correct"]))\" data-wrong=\"\(escapeHTML(wrong))\""
        out += " data-choose=\"\(escapeHTML(strings["question_choose"]))\">\n"
        if let label = labelText(block, strings: strings) { out += "<p class=\"question-label\">\(escapeHTML(label))</p>\n" }
        let prompt = block.runs.first.map { writer.run($0) } ?? ""
        if !prompt.isEmpty { out += "<p class=\"question-prompt\">\(prompt)</p>\n" }
        writer.withLoose { $0.render(block.blocks.first ?? [], into: &out) }
        out += "<fieldset class=\"question-choices\">\n<legend class=\"visually-hidden\">\(prompt)</legend>\n<ol class=\"choices\">\n"
        for (index, choice) in choices.enumerated() {
            // The input inside its label: no id to keep unique (the print page prefixes ids, not these).
            out += "<li class=\"choice\" data-choice=\"\(Self.letter(index))\"\(choice.correct ? " data-correct" : "")>"
            out += "<label><input type=\"\(multiple ? "checkbox" : "radio")\" name=\"\(escapeHTML(id))\" value=\"\(Self.letter(index))\"> "
            out += "<span class=\"choice-letter\">\(Self.letter(index)).</span> "
            choiceText(choice, into: &out, writer: &writer)
            out += "</label>\n"
            // Shown once the answer is checked: whether the choice is right, in words and a mark.
            out += "<div class=\"choice-explanation\" hidden>\n<p class=\"choice-verdict\"><span aria-hidden=\"true\">\(choice.correct ? "✓" : "✗") </span>"
            out += escapeHTML(strings[choice.correct ? "question_choice_right" : "question_choice_wrong"]) + "</p>\n"
            writer.withLoose { $0.render(choice.explanation, into: &out) }
            out += "</div>\n"
            out += "</li>\n"
        }
        out += "</ol>\n</fieldset>\n"
        out += "<p class=\"question-actions\"><button type=\"button\" class=\"question-check\" hidden>\(escapeHTML(strings["question_check"]))</button></p>\n"
        out += "<p class=\"question-verdict\" role=\"status\"></p>\n"
        out += "<details class=\"question-answer\">\n<summary>\(escapeHTML(strings["question_show_answer"]))</summary>\n"
        answer(choices, into: &out, writer: &writer)
        out += "</details>\n</div>\n"
    }

    /// A choice's own text, inside its label (phrasing content: a code block's text as code).
    func choiceText(_ choice: Choice, into out: inout String, writer: inout some HTMLFamilyWriter) {
        switch choice.text.first {
        case .paragraph(let inlines, _)?: writer.render(inlines, into: &out)
        case .code(let code)?: out += "<code class=\"choice-output\">\(escapeHTML(Self.trimmed(code.code)))</code>"
        case let other?: writer.withLoose { $0.render([other], into: &out) }
        case nil: break
        }
    }

    /// "The answer: b", then each choice's explanation after its letter.
    func answer(_ choices: [Choice], into out: inout String, writer: inout some HTMLFamilyWriter) {
        let key = choices.filter(\.correct).count > 1 ? "question_answers" : "question_answer"
        out += "<p class=\"question-key\">\(escapeHTML(writer.strings.format(key, Self.answerLetters(choices))))</p>\n"
        let explained = choices.enumerated().filter { !$0.element.explanation.isEmpty }
        guard !explained.isEmpty else { return }
        out += "<dl class=\"question-explanations\">\n"
        for (index, choice) in explained {
            out += "<dt>\(Self.letter(index)). "
            choiceText(choice, into: &out, writer: &writer)
            out += "</dt>\n<dd>\n"
            writer.withLoose { $0.render(choice.explanation, into: &out) }
            out += "</dd>\n"
        }
        out += "</dl>\n"
    }

    /// The book's question (the EPUB's XHTML): label, prompt, text and the choices as a list
    /// lettered a, b, c; the answer is elsewhere (`answerLink`).
    func bookQuestion(_ block: CustomBlock, into out: inout String, writer: inout some HTMLFamilyWriter, answerLink: String?) {
        let choices = Self.choices(of: block)
        out += "<div class=\"question\"\(writer.dialect.idAttribute(block.id))>\n"
        var head = labelText(block, strings: writer.strings).map { "<span class=\"question-label\">\(escapeHTML($0))</span> " } ?? ""
        head += block.runs.first.map { writer.run($0) } ?? ""
        if !head.isEmpty { out += "<p class=\"question-prompt\">\(head)</p>\n" }
        writer.withLoose { $0.render(block.blocks.first ?? [], into: &out) }
        out += "<ol class=\"choices\" type=\"a\">\n"
        for choice in choices {
            out += "<li>"
            choiceText(choice, into: &out, writer: &writer)
            out += "</li>\n"
        }
        out += "</ol>\n"
        if let answerLink { out += answerLink }
        out += "</div>\n"
    }

    /// The EPUB's question, its answer moved to the book's "Answers to the questions" and linked both ways.
    public func xhtml(_ block: CustomBlock, into out: inout String, writer: inout some BookWriter) {
        let count = writer.count(name)
        let id = block.id.flatMap { $0.isEmpty ? nil : $0 } ?? writer.uniqueID("question-\(count)")
        var question = block
        question.id = id
        let answerID = writer.uniqueID("answer-" + id)
        let heading = block.number.map { writer.strings.format("edition_answer_of", $0.label(writer.strings["ref_question"])) }
            ?? writer.strings["question_show_answer"]
        var rendered = ""
        answer(Self.choices(of: block), into: &rendered, writer: &writer)
        let reference = block.number.map { $0.label(writer.strings["ref_question_start"]) }
        writer.moved.append(MovedBlock(id: answerID, origin: id, heading: heading, blocks: [.html(rendered)], reference: reference), kind: name)
        let href = writer.movedHref(answerID, kind: name)
        let link = "<p class=\"answer-link\"><a href=\"\(escapeHTML(href))\">\(escapeHTML(writer.strings["question_show_answer"]))</a></p>\n"
        bookQuestion(question, into: &out, writer: &writer, answerLink: link)
    }

    /// The answer's entry in the book's "Answers to the questions": the right letters and each
    /// choice's explanation, as written beside the question.
    public func xhtmlAppendix(_ item: MovedBlock, into out: inout String, writer: inout some BookWriter) {
        for case .html(let html) in item.blocks { out += html }
    }

    /// The PDF's question: label and prompt, text, choices lettered, and a page reference to its
    /// answer in the appendix.
    public func typst(_ block: CustomBlock, into out: inout String, writer: inout some TypstFamilyWriter) {
        let id = block.id ?? ""
        out += "#block(above: 1.4em, below: 1.2em, breakable: true)[\n#metadata(\"exercise\") \(writer.label(id))"
        var head = labelText(block, strings: writer.strings).map { "#primer-label[\(writer.text($0))] " } ?? ""
        head += block.runs.first.map { writer.typst($0) } ?? ""
        out += "*\(head)*\n\n"
        out += writer.typst(block.blocks.first ?? [], open: "", close: "", weight: 0)
        let choices = Self.choices(of: block)
        out += "#enum(numbering: \"a.\",\n"
        for choice in choices { out += "  [" + typstChoice(choice, writer: &writer) + "],\n" }
        out += ")\n"
        writer.moved.append(block, kind: name)
        let number = block.number.map { $0.label(writer.strings["ref_question"]) } ?? ""
        let text = writer.text(writer.strings.format("edition_answer_of", number))
        out += "#text(size: 8.5pt, style: primer-italic)[\(writer.pageReference(text: text, to: writer.label(id + "--answer")))]\n"
        out += "]\n\n"
    }

    func typstChoice(_ choice: Choice, writer: inout some TypstFamilyWriter) -> String {
        switch choice.text.first {
        case .paragraph(let inlines, _)?: return writer.typst(inlines)
        case .code(let code)?: return writer.typst([.code(Self.trimmed(code.code))])
        default: return writer.typst(choice.text, open: "", close: "", weight: 0)
        }
    }

    /// The answer in the appendix: a heading naming the question, its page, the right letters and
    /// each choice's explanation.
    public func typstAppendix(_ block: CustomBlock, into out: inout String, writer: inout some TypstFamilyWriter) {
        let id = block.id ?? ""
        let number = block.number.map { $0.label(writer.strings["ref_question"]) } ?? ""
        let start = block.number.map { $0.label(writer.strings["ref_question_start"]) } ?? ""
        out += writer.appendixHead(writer.strings.format("edition_answer_of", number), label: id + "--answer", back: start, origin: id)
        let choices = Self.choices(of: block)
        let key = choices.filter(\.correct).count > 1 ? "question_answers" : "question_answer"
        out += writer.text(writer.strings.format(key, Self.answerLetters(choices))) + "\n\n"
        for (index, choice) in choices.enumerated() where !choice.explanation.isEmpty {
            out += "*\(Self.letter(index)).* " + typstChoice(choice, writer: &writer) + "\n\n"
            out += writer.typst(choice.explanation, open: "", close: "", weight: 0) + "\n"
        }
    }

    /// The Markdown twin: the label and prompt in bold, the text, the choices as `- [ ]`, then the
    /// answer with the explanations as a quote.
    public func markdown(_ block: CustomBlock, into out: inout String, writer: inout some MarkdownFamilyWriter) {
        var parts: [String] = []
        var head = labelText(block, strings: writer.strings).map { writer.text($0) + ": " } ?? ""
        head += block.runs.first.map { writer.markdown($0) } ?? ""
        if !head.isEmpty {
            var line = "**" + head + "**"
            if let id = block.id, !id.isEmpty { line += " {#\(id)}" }
            parts.append(line + "\n")
        }
        if let text = block.blocks.first, !text.isEmpty { parts.append(writer.markdown(text)) }
        let choices = Self.choices(of: block)
        if !choices.isEmpty {
            parts.append(choices.enumerated().map { index, choice in
                let text = writer.markdown(choice.text)
                // A block of output goes under its letter; a run of text after it.
                if case .code? = choice.text.first { return "- [ ] \(Self.letter(index)).\n" + writer.prefixed(text, "  ").dropLast() }
                return "- [ ] \(Self.letter(index)). " + text.trimmingCharacters().replacingOccurrences(of: "\n", with: "\n  ")
            }.joined(separator: "\n") + "\n")
            let key = choices.filter(\.correct).count > 1 ? "question_answers" : "question_answer"
            var answer = [writer.text(writer.strings.format(key, Self.answerLetters(choices))) + "\n"]
            for (index, choice) in choices.enumerated() where !choice.explanation.isEmpty {
                answer.append("**\(Self.letter(index)).** " + writer.markdown(choice.explanation))
            }
            parts.append(writer.prefixed(answer.joined(separator: "\n"), "> "))
        }
        out += parts.joined(separator: "\n")
    }
}
