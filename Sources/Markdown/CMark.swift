import CCmarkGFM
import CPlatform
import CourseModel
import Synchronization

/// cmark-gfm mutates one shared extension table on every parse when extensions are
/// attached, so parsing is serialized behind this lock; everything after the parse
/// works on Swift values and runs in parallel.
private let cmarkLock = Mutex<Bool>(false)

/// How deep blocks or inlines may nest before the chapter is rejected (cmark itself
/// copes, but a recursive walk over 10,000 nested quotes would not).
public let maximumNesting = 100

struct RawParse {
    var blocks: [Block]
    var diagnostics: [Diagnostic]
    /// The ids raw HTML gives (with `rawHTML`), with their places.
    var rawIDs: [String: SourceLocation] = [:]
}

/// cmark-gfm allocates through this: a per-thread bump allocator (CPlatform's arena). The parse
/// holds the lock, so its allocations are cheap, and the tree is released in one go instead of
/// node by node. Reading the tree allocates too (cmark makes C strings of some literals on
/// demand), on the same thread and so in the same arena.
nonisolated(unsafe) private let arena: UnsafeMutablePointer<cmark_mem> = {
    let memory = UnsafeMutablePointer<cmark_mem>.allocate(capacity: 1)
    memory.initialize(to: cmark_mem(calloc: primer_arena_calloc, realloc: primer_arena_realloc, free: primer_arena_free))
    return memory
}()

/// The GitHub extensions, attached to every parse (except as `usableExtensions` allows).
let extensions = ["table", "strikethrough", "autolink", "tasklist", "tagfilter"]

/// Which extensions could change the tree of this text: false for autolink and tasklist when
/// the text lacks what they look for. They cost time on every paragraph, under the parse lock,
/// and without them the tree is the same (cmark only splits text runs differently, and the
/// converter joins runs). Conservative: any `@`, `://`, `www.` (any case), `mailto:` or
/// `xmpp:` keeps autolink; any `[`, one byte, `]` keeps tasklist.
func usableExtensions(_ utf8: [UInt8]) -> [String: Bool] {
    // The flags live in the closure (a captured variable that is written is a heap box).
    let (autolink, tasklist) = utf8.withUnsafeBufferPointer { bytes -> (Bool, Bool) in interesting.withUnsafeBufferPointer { interesting in
        var autolink = false, tasklist = false
        let count = bytes.count
        var index = 0
        while index < count && !(autolink && tasklist) {
            // Most bytes are none of the four looked at: skip them in a tight loop (this runs
            // over every chapter's text, twice for a course past the document budget).
            while index < count && !interesting[Int(bytes[index])] { index += 1 }
            guard index < count else { break }
            switch bytes[index] {
            case UInt8(ascii: "@"): autolink = true
            case UInt8(ascii: ":"):
                if index + 2 < count && bytes[index + 1] == UInt8(ascii: "/") && bytes[index + 2] == UInt8(ascii: "/") { autolink = true }
                if hasSuffix(bytes, before: index, "mailto") || hasSuffix(bytes, before: index, "xmpp") { autolink = true }
            case UInt8(ascii: "."):
                if hasSuffix(bytes, before: index, "www") { autolink = true }
            case UInt8(ascii: "["):
                if index + 2 < count && bytes[index + 2] == UInt8(ascii: "]") { tasklist = true }
            default: break
            }
            index += 1
        }
        return (autolink, tasklist)
    } }
    return ["autolink": autolink, "tasklist": tasklist]
}

/// The bytes `usableExtensions` looks at: `@`, `:`, `.` and `[`.
private let interesting: [Bool] = (0..<256).map { [UInt8(ascii: "@"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "[")].contains(UInt8($0)) }

/// Whether `utf8[..<end]` ends with `word`, ignoring ASCII case.
private func hasSuffix(_ utf8: UnsafeBufferPointer<UInt8>, before end: Int, _ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard end >= count else { return false }
    return word.withUTF8Buffer { letters in
        (0..<count).allSatisfy { utf8[end - count + $0] | 0x20 == letters[$0] }
    }
}

/// Parses GitHub-flavoured Markdown into plain Swift values.
/// `lineOffset` is added to every line so positions point into the whole file.
/// `allExtensions`: attach every extension whatever the text (the tests compare the trees).
/// `rawHTML`: raw HTML is published (`raw_html: true`), so it is made safe as it is read.
func parseWithCmark(_ text: String, path: String, lineOffset: Int, allExtensions: Bool = false, smart: Bool = false,
                    rawHTML: Bool = false) -> RawParse {
    primer_arena_begin()
    defer { primer_arena_end() }  // the whole tree
    var utf8 = Array(text.utf8)  // copied before taking the lock
    if let line = blockWithTooManyBrackets(utf8) {
        return RawParse(blocks: [], diagnostics: [
            .error(.nestingTooDeep, "this block holds more than \(maximumBrackets) '[' (links, images, footnotes); Markdown takes time that grows with their square",
                   at: SourceLocation(path: path, line: line + lineOffset, column: 1),
                   suggestion: "split it into paragraphs with blank lines, or put the text in a code block"),
        ])
    }
    let usable = allExtensions ? [:] : usableExtensions(utf8)
    // The tree belongs to this call alone once parsed, so it is walked outside the lock.
    let parsed: OpaquePointer? = cmarkLock.withLock { registered in
        if !registered {
            cmark_gfm_core_extensions_ensure_registered()
            registered = true
        }
        let options = CMARK_OPT_FOOTNOTES | CMARK_OPT_UNSAFE | (smart ? CMARK_OPT_SMART : 0)
        guard let parser = cmark_parser_new_with_mem(options, arena) else { return nil }
        defer { cmark_parser_free(parser) }
        for name in extensions where usable[name] != false {
            if let extensionPointer = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, extensionPointer)
            }
        }
        utf8.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                cmark_parser_feed(parser, chars.baseAddress, chars.count)
            }
        }
        return cmark_parser_finish(parser)
    }
    guard let root = parsed else { return RawParse(blocks: [], diagnostics: []) }
    var converter = Converter(path: path, lineOffset: lineOffset)
    if rawHTML { converter.sanitizer = RawHTMLSanitizer(path: path) }
    let blocks = converter.blocks(of: root, depth: 0)
    return RawParse(blocks: blocks, diagnostics: converter.diagnostics + (converter.sanitizer?.diagnostics ?? []),
                    rawIDs: converter.sanitizer?.ids ?? [:])
}

private struct Converter {
    let path: String
    let lineOffset: Int
    var diagnostics: [Diagnostic] = []
    var reportedDepth = false
    var footnoteDefinitions = 0
    /// With `raw_html: true`: makes each piece of raw HTML safe as it is read.
    var sanitizer: RawHTMLSanitizer?
    /// Inside a link's text, which holds no link.
    var inLink = 0

    init(path: String, lineOffset: Int) { self.path = path; self.lineOffset = lineOffset }

    func position(_ node: OpaquePointer) -> Position {
        let line = Int(cmark_node_get_start_line(node))
        guard line > 0 else { return .unknown }
        return Position(line: line + lineOffset, column: Int(cmark_node_get_start_column(node)))
    }

    mutating func tooDeep(_ node: OpaquePointer, depth: Int) -> Bool {
        guard depth > maximumNesting else { return false }
        if !reportedDepth {
            reportedDepth = true
            let p = position(node)
            diagnostics.append(.error(.nestingTooDeep, "lists, quotes or emphasis nest more than \(maximumNesting) levels deep",
                                      at: SourceLocation(path: path, line: p.line, column: p.column),
                                      suggestion: "flatten the structure; no reader can follow that many levels"))
        }
        return true
    }

    static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }

    static func children(_ node: OpaquePointer) -> [OpaquePointer] {
        var result: [OpaquePointer] = []
        var child = cmark_node_first_child(node)
        while let current = child {
            result.append(current)
            child = cmark_node_next(current)
        }
        return result
    }

    mutating func blocks(of node: OpaquePointer, depth: Int) -> [Block] {
        if tooDeep(node, depth: depth) { return [] }
        var result: [Block] = []
        // What the container's HTML blocks leave open, around the Markdown between them.
        var level = RawHTMLSanitizer.Level(.blocks)
        var child = cmark_node_first_child(node)
        while let current = child {
            child = cmark_node_next(current)
            if sanitizer != nil {
                if cmark_node_get_type(current) == CMARK_NODE_HTML_BLOCK {
                    var html = sanitizer!.sanitize(Self.string(cmark_node_get_literal(current)), at: position(current), level: &level)
                    html += sanitizer!.close(&level, reason: "at the end of its HTML block", keepingContainers: true)
                    if !html.allSatisfy(\.isWhitespace) { result.append(.html(html.hasSuffix("\n") ? html : html + "\n")) }
                    continue
                }
                if level.skipping != nil { continue }  // inside a <script> or <style> left out with what it holds
                // A chapter's sections and its footnotes are elements of their own: nothing stays open across them.
                if depth == 0, let boundary = sectionBoundary(current) {
                    let closing = sanitizer!.close(&level, reason: boundary)
                    if !closing.isEmpty { result.append(.html(closing + "\n")) }
                }
            }
            if let block = block(current, depth: depth + 1) { result.append(block) }
        }
        if sanitizer != nil {
            let closing = sanitizer!.close(&level, reason: depth == 0 ? "at the end of the chapter" : "at the end of its list item, quote or footnote")
            if !closing.isEmpty { result.append(.html(closing + "\n")) }
        }
        return result
    }

    /// Where a node starts a section (a heading of level 1 to 3) or the footnotes, in words.
    func sectionBoundary(_ node: OpaquePointer) -> String? {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_HEADING where cmark_node_get_heading_level(node) <= 3:
            return "before the heading on line \(position(node).line)"
        case CMARK_NODE_FOOTNOTE_DEFINITION: return "before the footnotes"
        default: return nil
        }
    }

    /// Core node types are told apart by number; only extension nodes (tables) by name.
    mutating func block(_ node: OpaquePointer, depth: Int) -> Block? {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_PARAGRAPH:
            return .paragraph(inlines(of: node, depth: depth), position(node))
        case CMARK_NODE_HEADING:
            return .heading(Heading(level: Int(cmark_node_get_heading_level(node)), content: inlines(of: node, depth: depth),
                                    attributes: Attributes(), position: position(node)))
        case CMARK_NODE_CODE_BLOCK:
            return .code(CodeBlock(language: Self.string(cmark_node_get_fence_info(node)),
                                   code: Self.string(cmark_node_get_literal(node)),
                                   attributes: Attributes(), position: position(node)))
        case CMARK_NODE_HTML_BLOCK:
            return .html(Self.string(cmark_node_get_literal(node)))
        case CMARK_NODE_BLOCK_QUOTE:
            return .quote(blocks(of: node, depth: depth))
        case CMARK_NODE_LIST:
            if tooDeep(node, depth: depth) { return nil }
            let items = Self.children(node).map { item in
                let checked: Bool? = Self.string(cmark_node_get_type_string(item)) == "tasklist"
                    ? cmark_gfm_extensions_get_tasklist_item_checked(item) : nil
                return ListItem(blocks: blocks(of: item, depth: depth + 1), checked: checked)
            }
            return .list(ListBlock(ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
                                   start: Int(cmark_node_get_list_start(node)),
                                   tight: cmark_node_get_list_tight(node) != 0, items: items))
        case CMARK_NODE_THEMATIC_BREAK:
            return .rule
        case CMARK_NODE_FOOTNOTE_DEFINITION:
            // cmark-gfm moves the referenced definitions to the end in reference order and
            // numbers references 1, 2…
            footnoteDefinitions += 1
            return .footnoteDefinition(label: String(footnoteDefinitions), blocks: blocks(of: node, depth: depth))
        default:
            guard Self.string(cmark_node_get_type_string(node)) == "table" else { return nil }
            let columns = Int(cmark_gfm_extensions_get_table_columns(node))
            var alignments: [TableAlignment] = []
            if let raw = cmark_gfm_extensions_get_table_alignments(node) {
                for index in 0..<columns {
                    switch UInt8(raw[index]) {
                    case UInt8(ascii: "l"): alignments.append(.left)
                    case UInt8(ascii: "c"): alignments.append(.center)
                    case UInt8(ascii: "r"): alignments.append(.right)
                    default: alignments.append(.none)
                    }
                }
            }
            var header: [[Inline]] = []
            var rows: [[[Inline]]] = []
            for row in Self.children(node) {
                let cells = Self.children(row).map { inlines(of: $0, depth: depth) }
                if cmark_gfm_extensions_get_table_row_is_header(row) != 0 { header = cells } else { rows.append(cells) }
            }
            return .table(Table(alignments: alignments, header: header, rows: rows, position: position(node)))
        }
    }

    mutating func inlines(of node: OpaquePointer, depth: Int) -> [Inline] {
        if tooDeep(node, depth: depth) { return [] }
        var result: [Inline] = []
        // cmark splits text at every special character; one run per text reads better downstream.
        var text: String?
        // What the run's inline HTML leaves open (each emphasis and link is a run of its own).
        let sanitizing = sanitizer != nil
        var level = RawHTMLSanitizer.Level(inLink > 0 ? .link : .run)
        var child = cmark_node_first_child(node)
        while let current = child {
            child = cmark_node_next(current)
            if sanitizing {
                if cmark_node_get_type(current) == CMARK_NODE_HTML_INLINE {
                    let html = sanitizer!.sanitize(Self.string(cmark_node_get_literal(current)), at: position(current), level: &level)
                    guard !html.isEmpty else { continue }
                    if let run = text { result.append(.text(run)); text = nil }
                    result.append(.html(html))
                    continue
                }
                if level.skipping != nil { continue }  // inside a <script> or <style> left out with what it holds
            }
            if cmark_node_get_type(current) == CMARK_NODE_TEXT {
                let piece = Self.string(cmark_node_get_literal(current))
                if text == nil { text = piece } else { text! += piece }
                continue
            }
            guard let inline = inline(current, depth: depth + 1) else { continue }
            if let run = text { result.append(.text(run)); text = nil }
            result.append(inline)
        }
        if let run = text { result.append(.text(run)) }
        if sanitizing {
            let closing = sanitizer!.close(&level, reason: Self.runEnd(node))
            if !closing.isEmpty { result.append(.html(closing)) }
        }
        return result
    }

    /// Where a run of inlines ends, in words.
    static func runEnd(_ node: OpaquePointer) -> String {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_PARAGRAPH: return "at the end of its paragraph"
        case CMARK_NODE_HEADING: return "at the end of its heading"
        case CMARK_NODE_EMPH, CMARK_NODE_STRONG: return "at the end of the emphasis around it"
        case CMARK_NODE_LINK: return "at the end of the link around it"
        default: return Self.string(cmark_node_get_type_string(node)) == "table_cell" ? "at the end of its table cell" : "at the end of the text around it"
        }
    }

    mutating func inline(_ node: OpaquePointer, depth: Int) -> Inline? {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_TEXT: return .text(Self.string(cmark_node_get_literal(node)))
        case CMARK_NODE_CODE: return .code(Self.string(cmark_node_get_literal(node)))
        case CMARK_NODE_SOFTBREAK: return .softBreak
        case CMARK_NODE_LINEBREAK: return .lineBreak
        case CMARK_NODE_EMPH: return .emphasis(inlines(of: node, depth: depth))
        case CMARK_NODE_STRONG: return .strong(inlines(of: node, depth: depth))
        case CMARK_NODE_HTML_INLINE: return .html(Self.string(cmark_node_get_literal(node)))
        case CMARK_NODE_LINK:
            inLink += 1
            defer { inLink -= 1 }
            return .link(Link(destination: Self.string(cmark_node_get_url(node)), title: Self.string(cmark_node_get_title(node)),
                              content: inlines(of: node, depth: depth), position: position(node)))
        case CMARK_NODE_IMAGE:
            return .image(Image(source: Self.string(cmark_node_get_url(node)), title: Self.string(cmark_node_get_title(node)),
                                alt: inlines(of: node, depth: depth), position: position(node)))
        case CMARK_NODE_FOOTNOTE_REFERENCE:
            return .footnoteReference(Self.string(cmark_node_get_literal(node)))
        default:
            guard Self.string(cmark_node_get_type_string(node)) == "strikethrough" else { return nil }
            return .strikethrough(inlines(of: node, depth: depth))
        }
    }
}
