import ContentCache
import PrimerTestSupport
import Testing

@Suite struct EncodedKeyTests {
    struct Item: Encodable {
        var name: String
        var note: String?
        var count: Int
        var flag = false
    }

    struct Input: Encodable {
        var groups: [[Item]]
        var first: Item?
        var scores: [Int32] = []
    }

    func key(_ value: some Encodable) -> String { ContentKey("test-v1", encoding: value).hex }

    @Test func equalValuesGiveEqualKeys() {
        let input = Input(groups: [[Item(name: "a", note: nil, count: 1)]], first: nil)
        #expect(key(input) == key(input))
        #expect(key(input).count == 64)
        #expect(ContentKey("other-v1", encoding: input).hex != key(input))
    }

    @Test func everyFieldAndEveryShapeCounts() {
        let a = Item(name: "a", note: nil, count: 1), b = Item(name: "b", note: nil, count: 1)
        let values: [Input] = [
            Input(groups: [], first: nil),
            Input(groups: [[]], first: nil),
            Input(groups: [[], []], first: nil),
            Input(groups: [[a, b]], first: nil),
            Input(groups: [[a], [b]], first: nil),
            Input(groups: [[a]], first: b),
            Input(groups: [[a], [b]], first: nil, scores: [1]),
            Input(groups: [[Item(name: "a", note: "", count: 1)]], first: nil),
            Input(groups: [[Item(name: "a", note: nil, count: 2)]], first: nil),
            Input(groups: [[Item(name: "a", note: nil, count: 1, flag: true)]], first: nil),
            Input(groups: [[Item(name: "", note: "a", count: 1)]], first: nil),
            Input(groups: [[a]], first: nil),
        ]
        let keys = values.map(key)
        #expect(Set(keys).count == values.count, "\(keys)")
    }
}
