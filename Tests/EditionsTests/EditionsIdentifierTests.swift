import Editions
import Foundation
import Testing

/// The EPUB's identifier is a name-based UUID of the course's title, base URL and locale: the
/// same as the hand-written SHA-1 gave before swift-crypto's replaced it.
@Suite struct EditionsIdentifierTests {
    @Test func aFixedTitleKeepsItsIdentifier() throws {
        let input = try PathologicalEditionsTests.input("One paragraph.")
        let files = try EPUBTests.unzip(EPUBWriter.epub(input).bytes)
        let package = EPUBTests.text(files, "EPUB/package.opf")
        // uuid5(NAMESPACE_URL, "primer-epub\u{1F}Pathological\u{1F}\u{1F}en")
        #expect(package.contains("<dc:identifier id=\"book-id\">urn:uuid:790c54cc-266c-56f7-a396-c0a20b9968d3</dc:identifier>"), "\(package)")
    }
}
