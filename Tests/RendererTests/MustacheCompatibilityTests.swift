import Mustache
import PrimerTestSupport
@testable import Renderer
import Testing

/// Primer's Mustache (`Renderer/Mustache.swift`) against swift-mustache, which Primer used
/// before: a course's own templates must come out as they did. Hand-picked cases for each rule,
/// then a few hundred random templates made of the same pieces.
@Suite struct MustacheCompatibilityTests {
    /// A model both engines read through their own protocol, with the same answers.
    struct Model: TemplateParent, MustacheParent, @unchecked Sendable {
        var fields: [String: Any]
        func child(named name: String) -> Any? { fields[name] }
    }

    struct Counted: TemplateTransformable, MustacheTransformable, CustomStringConvertible {
        let value: Int
        var description: String { "#\(value)" }
        func transform(_ name: String) -> Any? { name == "times" ? "\(value) time\(value == 1 ? "" : "s")" : nil }
    }

    static let model = Model(fields: [
        "title": "Tom's <b>\"quoted\"</b> & more",
        "name": "world",
        "empty": "",
        "count": 3,
        "zero": 0,
        "yes": true,
        "no": false,
        "number": Counted(value: 1),
        "words": ["hello": "Привет", "bye": "Пока & <end>"],
        "items": [Model(fields: ["name": "one", "flag": true, "sub": [Model(fields: ["name": "deep"])]]),
                  Model(fields: ["name": "two", "flag": false]),
                  Model(fields: ["name": "three", "count": 7])],
        "none": [Model](),
        "nested": Model(fields: ["inner": Model(fields: ["value": "v<1>"]), "name": "nested name"]),
        "tags": ["b", "a", "c"],
        "partial_name": "item",
    ])

    static let partials: [String: String] = [
        "item": "<li>{{name}}</li>\n",
        "block": "  indented {{name}}\n  two\n",
        "parent": "<h1>{{$title}}Default title{{/title}}</h1>\n{{$body}}\n  default body\n{{/body}}\nend\n",
        "grand": "{{<parent}}{{$title}}Grand {{name}}{{/title}}{{/parent}}",
    ]

    static let cases: [String] = [
        "Hello {{name}}!", "{{title}}|{{{title}}}|{{&title}}", "{{missing}}|{{ name }}|{{count}}|{{yes}}|{{zero}}",
        "{{#yes}}Y{{/yes}}{{#no}}N{{/no}}{{^no}}!N{{/no}}{{^yes}}!Y{{/yes}}",
        "{{#items}}{{name}},{{/items}}", "{{#none}}x{{/none}}{{^none}}empty list{{/none}}",
        "{{#items}}\n  <li>{{name}}</li>\n{{/items}}\n", "  {{#yes}}\n  kept\n  {{/yes}}\nafter\n",
        "a\n  {{! a comment }}\nb\n", "a {{! inline }} b\n", "{{=<% %>=}}<% name %> {{name}}\n<%={{ }}=%>{{name}}",
        "  {{=<% %>=}}\n<%name%>\n",
        "{{#nested}}{{inner.value}} {{name}} {{title}}{{/nested}}", "{{nested.inner.value}}|{{nested.missing.value}}",
        "{{#items}}{{#flag}}[{{name}}]{{/flag}}{{^flag}}({{name}}){{/flag}}{{/items}}",
        "{{#items}}{{#sub}}{{name}}/{{count}}{{/sub}}{{/items}}", "{{#items}}{{count}}{{/items}}",
        "{{#items}}{{name}}{{^last()}}, {{/last()}}{{/items}}", "{{#items}}{{#first()}}first:{{/first()}}{{index()}}{{#even()}}e{{/even()}}{{#odd()}}o{{/odd()}} {{/items}}",
        "{{first()}}{{#yes}}{{last()}}{{/yes}}",
        "{{ times(number) }}|{{number}}|{{ count(items) }}|{{ count(words) }}|{{ empty(none) }}|{{ plusone(count) }}|{{ minusone(count) }}",
        "{{ uppercased(name) }} {{ lowercased(title) }} {{ capitalized(name) }} {{ reversed(name) }} {{#equalzero(zero)}}zero{{/equalzero(zero)}}",
        "{{#first(items)}}{{name}}{{/first(items)}}|{{#last(items)}}{{name}}{{/last(items)}}|{{#reversed(items)}}{{name}}{{/reversed(items)}}",
        "{{#sorted(tags)}}{{.}}{{/sorted(tags)}}|{{#tags}}{{.}};{{/tags}}|{{#sorted(words)}}{{key}}={{value}};{{/sorted(words)}}",
        "{{ uppercased(reversed(name)) }}|{{ odd(count) }}{{ even(count) }}", "{{words.hello}} {{words.bye}} {{#words}}{{hello}}{{/words}}",
        "{{#name}}[{{.}}]{{/name}}{{#count}}<{{.}}>{{/count}}{{#empty}}e{{/empty}}", "{{.}}",
        "<ul>\n{{#items}}\n  {{> item}}\n{{/items}}\n</ul>\n", "x {{> item}} y", "  {{> block}}\n", "{{>*partial_name}}",
        "{{<parent}}{{$title}}My {{name}}{{/title}}{{/parent}}", "{{<parent}}\n{{$body}}\n  mine\n{{/body}}\n{{/parent}}\n",
        "{{<parent}}{{/parent}}", "{{> grand}}", "  {{$body}}\n  default\n  {{/body}}\n",
        "{{% CONTENT_TYPE: TEXT }}\n{{title}}", "line\r\n{{#yes}}\r\nin\r\n{{/yes}}\r\nend", "trailing  ", "{{#yes}}a{{/yes}}  \n  {{#yes}}\nb\n{{/yes}}",
        "\t{{#items}}\t\n{{name}}\n\t{{/items}}\t\nz", "{{#yes}}{{#no}}x{{/no}}{{/yes}}", "{{ name}}{{name }}{{{ name }}}", "a{{", "{{.name}}{{#items}}{{.name}}{{/items}}", "{{}}|{{..}}|{{#items}}{{ }}{{/items}}",
        // Errors: both must refuse.
        "{{#yes}}unclosed", "{{/yes}}", "{{#a}}{{/b}}", "{{name", "{{{name}}", "{{! comment", "{{=<% %>}}", "{{% CONTENT_TYPE: NONE }}",
        "{{ f(g(name) }}", "{{<parent}}x{{name}}{{/parent}}", "{{$ f(x)}}{{/f(x)}}",
    ]

    /// Renders with both; nil where the template does not parse.
    static func both(_ text: String) -> (ours: String?, theirs: String?, ourLine: Int?, theirLine: Int?) {
        var ours = TemplateLibrary()
        var theirs = MustacheLibrary()
        for (name, partial) in partials {
            ours.register(try! Template(partial), named: name)
            try! theirs.register(partial, named: name)
        }
        var ourLine: Int?, theirLine: Int?
        do {
            ours.register(try Template(text), named: "case")
        } catch {
            ourLine = error.line
        }
        do {
            try theirs.register(text, named: "case")
        } catch let error as MustacheTemplate.ParserError {
            theirLine = error.context.lineNumber
        } catch {
            theirLine = -1
        }
        return (ourLine == nil ? ours.render(model, withTemplate: "case") : nil,
                theirLine == nil ? theirs.render(model, withTemplate: "case") : nil, ourLine, theirLine)
    }

    @Test(arguments: cases) func rendersAsSwiftMustache(_ text: String) {
        let result = Self.both(text)
        #expect(result.ours == result.theirs, "\(text.debugDescription)")
        #expect(result.ourLine == result.theirLine, "\(text.debugDescription)")
    }

    @Test func theseCasesMeanSomething() {
        // The cases are not all empty or all failures: a few outputs written out.
        #expect(Self.both("{{#items}}{{name}}{{^last()}}, {{/last()}}{{/items}}").ours == "one, two, three")
        #expect(Self.both("{{title}}").ours == "Tom&#39;s &lt;b&gt;&quot;quoted&quot;&lt;/b&gt; &amp; more")
        #expect(Self.both("<ul>\n{{#items}}\n  {{> item}}\n{{/items}}\n</ul>\n").ours == "<ul>\n  <li>one</li>\n  <li>two</li>\n  <li>three</li>\n</ul>\n")
        #expect(Self.both("{{ times(number) }}").ours == "1 time")
        #expect(Self.both("{{#a}}{{/b}}").ourLine == 1)
        #expect(Self.both("a\n{").ours == "a\n{" && Self.both("a\n{").theirs == nil)  // the one difference
    }

    /// Random templates from the same pieces: text, new lines, indentation, and every kind of tag
    /// on the model's names, sections balanced (mostly: a few are left open or closed wrongly).
    static func pick(_ choices: [String], _ random: inout SeededRandom) -> String { choices[random.next(choices.count)] }

    @Test func randomTemplatesRenderAsSwiftMustache() {
        var random = SeededRandom(seed: 0x5EED_2026)
        let names = ["name", "title", "count", "zero", "yes", "no", "items", "none", "nested", "words", "tags", "missing", "flag", "sub",
                     "nested.inner.value", "words.hello", ".", "number", "empty"]
        let sectionNames = ["yes", "no", "items", "none", "nested", "words", "tags", "flag", "sub", "missing", "count", "empty", "last()", "first()"]
        let texts = ["a", "b c", " ", "  ", "\t", "<p>", "&", "é", "{", "}", "x{y"]
        var mismatches: [String] = []
        for _ in 0..<400 {
            var text = ""
            var open: [String] = []
            for _ in 0..<3 + random.next(12) {
                switch random.next(12) {
                case 0, 1: text += Self.pick(texts, &random)
                case 2, 3: text += "\n"
                case 4: text += "{{\(Self.pick(names, &random))}}"
                case 5: text += "{{{\(Self.pick(names, &random))}}}"
                case 6, 7:
                    let name = Self.pick(sectionNames, &random)
                    text += "{{\(random.next(2) == 0 ? "#" : "^")\(name)}}"
                    open.append(name)
                case 8: if let name = open.popLast() { text += "{{/\(name)}}" }
                case 9: text += Self.pick(["{{! note }}", "{{> item}}", "{{> block}}", "{{=<% %>=}}<%name%><%={{ }}=%>"], &random)
                case 10: text += Self.pick(["{{ uppercased(name) }}", "{{ count(items) }}", "{{ times(number) }}", "{{index()}}"], &random)
                default: text += "  "
                }
            }
            if random.next(10) > 0 {
                while let name = open.popLast() { text += "{{/\(name)}}" + (random.next(2) == 0 ? "\n" : "") }
            }
            // swift-mustache refuses a template whose last character is "{" (it reads two
            // characters for the delimiter and runs out); Primer's prints it.
            if text.hasSuffix("{") { text += "." }
            let result = Self.both(text)
            if result.ours != result.theirs || (result.ourLine == nil) != (result.theirLine == nil) { mismatches.append(text) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5).map(\.debugDescription))")
    }
}
