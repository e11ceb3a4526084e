import CourseModel
import Foundation
import Highlight
import PrimerTestSupport
import Testing

/// `<span class="hl-kind">text</span>`, to keep the expected HTML readable.
private func span(_ kind: String, _ text: String) -> String { "<span class=\"\(css(kind))\">\(text)</span>" }
/// The CSS class of a token kind: `hl-` and the kind's first letter (`tag` is `hl-g`).
private func css(_ kind: String) -> String { "hl-" + (kind == "tag" ? "g" : String(kind.prefix(1))) }

private func highlight(_ code: String, _ language: String) -> String {
    Highlighter.highlight(code, language: language) ?? "<nil>"
}

@Suite struct HighlightSwiftTests {
    @Test func keywordsTypesNumbersAndComments() {
        #expect(highlight("let x: Int = 42 // answer\n", "swift")
            == "\(span("keyword", "let")) x: \(span("type", "Int")) = \(span("number", "42")) \(span("comment", "// answer"))\n")
        #expect(highlight("func f() async -> [String] { 1.5e3 }", "swift")
            == "\(span("keyword", "func")) f() \(span("keyword", "async")) -&gt; [\(span("type", "String"))] { \(span("number", "1.5e3")) }")
        // Capitalized names in expressions are types too; lowercase calls stay plain.
        #expect(highlight("print(Date.now)", "swift") == "print(\(span("type", "Date")).now)")
    }

    @Test func stringInterpolationIsCode() {
        #expect(highlight(#"let s = "a \(b + 1) c""#, "swift")
            == "\(span("keyword", "let")) s = \(span("string", "&quot;a")) \\(b + \(span("number", "1"))) \(span("string", "c&quot;"))")
    }

    @Test func rawStringsKeepTheirPounds() {
        #expect(highlight(##"let r = #"x \#(y) "z""#"##, "swift")
            == "\(span("keyword", "let")) r = \(span("string", "#&quot;x")) \\#(y) \(span("string", "&quot;z&quot;&quot;#"))")
    }

    @Test func regexLiterals() {
        #expect(highlight("let r = /a+b/", "swift") == "\(span("keyword", "let")) r = \(span("regex", "/a+b/"))")
        #expect(highlight("let r = #/a/b/#", "swift") == "\(span("keyword", "let")) r = \(span("regex", "#/a/b/#"))")
    }

    @Test func nestedAndDocComments() {
        #expect(highlight("/* a /* b */ c */ x", "swift") == "\(span("comment", "/* a /* b */ c */")) x")
        #expect(highlight("/// Doc\n/** more\n  lines */\nvar y = 0", "swift")
            == "\(span("comment", "/// Doc"))\n\(span("comment", "/** more"))\n  \(span("comment", "lines */"))\n\(span("keyword", "var")) y = \(span("number", "0"))")
    }

    @Test func attributesAndDirectives() {
        #expect(highlight("@MainActor final class Model {}", "swift")
            == "\(span("attr", "@MainActor")) \(span("keyword", "final class")) \(span("type", "Model")) {}")
        #expect(highlight("#if DEBUG\nlet a = 1\n#endif", "swift")
            == "\(span("meta", "#if DEBUG"))\n\(span("keyword", "let")) a = \(span("number", "1"))\n\(span("meta", "#endif"))")
    }

    @Test func multilineStringsReopenOnEachLine() {
        #expect(highlight("let s = \"\"\"\n  one\n  \"\"\"", "swift")
            == "\(span("keyword", "let")) s = \(span("string", "&quot;&quot;&quot;"))\n  \(span("string", "one"))\n  \(span("string", "&quot;&quot;&quot;"))")
    }

    @Test func invalidSwiftKeepsEveryCharacter() {
        for code in ["let = = \"", "func (", "}}}", "\"\\(", "/* open", "#if", "@", "let x = #\"a", "struct 🐶 { var 名前 = 1 }"] {
            #expect(HighlightInvariants.plainText(highlight(code, "swift")) == code)
        }
    }
}

@Suite struct HighlightOtherLanguageTests {
    @Test func objectiveC() {
        let code = """
        #import <Foundation/Foundation.h>
        @interface Note : NSObject
        @property (nonatomic, copy) NSString *title; // the title
        @end
        NSArray *items = @[@"a", @{@"k": @1}];
        NSLog(@"%@", items); char c = 'x'; BOOL ok = YES; NS_ASSUME_NONNULL_BEGIN
        """
        #expect(highlight(code, "objective-c") == """
        \(span("meta", "#import &lt;Foundation/Foundation.h&gt;"))
        \(span("keyword", "@interface")) \(span("type", "Note")) : \(span("type", "NSObject"))
        \(span("keyword", "@property")) (\(span("keyword", "nonatomic")), \(span("keyword", "copy"))) \(span("type", "NSString")) *title; \(span("comment", "// the title"))
        \(span("keyword", "@end"))
        \(span("type", "NSArray")) *items = \(span("keyword", "@"))[\(span("string", "@&quot;a&quot;")), \(span("keyword", "@")){\(span("string", "@&quot;k&quot;")): \(span("keyword", "@"))\(span("number", "1"))}];
        \(span("function", "NSLog"))(\(span("string", "@&quot;%@&quot;")), items); \(span("keyword", "char")) c = \(span("string", "'x'")); \(span("type", "BOOL")) ok = \(span("keyword", "YES")); NS_ASSUME_NONNULL_BEGIN
        """)
    }

    @Test func c() {
        #expect(highlight("#include <stdio.h>\nsize_t n = 0x1F; /* n */ printf(\"%zu\\n\", n);", "c") == """
        \(span("meta", "#include &lt;stdio.h&gt;"))
        \(span("type", "size_t")) n = \(span("number", "0x1F")); \(span("comment", "/* n */")) \(span("function", "printf"))(\(span("string", "&quot;%zu\\n&quot;")), n);
        """)
        // A preprocessor line stops where a comment starts; an unterminated string at its line's end.
        #expect(highlight("#define M \\\r\n  2\nx", "c") == "\(span("meta", "#define M \\"))\r\n  \(span("meta", "2"))\nx")
        #expect(highlight("#define N 1 // one\n\"open\nint", "h")
            == "\(span("meta", "#define N 1")) \(span("comment", "// one"))\n\(span("string", "&quot;open"))\n\(span("keyword", "int"))")
    }

    @Test func shell() {
        let code = """
        # build it
        export PATH="$HOME/bin:${PATH}"
        for f in *.md; do wc -l "$f" 2>&1 | sort; done
        CC=clang make 'all' $1
        """
        #expect(highlight(code, "bash") == """
        \(span("comment", "# build it"))
        \(span("keyword", "export")) \(span("variable", "PATH"))=\(span("string", "&quot;"))\(span("variable", "$HOME"))\(span("string", "/bin:"))\(span("variable", "${PATH}"))\(span("string", "&quot;"))
        \(span("keyword", "for")) f \(span("keyword", "in")) *.md; \(span("keyword", "do")) \(span("function", "wc")) -l \(span("string", "&quot;"))\(span("variable", "$f"))\(span("string", "&quot;")) 2&gt;&amp;1 | \(span("function", "sort")); \(span("keyword", "done"))
        \(span("variable", "CC"))=clang \(span("function", "make")) \(span("string", "'all'")) \(span("variable", "$1"))
        """)
        // `#` inside a word is not a comment; `$#` is a variable.
        #expect(highlight("echo a#b $#", "sh") == "\(span("function", "echo")) a#b \(span("variable", "$#"))")
    }

    @Test func console() {
        let code = "$ swift build -c release\nBuilding for production...\n% echo \"done\" \\\n  now\n$\n"
        #expect(highlight(code, "shell-session") == """
        \(span("prompt", "$")) \(span("function", "swift")) build -c release
        Building for production...
        \(span("prompt", "%")) \(span("function", "echo")) \(span("string", "&quot;done&quot;")) \\
          now
        \(span("prompt", "$"))

        """)
    }

    @Test func json() {
        #expect(highlight("{\"name\" : \"Primer\", \"n\": [-1.5e3, true, null] // c\n}", "jsonc")
            == "{\(span("attr", "&quot;name&quot;")) : \(span("string", "&quot;Primer&quot;")), \(span("attr", "&quot;n&quot;")): [\(span("number", "-1.5e3")), \(span("keyword", "true")), \(span("keyword", "null"))] \(span("comment", "// c"))\n}")
    }

    @Test func xmlAndPlist() {
        let code = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "x.dtd">
        <plist version="1.0"><dict>
          <!-- keys -->
          <key>A &amp; B</key><string><![CDATA[a < b]]></string>
          <true/>
        </dict></plist>
        """
        #expect(highlight(code, "plist") == """
        \(span("meta", "&lt;?xml version=&quot;1.0&quot; encoding=&quot;UTF-8&quot;?&gt;"))
        \(span("meta", "&lt;!DOCTYPE plist PUBLIC &quot;-//Apple//DTD PLIST 1.0//EN&quot; &quot;x.dtd&quot;&gt;"))
        \(span("tag", "&lt;plist")) \(span("attr", "version"))=\(span("string", "&quot;1.0&quot;"))\(span("tag", "&gt;&lt;dict&gt;"))
          \(span("comment", "&lt;!-- keys --&gt;"))
          \(span("tag", "&lt;key&gt;"))A \(span("meta", "&amp;amp;")) B\(span("tag", "&lt;/key&gt;&lt;string&gt;"))\(span("meta", "&lt;![CDATA["))a &lt; b\(span("meta", "]]&gt;"))\(span("tag", "&lt;/string&gt;"))
          \(span("tag", "&lt;true/&gt;"))
        \(span("tag", "&lt;/dict&gt;&lt;/plist&gt;"))
        """)
        #expect(highlight("<a href=x data-y='1'>&</a>", "html")
            == "\(span("tag", "&lt;a")) \(span("attr", "href"))=\(span("string", "x")) \(span("attr", "data-y"))=\(span("string", "'1'"))\(span("tag", "&gt;"))&amp;\(span("tag", "&lt;/a&gt;"))")
    }

    @Test func diff() {
        let code = "diff --git a/f b/f\nindex 1..2\n--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@ func\n same\n-old\n+new\n\\ No newline at end of file\n"
        #expect(highlight(code, "patch") == """
        \(span("meta", "diff --git a/f b/f"))
        \(span("meta", "index 1..2"))
        \(span("meta", "--- a/f"))
        \(span("meta", "+++ b/f"))
        \(span("meta", "@@ -1,2 +1,2 @@ func"))
         same
        \(span("deleted", "-old"))
        \(span("inserted", "+new"))
        \(span("comment", "\\ No newline at end of file"))

        """)
    }

    @Test func languageTags() {
        #expect(Highlighter.highlight("x", language: "ruby") == nil)
        #expect(Highlighter.highlight("x", language: "") == nil)
        #expect(Highlighter.highlight("", language: "swift") == "")
        let expected: [String: String] = [
            "swift": "swift", "Swift": "swift", "objc": "objc", "objective-c": "objc", "objectivec": "objc", "obj-c": "objc",
            "m": "objc", "mm": "objc", "c": "c", "h": "c", "sh": "shell", "bash": "shell", "shell": "shell", "zsh": "shell",
            "console": "console", "shell-session": "console", "json": "json", "jsonc": "json", "xml": "xml", "plist": "xml",
            "svg": "xml", "html": "xml", "diff": "diff", "patch": "diff",
        ]
        for (tag, canonical) in expected { #expect(Highlighter.canonicalLanguage(tag) == canonical, "\(tag)") }
        #expect(Highlighter.canonicalLanguage("python") == nil)
    }
}

/// Properties every output must have, for every input and language.
enum HighlightInvariants {
    static let languages = ["swift", "objc", "c", "sh", "console", "json", "xml", "diff"]
    /// The letters after `hl-`: keyword, type, string, number, comment, attr, meta, tag (g),
    /// variable, prompt, inserted, deleted, function, regex.
    static let classes: Set<String> = ["k", "t", "s", "n", "c", "a", "m", "g", "v", "p", "i", "d", "f", "r"]

    /// The text of highlighted HTML: tags removed, the four entities unescaped.
    static func plainText(_ html: String) -> String {
        var text = ""
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<") {
            text += rest[..<open]
            rest = rest[open...].drop(while: { $0 != ">" }).dropFirst()
        }
        text += rest
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// What is wrong with the HTML's spans: unknown classes, nesting, line breaks or whitespace at
    /// the edges of a span, two neighbouring spans of one class; nil if nothing.
    static func spanProblem(_ html: String) -> String? {
        let opening = "<span class=\"hl-", closing = "</span>"
        var rest = Substring(html)
        var lastClass: String?
        var lastEnded: Substring.Index?
        while let open = rest.range(of: opening) {
            let between = rest[..<open.lowerBound]
            if between.contains("<") || between.contains(">") { return "stray tag or bracket in \(between)" }
            let afterOpen = rest[open.upperBound...]
            guard let quote = afterOpen.firstIndex(of: "\""), afterOpen[quote...].hasPrefix("\">") else { return "bad tag" }
            let name = String(afterOpen[..<quote])
            guard classes.contains(name) else { return "unknown class \(name)" }
            let content = afterOpen[afterOpen.index(quote, offsetBy: 2)...]
            guard let close = content.range(of: closing) else { return "unclosed span" }
            let inner = content[..<close.lowerBound]
            if inner.isEmpty { return "empty span" }
            if inner.contains("<") || inner.contains(">") { return "nested tag in \(inner)" }
            if inner.contains("\n") || inner.contains("\r") { return "line break in span \(inner)" }
            if inner.first!.isWhitespace || inner.last!.isWhitespace { return "whitespace at a span's edge: \(inner)" }
            if lastClass == name, lastEnded == open.lowerBound { return "two neighbouring \(name) spans" }
            lastClass = name
            lastEnded = close.upperBound
            rest = content[close.upperBound...]
        }
        return rest.contains("<") || rest.contains(">") ? "stray tag after the last span" : nil
    }

    /// Every ``` fenced block in the course's chapters, and the sample sources.
    static func courseBlocks() throws -> [String] {
        let content = TestSupport.root.appendingPathComponent("Content")
        var blocks: [String] = []
        let files = FileManager.default.enumerator(at: content, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        for file in files.sorted(by: { $0.path < $1.path }) where ["swift", "md"].contains(file.pathExtension) {
            let text = try String(contentsOf: file, encoding: .utf8)
            if file.pathExtension == "swift" { blocks.append(text) }
            guard file.pathExtension == "md" else { continue }
            var block: [Substring]?
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("```") {
                    if let lines = block { blocks.append(lines.joined(separator: "\n") + "\n"); block = nil } else { block = [] }
                } else {
                    block?.append(line)
                }
            }
        }
        return blocks
    }

    /// Inputs that break naive lexers.
    static let tricky: [String] = [
        "", " ", "\n", "\r\n", "\t x \t", "\"", "'", "`", "\\", "$", "@", "#", "<", ">", "&", "%", "/", "*", "-", "+",
        "\"unterminated", "'open", "/* never closed", "/* nested /* twice */", "// last line without newline",
        "let s = \"\"\"\nopen multi-line", "#\"raw", "\"\\", "'\\", "${unclosed", "$(", "<!-- open", "<![CDATA[ open",
        "<a b=\"open", "<a b=", "<a", "</", "<?xml", "<!DOCTYPE", "&amp", "&#;", "0x", "1e+", "-", "@@", "+++", "---",
        "</script><script>alert(1)</script>", "a && b || c > d < e", "\"quotes\" & 'apostrophes'",
        "let café = \"naïve ☕️\" // 👍🏽 emoji\n", "让 名字 = \"你好，世界\" /* 注释 */\n", "🇺🇸🇫🇷\u{200D}\u{0301}",
        "line one\r\nline two\r\n\"crlf\r\nstring\"\r\n/* crlf\r\ncomment */\r\n", "$ echo \"a\r\nb\"\r\n% \r\n",
        "key: \"value\" # comment\n{\"a\":1}\n", "#include \\\n  <x.h>\n#define X \\\r\n 1\n", "@\"x\\\"y\" @[@1] @{} @(2)",
        "echo $@ $? ${#a[@]} \"$(date) ${x:-y}\" 2>&1 &> f \\\n  next", "+\n-\n@@\n \n\\\n",
        String(repeating: "(", count: 300) + String(repeating: "[", count: 300),
        String(repeating: "/*", count: 100) + String(repeating: "\"", count: 101),
    ]

    /// Random text over bytes the lexers care about, the same every run.
    static func fuzz(count: Int) -> [String] {
        let alphabet = ["a", "Z", "NS", "if", "in", "1", ".", "\"", "'", "`", "\\", "$", "{", "}", "(", ")", "[", "]", "<", ">", "/", "*",
                        "#", "@", "&", ";", ":", "=", "-", "+", "!", "?", "|", "%", "\n", "\r\n", "\r", " ", "\t", "é", "日", "👍🏽",
                        "<!--", "-->", "]]>", "\"\"\"", "#/", "/#", "\\(", "$ ", "@@ "]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33)
        }
        return (0..<count).map { _ in (0..<(next() % 40)).map { _ in alphabet[next() % alphabet.count] }.joined() }
    }
}

@Suite struct HighlightInvariantTests {
    @Test func everyInputComesBackExactly() throws {
        let inputs = try HighlightInvariants.courseBlocks() + HighlightInvariants.tricky + HighlightInvariants.fuzz(count: 400)
        #expect(inputs.count > 500)
        for language in HighlightInvariants.languages {
            for input in inputs {
                let html = try #require(Highlighter.highlight(input, language: language))
                #expect(HighlightInvariants.plainText(html) == input, "\(language): \(input.debugDescription)")
                if let problem = HighlightInvariants.spanProblem(html) {
                    Issue.record("\(language): \(problem) in \(input.debugDescription)")
                }
            }
        }
    }

    @Test func courseCodeIsHighlighted() throws {
        let blocks = try HighlightInvariants.courseBlocks()
        #expect(blocks.count > 40)
        let swift = blocks.compactMap { Highlighter.highlight($0, language: "swift") }.joined()
        for kind in ["keyword", "type", "string", "number", "comment"] { #expect(swift.contains(css(kind)), "\(kind)") }
    }

    @Test func parallelOutputMatchesSerialByteForByte() throws {
        let blocks = try HighlightInvariants.courseBlocks() + HighlightInvariants.tricky
        let jobs = HighlightInvariants.languages.flatMap { language in blocks.map { (language, $0) } }
        let serial = jobs.map { Highlighter.highlight($0.1, language: $0.0) }
        for _ in 0..<3 {
            let parallel = parallelMap(jobs) { Highlighter.highlight($0.1, language: $0.0) }
            #expect(parallel == serial)
        }
    }

    /// Unclosed constructs repeated many times: a lexer that rescans from each one would be
    /// quadratic and take minutes here.
    @Test func pathologicalInputsStayLinear() throws {
        let patterns = ["${", "\"", "'", "/*", "<a ", "<!", "&a", "@", "#", "$ x ", "\\", "0x", "<a b=", "\"a\" ", "<![CDATA[", "<?", "`", "$(", "+"]
        let start = ContinuousClock.now
        for pattern in patterns {
            let input = String(repeating: pattern, count: 40_000 / pattern.utf8.count)
            for language in HighlightInvariants.languages where language != "swift" {
                let html = try #require(Highlighter.highlight(input, language: language))
                #expect(HighlightInvariants.plainText(html) == input, "\(language): \(pattern)")
            }
        }
        let swift = String(repeating: "let s = \"\\(a) /* ", count: 1_000)
        #expect(HighlightInvariants.plainText(highlight(swift, "swift")) == swift)
        #expect(ContinuousClock.now - start < .seconds(60))
    }

    @Test func aTypicalSwiftBlockHighlightsTheSameEveryTime() throws {
        let block = """
        struct Fraction: Equatable, CustomStringConvertible {
            var numerator: Int
            var denominator: Int

            /// Creates a fraction in lowest terms.
            init(_ numerator: Int, _ denominator: Int) {
                precondition(denominator != 0, "denominator must not be zero")
                let divisor = gcd(abs(numerator), abs(denominator))
                self.numerator = numerator / divisor
                self.denominator = denominator / divisor
            }

            var description: String { "\\(numerator)/\\(denominator)" }

            static func + (lhs: Fraction, rhs: Fraction) -> Fraction {
                Fraction(lhs.numerator * rhs.denominator + rhs.numerator * lhs.denominator,
                         lhs.denominator * rhs.denominator)
            }
        }

        """
        // Speed lives in `make bench`; here, the same block always highlights the same way.
        let first = try #require(Highlighter.highlight(block, language: "swift"))
        for _ in 0..<20 { #expect(Highlighter.highlight(block, language: "swift") == first) }
        #expect(first.contains("hl-k") && first.contains("hl-t"))
    }
}
