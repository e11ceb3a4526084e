import CourseModel
import Foundation
import Loader

extension TranslationStatus {
    /// Sets each of `marks` (section key → source fingerprint) in the `translated_sections` of
    /// the translation at `path`, keeping its other marks; a translation marked before sections
    /// were recorded (`translated_from`, current) keeps every section marked. The block is
    /// written in the source's section order and `translated_from` is dropped.
    public static func markSections(path: String, marks: [String: String], content: String, templates: String) throws {
        let (loaded, diagnostics) = CourseLoader.load(.init(contentPath: content, templatesPath: templates))
        guard let sources = loaded else { throw MarksNotWritten(diagnostics: diagnostics) }
        for versions in sources.chapters.values {
            guard let translation = versions.values.first(where: { $0.path == path }),
                  let original = versions[sources.config.sourceLocale] else { continue }
            let sections = ChapterSections.split(original)
            var merged = translation.translatedSections
                ?? (translation.translatedFrom == original.fingerprint ? Dictionary(uniqueKeysWithValues: sections.map { ($0.key, $0.fingerprint) }) : [:])
            merged.merge(marks) { _, new in new }
            let order = sections.map(\.key)
            let ordered = order.compactMap { key in merged[key].map { (key, $0) } } + merged.filter { !order.contains($0.key) }.sorted { $0.key < $1.key }
            var text = try String(contentsOfFile: path, encoding: .utf8)
            var lines = text.components(separatedBy: "\n")
            guard lines.first == "---", let close = lines.indices.dropFirst().first(where: { lines[$0] == "---" }) else {
                throw MarksNotWritten(diagnostics: [.error(.frontMatter, "\(path) has no front matter to record the sections in", at: SourceLocation(path: path))])
            }
            var kept = Array(lines[1..<close])
            kept.removeAll { $0.hasPrefix("translated_from:") }
            if let start = kept.firstIndex(where: { $0.hasPrefix("translated_sections:") }) {
                var end = start + 1
                while end < kept.count, kept[end].hasPrefix(" ") { end += 1 }
                kept.removeSubrange(start..<end)
            }
            kept.append("translated_sections:")
            kept += ordered.map { key, print in
                let plain = key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" } && !key.hasPrefix("-")
                return "  \(plain ? key : "\"\(key)\""): \(print)"
            }
            lines.replaceSubrange(1..<close, with: kept)
            text = lines.joined(separator: "\n")
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            return
        }
        throw MarksNotWritten(diagnostics: [.error(.settingValue, "\(path) is not a translation of the course's chapters", at: SourceLocation(path: path))])
    }

    struct MarksNotWritten: LocalizedError {
        var diagnostics: [Diagnostic]
        var errorDescription: String? { diagnostics.map(\.description).joined(separator: "\n") }
    }
}
