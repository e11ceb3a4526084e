import CourseModel
import Foundation
import Localization
import PrimerTestSupport
import Testing

@Suite struct XCStringsTests {
    let valid = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "nav_next" : {
          "comment" : "Link to the next chapter",
          "localizations" : {
            "en" : { "stringUnit" : { "state" : "translated", "value" : "Next" } },
            "ru" : { "stringUnit" : { "state" : "needs_review", "value" : "Далее" } }
          }
        },
        "%lld samples" : {
          "localizations" : {
            "en" : { "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld sample" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld samples" } } } } },
            "ru" : { "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld пример" } },
              "few" : { "stringUnit" : { "state" : "translated", "value" : "%lld примера" } },
              "many" : { "stringUnit" : { "state" : "translated", "value" : "%lld примеров" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld примера" } } } } }
          }
        }
      },
      "version" : "1.0"
    }
    """

    @Test func readsValuesStatesAndPlurals() throws {
        let (catalog, diagnostics) = XCStringsReader.read(valid, path: "L.xcstrings")
        #expect(diagnostics.isEmpty)
        let c = try #require(catalog)
        #expect(c.sourceLanguage == en)
        #expect(c.entries["nav_next"]?.localizations[ru]?.state == .needsReview)
        #expect(c.entries["nav_next"]?.localizations[ru]?.location == SourceLocation(path: "L.xcstrings", line: 8, column: 9))
        #expect(c.entries["%lld samples"]?.localizations[ru]?.plural?.count == 4)
        let strings = Localizer.strings(for: ru, catalog: c, source: en)
        #expect([1, 2, 5, 21, 1002].map { strings.format("%lld samples", count: $0) } == ["1 пример", "2 примера", "5 примеров", "21 пример", "1\u{A0}002 примера"])
        #expect(Localizer.strings(for: en, catalog: c, source: en).format("%lld samples", count: 1) == "1 sample")
        #expect(Localizer.check(c, locales: [en, ru], source: en).isEmpty)
    }

    @Test(arguments: [
        ("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"a\" : { \"localizations\" : {} }\n  \n}", "L.xcstrings:6:2: error: malformed JSON: unexpected end of the file; '}' was expected"),
        ("{ \"sourceLanguage\" : \"en\", \"strings\" : { \"a\" : 1, } }", "L.xcstrings:1:51: error: malformed JSON: expected a key in double quotes"),
        ("{ \"sourceLanguage\" : \"en\" \"strings\" : {} }", "L.xcstrings:1:27: error: malformed JSON: expected ',' or '}' after a value"),
        ("{ \"sourceLanguage\" : \"en\", \"strings\" : { \"a\\q\" : {} } }", "L.xcstrings:1:46: error: malformed JSON: invalid escape '\\q'"),
        ("{ \"sourceLanguage\" : \"en\", \"strings\" : { \"a\" : {} }", "L.xcstrings:1:52: error: malformed JSON: unexpected end of the file; '}' was expected"),
        ("[1, 2]", "L.xcstrings:1:1: error: a string catalog is a JSON object"),
        ("{ \"strings\" : {} }", "L.xcstrings:1:1: error: the catalog has no \"sourceLanguage\""),
        ("{ \"sourceLanguage\" : \"en_US\", \"strings\" : {} }", "L.xcstrings:1:22: error: 'en_US' is not a BCP 47 language tag"),
        ("{ \"sourceLanguage\" : \"en\" }", "L.xcstrings:1:1: error: the catalog has no \"strings\" object"),
        ("{ \"sourceLanguage\" : \"en\", \"strings\" : { \"a\" : { \"localizations\" : { \"xx_Y\" : {} } } } }", "L.xcstrings:1:70: error: 'xx_Y' is not a BCP 47 language tag"),
        ("{ \"sourceLanguage\" : \"en\", \"strings\" : { \"a\" : { \"localizations\" : { \"ru\" : { \"stringUnit\" : { \"state\" : \"done\", \"value\" : \"x\" } } } } } }", "L.xcstrings:1:106: error: unknown state 'done'"),
        ("{ \"sourceLanguage\" : \"en\", \"strings\" : { \"a\" : { \"localizations\" : { \"ru\" : { \"stringUnit\" : { \"state\" : \"new\" } } } } } }", "L.xcstrings:1:94: error: a stringUnit needs a \"value\""),
        ("{ \"sourceLanguage\" : \"en\", \"strings\" : { \"a\" : { \"localizations\" : { \"ru\" : { \"variations\" : { \"plural\" : { \"lots\" : {} } } } } } } }", "L.xcstrings:1:109: error: 'lots' is not a CLDR plural category"),
        ("{ \"sourceLanguage\" : \"en\", \"strings\" : { \"a\" : { \"localizations\" : { \"ru\" : { } } } } }", "L.xcstrings:1:70: error: the ru localization of \"a\" has neither a stringUnit nor plural variations"),
        ("{ \"sourceLanguage\" : \"en\", \"strings\" : { \"a\" : {}, \"a\" : {} } }", "L.xcstrings:1:52: error: the key \"a\" appears twice"),
    ])
    func malformedCatalogs(_ text: String, _ expected: String) {
        let (_, diagnostics) = XCStringsReader.read(text, path: "L.xcstrings")
        #expect(diagnostics.map(\.description).contains { $0.hasPrefix(expected) }, "\(diagnostics.map(\.description))")
    }

    @Test func specifiersAndPluralFormsAreChecked() throws {
        let text = """
        { "sourceLanguage" : "en", "strings" : {
          "banner" : { "localizations" : {
            "en" : { "stringUnit" : { "value" : "Reading %@ (%d)" } },
            "ru" : { "stringUnit" : { "value" : "Читаете %d (%@)" } },
            "zh-Hans" : { "stringUnit" : { "value" : "阅读 %@" } } } },
          "count" : { "localizations" : {
            "en" : { "variations" : { "plural" : { "one" : { "stringUnit" : { "value" : "%lld item" } }, "other" : { "stringUnit" : { "value" : "%lld items" } } } } },
            "ru" : { "variations" : { "plural" : { "one" : { "stringUnit" : { "value" : "%lld штука" } }, "other" : { "stringUnit" : { "value" : "%lld штуки" } } } } },
            "fr" : { "stringUnit" : { "value" : "%lld" } } } }
        } }
        """
        let catalog = try #require(XCStringsReader.read(text, path: "L.xcstrings").0)
        let found = Localizer.check(catalog, locales: [en, ru, zh], source: en).map(\.description)
        #expect(found == [
            "L.xcstrings:4:5: error: the ru text of \"banner\" does not match the source's format specifiers: argument 1 is %d here but %@ in the source [PRM015]\n    the en text is \"Reading %@ (%d)\"",
            "L.xcstrings:5:5: error: the zh-Hans text of \"banner\" does not match the source's format specifiers: argument 2 (%d) is missing [PRM015]\n    the en text is \"Reading %@ (%d)\"",
            "L.xcstrings:9:5: warning: \"count\" has a fr localization, but fr is not a locale of the course [PRM015]",
            "L.xcstrings:8:5: error: the ru plural forms of \"count\" lack few, many, which CLDR requires for ru [PRM015]\n    ru needs: one, few, many, other",
        ])
    }

    @Test func formatSpecifiers() {
        #expect(FormatSpecifiers.parse("%1$@ has %2$lld and %%, %.2f") == [1: .object, 2: .integer, 3: .float])
        #expect(FormatSpecifiers.parse("%2$@ %1$d") == [2: .object, 1: .integer])
    }
}

@Suite struct LegacyStringsTests {
    func read(_ bytes: [UInt8]) -> ([String: CatalogValue], [String]) {
        let (values, diagnostics) = StringsFileReader.read(bytes, path: "ru.lproj/Localizable.strings", locale: ru)
        return (values, diagnostics.map(\.description))
    }

    let sample = """
    /* A comment
       over lines */
    "nav_next" = "Далее";
    // a line comment
    nav_previous = "Назад";
    "escapes" = "Tab\\there, \\"quoted\\", line\\nbreak, \\U00E9t\\u00E9, \\UD83D\\UDE00";
    """

    @Test func readsUTF8AndBothUTF16ByteOrders() {
        let utf8 = read(Array(sample.utf8))
        #expect(utf8.1.isEmpty)
        #expect(utf8.0["nav_next"]?.value == "Далее" && utf8.0["nav_previous"]?.value == "Назад")
        #expect(utf8.0["escapes"]?.value == "Tab\there, \"quoted\", line\nbreak, été, 😀")
        #expect(utf8.0["nav_previous"]?.location == SourceLocation(path: "ru.lproj/Localizable.strings", line: 5, column: 1))
        let le = [UInt8]([0xFF, 0xFE]) + sample.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let be = [UInt8]([0xFE, 0xFF]) + sample.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(read(le).0 == utf8.0 && read(be).0 == utf8.0)
    }

    @Test(arguments: [
        ("\"b\" = \"x\";\n\"a\" = \"never closed;\n", "ru.lproj/Localizable.strings:2:7: error: unterminated string"),
        ("\"a\" \"x\";\n", "ru.lproj/Localizable.strings:1:5: error: expected '=' after the key \"a\""),
        ("\"a\" = \"x\"\n\"b\" = \"y\";\n", "ru.lproj/Localizable.strings:2:1: error: expected ';' after the value of \"a\""),
        ("\"a\" = \"\\q\";\n", "ru.lproj/Localizable.strings:1:9: error: unknown escape '\\q'"),
        ("\"a\" = \"\\U12\";\n", "ru.lproj/Localizable.strings:1:9: error: \\U must be followed by four hex digits"),
        ("/* never closed\n\"a\" = \"x\";\n", "ru.lproj/Localizable.strings:1:1: error: unterminated comment"),
        ("\"a\" = ;\n", "ru.lproj/Localizable.strings:1:7: error: expected a value in double quotes"),
    ])
    func malformedStrings(_ text: String, _ expected: String) {
        #expect(read(Array(text.utf8)).1.first?.hasPrefix(expected) == true, "\(read(Array(text.utf8)).1)")
    }

    @Test func encodingsThatCannotBeReadAreErrors() {
        let noBOM = "\"a\" = \"b\";".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(read(noBOM).1 == ["ru.lproj/Localizable.strings:1:1: error: the file looks like UTF-16 without a byte order mark [PRM001]\n    save it as UTF-8, or as UTF-16 with a BOM"])
        #expect(read([0x22, 0x61, 0x22, 0x20, 0x3D, 0x20, 0x22, 0xC3, 0x28, 0x22, 0x3B]).1.first?.contains("neither UTF-8 nor UTF-16 with a BOM") == true)
        #expect(read(Array("\"a\" = \"1\";\n\"a\" = \"2\";\n".utf8)).1 == ["ru.lproj/Localizable.strings:2:1: warning: the key \"a\" is defined again; the last definition wins [PRM013]"])
    }

    let dict = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
        <key>%lld samples</key>
        <dict>
            <key>NSStringLocalizedFormatKey</key>
            <string>Found %#@samples@</string>
            <key>samples</key>
            <dict>
                <key>NSStringFormatSpecTypeKey</key>
                <string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key>
                <string>lld</string>
                <key>one</key>
                <string>%lld sample</string>
                <key>other</key>
                <string>%lld samples</string>
            </dict>
        </dict>
    </dict>
    </plist>
    """

    @Test func readsStringsDictPlurals() {
        let (values, diagnostics) = StringsDictReader.read(Array(dict.utf8), path: "en.lproj/Localizable.stringsdict")
        #expect(diagnostics.isEmpty)
        #expect(values["%lld samples"]?.plural == ["one": "Found %lld sample", "other": "Found %lld samples"])
    }

    @Test(arguments: [
        ("<plist>\n<dict>\n<key>a</key>\n<string>x", "en.lproj/Localizable.stringsdict:4:"),
        ("<plist><dict><key>a</key></dict></plist>", "en.lproj/Localizable.stringsdict:1:33: error: malformed stringsdict: the key \"a\" has no value"),
        ("<plist><dict><key>a</key><dict><key>other</key><string>x</string></dict></dict></plist>", "error: \"a\" has no NSStringLocalizedFormatKey"),
        ("<plist><dict><key>a</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string></dict></dict></plist>", "error: \"a\" uses %#@n@ but has no dictionary named n"),
        ("<plist><dict><key>a</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict><key>lots</key><string>x</string></dict></dict></dict></plist>", "error: 'lots' is not a CLDR plural category"),
    ])
    func malformedStringsDict(_ text: String, _ expected: String) {
        let (_, diagnostics) = StringsDictReader.read(Array(text.utf8), path: "en.lproj/Localizable.stringsdict")
        #expect(diagnostics.map(\.description).contains { $0.contains(expected) }, "\(diagnostics)")
    }
}
