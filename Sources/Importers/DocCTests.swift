import CourseModel
import Foundation

/// What `primer import docc` made of a book's `swifttest` blocks: the figures of its summary line.
public struct SwiftTestTally: Sendable, Equatable {
    /// Tests converted into snippet groups, and how they are checked.
    public var tests = 0, run = 0, compile = 0, fails = 0
    /// The `swifttest` blocks of the converted tests.
    public var blocks = 0
    /// Tests left as listings because they need an Apple platform; the parts of tests left
    /// unchecked that have no visible listing of their own (kept as hidden listings).
    public var appleOnly = 0, uncheckedHiddenParts = 0
    /// Tests left as listings because they import a module another test of the book was built
    /// as (the book's own runner compiled several modules; Primer compiles each test alone).
    public var severalModules = 0
    /// Warnings about the tests (unknown lines, listings that differ from their test, …).
    public var warnings = 0
    /// Listings without a test whose `// Prints` comments the build checks (`{run}`).
    public var printsListings = 0
    /// Whether the book has any `swifttest` block.
    public var found = false

    public init() {}

    /// "swifttest: N tests in M blocks converted (R run, C compile, F fails), A Apple-only, W warnings"
    public var summary: String {
        "swifttest: \(tests) tests in \(blocks) blocks converted (\(run) run, \(compile) compile, \(fails) fails), \(appleOnly) Apple-only, "
            + (severalModules > 0 ? "\(severalModules) needing another test's module, " : "") + "\(warnings) warnings"
    }
}

/// One test of a chapter: its blocks in document order, joined into one program.
private struct SwiftTest {
    var name: String
    var group: String
    /// Indices into the chapter's blocks.
    var blocks: [Int] = []
    var mode: Snippet.Mode = .compile
    /// What makes it Apple-only (`import UIKit`, `@objc`), nil when it runs on Linux.
    var appleOnly: String?
    /// The module of another test it imports (`tupleTypes_Module1`), nil when it needs none.
    var otherModule: String?
    /// Shown, not checked: Apple-only, or needing another test's module.
    var unchecked: Bool { appleOnly != nil || otherModule != nil }
}

/// A fenced code block of the chapter: its lines (fences included) and its opening.
private struct Listing {
    var start: Int
    var end: Int
    var fence: FenceOpening
    var isSwift: Bool { fence.info == "swift" }
}

/// `swifttest` comments turned into checked snippets: each test a `group`, each block a part of
/// it that replaces the listing above it (or is `hidden` where the comment was).
extension DocCConversion {
    /// The chapter's lines with its tests converted and its `// Prints` listings marked `{run}`.
    /// `path` is the page's file, `chapterID` the id its chapter gets.
    mutating func swiftTests(_ lines: [Line], path: String, chapterID: String) -> [Line] {
        let (listings, comments) = Self.listingsAndTestComments(lines)
        let from = fromPath(path)
        var blocks: [SwiftTestBlock] = []
        /// Per block: the comment it is in, and the listing right above that comment.
        var places: [(comment: ClosedRange<Int>, listing: Listing?)] = []
        for comment in comments {
            let (found, warnings) = SwiftTestSyntax.blocks(in: lines, comment, path: path)
            builder.diagnostics += warnings
            swiftTestTally.warnings += warnings.count
            var above = comment.lowerBound - 1
            while above >= 0, lines[above].text.trimmingSpaces().isEmpty { above -= 1 }
            let listing = listings.first { $0.end == above && $0.isSwift }
            for (index, block) in found.enumerated() {
                blocks.append(block)
                places.append((comment, index == 0 ? listing : nil))
            }
        }
        if !blocks.isEmpty { swiftTestTally.found = true }
        let tests = Self.tests(of: blocks, chapterID: chapterID)
        warnAboutImports(tests.values.sorted { $0.blocks[0] < $1.blocks[0] }, blocks, path: path)

        var replacements: [(range: ClosedRange<Int>, lines: [Line])] = []
        var used = Set<Int>()
        var index = 0
        while index < blocks.count {
            let comment = places[index].comment
            var visible: [Line] = []
            var hidden: [[Line]] = []
            var listingUsed: Listing?
            while index < blocks.count, places[index].comment == comment {
                let block = blocks[index]
                for (position, name) in block.names.enumerated() {
                    guard let test = tests[name] else { continue }
                    let listing = position == 0 ? places[index].listing : nil
                    let indent = String(lines[comment.lowerBound].text.prefix { $0 == " " })
                    if test.unchecked {
                        let why = test.appleOnly != nil ? "apple-only" : "several-modules"
                        if let listing {
                            visible = listingOnly(listing, lines, from: "\(from):\(block.line)", why: why, group: test.group)
                            listingUsed = listing
                        } else {
                            // Kept, hidden, so that the tally counts the test even where no listing shows it.
                            let info = "swift {listing-only hidden \(why) group=\"\(test.group)\" from=\"\(from):\(block.line)\"}"
                            var code = block.code
                            while code.last?.text.trimmingSpaces().isEmpty == true { code.removeLast() }
                            hidden.append(Self.fenced(code.map { Line(text: $0.text.isEmpty ? "" : indent + $0.text, origin: $0.line) },
                                                      info: info, prefix: indent, origin: lines[block.fence].origin))
                            swiftTestTally.uncheckedHiddenParts += 1
                        }
                        continue
                    }
                    let part = snippet(block, of: test, listing: listing, in: lines, indent: indent, path: path, from: from)
                    if let listing {
                        visible = part
                        listingUsed = listing
                    } else {
                        hidden.append(part)
                    }
                }
                index += 1
            }
            var replacement = visible
            for part in hidden {
                if !replacement.isEmpty { replacement.append(Line(text: "", origin: comment.lowerBound + 1)) }
                replacement += part
            }
            if let listing = listingUsed { used.insert(listing.start) }
            replacements.append(((listingUsed?.start ?? comment.lowerBound)...comment.upperBound, replacement))
        }
        var converted = Set<Int>()
        for test in tests.values {
            if test.appleOnly != nil {
                swiftTestTally.appleOnly += 1
                continue
            }
            if test.otherModule != nil {
                swiftTestTally.severalModules += 1
                continue
            }
            swiftTestTally.tests += 1
            converted.formUnion(test.blocks)
            switch test.mode {
            case .run: swiftTestTally.run += 1
            case .compile: swiftTestTally.compile += 1
            case .fails: swiftTestTally.fails += 1
            }
        }
        swiftTestTally.blocks += converted.count

        var output: [Line] = []
        var next = 0
        for (range, replacement) in replacements.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) where range.lowerBound >= next {
            output += printsMarked(lines, next..<range.lowerBound, listings: listings, used: used, from: from)
            output += replacement
            next = range.upperBound + 1
        }
        output += printsMarked(lines, next..<lines.count, listings: listings, used: used, from: from)
        return output
    }

    /// The chapter's fenced blocks (outside comments), and its comments that hold a
    /// ```` ```swifttest ```` block (from `<!--` to `-->`).
    private static func listingsAndTestComments(_ lines: [Line]) -> ([Listing], [ClosedRange<Int>]) {
        var listings: [Listing] = []
        var comments: [ClosedRange<Int>] = []
        var open: (start: Int, fence: FenceOpening)?
        var index = 0
        while index < lines.count {
            let text = lines[index].text
            if let fence = open {
                if MarkdownText.closesFence(text, fence.fence) {
                    listings.append(Listing(start: fence.start, end: index, fence: fence.fence))
                    open = nil
                }
            } else if let fence = MarkdownText.fenceOpening(text) {
                open = (index, fence)
            } else if text.trimmingSpaces().hasPrefix("<!--") {
                var end = index
                while end < lines.count - 1, !lines[end].text.contains("-->") { end += 1 }
                if lines[index...end].contains(where: { $0.text.trimmingSpaces().hasPrefix("```swifttest") }) {
                    comments.append(index...end)
                }
                index = end
            }
            index += 1
        }
        return (listings, comments)
    }

    /// The chapter's tests by name: their blocks, group names (unique in the chapter), modes and
    /// whether they need an Apple platform.
    private static func tests(of blocks: [SwiftTestBlock], chapterID: String) -> [String: SwiftTest] {
        var tests: [String: SwiftTest] = [:]
        var groups = Set<String>()
        for (index, block) in blocks.enumerated() {
            for name in block.names {
                if tests[name] == nil {
                    tests[name] = SwiftTest(name: name, group: ProjectBuilder.unique(groupName(chapterID + "-" + name), in: &groups))
                }
                tests[name]?.blocks.append(index)
            }
        }
        for name in tests.keys {
            let parts = tests[name]!.blocks.map { blocks[$0] }
            if parts.contains(where: { !$0.errors.isEmpty }) {
                tests[name]?.mode = .fails
            } else if parts.contains(where: \.traps) {
                tests[name]?.mode = .compile
            } else if parts.contains(where: { !$0.outputs.isEmpty }) {
                tests[name]?.mode = .run
            }
            tests[name]?.appleOnly = parts.lazy.flatMap(\.code).compactMap { AppleOnly.construct(in: $0.text) }.first
            tests[name]?.otherModule = parts.lazy.flatMap(\.code).compactMap { AppleOnly.importedModule(in: $0.text) }
                .first { !AppleOnly.linuxModules.contains($0) && !AppleOnly.modules.contains($0) }
        }
        return tests
    }

    /// A warning for each test that imports a module neither Linux nor the course has (one
    /// another test of the book was built as): each group is compiled alone, so it cannot pass.
    private mutating func warnAboutImports(_ tests: [SwiftTest], _ blocks: [SwiftTestBlock], path: String) {
        for test in tests where test.appleOnly == nil {
            for line in test.blocks.flatMap({ blocks[$0].code }) {
                guard let module = AppleOnly.importedModule(in: line.text), module == test.otherModule else { continue }
                builder.diagnostics.append(.warning(.importTest, "test '\(test.name)' imports \(module), which neither Swift on Linux nor the course has (the book's own test runner built it from another test); Primer compiles each test alone, so its listing is shown and not checked",
                                                    at: SourceLocation(path: path, line: line.line, column: 1),
                                                    suggestion: "put the module's code into the test to have it checked"))
                swiftTestTally.warnings += 1
                break
            }
        }
    }

    /// `typeAnnotations` → `type-annotations`: letters and digits in lower case, words split at
    /// capitals, anything else a dash.
    static func groupName(_ name: String) -> String {
        var result = ""
        var previous: Character?
        for c in name {
            if c.isASCII, c.isLetter || c.isNumber {
                if c.isUppercase, let previous, previous.isLowercase || previous.isNumber { result.append("-") }
                result += c.lowercased()
            } else if !result.hasSuffix("-") {
                result.append("-")
            }
            previous = c
        }
        while result.hasSuffix("-") { result.removeLast() }
        while result.hasPrefix("-") { result.removeFirst() }
        return result.isEmpty ? "test" : result
    }

    /// A page's path as `from=` gives it: relative to the folder that holds the catalog.
    func fromPath(_ path: String) -> String {
        let catalog = root == "." ? URL(fileURLWithPath: FileManager.default.currentDirectoryPath).lastPathComponent : Paths.name(of: root)
        return catalog + "/" + (Paths.relative(path, to: root) ?? Paths.name(of: path))
    }

    // MARK: Parts

    /// The snippet (and its output or error block) for `block` as a part of `test`: in place of
    /// `listing` when there is one, else hidden (indented by `indent`, the comment's indentation).
    private mutating func snippet(_ block: SwiftTestBlock, of test: SwiftTest, listing: Listing?, in lines: [Line],
                                  indent: String, path: String, from: String) -> [Line] {
        let origin = lines[block.fence].origin
        var attributes = [test.mode.rawValue]
        if listing == nil { attributes.append("hidden") }
        attributes.append("group=\"\(test.group)\"")
        if test.mode == .run, listing != nil, block.outputs.contains(where: \.hidden) { attributes.append("output=\"none\"") }
        attributes.append("from=\"\(from):\(block.line)\"")
        let info = "swift {\(attributes.joined(separator: " "))}"

        var output: [Line] = []
        let prefix: String
        if let listing {
            prefix = Self.contentPrefix(listing.fence.prefix)
            let fence = String(repeating: String(listing.fence.marker), count: listing.fence.count)
            output.append(Line(text: listing.fence.prefix + fence + info, origin: lines[listing.start].origin))
            output += code(of: block, listing: listing, in: lines, path: path, prefix: prefix)
            output.append(lines[listing.end])
        } else {
            prefix = indent
            var code = block.code
            while code.last?.text.trimmingSpaces().isEmpty == true { code.removeLast() }
            let body = code.map { Line(text: $0.text.isEmpty ? "" : prefix + $0.text, origin: $0.line) }
            output += Self.fenced(body, info: info, prefix: prefix, origin: origin)
        }
        let expected: [String]
        switch test.mode {
        case .run: expected = block.outputs.map(\.text)
        case .fails: expected = block.errors
        case .compile: expected = []
        }
        if !expected.isEmpty {
            output.append(Line(text: "", origin: origin))
            output += Self.fenced(expected.map { Line(text: $0.isEmpty ? "" : prefix + $0, origin: origin) },
                                  info: test.mode == .fails ? "error" : "output", prefix: prefix, origin: origin)
        }
        return output
    }

    /// A part's code in place of `listing`: the listing's own lines with the hidden ones among
    /// them when its code is the test's shown code (comments, blank lines and spacing set aside),
    /// else the test's code (and a warning).
    private mutating func code(of block: SwiftTestBlock, listing: Listing, in lines: [Line], path: String, prefix: String) -> [Line] {
        let body = Array(lines[(listing.start + 1)..<listing.end])
        let listed = body.filter { Self.isSignificant($0.text) }
        let tested = block.code.filter { !$0.hidden && Self.isSignificant($0.text) }
        func hiddenRun(_ run: [SwiftTestItem.Code]) -> [Line] {
            guard let first = run.first else { return [] }
            return [Line(text: prefix + "// snippet.hide", origin: first.line)]
                + run.map { Line(text: $0.text.isEmpty ? "" : prefix + $0.text, origin: $0.line) }
                + [Line(text: prefix + "// snippet.show", origin: run[run.count - 1].line)]
        }
        guard listed.map({ SwiftTestSyntax.comparable($0.text) }) == tested.map({ SwiftTestSyntax.comparable($0.text) }) else {
            warnAboutDrift(listed: listed, tested: tested, closing: lines[listing.end], path: path)
            var output: [Line] = []
            var run: [SwiftTestItem.Code] = []
            for line in block.code {
                if line.hidden { run.append(line); continue }
                output += hiddenRun(run)
                run = []
                output.append(Line(text: line.text.isEmpty ? "" : prefix + line.text, origin: line.line))
            }
            return output + hiddenRun(run)
        }
        // The hidden lines that come after the n-th significant shown line, by n.
        var hiddenAfter: [Int: [SwiftTestItem.Code]] = [:]
        var seen = 0
        for line in block.code {
            if line.hidden {
                if !line.text.trimmingSpaces().isEmpty || hiddenAfter[seen] != nil { hiddenAfter[seen, default: []].append(line) }
            } else if Self.isSignificant(line.text) {
                seen += 1
            }
        }
        var output: [Line] = []
        var significant = 0
        for line in body {
            if Self.isSignificant(line.text) {
                output += hiddenRun(hiddenAfter[significant] ?? [])
                significant += 1
            }
            output.append(line)
        }
        return output + hiddenRun(hiddenAfter[significant] ?? [])
    }

    /// Code that is neither blank nor a `//` comment.
    static func isSignificant(_ text: String) -> Bool {
        let trimmed = text.trimmingSpaces()
        return !trimmed.isEmpty && !trimmed.hasPrefix("//")
    }

    private mutating func warnAboutDrift(listed: [Line], tested: [SwiftTestItem.Code], closing: Line, path: String) {
        let index = zip(listed, tested).map { SwiftTestSyntax.comparable($0.text) != SwiftTestSyntax.comparable($1.text) }.firstIndex(of: true)
            ?? min(listed.count, tested.count)
        let listingLine: String? = index < listed.count ? listed[index].text.trimmingSpaces() : nil
        let testLine: String? = index < tested.count ? tested[index].text.trimmingSpaces() : nil
        let what: String
        switch (listingLine, testLine) {
        case let (listing?, test?): what = "the listing has '\(listing)', the test '\(test)'"
        case let (listing?, nil): what = "the listing has '\(listing)' after the test's code ends"
        case let (nil, test?): what = "the test goes on with '\(test)' after the listing ends"
        case (nil, nil): what = "they differ"
        }
        let line = index < listed.count ? listed[index].origin : closing.origin
        builder.diagnostics.append(.warning(.importTest, "the listing differs from its swifttest: \(what); the snippet has the test's code",
                                            at: SourceLocation(path: path, line: line, column: 1),
                                            suggestion: "make the listing and the '->' lines of the test below it say the same"))
        swiftTestTally.warnings += 1
    }

    /// The listing of a test Primer cannot check (`why`: `apple-only`, `several-modules`): shown, not compiled.
    private func listingOnly(_ listing: Listing, _ lines: [Line], from: String, why: String, group: String) -> [Line] {
        let fence = String(repeating: String(listing.fence.marker), count: listing.fence.count)
        return [Line(text: listing.fence.prefix + fence + "swift {listing-only \(why) group=\"\(group)\" from=\"\(from)\"}", origin: lines[listing.start].origin)]
            + lines[(listing.start + 1)...listing.end]
    }

    /// The lines of `range`, a Swift listing with `// Prints` comments (and no test) marked
    /// `{run from="…"}`.
    private mutating func printsMarked(_ lines: [Line], _ range: Range<Int>, listings: [Listing], used: Set<Int>, from: String) -> [Line] {
        var output = Array(lines[range])
        for listing in listings where range.contains(listing.start) && listing.isSwift && !used.contains(listing.start) {
            guard lines[(listing.start + 1)..<listing.end].contains(where: { $0.text.contains("// Prints") }) else { continue }
            let fence = String(repeating: String(listing.fence.marker), count: listing.fence.count)
            output[listing.start - range.lowerBound].text = listing.fence.prefix + fence + "swift {run from=\"\(from):\(lines[listing.start].origin)\"}"
            swiftTestTally.printsListings += 1
        }
        return output
    }

    /// What goes before each line of a block whose fence has `prefix`: its quote markers, the
    /// rest (a list marker, indentation) as spaces.
    static func contentPrefix(_ prefix: String) -> String {
        String(prefix.map { $0 == ">" ? ">" : " " })
    }

    /// `body` between fences long enough for it, the opening with `info`.
    static func fenced(_ body: [Line], info: String, prefix: String, origin: Int) -> [Line] {
        let longest = body.map { $0.text.trimmingSpaces().prefix { $0 == "`" }.count }.max() ?? 0
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return [Line(text: prefix + fence + info, origin: origin)] + body + [Line(text: prefix + fence, origin: origin)]
    }
}

/// What makes Swift code need an Apple platform: what this Linux toolchain refuses
/// (`swiftc -typecheck`): importing a module it lacks, Objective-C interoperability.
enum AppleOnly {
    /// Modules of Apple's platforms, not on Linux.
    static let modules: Set<String> = [
        "UIKit", "AppKit", "Cocoa", "SwiftUI", "ObjectiveC", "Darwin", "CoreData", "CoreGraphics", "Combine", "os",
        "MapKit", "GameKit", "GameplayKit", "SpriteKit", "SceneKit", "Accelerate", "simd", "QuartzCore", "CoreImage",
        "AVFoundation", "Metal", "StoreKit", "WidgetKit", "WatchKit", "CoreLocation", "Photos", "CloudKit", "HealthKit",
    ]
    /// Attributes and expressions that need the Objective-C runtime: "Objective-C
    /// interoperability is disabled", "'#keyPath' can only be used with the Objective-C runtime",
    /// "'@IBOutlet' property cannot have non-'@objc' class type"; `@NSManaged` type-checks but
    /// does not link.
    static let constructs = ["@objc", "@objcMembers", "#selector", "#keyPath", "@IBOutlet", "@NSManaged", "@GKInspectable",
                             "@NSApplicationMain", "@UIApplicationMain"]

    /// Modules this Linux toolchain has (`swiftc -typecheck` imports them).
    static let linuxModules: Set<String> = [
        "Swift", "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
        "FoundationXML", "CoreFoundation", "Dispatch", "Glibc", "Musl", "XCTest", "Testing", "Observation",
        "Synchronization", "RegexBuilder", "Distributed", "_Concurrency", "_StringProcessing",
    ]

    /// The module a line imports (`import Foundation`, `@testable import Kit`, `import class UIKit.UIView`).
    static func importedModule(in line: String) -> String? {
        let code = line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? line
        var words = code.split { $0 == " " || $0 == ";" || $0 == "\t" }.map(String.init)
        while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
        guard words.first == "import", words.count > 1 else { return nil }
        let kinds: Set<String> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]
        let target = kinds.contains(words[1]) && words.count > 2 ? words[2] : words[1]
        return String(target.prefix { $0 != "." })
    }

    /// The construct in this line of code that needs an Apple platform, if any.
    static func construct(in line: String) -> String? {
        let code = line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? line
        if let module = importedModule(in: line), modules.contains(module) { return "import " + module }
        for construct in constructs {
            var search = code[...]
            while let found = search.range(of: construct) {
                let after = search[found.upperBound...].first
                if after.map({ !($0.isLetter || $0.isNumber || $0 == "_") }) ?? true { return construct }
                search = search[found.upperBound...]
            }
        }
        return nil
    }
}
