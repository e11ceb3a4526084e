import CourseModel
import Foundation
import Markdown
import PrimerTestSupport
import Renderer
import Testing

/// cmark-gfm mutates shared state when extensions are attached: parsing is serialized
/// behind a lock. This proves parallel parse+render gives exactly the serial output.
@Suite struct ParallelRenderTests {
    static func document(_ n: Int) -> String {
        """
        ## Part \(n) {#p\(n)}

        Text with **bold \(n)**, ~~struck~~, `code`, www.example\(n).org and a footnote[^f\(n)].

        | a | b \(n) |
        | - | -: |
        \((0..<(n % 7 + 1)).map { "| \($0) | ~~\($0 * n)~~ |" }.joined(separator: "\n"))

        - [x] task \(n)
        - [ ] open

        > [!TIP]
        > Nested *\(n)* <b>raw</b>

        ```swift {title="F\(n).swift"}
        print(\(n))
        ```

        [^f\(n)]: Footnote \(n).
        """
    }

    static func render(_ n: Int) -> String {
        let (doc, _) = ChapterParser.parse(document(n), path: "d\(n).md")
        return HTMLRenderer.render(doc, strings: UIStrings(locale: en, entries: [:]), rawHTML: false)
    }

    @Test func parallelRendersMatchSerialByteForByte() {
        let count = 400
        let serial = (0..<count).map(Self.render)
        for _ in 0..<3 {
            let parallel = parallelMap(Array(0..<count)) { Self.render($0) }
            #expect(parallel == serial)
        }
        #expect(serial[3].contains("<del>9</del>"))
        #expect(Set(serial).count == count)
    }
}
