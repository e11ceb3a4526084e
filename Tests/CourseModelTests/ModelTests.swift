import CourseModel
import PrimerTestSupport
import Testing

@Suite struct LocaleTagTests {
    @Test(arguments: ["en", "ru", "zh-Hans", "zh-Hans-CN", "sr-Latn-RS", "de-CH-1996", "es-419", "en-US-u-ca-gregory", "x-private", "ast"])
    func wellFormed(_ tag: String) { #expect(LocaleTag(tag) != nil) }

    @Test(arguments: ["", "e", "en_US", "zh-", "-en", "toolongtag1", "en--US", "en-US-u", "1en"])
    func malformed(_ tag: String) { #expect(LocaleTag(tag) == nil) }

    @Test(arguments: [("EN", "en"), ("zh-hans", "zh-Hans"), ("ZH-HANT-tw", "zh-Hant-TW"), ("pt-br", "pt-BR"), ("SR-LATN-RS", "sr-Latn-RS"),
                      ("es-419", "es-419"), ("DE-ch-1996", "de-CH-1996"), ("en-US-U-CA-Gregory", "en-US-u-ca-gregory"), ("X-Private", "x-private"),
                      ("en-x-AB-CD", "en-x-ab-cd"), ("AST", "ast")])
    func canonicalCase(_ tag: String, _ canonical: String) { #expect(LocaleTag(tag)!.canonicalCase.rawValue == canonical) }

    @Test func fallbackChainGoesThroughParentsToSource() {
        #expect(LocaleTag("zh-Hans-CN")!.fallbackChain(source: en).map(\.rawValue) == ["zh-Hans-CN", "zh-Hans", "zh", "en"])
        #expect(en.fallbackChain(source: en).map(\.rawValue) == ["en"])
    }
}

@Suite struct UIStringsTests {
    @Test func formatsPositionalAndSequentialSpecifiers() {
        #expect(UIStrings.format("Listing %1$@.%2$@", ["4", "1"]) == "Listing 4.1")
        #expect(UIStrings.format("代码清单 %1$@-%2$@", ["4", "1"]) == "代码清单 4-1")
        #expect(UIStrings.format("%2$@ then %1$@", ["a", "b"]) == "b then a")
        #expect(UIStrings.format("%@ and %lld and %d%%", ["x", "2", "3"]) == "x and 2 and 3%")
    }

    @Test func suggestsTheClosestCandidate() {
        #expect(closestMatch(to: "retain-cycle", in: ["retain-cycles", "arc", "copy-on-write"]) == "retain-cycles")
        #expect(closestMatch(to: "zzzz", in: ["retain-cycles", "arc"]) == nil)
    }

    @Test func diagnosticsPrintLikeACompiler() {
        let d = Diagnostic.error(.unknownReference, "broken", at: SourceLocation(path: "Content/en/a.md", line: 3, column: 7), suggestion: "fix it")
        #expect(d.description == "Content/en/a.md:3:7: error: broken [PRM023]\n    fix it")
        // The code goes after the first line: a diff or a program's stderr may follow.
        let long = Diagnostic.error(.sampleOutput, "printed something else:\n--- a\n+++ b", at: SourceLocation(path: "x.txt", line: 1, column: 1))
        #expect(long.description == "x.txt:1:1: error: printed something else: [PRM030]\n--- a\n+++ b")
        #expect(Diagnostic(.warning, "plain").description == "primer: warning: plain")
    }
}

@Suite struct ReadingTimeTests {
    let at = Position(line: 1, column: 1)

    /// Words of prose in every script (inline code is read as words), two CJK characters making
    /// one, three a line of code.
    @Test func wordsCountProseInEveryScriptAndCode() {
        let document = Document(blocks: [
            .paragraph([.text("A retain cycle's two objects — don't leak them.")], at),  // 8 words
            .heading(Heading(level: 2, content: [.text("Сильные ссылки")], attributes: Attributes(), position: at)),  // 2
            .quote([.paragraph([.text("写时复制"), .code("reversed()")], at)]),  // 4 characters: 2; 1 word
            .code(CodeBlock(language: "swift", code: "let a = 1\nprint(a)\n", attributes: Attributes(), position: at)),  // 2 lines: 6
        ])
        #expect(ChapterPage.readingWords(in: document) == 19)
        #expect(ChapterPage.readingMinutes(in: document) == 1)
        let long = Document(blocks: Array(repeating: .paragraph([.text(String(repeating: "word ", count: 100))], at), count: 50))
        #expect(ChapterPage.readingMinutes(in: long) == 25)  // 5,000 words at 200 a minute
    }
}
