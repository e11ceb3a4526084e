// key-extractor — what genstrings does, in miniature: scan Swift source text
// for String(localized:comment:) and NSLocalizedString(_:comment:) calls,
// collect each key with its comment, report a key used with two different
// comments, and write a .strings table sorted by key. A scanner over the
// text, not a parser: it finds calls whose arguments are string literals.
import Foundation

// Invented source files of a notes app.
let sources: [(file: String, text: String)] = [
    ("NotesView.swift", #"""
    let title = String(localized: "notes.title", comment: "Title of the notes list")
    let add = NSLocalizedString("notes.add", comment: "Button that adds a note")
    // String(localized: "notes.old", comment: "A call inside a comment still counts")
    """#),
    ("EditorView.swift", #"""
    let save = String(localized: "editor.save", comment: "Button that saves the note")
    let quote = String(localized: "editor.quote", comment: "Placeholder: \"Type here\"")
    let title = String(localized: "notes.title", comment: "Title of the editor")
    """#),
    ("Settings.swift", #"""
    let add = NSLocalizedString("notes.add", comment: "Button that adds a note")
    let name = String(localized: "settings.name")
    """#),
]

struct Occurrence { var key: String; var comment: String; var place: String }

// snippet.scanner
/// Reads a string literal starting at `index` (just after its opening quote).
/// Returns its text, escapes kept as written, and the index after the closing quote.
func literal(in text: Substring, from index: Substring.Index) -> (String, Substring.Index)? {
    var result = ""
    var position = index
    while position < text.endIndex {
        let character = text[position]
        if character == "\"" { return (result, text.index(after: position)) }
        if character == "\\" {
            let next = text.index(after: position)
            guard next < text.endIndex else { return nil }
            result.append(character)
            result.append(text[next])
            position = text.index(after: next)
            continue
        }
        result.append(character)
        position = text.index(after: position)
    }
    return nil
}

/// Finds every call of the two forms and the comment given with it.
func scan(_ text: String, file: String) -> [Occurrence] {
    var found: [Occurrence] = []
    for (lineNumber, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        for opening in ["String(localized: \"", "NSLocalizedString(\""] {
            var rest = line[...]
            while let range = rest.range(of: opening) {
                guard let (key, after) = literal(in: rest, from: range.upperBound) else { break }
                var comment = ""
                let tail = rest[after...]
                if tail.hasPrefix(", comment: \""),
                   let (text, end) = literal(in: tail, from: tail.index(tail.startIndex, offsetBy: 12)) {
                    comment = text
                    rest = tail[end...]
                } else {
                    rest = tail
                }
                found.append(Occurrence(key: key, comment: comment, place: "\(file):\(lineNumber + 1)"))
            }
        }
    }
    return found
}
// snippet.end

let occurrences = sources.flatMap { scan($0.text, file: $0.file) }
print("found \(occurrences.count) calls, \(Set(occurrences.map(\.key)).count) keys")

// snippet.table
let byKey = Dictionary(grouping: occurrences, by: \.key)
for (key, uses) in byKey.sorted(by: { $0.key < $1.key }) {
    let comments = Set(uses.map(\.comment))
    if comments.count > 1 {
        print("warning: \(key) has \(comments.count) different comments:")
        for use in uses { print("  \(use.place): \(use.comment)") }
    }
}

// One entry per key: its comment (the first one found) and the key as the English value.
let table = byKey.keys.sorted().map { key in
    let comment = (byKey[key]?.first?.comment ?? "").replacingOccurrences(of: "\\\"", with: "\"")
    return "/* \(comment.isEmpty ? "(no comment)" : comment) */\n\"\(key)\" = \"\(key)\";\n"
}.joined(separator: "\n")
// snippet.end

do {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("Localizable.strings")
    try table.write(to: file, atomically: true, encoding: .utf8)
    // Read it back as a property list: the table we wrote is valid.
    let parsed = try PropertyListSerialization.propertyList(from: Data(contentsOf: file), format: nil)
    print("wrote \(file.lastPathComponent): \((parsed as? [String: String])?.count ?? 0) entries")
    print(table, terminator: "")
} catch {
    print("key-extractor failed: \(error)")
}
