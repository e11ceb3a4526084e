import CourseModel
@testable import Extras
import PrimerTestSupport
import Testing

@Suite struct PageInputTests {
    static let chapter = """
        Intro with `Array.count`.

        ## Values {#values}

        ```swift {#lst-one title="One.swift"}
        let names = [String]()
        ```

        Plain words.

        ### Inside `Set`
        """

    func input(_ text: String) -> Extras.PageInput {
        let (course, diagnostics) = resolveCourse([("c", [en: text])], locales: [en])
        #expect(!diagnostics.hasErrors, "\(diagnostics)")
        return Extras.PageInput(course.pages[en]![0])
    }

    @Test func theInputHoldsWhatTheGalleryAndTheIndexRead() {
        let code = input(Self.chapter).code
        #expect(code.items.map(\.text) == ["Array.count", "let names = [String]()\n", "Set"])
        // Every heading outside a container starts a section, whatever its level.
        #expect(code.items.map(\.section) == [-1, 0, 1])
        #expect(code.sections.map(\.id) == ["values", "inside-set"])
        #expect(code.sections.map(\.title) == ["Values", "Inside Set"])
        #expect(code.listings.map(\.id) == ["lst-one"])
        #expect(code.listings.first?.number?.numbering == Numbering([1, 1], chapter: .number(1)))
    }

    @Test func theKeyChangesWithEveryFieldTheExtrasRead() {
        let key = input(Self.chapter).key
        #expect(input(Self.chapter).key == key)
        // Words without code leave what the extras read as it was.
        #expect(input(Self.chapter.replacingOccurrences(of: "Plain words.", with: "Other words.")).key == key)
        for edit in [("Array.count", "Array.first"), ("## Values", "## Numbers"), ("{#lst-one", "{#lst-two"),
                     ("let names", "let titles"), ("### Inside `Set`", "### Inside `Dictionary`"), ("Plain words.", "```swift\nlet x = 1\n```")] {
            #expect(input(Self.chapter.replacingOccurrences(of: edit.0, with: edit.1)).key != key, "\(edit)")
        }
    }

    @Test func theIndexPlacesANameFromTheInputs() {
        let (course, _) = resolveCourse([("c", [en: Self.chapter])], locales: [en])
        let entries = Extras.apiIndex(Extras.inputs(course), config: course.config, package: nil).0[en] ?? []
        #expect(entries.contains { $0.name == "Array" && $0.places.first?.sectionID == nil })
        let place = entries.first { $0.name == "String" }?.places.first
        #expect(place?.chapterID == "c")
        #expect(place?.section == "1.1")
        #expect(place?.sectionID == "values")
        #expect(place?.sectionTitle == "Values")
        #expect(place?.listingID == "lst-one")
        #expect(place?.listingNumber == Numbering([1, 1], chapter: .number(1)))
    }
}
