/// Build-time syntax highlighting: code in, HTML out, so the site needs no client-side highlighter.
///
/// Tokens are wrapped in `<span class="hl-…">` with one of a small fixed set of classes (`hl-` and one letter:
/// a listing has hundreds of spans, and a chapter page must stay small):
///
/// | class         | Swift                          | C / Objective-C                        | shell / console             | JSON        | XML / plist / HTML                 | diff          |
/// | ------------- | ------------------------------ | -------------------------------------- | --------------------------- | ----------- | ---------------------------------- | ------------- |
/// | `hl-k` keyword  | keywords, contextual keywords  | keywords, `@interface` `@"` `@[` `@{`  | `if` `then` `for` `export`… | true false null |                                |               |
/// | `hl-t` type     | type identifiers, capitalized names | `NS…`/`UI…`/capitalized names, `…_t` |                       |             |                                    |               |
/// | `hl-s` string   | string literals (not `\(…)`)   | strings, character literals            | quoted strings              | string values | attribute values                 |               |
/// | `hl-n` number   | integer and float literals     | numbers                                |                             | numbers     |                                    |               |
/// | `hl-c` comment  | comments, doc comments         | comments                               | `# comments`                | `//` `/* */` (JSONC) | `<!-- -->`                 | `\ No newline…` |
/// | `hl-a` attr     | attributes (`@MainActor`)      |                                        |                             | object keys | attribute names                    |               |
/// | `hl-m` meta     | `#if` `#else` `#endif` and their conditions | preprocessor lines        |                             |             | `<?xml?>`, `<!DOCTYPE>`, CDATA markers, entities | headers, `@@` hunks |
/// | `hl-g` tag      |                                |                                        |                             |             | `<name`, `</name`, `>`, `/>`       |               |
/// | `hl-v` variable |                                |                                        | `$x` `${x}` `$1`, `NAME=`   |             |                                    |               |
/// | `hl-p` prompt   |                                |                                        | the `$` or `%` prompt (console) |         |                                    |               |
/// | `hl-i` inserted |                                |                                        |                             |             |                                    | `+` lines     |
/// | `hl-d` deleted  |                                |                                        |                             |             |                                    | `-` lines     |
/// | `hl-f` function |                                | a name followed by `(`                 | the command word            |             |                                    |               |
/// | `hl-r` regex    | regex literals (`/a+b/`, `#/…/#`) |                                     |                             |             |                                    |               |
///
/// The output is already HTML-escaped (`&` `<` `>` `"`); removing the tags and unescaping those
/// four entities gives back the input exactly. Neighbouring tokens of one class share a span
/// (even across spaces and tabs), a span never starts or ends with whitespace, and no span
/// crosses a line break: a multi-line comment or string is closed and reopened on each line.
///
/// Everything is a pure function of its arguments (no shared mutable state), so it may be
/// called from many threads at once. The lexers are linear in the length of the code.
public enum Highlighter {
    /// HTML for `code` with tokens wrapped in `<span class="hl-…">`, already HTML-escaped
    /// (`&` `<` `>` `"` escaped), or nil when the language is not one we highlight.
    public static func highlight(_ code: String, language: String) -> String? {
        guard let language = Language(tag: language) else { return nil }
        var code = code
        return code.withUTF8 { source in
            var out = HTMLWriter(source)
            switch language {
            case .swift: SwiftClassifier.highlight(into: &out)
            case .objc: CodeLexer.objc.run(into: &out, upTo: source.count)
            case .c: CodeLexer.c.run(into: &out, upTo: source.count)
            case .shell: CodeLexer.shell.run(into: &out, upTo: source.count)
            case .json: CodeLexer.json.run(into: &out, upTo: source.count)
            case .console: LineLexers.console(into: &out)
            case .xml: XMLLexer.highlight(into: &out)
            case .diff: LineLexers.diff(into: &out)
            }
            return out.finish()
        }
    }

    /// The canonical name for a language tag (e.g. "objective-c" -> "objc"), nil if unknown.
    ///
    /// `swift`; `objc` (objective-c, objectivec, obj-c, m, mm); `c` (h); `shell` (sh, bash, zsh);
    /// `console` (shell-session); `json` (jsonc); `xml` (plist, svg, html); `diff` (patch).
    /// Tags are matched without regard to case.
    public static func canonicalLanguage(_ tag: String) -> String? {
        Language(tag: tag)?.rawValue
    }
}

/// The languages we highlight, each under its canonical name.
enum Language: String, Sendable {
    case swift, objc, c, shell, console, json, xml, diff

    static let aliases: [String: Language] = [
        "swift": .swift,
        "objc": .objc, "objective-c": .objc, "objectivec": .objc, "obj-c": .objc, "m": .objc, "mm": .objc,
        "c": .c, "h": .c,
        "shell": .shell, "sh": .shell, "bash": .shell, "zsh": .shell,
        "console": .console, "shell-session": .console,
        "json": .json, "jsonc": .json,
        "xml": .xml, "plist": .xml, "svg": .xml, "html": .xml,
        "diff": .diff, "patch": .diff,
    ]

    init?(tag: String) {
        if let language = Self.aliases[tag] ?? Self.aliases[tag.lowercased()] { self = language } else { return nil }
    }
}
