import CourseModel
import Testing

/// The cache keys' hashes give the same value in every run and on every machine: the values
/// below were worked out from the algorithms' definitions (FNV-1a lanes; 64-bit words), apart
/// from the code.
@Suite struct StableHashTests {
    static func stable(_ parts: [String]) -> StableHash {
        var hash = StableHash()
        for part in parts { hash.add(part) }
        return hash
    }

    @Test func knownValues() {
        #expect(Self.stable([]).hex == "cbf29ce4842223256c62272e07bb0142")
        #expect(Self.stable([""]).hex == "af63bd4c8601b7dfe5ca503722c3f427")
        #expect(Self.stable(["abc"]).hex == "fc17b883ee074f58585ef42c0ed81e98")
        #expect(Self.stable(["Привет, мир"]).hex == "729f36bfb55c6646727d01bcd54b4f8e")
        #expect(Self.stable(["abc"]).short == "fc17b883ee074f58")
    }

    @Test func piecesAreDelimited() {
        #expect(Self.stable(["ab", "c"]).hex == "9b03a82f48f10a60c80f391460299389")
        #expect(Self.stable(["a", "bc"]).hex == "3ba8b80874c9ff724720fca06fa16e8f")
    }

    @Test func bytesAndTextHashAlike() {
        var bytes = StableHash()
        bytes.add(Array("Привет, мир".utf8))
        #expect(bytes.hex == Self.stable(["Привет, мир"]).hex)
    }
}
