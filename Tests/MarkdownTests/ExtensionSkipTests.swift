import CourseModel
import Foundation
@testable import Markdown
import PrimerTestSupport
import Testing

/// cmark-gfm's autolink and tasklist extensions are attached only to texts that could use them
/// (`usableExtensions`). Without them the tree must be exactly the same: checked on every
/// chapter of the course and the fixtures, on tricky texts, and on random ones.
@Suite struct ExtensionSkipTests {
    func sameTree(_ text: String) -> Bool {
        let skipped = parseWithCmark(text, path: "t.md", lineOffset: 0)
        let full = parseWithCmark(text, path: "t.md", lineOffset: 0, allExtensions: true)
        return skipped.blocks == full.blocks && skipped.diagnostics == full.diagnostics
    }

    @Test func theTriggersAreFound() {
        func usable(_ text: String) -> [String: Bool] { usableExtensions(Array(text.utf8)) }
        #expect(usable("plain text: nothing here") == ["autolink": false, "tasklist": false])
        #expect(usable("mail me@example.com")["autolink"] == true)
        #expect(usable("see https://swift.org")["autolink"] == true)
        #expect(usable("see WWW.swift.org")["autolink"] == true)
        #expect(usable("mailto:x")["autolink"] == true && usable("XMPP:x")["autolink"] == true)
        #expect(usable("- [x] done")["tasklist"] == true && usable("a[i]")["tasklist"] == true)
        #expect(usable("a[]b [ab]")["tasklist"] == false)
    }

    @Test func everyCourseChapterParsesToTheSameTree() throws {
        // FileTree, as the loader lists files: hidden folders such as Samples/.build are not entered.
        let files = [TestSupport.root.appendingPathComponent("Content"), TestSupport.fixtures].flatMap { root in
            FileTree.regularFiles(under: root.path, hidden: false).filter { $0.hasSuffix(".md") }.map { root.appendingPathComponent($0) }
        }
        #expect(files.count >= 8)
        for file in files {
            #expect(sameTree(TestSupport.read(file)), "\(file.path)")
        }
    }

    @Test func trickyTextsParseToTheSameTree() {
        let texts = [
            "Time: 10:30, ratio 1:2, key: value, `a::b`, Swift.print(x) w. ww. wwwx www", "a *b:c* **w:w** ~x:y~ [l:k](u:v)",
            "- [ ] open\n- [x] done\n- [X] also\n- [y] not a task", "> - [ ] in a quote\n>   more", "1. [ ]\n2. [x] x",
            "x@y", "@@", "ftp://a.b", "www.swift.org/a_b.", "(www.x.y)", "<https://swift.org>", "http:/x", "a :// b",
            "| a | b |\n|---|---|\n| w:w | [x] |", "```\nwww.x.com [x]\n```", "[x]: http://x\n\n[x]", "Footnote[^1]\n\n[^1]: a@b",
            "mailto:someone@example.com and xmpp:me@jabber.org", "`www.code.com` and <span>a@b</span>", "W w W. :w: [w]",
        ]
        for text in texts { #expect(sameTree(text), "\(text)") }
    }

    @Test func randomTextsParseToTheSameTree() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["w", "W", ".", ":", "/", "@", "[", "]", " ", "x", "X", "\n", "- ", "> ", "*", "~", "`", "(", ")", "|", "-",
                      "http", "www", "mailto", "xmpp", "1. ", "#", "a", "é", "\t"]
        var skipping = 0
        for _ in 0..<400 {
            let text = (0..<Int.random(in: 1...60, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            if usableExtensions(Array(text.utf8)).values.contains(false) { skipping += 1 }
            #expect(sameTree(text), "\(text.debugDescription)")
        }
        #expect(skipping >= 100, "too few random texts leave an extension out: \(skipping)")
    }
}
