import CourseModel
import Yams

/// Reads `Content/Samples/samples.yml`:
///
///     build_timeout: 900                  # seconds for swift build / dump-package
///     defaults: { timeout: 10, output_limit: 1 MiB, memory_limit: 512 MiB }
///     samples:
///       string-tables: { per_locale: true }
///       reader: { stdin: Inputs/reader.txt, arguments: [--verbose], timeout: 30 }
///       crash-demo: { expect_failure: true }
///       clock: { deterministic: false }
enum SampleSettingsReader {
    static let keys = ["timeout", "output_limit", "arguments", "stdin", "expect_failure", "deterministic", "per_locale", "description",
                       "memory_limit", "process_limit", "open_files_limit", "file_size_limit", "disk_limit"]

    static func read(_ text: String, path: String, inputs: Set<String>,
                     diagnostics: inout [Diagnostic]) -> ([String: SampleSettings], [String: SourceLocation], Double) {
        var result: [String: SampleSettings] = [:]
        var locations: [String: SourceLocation] = [:]
        var buildTimeout = SamplesSources.defaultBuildTimeout
        let root: Node
        switch YAML.compose(text, path: path) {
        case .failure(let d): diagnostics.append(d); return ([:], [:], buildTimeout)
        case .success(let node):
            guard let node else { return ([:], [:], buildTimeout) }
            root = node
        }
        var defaults = SampleSettings()
        var samplesNode: Node?
        for (key, keyNode, value) in YAML.entries(root) {
            switch key {
            case "defaults": defaults = settings(value, base: SampleSettings(), path: path, inputs: inputs, diagnostics: &diagnostics)
            case "samples": samplesNode = value
            case "build_timeout":
                if let n = value.float ?? value.int.map(Double.init), n > 0 { buildTimeout = n } else {
                    diagnostics.append(.error(.settingValue, "'build_timeout' must be a positive number of seconds", at: YAML.location(value, path: path)))
                }
            default:
                diagnostics.append(.warning(.unknownKey, "unknown key '\(key)' in samples.yml is ignored", at: YAML.location(keyNode, path: path),
                                            suggestion: closestMatch(to: key, in: ["defaults", "samples", "build_timeout"]).map { "did you mean '\($0)'?" }))
            }
        }
        result[""] = defaults
        for (name, keyNode, value) in YAML.entries(samplesNode ?? Node("")) {
            result[name] = settings(value, base: defaults, path: path, inputs: inputs, diagnostics: &diagnostics)
            locations[name] = YAML.location(keyNode, path: path)
        }
        return (result, locations, buildTimeout)
    }

    /// A size in bytes: a number, or a number with a unit (`512 KiB`, `64 MiB`, `1 GiB`; KB, MB
    /// and GB mean the same here, as they do to most people reading a limit).
    static func bytes(_ node: Node) -> Int? {
        if let n = node.int { return n > 0 ? n : nil }
        guard let text = node.scalar?.string.trimmingCharacters(in: .whitespaces) else { return nil }
        let digits = text.prefix { $0.isNumber || $0 == "." }
        guard let number = Double(digits), number > 0 else { return nil }
        let unit = text.dropFirst(digits.count).trimmingCharacters(in: .whitespaces).lowercased()
        let kibi = 1024.0, mebi = kibi * 1024, gibi = mebi * 1024
        let scale: [String: Double] = ["": 1, "b": 1, "k": kibi, "kb": kibi, "kib": kibi, "m": mebi, "mb": mebi,
                                       "mib": mebi, "g": gibi, "gb": gibi, "gib": gibi]
        guard let factor = scale[unit] else { return nil }
        return Int(number * factor)
    }

    static func settings(_ node: Node, base: SampleSettings, path: String, inputs: Set<String>,
                         diagnostics: inout [Diagnostic]) -> SampleSettings {
        var settings = base
        for (key, keyNode, value) in YAML.entries(node) {
            let at = YAML.location(value, path: path)
            func number() -> Double? {
                guard let n = value.float ?? value.int.map(Double.init), n > 0 else {
                    diagnostics.append(.error(.settingValue, "'\(key)' must be a positive number", at: at)); return nil
                }
                return n
            }
            func flag() -> Bool? {
                guard let b = value.bool else { diagnostics.append(.error(.settingValue, "'\(key)' must be true or false", at: at)); return nil }
                return b
            }
            switch key {
            case "timeout": if let n = number() { settings.timeout = n }
            case "output_limit", "memory_limit", "file_size_limit", "disk_limit":
                guard let n = bytes(value) else {
                    diagnostics.append(.error(.settingValue, "'\(key)' must be a size: a number of bytes, or one with a unit such as 64 MiB", at: at)); continue
                }
                switch key {
                case "output_limit": settings.outputLimit = n
                case "memory_limit": settings.memoryLimit = n
                case "disk_limit": settings.diskLimit = n
                default: settings.fileSizeLimit = n
                }
            case "process_limit", "open_files_limit":
                guard let n = value.int, n > 0 else { diagnostics.append(.error(.settingValue, "'\(key)' must be a positive whole number", at: at)); continue }
                if key == "process_limit" { settings.processLimit = n } else { settings.openFilesLimit = n }
            case "arguments":
                guard let list = value.sequence?.compactMap({ $0.scalar?.string }) else {
                    diagnostics.append(.error(.settingValue, "'arguments' must be a list of texts", at: at)); continue
                }
                settings.arguments = list
            case "stdin":
                guard let file = value.scalar?.string else { diagnostics.append(.error(.settingValue, "'stdin' must be a file path", at: at)); continue }
                if !inputs.contains(file) {
                    diagnostics.append(.error(.settingValue, "stdin file '\(file)' not found in the samples package", at: at,
                                              suggestion: closestMatch(to: file, in: inputs).map { "did you mean '\($0)'?" }
                                                ?? "put input files in Content/Samples/Inputs/"))
                }
                settings.stdin = file
            case "expect_failure": if let b = flag() { settings.expectFailure = b }
            case "deterministic": if let b = flag() { settings.deterministic = b }
            case "per_locale": if let b = flag() { settings.perLocale = b }
            case "description":
                if let text = value.scalar?.string {
                    settings.description = [:]
                    settings.description[LocaleTag("und")!] = text
                    continue
                }
                for (tag, tagNode, text) in YAML.entries(value) {
                    guard let locale = LocaleTag(tag), let string = text.scalar?.string else {
                        diagnostics.append(.error(.settingValue, "'description' maps locales to texts; '\(tag)' is not a locale", at: YAML.location(tagNode, path: path)))
                        continue
                    }
                    settings.description[locale] = string
                }
            default:
                diagnostics.append(.warning(.unknownKey, "unknown sample setting '\(key)' is ignored", at: YAML.location(keyNode, path: path),
                                            suggestion: closestMatch(to: key, in: keys).map { "did you mean '\($0)'?" }))
            }
        }
        return settings
    }
}
