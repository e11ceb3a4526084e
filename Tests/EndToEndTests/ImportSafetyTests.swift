import Foundation
import PrimerTestSupport
import Testing

/// `primer import` on hostile books: nothing outside the book gets into the project or the built
/// site, however the book names it (`..`, an absolute path, a symbolic link, `%2F`), includes and
/// directives cannot make the importer run away, and control characters from the book reach
/// neither the terminal nor the pages. Each book is planted in a scratch folder beside a secret
/// file, and imported and built with the real CLI.
@Suite(.serialized) struct ImportSafetyTests {
    /// A scratch folder holding `book/` (the book), and beside it the secret (a token) as
    /// `secret.txt`, `secret.md`, `secret.png` and `secrets/` with the same three files.
    struct Planted {
        let folder: URL
        let token = "TOKEN-" + UUID().uuidString
        var book: URL { folder.appendingPathComponent("book") }
        var secret: String { folder.appendingPathComponent("secret.txt").path }
        var out: URL { folder.appendingPathComponent("out") }

        /// `files` (path in the book → text) and `links` (path in the book → where it points).
        init(_ files: [String: String], links: [String: String] = [:]) throws {
            folder = TestSupport.scratch("primer-hostile")
            for name in ["secret.txt", "secret.md", "secret.png", "secrets/secret.txt", "secrets/secret.md", "secrets/secret.png"] {
                try TestSupport.write((name.hasSuffix(".md") ? "# Secret\n\n" : "") + token + "\n", to: folder.appendingPathComponent(name))
            }
            for (path, text) in files { try TestSupport.write(text.replacingOccurrences(of: "SECRET", with: secret), to: book.appendingPathComponent(path)) }
            for (path, target) in links {
                let link = book.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.replacingOccurrences(of: "FOLDER", with: folder.path))
            }
        }

        /// Imports the book into `out/` (`kind` is mdbook or docc), then builds it when that worked.
        func importAndBuild(_ kind: String = "mdbook", path: String = "book", environment: [String: String] = [:],
                            build: Bool = true) throws -> (status: Int32, imported: String, built: String) {
            let imported = try TestSupport.run(["import", kind, path, "--output", "out"], in: folder, environment: environment)
            guard imported.status == 0, build else { return (imported.status, imported.output, "") }
            let built = try TestSupport.run(["build"], in: out, environment: environment)
            #expect(built.status == 0, "\(built.output)")
            return (imported.status, imported.output, built.output)
        }

        /// The files under `out/` (the project and its site; with `textOnly`, its text files) that hold `text`.
        func filesHolding(_ text: String, textOnly: Bool = false) -> [String] {
            let kinds: Set<String> = ["md", "yml", "html", "xhtml", "css", "js", "json", "xcstrings", "txt", "xml", "opf", "ncx"]
            return TestSupport.snapshot(out).filter { path, data in
                (!textOnly || kinds.contains((path as NSString).pathExtension)) && data.range(of: Data(text.utf8)) != nil
            }.keys.sorted()
        }
    }

    /// The places (`src/a.md:3`, or a path alone) of the output's PRM072 messages, relative to the book.
    func outside(_ output: String, _ planted: Planted) -> [String] {
        lines(output, code: "PRM072").compactMap { line in
            guard let match = line.firstMatch(of: #/^book/(.*?)(?::(\d+):\d+)?: (?:warning|error): /#) else { return nil }
            return String(match.1) + (match.2.map { ":" + $0 } ?? "")
        }
    }

    func lines(_ output: String, code: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter { $0.hasSuffix("[\(code)]") }
    }

    // MARK: mdBook: paths

    @Test func includesNeverReadOutsideTheBook() throws {
        let planted = try Planted([
            "src/SUMMARY.md": "- [A](a.md)\n",
            "src/a.md": """
                # A

                {{#include ../../secret.txt}}
                {{#include ../../../../../../../../../../../../..SECRET}}
                {{#include SECRET}}
                {{#include /proc/self/environ}}
                {{#rustdoc_include /etc/passwd:1:2}}
                {{#playground ../../secret.txt}}
                {{#include linked.txt}}
                {{#include folder/secret.txt}}
                {{#include ../listings/ok.rs}}
                {{#include ../listings/out.rs}}
                """,
            "listings/ok.rs": "fn inside() {}\n",
        ], links: ["src/linked.txt": "FOLDER/secret.txt", "src/folder": "FOLDER/secrets", "listings/out.rs": "../../secret.txt"])
        let environmentToken = "ENV-" + UUID().uuidString
        let run = try planted.importAndBuild(environment: ["TOKEN": environmentToken])
        #expect(run.status == 0, "\(run.imported)")
        #expect(planted.filesHolding(planted.token) == [])
        #expect(planted.filesHolding(environmentToken) == [])
        #expect(planted.filesHolding("root:x:0") == [])
        #expect(outside(run.imported, planted) == (3...10).map { "src/a.md:\($0)" } + ["src/a.md:12"], "\(run.imported)")
        #expect(run.imported.contains("src/a.md:3:1: warning: cannot include ../../secret.txt: it is outside the book; it is not read [PRM072]"), "\(run.imported)")
        #expect(run.imported.contains("src/a.md:9:1: warning: cannot include linked.txt: a symbolic link leads out of the book, to \(planted.secret); it is not read [PRM072]"), "\(run.imported)")
        // What is inside the book (beside src/ too) is still included.
        #expect(TestSupport.read(planted.out.appendingPathComponent("Content/en/a.md")).contains("fn inside() {}"))
    }

    @Test func summaryEntriesAndChaptersNeverLeaveTheBook() throws {
        let planted = try Planted([
            "src/SUMMARY.md": """
                # Summary

                - [A](a.md)
                - [P](../../secret.md)
                - [Q](../../../../../../../../../../..SECRET)
                - [R](..%2F..%2Fsecret.md)
                - [L](linked.md)
                - [F](folder/secret.md)
                - [Abs](SECRET)
                """,
            "src/a.md": "# A\n\nText.\n",
        ], links: ["src/linked.md": "FOLDER/secret.md", "src/folder": "FOLDER/secrets", "book.toml": "FOLDER/secret.txt"])
        let run = try planted.importAndBuild()
        #expect(run.status == 0, "\(run.imported)")
        #expect(planted.filesHolding(planted.token) == [])
        #expect(outside(run.imported, planted) == ["book.toml"] + (4...9).map { "src/SUMMARY.md:\($0)" }, "\(run.imported)")
        #expect(run.imported.contains("primer: imported 1 chapter"))
    }

    @Test func aSourceFolderOutsideTheBookIsAnError() throws {
        for (toml, links) in [("src = \"../../x\"", [String: String]()), ("src = \"elsewhere\"", ["elsewhere": "FOLDER/secrets"]),
                              ("src = \"SECRET\"", [:])] {
            let planted = try Planted(["book.toml": "[book]\n\(toml)\n", "src/SUMMARY.md": "- [A](a.md)\n", "src/a.md": "# A\n"], links: links)
            try TestSupport.write("- [S](secret.md)\n", to: planted.folder.appendingPathComponent("secrets/SUMMARY.md"))
            let run = try planted.importAndBuild()
            #expect(run.status == 1, "\(run.imported)")
            #expect(lines(run.imported, code: "PRM072").map { $0.prefix { $0 != " " } } == ["book/book.toml:2:1:"], "\(run.imported)")
            #expect(!FileManager.default.fileExists(atPath: planted.out.path))
        }
    }

    @Test func imagesNeverComeFromOutsideTheBook() throws {
        let planted = try Planted([
            "src/SUMMARY.md": "- [A](a.md)\n",
            "src/a.md": """
                # A

                ![up](../../secret.png)
                ![absolute](SECRET)
                ![encoded](..%2F..%2Fsecret.png)
                ![linked](linked.png)
                ![folder](folder/secret.png)
                ![ok](ok.svg)
                ![reference][r]

                [r]: ../../secret.png
                """,
            "src/ok.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"4\"/>\n",
        ], links: ["src/linked.png": "FOLDER/secret.png", "src/folder": "FOLDER/secrets", "src/ok@2x.svg": "FOLDER/secret.png"])
        let run = try planted.importAndBuild()
        #expect(run.status == 0, "\(run.imported)")
        #expect(planted.filesHolding(planted.token) == [])
        #expect(outside(run.imported, planted) == ["src/a.md:3", "src/a.md:4", "src/a.md:5", "src/a.md:6", "src/a.md:7", "src/a.md:8", "src/a.md:11"],
                "\(run.imported)")
        // The picture inside the book is copied, its @2x variant that links out of it is not.
        #expect(FileManager.default.fileExists(atPath: planted.out.appendingPathComponent("Content/images/ok.svg").path))
        #expect(!FileManager.default.fileExists(atPath: planted.out.appendingPathComponent("Content/images/ok@2x.svg").path))
    }

    // MARK: mdBook: includes that run away

    @Test func includeCyclesAndFanOutStop() throws {
        var files = [
            "src/SUMMARY.md": "- [A](a.md)\n- [B](b.md)\n- [Fan](fan.md)\n",
            "src/a.md": "# A\n\n" + String(repeating: "{{#include a.md}}\n", count: 10),
            "src/b.md": "# B\n\n{{#include c.md}}\n",
            "src/c.md": "c, then:\n{{#include b.md}}\n",
            "src/fan.md": "# Fan\n\n" + String(repeating: "{{#include f1.md}}\n", count: 10),
        ]
        // Ten levels of ten includes each: 10^10 copies of the text, were it expanded.
        for level in 1...10 {
            files["src/f\(level).md"] = level == 10 ? String(repeating: "x", count: 1000) + "\n" : String(repeating: "{{#include f\(level + 1).md}}\n", count: 10)
        }
        let planted = try Planted(files)
        let started = Date()
        let run = try planted.importAndBuild(build: false)
        #expect(Date().timeIntervalSince(started) < 60)
        #expect(run.status == 0, "\(run.imported)")
        let includes = lines(run.imported, code: "PRM062")
        #expect(includes.filter { $0.contains("includes itself") }.map { $0.prefix { $0 != " " } }
                == (3...12).map { "book/src/a.md:\($0):1:" } + ["book/src/c.md:2:1:"], "\(includes)")
        #expect(includes.contains("book/src/c.md:2:1: warning: b.md includes itself (b.md → c.md → b.md); it is not expanded again [PRM062]"), "\(includes)")
        #expect(includes.filter { $0.contains("the includes of this chapter add up to more than 2 MiB") }.count == 1, "\(includes)")
        let fan = try #require(FileManager.default.attributesOfItem(atPath: planted.out.appendingPathComponent("Content/en/fan.md").path)[.size] as? Int)
        #expect(fan < 3 * 1024 * 1024)
    }

    // MARK: DocC

    @Test func doccNestingIsLinear() throws {
        let depth = 20_000
        let planted = try Planted([
            "N.docc/Root.md": "# Root\n\n@Metadata {\n  @TechnologyRoot\n}\n\nText.\n\n## Topics\n\n- <doc:P>\n",
            "N.docc/P.md": "# P\n\nAbstract.\n\n" + String(repeating: "@Row {\n", count: depth) + "x\n" + String(repeating: "}\n", count: depth),
        ])
        let started = Date()
        let run = try planted.importAndBuild("docc", path: "book/N.docc")
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(run.status == 0, "\(run.imported)")
        #expect(run.imported.contains("book/N.docc/P.md:21:1: warning: directives nest more than 16 deep here; this one and what it holds are kept as text [PRM063]"),
                "\(run.imported.prefix(3000))")
    }

    @Test func doccFilesNeverComeFromOutsideTheCatalog() throws {
        let planted = try Planted([
            "N.docc/Root.md": "# Root\n\n@Metadata {\n  @TechnologyRoot\n}\n\nText.\n\n## Topics\n\n- <doc:P>\n- <doc:secret>\n",
            "N.docc/P.md": "# P\n\nAbstract.\n\n![a](secret.png)\n\n@Image(source: \"../../secret.png\", alt: \"b\")\n\n![c](SECRET)\n",
        ], links: ["N.docc/Resources/secret.png": "FOLDER/secret.png", "N.docc/secret.md": "FOLDER/secret.md", "N.docc/More": "FOLDER/secrets"])
        let run = try planted.importAndBuild("docc", path: "book/N.docc")
        #expect(run.status == 0, "\(run.imported)")
        #expect(planted.filesHolding(planted.token) == [])
        #expect(outside(run.imported, planted) == ["N.docc/More", "N.docc/Resources/secret.png", "N.docc/secret.md"], "\(run.imported)")
    }

    // MARK: Control characters and encodings

    @Test func controlCharactersReachNeitherTheTerminalNorThePages() throws {
        let planted = try Planted([
            "book.toml": "[book]\ntitle = \"\\u0000\\u0007\\u001b[31mTitle\"\nlanguage = \"\\u001b]0;X\\u0007\\u001b[2J\"\nauthors = [\"\\u001b[2J\"]\n",
            "src/SUMMARY.md": "# Summary\n\n# Part \u{1B}[31mOne\n\n- [A\u{7}](a\u{1B}.md)\n",
            "src/a\u{1B}.md": "# A\u{1B}]0;title\u{7}\n\nText \u{1B}[31mred\u{C}.\n",
        ])
        let run = try planted.importAndBuild()
        #expect(run.status == 0, "\(run.imported)")
        for byte: UInt8 in [0x00, 0x07, 0x1B] {
            #expect(!run.imported.utf8.contains(byte), "\(run.imported)")
            #expect(planted.filesHolding(String(UnicodeScalar(byte)), textOnly: true) == [])
        }
        #expect(run.imported.contains("book/book.toml:2:1: warning: book.toml's title holds control characters (\\u{0}, \\u{7}, \\u{1B}); they are left out [PRM060]"),
                "\(run.imported)")
        #expect(run.imported.contains("book/book.toml:3:1: warning: book.toml's language holds control characters (\\u{1B}, \\u{7}); they are left out [PRM060]"),
                "\(run.imported)")
        #expect(run.imported.contains("the book's language ']0;X[2J' is not a BCP 47 language tag"), "\(run.imported)")
        #expect(run.imported.contains("book/src/SUMMARY.md:3:1: warning: the part's title holds control characters (\\u{1B}); they are left out [PRM060]"))
        #expect(run.imported.contains("book/src/a\\u{1B}.md: warning: the chapter's title holds control characters (\\u{1B}, \\u{7}); they are left out [PRM060]"))
        #expect(run.imported.contains("book/src/a\\u{1B}.md:3:1: warning: this chapter holds control characters (\\u{1B}, \\u{C}) on 1 line; they are left out [PRM060]"))
        #expect(run.imported.contains("primer: wrote out/Content/en/a.md"))
        #expect(TestSupport.read(planted.out.appendingPathComponent("Content/course.yml")).hasPrefix("title: \"[31mTitle\"\n"))
        #expect(TestSupport.read(planted.out.appendingPathComponent("Content/course.yml")).contains("title: \"Part [31mOne\""))
    }

    @Test func aSummaryThatIsNotUTF8SaysSo() throws {
        let planted = try Planted(["src/a.md": "# A\n"])
        try Data("- [Caf\u{E9}](a.md)\n".unicodeScalars.map { UInt8($0.value) }).write(to: planted.book.appendingPathComponent("src/SUMMARY.md"))
        let run = try planted.importAndBuild()
        #expect(run.status == 1)
        #expect(run.imported.contains("book/src/SUMMARY.md: error: book/src/SUMMARY.md is not UTF-8 text [PRM060]"), "\(run.imported)")
        #expect(!run.imported.contains("not found"))
    }

    @Test func aCourseTitleWithControlCharactersIsAnError() throws {
        let folder = try TestSupport.copyFixture("basic")
        let config = folder.appendingPathComponent("Content/course.yml")
        let text = TestSupport.read(config)
        #expect(text.hasPrefix("title:\n  en: Fixture Course\n"))
        try TestSupport.write(text.replacingOccurrences(of: "en: Fixture Course", with: "en: \"\\e]0;X\\a\\e[2JT\""), to: config)
        let run = try TestSupport.run(["build", "--templates", TestSupport.templates], in: folder)
        #expect(run.status == 1)
        #expect(run.output.contains("Content/course.yml:2:7: error: the title for 'en' holds control characters (\\u{1B}, \\u{7}), which no page can show [PRM005]"), "\(run.output)")
        #expect(!run.output.utf8.contains(0x1B))
    }
}
