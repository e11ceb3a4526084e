import ContentCache
import CourseModel

/// What each run is cached by, and what the whole stage reads. Every list goes in with its
/// count first, so fields of one item never pass for those of the next.
extension SamplesStage {
    /// Everything the stage reads, as one key: a preview rebuild whose key is unchanged reuses
    /// the last report without looking at a single sample.
    public static func inputsKey(_ sources: SamplesSources?, snippets: [SnippetUse], locales: [LocaleTag],
                                 figures: [String: [String: [UInt8]]] = [:], checkPrints: Bool = false,
                                 deterministicHashing: Bool = false) -> String {
        var key = ContentKey("samples-stage-v1")
        key.add(checkPrints)
        key.add(deterministicHashing)
        key.add(figures.count)
        for (folder, files) in figures.sorted(by: { $0.key < $1.key }) {
            key.add(folder)
            add(files, to: &key)
        }
        key.add(sources != nil)
        if let samples = sources {
            key.add(samples.manifest)
            key.add("\(samples.buildTimeout)")
            add(samples.files, to: &key)
            add(samples.expected, to: &key)
            add(samples.inputs, to: &key)
            key.add(samples.settings.count)
            for (name, settings) in samples.settings.sorted(by: { $0.key < $1.key }) {
                key.add(name)
                key.add(settings.runKey)
                for flag in [settings.expectFailure, settings.deterministic, settings.perLocale] { key.add(flag) }
                add(Dictionary(uniqueKeysWithValues: settings.description.map { ($0.key.rawValue, $0.value) }), to: &key)
            }
        }
        key.add(snippets.count)
        for snippet in snippets {
            key.add(snippet.path)
            key.add(snippet.snippet.mode.rawValue)
            key.add(snippet.snippet.code)
            key.add(snippet.snippet.expected != nil)
            key.add(snippet.snippet.expected ?? "")
        }
        key.add(locales.count)
        for locale in locales { key.add(locale.rawValue) }
        return key.hex
    }

    /// Files by name, in name order, after their count.
    static func add(_ files: [String: [UInt8]], to key: inout ContentKey) {
        key.add(files.count)
        for (name, bytes) in files.sorted(by: { $0.key < $1.key }) { key.add(name); key.add(bytes) }
    }

    static func add(_ texts: [String: String], to key: inout ContentKey) {
        key.add(texts.count)
        for (name, text) in texts.sorted(by: { $0.key < $1.key }) { key.add(name); key.add(text) }
    }

    /// Everything that can change what a sample prints.
    static func key(for target: SampleTarget, in package: SamplesPackage, locale: LocaleTag?) -> ContentKey {
        var key = ContentKey("sample-v5")
        key.add(Shell.toolchainVersion)
        key.add(package.manifest)
        addSources(package.closure(of: target.name), to: &key)
        let settings = target.settings
        key.add(settings.arguments.count)
        for argument in settings.arguments { key.add(argument) }
        key.add(settings.stdin.flatMap { package.inputs[$0] } ?? [])
        key.add(locale?.rawValue ?? "-")
        key.add(settings.runKey)
        return key
    }

    /// Everything that can change what a snippet prints: its code, how it is checked, and the
    /// sources of the package's libraries it imports.
    static func key(for snippet: Snippet, importing libraries: [SampleTarget]) -> ContentKey {
        var key = ContentKey("snippet-v6")
        key.add(Shell.toolchainVersion)
        key.add(snippet.mode.rawValue)
        key.add(snippet.code)
        addSources(libraries, to: &key)
        return key
    }

    static func addSources(_ targets: [SampleTarget], to key: inout ContentKey) {
        key.add(targets.count)
        for target in targets {
            key.add(target.name)
            key.add(target.files.count)
            for file in target.files { key.add(file.path); key.add(file.text) }
            // Resources are read at run time: a changed one can change the output.
            key.add(target.resourceFiles.count)
            for file in target.resourceFiles { key.add(file.path); key.add(file.text) }
        }
    }

    /// The package's library targets a snippet imports (`import Fractions`), with what they depend on.
    static func libraryTargetsByModule(_ package: SamplesPackage) -> [String: SampleTarget] {
        Dictionary(package.targets.values.filter { $0.kind == .library }.map { ($0.moduleName, $0) }, uniquingKeysWith: { a, _ in a })
    }

    static func importedLibraries(_ code: String, package: SamplesPackage, byModule: [String: SampleTarget]) -> [SampleTarget] {
        guard code.contains("import") else { return [] }
        var found: [SampleTarget] = []
        for line in code.split(separator: "\n") {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let index = words.firstIndex(of: "import"), words[..<index].allSatisfy({ $0.hasPrefix("@") }) else { continue }
            // `import Fractions`, `import struct Fractions.Fraction`
            let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "func", "typealias", "var", "let", "actor"]
            let path = words.dropFirst(index + 1).first(where: { !kinds.contains($0) })
            guard let path, let library = byModule[String(path.split(separator: ".")[0])] else { continue }
            for target in package.closure(of: library.name) where target.kind == .library && !found.contains(target) { found.append(target) }
        }
        return found
    }
}
