import CourseModel
import Foundation
@testable import Markdown
import PrimerTestSupport
import Testing

/// Debian's cmark-gfm takes time that grows with the square of a paragraph's `[` when links
/// close inside it (`![[]()` × 40,000: 13 s; × 160,000: over five minutes): a block with more
/// than 5,000 is an error at its first line, before cmark sees it, and nothing real is refused.
@Suite struct BracketLimitTests {
    static func repeated(_ text: String, _ count: Int) -> String { String(repeating: text, count: count) }

    @Test func aBlockWithTooManyBracketsIsAnErrorAtItsFirstLine() {
        let (_, diagnostics) = TestSupport.parse("Intro.\n\nText\n" + Self.repeated("![[]()", 160_000) + "\n", path: "c.md")
        let errors = diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1)
        #expect(errors.first?.code == .nestingTooDeep)
        #expect(errors.first?.location?.line == 3)
        // Lines that only look like a fence, a list or a break do not reset the count.
        for disguise in ["```a`b\n", "    ```\n", "-\n", "  - \n"] {
            let text = "Text\n" + disguise + Self.repeated("![[]()\n", 6_000)
            #expect(blockWithTooManyBrackets(Array(text.utf8)) != nil, "\(disguise.debugDescription)")
        }
    }

    @Test func realTextWithManyBracketsIsRead() {
        let cases = [
            Self.repeated("[a](b) ", 4_900),
            Self.repeated("See [a](b).\n\n", 6_000),
            Self.repeated("- [a](b)\n", 6_000),
            "```swift\nlet a = [" + Self.repeated("[1], ", 6_000) + "]\n```\n\nAfter.",
            "~~~\n" + Self.repeated("[[[\n", 3_000) + "~~~\n\n[a](b)",
        ]
        for text in cases {
            #expect(blockWithTooManyBrackets(Array(text.utf8)) == nil, "\(text.prefix(30))")
            let (_, diagnostics) = TestSupport.parse(text)
            #expect(!diagnostics.contains { $0.severity == .error }, "\(text.prefix(30))")
        }
    }
}
