import CourseModel
import Exchange
import Foundation
import Loader
import Localization
import PrimerTestSupport
import Testing

/// PO and XLIFF: the formats read back what they write, protected text survives a tool, and the
/// real course and catalog round-trip byte for byte.
@Suite struct ExchangeTests {
    static let course: CourseSources? = {
        CourseLoader.load(.init(contentPath: TestSupport.root.appendingPathComponent("Content").path, templatesPath: TestSupport.templates)).0
    }()

    @Test func poReadsBackWhatItWritesWithEscapesAndWrappedLines() throws {
        let long = String(repeating: "word ", count: 40) + "end"
        let entries = [
            POEntry(context: "memory#arc", id: "Line one\n\tTabbed \"quoted\" back\\slash\nlast", string: "Строка \"1\"\n\\n stays",
                    extractedComments: ["A note", "[[1]] = {#arc}"], references: ["Content/en/memory.md:39"], flags: ["fuzzy"]),
            POEntry(context: "memory#1", id: long, string: ""),
        ]
        let file = POFile(header: [("Language", "ru"), ("Content-Type", "text/plain; charset=UTF-8")], entries: entries)
        let text = PO.write(file)
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 79 })
        let (read, diagnostics) = PO.read(text, path: "t.po")
        #expect(diagnostics.isEmpty)
        let back = try #require(read)
        #expect(back == file)
        #expect(back.field("Language") == "ru")
        #expect(PO.write(back) == text)
    }

    /// What msgmerge writes: obsolete entries, previous msgids, a header entry, CRLF-free wrapping.
    @Test func poReadsWhatMsgmergeWrites() throws {
        let text = """
            # Translator's comment
            msgid ""
            msgstr ""
            "Language: zh-Hans\\n"
            "Content-Type: text/plain; charset=UTF-8\\n"

            #. Section arc
            #: Content/en/memory.md:39
            #, fuzzy
            #| msgctxt "memory#arc"
            #| msgid "Old "
            #| "text"
            msgctxt "memory#arc"
            msgid ""
            "New "
            "text"
            msgstr "旧文本 [[1]]"

            #~ msgctxt "memory#gone"
            #~ msgid "Gone"
            #~ msgstr "没了"

            """
        let (read, diagnostics) = PO.read(text, path: "t.po")
        #expect(diagnostics.isEmpty)
        let file = try #require(read)
        #expect(file.field("language") == "zh-Hans")
        #expect(file.entries.count == 1)
        let entry = try #require(file.entries.first)
        #expect(entry.id == "New text" && entry.string == "旧文本 [[1]]" && entry.isFuzzy && entry.previousID == "Old text")
        #expect(entry.stringLocation.line == 17)
    }

    @Test func protectedSpansBecomePlaceholdersAndComeBack() {
        let text = """
            ## Retain cycles {#retain-cycles .unnumbered}

            See [](#arc), [the table](memory.md#tbl-x) and `{#not-this}` in code. <!-- a note -->

            > [!NOTE]
            > Text

            ```swift {run}
            let x = [[1]]
            ```

            ![A figure](../images/a.svg){#fig-a}
            """
        let protected = ProtectedText(protecting: text)
        #expect(protected.items == ["{#retain-cycles .unnumbered}", "#arc", "memory.md#tbl-x", "<!-- a note -->", "[!NOTE]",
                                    "```swift {run}\nlet x = [[1]]\n```", "{#fig-a}"])
        #expect(protected.tokenized.hasPrefix("## Retain cycles [[1]]\n\nSee []([[2]]), [the table]([[3]]) and `{#not-this}` in code. [[4]]"))
        #expect(protected.restored() == text)
        // A literal token in prose is protected too, so that every token read back is one of ours.
        #expect(ProtectedText(protecting: "a [[2]] b").items == ["[[2]]"])
    }

    /// An edited unit whose placeholders do not match the source's is an error at the token's
    /// place (PO line and column), naming the unit and the placeholder; nothing is returned to write.
    @Test func placeholderErrorsAreAtTheirPlace() throws {
        let course = try #require(Self.course)
        let source = try #require(course.chapters["memory"]?[en])
        let translation = try #require(course.chapters["memory"]?[ru])
        let units = ChapterExchange.units(source: source, translation: translation)
        let unit = try #require(units.first { $0.key == "arc" })
        #expect(unit.source.items.count >= 1)
        let cases: [(String, String)] = [
            ("Раздел без id", "is missing"),
            ("Раздел [[1]] и снова [[1]]", "is there twice"),
            ("Раздел [[1]] [[99]]", "is not in the source"),
        ]
        for (target, message) in cases {
            var edited = units.map { u in POEntry(context: u.context, id: u.source.tokenized, string: u.target?.tokenized ?? "") }
            let index = try #require(units.firstIndex { $0.key == "arc" })
            edited[index].string = target
            let text = PO.write(POFile(header: [("Language", "ru")], entries: edited))
            let file = try #require(PO.read(text, path: "memory.po").0)
            let imported = ChapterFiles.read(po: file, path: "memory.po").units
            let result = ChapterExchange.apply(imported, source: source, translation: translation, translationFile: nil, translationPath: translation.path)
            #expect(result.text == nil)
            let error = try #require(result.diagnostics.first { $0.code == .exchangePlaceholder })
            #expect(error.message.contains("memory#arc") && error.message.contains(message), "\(error)")
            let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("msgctxt \"memory#arc\"") }! + 1
            #expect(error.location?.path == "memory.po")
            #expect((error.location?.line ?? 0) > line, "\(error)")
            if message != "is missing" {
                // The column of the token itself.
                let lineText = text.split(separator: "\n", omittingEmptySubsequences: false)[error.location!.line - 1]
                let column = error.location!.column
                #expect(lineText.dropFirst(column - 1).hasPrefix("[["), "\(lineText) at \(column)")
            }
        }
    }

    /// In XLIFF a dropped `<ph>` is an error at the target's line; an invented one at its own.
    @Test func xliffPlaceholderErrorsAreAtTheirPlace() throws {
        let course = try #require(Self.course)
        let source = try #require(course.chapters["memory"]?[en])
        let translation = try #require(course.chapters["memory"]?[ru])
        let units = ChapterExchange.units(source: source, translation: translation)
        let xliff = ChapterFiles.xliff([("memory", source.path, units)], source: en, target: ru)
        let lines = xliff.split(separator: "\n", omittingEmptySubsequences: false)
        let target = try #require(lines.firstIndex { $0.contains("<target") && $0.contains("ARC <ph id=\"1\">{#arc}</ph>") })
        for (replacement, message, atTarget) in [("ARC", "is missing", true), ("ARC <ph id=\"1\">{#arc}</ph> <x id=\"7\"/>", "is not in the source", false)] {
            let edited = xliff.replacingOccurrences(of: "ARC <ph id=\"1\">{#arc}</ph></target>", with: replacement + "</target>")
            #expect(edited != xliff)
            let root = try #require(XMLElementNode.parse(Data(edited.utf8), path: "chapters.xliff").0)
            let read = ChapterFiles.read(xliff: root, path: "chapters.xliff")
            let result = ChapterExchange.apply(read.units, source: source, translation: translation, translationFile: nil, translationPath: translation.path)
            #expect(result.text == nil)
            let error = try #require(result.diagnostics.first { $0.code == .exchangePlaceholder })
            #expect(error.message.contains("memory#arc") && error.message.contains(message), "\(error)")
            #expect(error.location?.path == "chapters.xliff" && error.location?.line == target + 1, "\(error)")
            if !atTarget { #expect(error.message.contains("[[7]]")) }
        }
    }

    /// Every chapter of the real course, into every translation, through PO and XLIFF and back
    /// with no edits: each translation file is the same, byte for byte.
    @Test(arguments: [ru, zh]) func everyChapterRoundTripsByteForByte(_ locale: LocaleTag) throws {
        let course = try #require(Self.course)
        var compared = 0
        for id in course.config.chapterIDs {
            let source = try #require(course.chapters[id]?[en])
            guard let translation = course.chapters[id]?[locale] else { continue }
            let file = try String(contentsOfFile: translation.path, encoding: .utf8)
            let units = ChapterExchange.units(source: source, translation: translation)

            let po = ChapterFiles.po(units, chapter: id, locale: locale)
            let poFile = try #require(PO.read(po, path: "\(id).po").0)
            #expect(PO.write(poFile) == po)
            let fromPO = ChapterFiles.read(po: poFile, path: "\(id).po")
            #expect(fromPO.locale == locale.rawValue)
            let poResult = ChapterExchange.apply(fromPO.units, source: source, translation: translation, translationFile: file, translationPath: translation.path)
            #expect(poResult.diagnostics.isEmpty, "\(poResult.diagnostics)")
            #expect(poResult.text == file, "\(id) (\(locale)) through PO")
            #expect(poResult.changedSections.isEmpty && poResult.marks.isEmpty)

            let xliff = ChapterFiles.xliff([(id, source.path, units)], source: en, target: locale)
            let root = try #require(XMLElementNode.parse(Data(xliff.utf8), path: "chapters.xliff").0)
            let fromXLIFF = ChapterFiles.read(xliff: root, path: "chapters.xliff")
            #expect(fromXLIFF.diagnostics.isEmpty)
            let xliffResult = ChapterExchange.apply(fromXLIFF.units, source: source, translation: translation, translationFile: file, translationPath: translation.path)
            #expect(xliffResult.text == file, "\(id) (\(locale)) through XLIFF")
            #expect(xliffResult.changedSections.isEmpty)
            compared += 1
        }
        #expect(compared == course.config.chapterIDs.count)
    }

    /// An edited unit changes that section and nothing else, keeping the file's blank lines
    /// and the translation's own protected text.
    @Test func anEditedUnitChangesExactlyThatSection() throws {
        let course = try #require(Self.course)
        let source = try #require(course.chapters["memory"]?[en])
        let translation = try #require(course.chapters["memory"]?[ru])
        let file = try String(contentsOfFile: translation.path, encoding: .utf8)
        let units = ChapterExchange.units(source: source, translation: translation)
        let unit = try #require(units.first { $0.key == "arc" })
        let oldText = try #require(unit.target).restored()
        var entries = units.map { POEntry(context: $0.context, id: $0.source.tokenized, string: $0.target?.tokenized ?? "") }
        let index = try #require(units.firstIndex { $0.key == "arc" })
        let edited = try #require(unit.target?.tokenized).replacingOccurrences(of: "ARC", with: "АРК")
        #expect(edited != unit.target?.tokenized)
        entries[index].string = edited
        let poFile = try #require(PO.read(PO.write(POFile(header: [("Language", "ru")], entries: entries)), path: "m.po").0)
        let result = ChapterExchange.apply(ChapterFiles.read(po: poFile, path: "m.po").units, source: source, translation: translation,
                                           translationFile: file, translationPath: translation.path)
        let text = try #require(result.text)
        #expect(result.changedSections == ["arc"])
        #expect(text == file.replacingOccurrences(of: oldText, with: oldText.replacingOccurrences(of: "ARC", with: "АРК")))
        #expect(result.marks["arc"] == ChapterSections.split(source).first { $0.key == "arc" }?.fingerprint)
    }

    static func catalogText() throws -> String { try String(contentsOfFile: TestSupport.templates + "/Localizable.xcstrings", encoding: .utf8) }

    /// The real catalog through Xcode's XLIFF and back: the same bytes; plural keys as Xcode
    /// names them.
    @Test(arguments: [ru, zh]) func theCatalogRoundTripsByteForByte(_ locale: LocaleTag) throws {
        let text = try Self.catalogText()
        let xliff = try #require(CatalogExchange.xliff(catalog: text, path: "Localizable.xcstrings", original: "Localizable.xcstrings", target: locale).0)
        #expect(xliff.contains("<tool tool-id=\"com.apple.dt.xcode\""))
        #expect(xliff.contains("|==|plural.other\" xml:space=\"preserve\">"))
        let root = try #require(XMLElementNode.parse(Data(xliff.utf8), path: "Localizable.xliff").0)
        let file = try #require(root.first("file"))
        #expect(file.attribute("original") == "Localizable.xcstrings" && file.attribute("target-language") == locale.rawValue)
        let targets = CatalogExchange.targets(of: file, path: "Localizable.xliff")
        #expect(targets.count > 100)
        let (back, changed, diagnostics) = CatalogExchange.apply(targets, to: text, path: "Localizable.xcstrings", locale: locale.rawValue)
        #expect(diagnostics.isEmpty)
        #expect(changed == 0)
        #expect(back == text)
    }

    /// An edited target changes that value (and its state) in place; a new plural form and a
    /// new localization are added in Xcode's style and read back by the catalog reader.
    @Test func anEditedCatalogTargetChangesThatValue() throws {
        let text = try Self.catalogText()
        let xliff = try #require(CatalogExchange.xliff(catalog: text, path: "L", original: "Localizable.xcstrings", target: ru).0)
        let file = try #require(XMLElementNode.parse(Data(xliff.utf8), path: "L.xliff").0?.first("file"))
        var targets = CatalogExchange.targets(of: file, path: "L.xliff")
        let index = try #require(targets.firstIndex { $0.key == "api_index_docs" })
        targets[index].value = "документация \"API\""
        targets[index].state = "needs_review"
        let (edited, changed, diagnostics) = CatalogExchange.apply(targets, to: text, path: "L", locale: "ru")
        #expect(diagnostics.isEmpty && changed == 1)
        let new = try #require(edited)
        #expect(new.replacingOccurrences(of: "\"state\" : \"needs_review\",\n            \"value\" : \"документация \\\"API\\\"\"",
                                         with: "\"state\" : \"translated\",\n            \"value\" : \"документация\"") == text)
        let catalog = try #require(XCStringsReader.read(new, path: "L").0)
        #expect(catalog.entries["api_index_docs"]?.localizations[ru]?.value == "документация \"API\"")
        #expect(catalog.entries["api_index_docs"]?.localizations[ru]?.state == .needsReview)

        // A locale the entry lacks is added, in order, two spaces deeper than its parent.
        let added = CatalogExchange.apply([CatalogExchange.Target(key: "api_index_docs", category: nil, state: "translated", value: "dokumentacja",
                                                                  location: SourceLocation(path: "x"))], to: text, path: "L", locale: "pl")
        let withPolish = try #require(added.0)
        #expect(withPolish.contains("        \"pl\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"dokumentacja\"\n          }\n        },\n        \"pt\" : {"))
        #expect(XCStringsReader.read(withPolish, path: "L").0?.entries["api_index_docs"]?.localizations[LocaleTag("pl")!]?.value == "dokumentacja")
    }
}
