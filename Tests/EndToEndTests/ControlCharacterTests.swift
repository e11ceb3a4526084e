import Foundation
@testable import Loader
import PrimerTestSupport
import Testing

/// Control characters in a chapter (an escape sequence pasted from a terminal, a stray bell)
/// never reach a page: each chapter that holds them gets one warning at the first, and the
/// text is built without them.
@Suite struct ControlCharacterTests {
    @Test func aChaptersControlCharactersAreLeftOutWithAWarningAtTheFirst() throws {
        let folder = try TestSupport.copyFixture("basic")
        let chapter = folder.appendingPathComponent("Content/en/intro.md")
        var text = TestSupport.read(chapter)
        text = text.replacingOccurrences(of: "## Getting started {#start}", with: "## Getting \u{1B}]0;X\u{07}started {#start}")
        text += "\nA line\u{1B}[2J with\u{0} a\u{85} few\u{7F}. Tab\tand CRLF\r\nstay.\n"
        try TestSupport.write(text, to: chapter)
        let run = try TestSupport.run(["build", "--no-editions", "--templates", TestSupport.templates], in: folder)
        #expect(run.status == 0, "\(run.output)")
        let warning = "Content/en/intro.md:7:12: warning: the chapter holds control characters (\\u{1B}, \\u{7}, \\u{0}, \\u{85}, \\u{7F}); they are left out [PRM001]"
        #expect(run.output.contains(warning), "\(run.output)")
        let page = TestSupport.read(folder.appendingPathComponent("site/en/intro.html"))
        #expect(page.contains("Getting ]0;Xstarted"))
        #expect(page.contains("A line[2J with a few. Tab\tand CRLF"))
        #expect(!page.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n" && $0 != "\t" && $0 != "\r") || (0x7F...0x9F).contains($0.value) })
    }

    @Test func aChapterWithoutControlCharactersIsTakenAsItIs() {
        let text = "---\ntitle: T\n---\nTabs\tand CRLF\r\nand Ünïcödé — 中文 \u{A0}.\n"
        #expect(CourseLoader.withoutControlCharacters(text, path: "t.md") == nil)
        let (kept, warning) = CourseLoader.withoutControlCharacters("---\ntitle: T\n---\nÜ\u{1B}x\n", path: "t.md")!
        #expect(kept == "---\ntitle: T\n---\nÜx\n")
        #expect(warning.location?.line == 4 && warning.location?.column == 2)
    }
}
