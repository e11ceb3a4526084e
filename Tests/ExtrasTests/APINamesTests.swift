import CourseModel
@testable import Extras
import Foundation
import PrimerTestSupport
import Testing

@Suite struct APINamesTests {
    @Test func identifiersAreToldApartFromStringsAndComments() {
        let found = APINames.scan("""
        import Foundation
        // Date and JSONDecoder are only mentioned in this comment.
        struct Note: Codable { var title: String }
        let text = "URLSession is only inside a string"
        let sorted = [3, 1].sorted()
        print(sorted.map { $0 * 2 }, Note(title: "x").title.count)
        let id = UUID()
        """)
        #expect(found.declared.isSuperset(of: ["Note", "title", "text", "sorted", "id"]))
        #expect(found.used.isSuperset(of: ["Codable", "String", "print", "map", "count", "UUID"]))
        #expect(found.used.isDisjoint(with: ["Date", "JSONDecoder", "URLSession"]))
    }

    @Test func inlineCodeNamesAPI() {
        #expect(Extras.names(inSpan: "NSObject", known: []) == ["NSObject"])
        #expect(Extras.names(inSpan: "String.count", known: []) == ["String", "count"])
        #expect(Extras.names(inSpan: "isKnownUniquelyReferenced(_:)", known: []) == ["isKnownUniquelyReferenced"])
        #expect(Extras.names(inSpan: "album.caption", known: []) == [])
        #expect(Extras.names(inSpan: "sorted()", known: ["sorted"]) == ["sorted"])
        #expect(Extras.names(inSpan: "temp", known: []) == [])
        #expect(Extras.names(inSpan: "-add:", known: []) == [])
    }

    @Test func apiNamesKeepLatinOrder() {
        #expect(["map", "Array", "array", "Zebra", "_private", "Bool"].sorted(by: Extras.latinOrder) == ["_private", "Array", "array", "Bool", "map", "Zebra"])
    }
}
