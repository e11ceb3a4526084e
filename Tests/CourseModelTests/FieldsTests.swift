import CourseModel
import Testing

/// The caches' file format: records of tab-separated fields, escapes inside fields.
@Suite struct FieldsTests {
    static func sample() -> [UInt8] {
        var writer = Fields.Writer()
        writer.record("page")
        writer.add("a\tb")
        writer.add("line 1\nline 2")
        writer.add("back\\slash \\t")
        writer.add(42)
        writer.add(true)
        writer.optional(nil)
        writer.optional("x")
        writer.record("empty")
        writer.add("")
        return writer.encoded
    }

    @Test func tabsNewlinesAndBackslashesInAFieldAreEscaped() {
        #expect(String(decoding: Self.sample(), as: UTF8.self)
                == "page\ta\\tb\tline 1\\nline 2\tback\\\\slash \\\\t\t42\t1\t-\t+x\nempty\t\n")
    }

    @Test func whatIsWrittenIsReadBack() {
        let records = Fields.decode(Self.sample())
        #expect(records == [["page", "a\tb", "line 1\nline 2", "back\\slash \\t", "42", "1", "-", "+x"], ["empty", ""]])
        var reader = Fields.Reader(records[0])
        let texts = [reader.string(), reader.string(), reader.string()]
        let number = reader.int(), flag = reader.bool(), none = reader.optional(), some = reader.optional()
        #expect(texts == ["a\tb", "line 1\nline 2", "back\\slash \\t"])
        #expect(number == 42 && flag && none == nil && some == "x")
        #expect(reader.atEnd && !reader.failed)
    }

    /// A file cut short (a build killed while writing) loses only its unfinished record.
    @Test(arguments: [1, 2, 5, 7])
    func aTruncatedFileKeepsOnlyItsWholeRecords(cut: Int) {
        let bytes = Self.sample()
        let records = Fields.decode(Array(bytes.dropLast(cut)))
        #expect(records == [["page", "a\tb", "line 1\nline 2", "back\\slash \\t", "42", "1", "-", "+x"]])
        #expect(Fields.decode(Array(bytes.prefix(5))) == [])
        // Cut just after the backslash of an escape.
        #expect(Fields.decode(Array(bytes.prefix(7))) == [])
    }

    @Test func aMissingOrMalformedFieldFailsTheReader() {
        var past = Fields.Reader(["kind", "7"])
        let seven = past.int()
        #expect(seven == 7 && !past.failed)
        _ = past.string()
        #expect(past.failed)
        var number = Fields.Reader(["kind", "seven"])
        _ = number.int()
        #expect(number.failed)
        var optional = Fields.Reader(["kind", "x"])
        let value = optional.optional()
        #expect(value == nil && optional.failed)
    }

    @Test func aDiagnosticIsReadBackWithItsPlacesAndCode() {
        let diagnostic = Diagnostic(.warning, "a message\twith a tab", at: SourceLocation(path: "en/a:b.md", line: 3, column: 7),
                                    suggestion: "do this", related: [SourceLocation(path: "en/c.md", line: 1, column: 2)],
                                    code: .unknownReference)
        var writer = Fields.Writer()
        writer.record("diagnostic")
        Fields.write(diagnostic, into: &writer)
        var reader = Fields.Reader(Fields.decode(writer.encoded)[0])
        let read = Fields.readDiagnostic(&reader)
        #expect(read == diagnostic)

        var unknownCode = Fields.Reader(["diagnostic", "warning", "+PRM999", "-", "m", "-", "0"])
        #expect(Fields.readDiagnostic(&unknownCode) == nil)
        var cutShort = Fields.Reader(["diagnostic", "warning", "-", "-", "m", "-", "2", "1:1:a.md"])
        #expect(Fields.readDiagnostic(&cutShort) == nil)
    }
}
