import ContentCache
import CourseModel
import Foundation

/// Finds the package's targets with `swift package dump-package` (SwiftPM's own reading of
/// Package.swift), cached by the manifest's text and the toolchain.
enum Discovery {
    struct Dump: Codable {
        struct Target: Codable {
            var name: String
            var type: String
            var path: String?
            var dependencies: [[String: [String?]]]?
            var resources: [Resource]?
            var pkgConfig: String?
            /// `[{"apt": [["libsqlite3-dev"]]}]`: one manager per entry, its packages in a list.
            var providers: [[String: [[String]]]]?
            /// The target's folder, relative to the package root.
            var folder: String { (path ?? "Sources/\(name)").trimmingCharacters(in: CharacterSet(charactersIn: "/")) }
        }
        /// `{"path": "Trails", "rule": {"copy": {}}}`: the rule is the one key of `rule`.
        struct Resource: Codable {
            var path: String
            var rule: [String: Ignored]
        }
        struct Ignored: Codable {
            init(from decoder: any Decoder) throws {}
            func encode(to encoder: any Encoder) throws {}
        }
        var targets: [Target]
    }

    /// `reading` is called when SwiftPM must read Package.swift (the cache does not know it).
    static func package(_ sources: SamplesSources, cacheDirectory: String, reading: () -> Void = {},
                        waiting: (String) -> Void = { _ in }) -> (SamplesPackage?, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let manifestPath = sources.root + "/Package.swift"
        var key = ContentKey("samples-manifest-v2")
        key.add(sources.manifest)
        key.add(Shell.toolchainVersion)
        let cache = ContentCache(folder: cacheDirectory + "/samples-manifests", suffix: ".json")
        var dump = cache.bytes(for: key).flatMap { try? JSONDecoder().decode(Dump.self, from: Data($0)) }
        if dump == nil {
            reading()
            let output = Shell.swiftPM(["package", "dump-package"], root: sources.root, timeout: sources.buildTimeout, waiting: waiting)
            if output.timedOut {
                if output.waitedForLock {
                    return (nil, [.error(.buildLock, "SwiftPM waited \(sources.buildTimeout.formatted()) s for another build that holds \(sources.root)/.build, and was stopped",
                                         at: SourceLocation(path: manifestPath, line: 1, column: 1),
                                         suggestion: "stop the other build (or wait for it), then build again")])
                }
                return (nil, [.error(.samplesManifest, "SwiftPM did not finish reading Package.swift of the samples within \(sources.buildTimeout.formatted()) s and was stopped",
                                     at: SourceLocation(path: manifestPath, line: 1, column: 1),
                                     suggestion: "Package.swift is a Swift program: look for a loop or a wait in it (build_timeout in samples.yml sets the limit)")])
            }
            guard output.status == 0 else {
                let compiler = CompilerOutput.diagnostics(output.stderr + output.stdout, packageRoot: sources.root, code: .samplesManifest)
                diagnostics += compiler.isEmpty
                    ? [.error(.samplesManifest, "Package.swift of the samples could not be read:\n" + tail(output.stderr + output.stdout),
                              at: SourceLocation(path: manifestPath))]
                    : compiler
                return (nil, diagnostics)
            }
            dump = try? JSONDecoder().decode(Dump.self, from: Data(output.stdout.utf8))
            if dump != nil { cache.store(Array(output.stdout.utf8), for: key) }
        }
        guard let dump else {
            return (nil, [.error(.samplesManifest, "SwiftPM described the samples package in a way Primer cannot read", at: SourceLocation(path: manifestPath))])
        }

        /// The package's files whose paths `keep` accepts, in path order.
        func files(_ keep: (String) -> Bool) -> [SampleFile] {
            sources.files.keys.filter(keep).sorted().map { SampleFile(path: $0, text: sources.files[$0]!) }
        }
        var targets: [String: SampleTarget] = [:]
        for target in dump.targets where target.type == "system" {
            // A system library: its module map and headers, which a download needs to build.
            let folder = target.folder
            let moduleFiles = files { $0.hasPrefix(folder + "/") }
            let providers = (target.providers ?? []).flatMap { entry in
                entry.sorted { $0.key < $1.key }.map { SystemLibrary.ProviderPackages(manager: $0.key, packages: $0.value.flatMap { $0 }) }
            }
            targets[target.name] = SampleTarget(name: target.name, kind: .systemLibrary, folder: folder, files: [], dependencies: [],
                                                settings: SampleSettings(), resourceFiles: moduleFiles,
                                                system: SystemLibrary(pkgConfig: target.pkgConfig, providers: providers))
        }
        for target in dump.targets where target.type == "executable" || target.type == "regular" {
            let folder = target.folder
            let swiftFiles = files { $0.hasPrefix(folder + "/") && $0.hasSuffix(".swift") }
            let dependencies = (target.dependencies ?? []).compactMap { dependency -> String? in
                (dependency["byName"] ?? dependency["target"])?.first ?? nil
            }
            let settings = sources.settings[target.name] ?? sources.settings[""] ?? SampleSettings()
            let resources = (target.resources ?? []).compactMap { resource -> SampleResource? in
                guard let rule = resource.rule.keys.compactMap(SampleResource.Rule.init(rawValue:)).first else { return nil }
                return SampleResource(rule: rule, path: resource.path.trimmingCharacters(in: CharacterSet(charactersIn: "/")))
            }
            // The files a resource names: itself, or everything under the folder it names.
            let resourcePaths = resources.map { folder + "/" + $0.path }
            let resourceFiles = files { file in resourcePaths.contains { file == $0 || file.hasPrefix($0 + "/") } }
            targets[target.name] = SampleTarget(name: target.name, kind: target.type == "executable" ? .executable : .library,
                                                folder: folder, files: swiftFiles, dependencies: dependencies, settings: settings,
                                                resources: resources, resourceFiles: resourceFiles)
        }
        // Samples that need Apple-only frameworks live outside the package and are only shown.
        let listingOnly = Set(sources.files.keys.filter { $0.hasPrefix("ListingOnly/") }.compactMap { $0.split(separator: "/").dropFirst().first.map(String.init) })
        for name in listingOnly.sorted() {
            let folder = "ListingOnly/\(name)"
            let listed = files { $0.hasPrefix(folder + "/") }
            if targets[name] != nil {
                diagnostics.append(.error(.samplesManifest, "'\(name)' is both a target of Package.swift and a listing-only sample",
                                          at: SourceLocation(path: sources.root + "/" + folder),
                                          suggestion: "rename one of them"))
                continue
            }
            targets[name] = SampleTarget(name: name, kind: .listingOnly, folder: folder, files: listed, dependencies: [],
                                         settings: sources.settings[name] ?? SampleSettings())
        }
        for (name, location) in sources.settingsLocations where targets[name] == nil {
            diagnostics.append(.warning(.samplesManifest, "samples.yml has settings for '\(name)', which is not a sample", at: location,
                                        suggestion: closestMatch(to: name, in: targets.keys).map { "did you mean '\($0)'?" }))
        }
        return (SamplesPackage(root: sources.root, manifest: sources.manifest, targets: targets, expected: sources.expected,
                               inputs: sources.inputs), diagnostics)
    }
}

func tail(_ text: String, lines count: Int = 20) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).suffix(count).joined(separator: "\n")
}

/// Compiler messages (`/abs/path/Sources/x/main.swift:3:5: error: …`) as diagnostics at the sample's file.
enum CompilerOutput {
    /// One line of a compiler's output that is a message about a place.
    struct Message: Hashable, Sendable {
        var path: String
        var line: Int
        var column: Int
        /// "error", "warning" or "note".
        var severity: String
        var text: String
        /// "error: cannot assign to value: 'x' is a 'let' constant", as an ```error block quotes it.
        var quoted: String { severity + ": " + text }
    }

    /// `path:line:col: severity: text`, or nil for any other line.
    static func message(_ line: Substring) -> Message? {
        for severity in ["error", "warning", "note"] {
            guard let marker = line.range(of: ": \(severity): ") else { continue }
            let place = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            guard place.count >= 3, let number = Int(place[place.count - 2]), let column = Int(place[place.count - 1]) else { continue }
            return Message(path: place.dropLast(2).joined(separator: ":"), line: number, column: column, severity: severity,
                           text: String(line[marker.upperBound...]))
        }
        return nil
    }

    static func diagnostics(_ output: String, packageRoot: String, code: DiagnosticCode = .samplesBuild) -> [Diagnostic] {
        let absoluteRoot = URL(fileURLWithPath: packageRoot).standardizedFileURL.path
        var result: [Diagnostic] = []
        var seen = Set<Message>()
        for line in output.split(separator: "\n") {
            guard var message = Self.message(line), let severity = Diagnostic.Severity(rawValue: message.severity) else { continue }
            if message.path.hasPrefix(absoluteRoot + "/") { message.path = packageRoot + "/" + message.path.dropFirst(absoluteRoot.count + 1) }
            guard seen.insert(message).inserted else { continue }
            result.append(Diagnostic(severity, message.text, at: SourceLocation(path: message.path, line: message.line, column: message.column), code: code))
        }
        return result
    }
}
