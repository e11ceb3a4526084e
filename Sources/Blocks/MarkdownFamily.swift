import CourseModel

/// What a kind's Markdown output (the pages' Markdown twins, for readers that are programs) can
/// ask of the writer: the words of the text's language, and blocks and runs of text as Markdown.
public protocol MarkdownFamilyWriter {
    /// Words in the language the chapter's text is written in.
    var strings: UIStrings { get }
    /// Blocks as Markdown, separated by blank lines, ending with a newline.
    mutating func markdown(_ blocks: [Block]) -> String
    /// A run of text as Markdown on one paragraph's lines.
    mutating func markdown(_ inlines: [Inline]) -> String
    /// Plain text (a word of the string table) escaped so Markdown shows exactly it.
    func text(_ plain: String) -> String
}

extension MarkdownFamilyWriter {
    /// `markdown` with every line behind `prefix` (`> ` for a quote), blank lines kept as `>`.
    public func prefixed(_ markdown: String, _ prefix: String) -> String {
        let trimmed = prefix.hasSuffix(" ") ? String(prefix.dropLast()) : prefix
        var lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines.map { $0.isEmpty ? trimmed : prefix + $0 }.joined(separator: "\n") + "\n"
    }
}

extension MarkdownFamilyWriter {
    /// A label in bold with its colon as the text's language writes it (`**Note:**`, `**注意：**`).
    public func boldLabel(_ word: String) -> String {
        "**" + text(word) + (["zh", "ja"].contains(strings.locale.language) ? "：" : ":") + "**"
    }
}

extension BlockKind {
    /// By default the block's title in bold, then its blocks.
    public func markdown(_ block: CustomBlock, into out: inout String, writer: inout some MarkdownFamilyWriter) {
        var parts: [String] = block.runs.map { "**" + writer.markdown($0) + "**\n" }
        for inner in block.blocks where !inner.isEmpty { parts.append(writer.markdown(inner)) }
        out += parts.joined(separator: "\n")
    }
}
