import ContentCache
import CourseModel
import Foundation
import SwiftParser
import SwiftSyntax
import Synchronization

/// Compiles inline snippets with `swiftc` directly (no SwiftPM: a snippet is one file, and the
/// cache already knows which ones changed). `{compile}` snippets that hold only declarations are
/// checked together (through SIL's mandatory passes, no code made), many files in one compiler process, the way rustdoc merges doctests;
/// each one's top-level declarations are made `fileprivate` first, so a snippet cannot lean on
/// another's. When the merged check fails, the snippets it blames are checked on their own, so
/// every error is the one a reader would see compiling that snippet alone. Everything else is
/// compiled on its own, in parallel: `{run}` into a binary, `{fails}` and `{compile}` fragments
/// (statements, top-level variables) checked the same way in script mode, as a `main.swift` is.
enum SnippetCompiler {
    struct Result: Sendable {
        var succeeded: Bool
        /// Messages inside the snippet's own file (line and column in the snippet's code).
        var messages: [CompilerOutput.Message]
        /// What the compiler printed that is not a message of the snippet (a crash, a missing tool).
        var otherOutput: String
        var timedOut = false
        var warnings: [CompilerWarning] { SnippetCompiler.warnings(messages) }
    }

    static func warnings(_ messages: [CompilerOutput.Message]) -> [CompilerWarning] {
        messages.filter { $0.severity == "warning" }.map { CompilerWarning(line: $0.line, column: $0.column, text: $0.text) }
    }

    static let languageFlags = ["-swift-version", "6", "-diagnostic-style", "llvm"]
    /// A snippet that is not run is compiled as far as SIL's checks, without making code.
    static let checkedThroughSIL = ["-emit-sil", "-o", "/dev/null"]

    /// The samples' library targets a snippet imports, as SwiftPM built them: the folder of their
    /// modules, and the folders of their object files (linked into a `{run}` snippet).
    struct Libraries: Sendable {
        var modules: String
        var objectFolders: [String]
    }

    /// Type-checks or compiles one snippet in script mode, as `main.swift` of its own module.
    /// `asLibrary`: compiled as a library file (`-parse-as-library`), for a program whose entry
    /// point is an `@main` type, which a `main.swift` cannot hold.
    static func standalone(name: String, code: String, folder: String, binary: String?, timeout: Double, libraries: Libraries? = nil,
                           asLibrary: Bool = false) -> Result {
        let directory = folder + "/src/" + name
        write(code, to: directory + "/main.swift")
        var arguments = ["swiftc"] + languageFlags + ["-module-name", "main", "main.swift"]
        if asLibrary { arguments.append("-parse-as-library") }
        if let libraries { arguments += ["-I", libraries.modules] }
        if let binary {
            try? FileManager.default.createDirectory(atPath: (binary as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            // The C math library, which Swift on macOS always links: without it `rounded()` and
            // friends leave `ceil`, `floor` and `round` undefined on Linux.
            arguments += ["-o", binary, "-lm"]
            for objects in libraries?.objectFolders ?? [] {
                let names = ((try? FileManager.default.contentsOfDirectory(atPath: objects)) ?? []).filter { $0.hasSuffix(".swift.o") }.sorted()
                arguments += names.map { objects + "/" + $0 }
            }
        } else {
            // Through SIL's mandatory passes, where definite initialization and ownership are
            // checked ("not initialized at super.init call", "consumed more than once").
            arguments.insert(contentsOf: checkedThroughSIL, at: 1)
        }
        let output = compile(arguments, in: directory, folder: folder, libraries: libraries, timeout: timeout)
        let text = output.stdout + "\n" + output.stderr
        let messages = parse(text, file: "main.swift")
        return Result(succeeded: output.status == 0 && !output.timedOut, messages: messages.matched,
                      otherOutput: messages.other, timedOut: output.timedOut)
    }

    /// Whether the code declares its entry point with `@main` (at the start of a line).
    static func declaresMain(_ code: String) -> Bool {
        code.split(separator: "\n").contains { line in
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            return trimmed.hasPrefix("@main") && (trimmed.count == 5 || !trimmed.dropFirst(5).first!.isLetter)
        }
    }

    /// Type-checks declaration-only snippets as the files of one module. Returns the names that
    /// passed with no warning; the rest must be checked on their own (where a warning's column is
    /// the reader's, not one moved by an inserted `fileprivate`).
    static func merged(_ snippets: [(name: String, code: String)], folder: String, timeout: Double) -> Set<String> {
        guard !snippets.isEmpty else { return [] }
        let directory = folder + "/merged"
        let fm = FileManager.default
        let wanted = Set(snippets.map { $0.name + ".swift" })
        for stale in Set((try? fm.contentsOfDirectory(atPath: directory)) ?? []).subtracting(wanted) {
            try? fm.removeItem(atPath: directory + "/" + stale)
        }
        for snippet in snippets { write(snippet.code, to: directory + "/" + snippet.name + ".swift") }
        // Members that another file's import brings in stay invisible, as they are to a reader
        // who compiles the snippet alone.
        let arguments = ["swiftc"] + checkedThroughSIL + ["-wmo", "-enable-upcoming-feature", "MemberImportVisibility"] + languageFlags
            + ["-module-name", "PrimerSnippets"] + snippets.map { $0.name + ".swift" }.sorted()
        let output = compile(arguments, in: directory, folder: folder, libraries: nil, timeout: timeout)
        let text = output.stdout + "\n" + output.stderr
        var warned = Set<String>()
        for line in text.split(separator: "\n") {
            guard let message = CompilerOutput.message(line), message.severity == "warning", wanted.contains(message.path) else { continue }
            warned.insert(String(message.path.dropLast(6)))
        }
        if output.status == 0 && !output.timedOut { return Set(snippets.map(\.name)).subtracting(warned) }
        var blamed = Set<String>()
        var unattributed = output.timedOut
        for line in text.split(separator: "\n") {
            guard let message = CompilerOutput.message(line), message.severity == "error" else { continue }
            if wanted.contains(message.path) { blamed.insert(String(message.path.dropLast(6))) } else { unattributed = true }
        }
        if unattributed || blamed.isEmpty { return [] }
        return Set(snippets.map(\.name)).subtracting(blamed).subtracting(warned)
    }

    /// The folders of `folder` (the snippets' part of the cache) the compiler writes: the binaries
    /// of `{run}` snippets and the module cache. The module cache is named after the folder's
    /// path: Clang's modules in it record the path they were built at, and a cache copied or
    /// moved with the project would make every compile fail ("missing required module
    /// 'SwiftShims'") instead of building them again.
    static func writtenFolders(_ folder: String) -> [String] {
        let root = URL(fileURLWithPath: folder).standardizedFileURL.path
        var place = ContentKey("snippet-module-cache")
        place.add(root)
        return [root + "/bin", root + "/ModuleCache-" + place.hex.prefix(16)]
    }

    /// Makes the folders the compiler writes and, as root, gives them to the sandbox's user:
    /// once per build, before the snippets are compiled in parallel.
    /// `reading`: the samples' libraries the snippets may import. The sandbox chosen here (as
    /// root: `nobody`, or root when `nobody` cannot reach one of these folders) is the one every
    /// compile of this build uses, so the folders belong to whoever writes them.
    static func prepare(_ folder: String, reading: [String] = [], sandbox: Sandbox = .current) -> String? {
        let written = writtenFolders(folder)
        for path in written { try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        let chosen = sandbox.reaching([folder] + written + reading)
        chosenSandbox.withLock { $0[URL(fileURLWithPath: folder).standardizedFileURL.path] = chosen }
        return chosen.handOver(written) ?? sandbox.takeBack(written, for: chosen)
    }

    /// The sandbox `prepare` chose for a snippets folder.
    static let chosenSandbox = Mutex<[String: Sandbox]>([:])

    /// `swiftc` in the build sandbox (see `Sandbox.toolCommand`): the snippets' sources and the
    /// samples' libraries read-only, the binaries and the module cache read-write.
    static func compile(_ arguments: [String], in directory: String, folder: String, libraries: Libraries?, timeout: Double) -> Shell.Output {
        let root = URL(fileURLWithPath: folder).standardizedFileURL.path
        let written = writtenFolders(folder)
        var readOnly = [root]
        if let libraries { readOnly += [libraries.modules] + libraries.objectFolders }
        return Shell.sandboxed(arguments + ["-module-cache-path", written[1]], in: URL(fileURLWithPath: directory).standardizedFileURL.path,
                               readOnly: readOnly.filter { FileManager.default.fileExists(atPath: $0) }, readWrite: written,
                               timeout: timeout, handOver: false, sandbox: chosenSandbox.withLock { $0[root] } ?? .current)
    }

    /// The snippet's code as a file of a shared module, or nil when it must be compiled alone:
    /// only declarations (types, protocols, extensions, functions, type aliases, imports) are
    /// merged, each made `fileprivate`. Top-level statements and variables (script mode gives
    /// them different rules), operators, `@main`, declarations with an access level of their own,
    /// and conformances added to types the snippet does not declare (their members would be
    /// visible to the others) keep a snippet on its own.
    static func mergeableCode(_ code: String) -> String? {
        let file = Parser.parse(source: code)
        guard !file.hasError else { return nil }
        var declared = Set<String>()
        for item in file.statements {
            guard let decl = item.item.as(DeclSyntax.self) else { return nil }
            if let name = declaredTypeName(decl) { declared.insert(name) }
        }
        var insertions: [AbsolutePosition] = []
        for item in file.statements {
            let decl = item.item.as(DeclSyntax.self)!
            if decl.is(ImportDeclSyntax.self) { continue }
            let modifiers: DeclModifierListSyntax
            let attributes: AttributeListSyntax
            let introducer: TokenSyntax
            if let d = decl.as(StructDeclSyntax.self) { (modifiers, attributes, introducer) = (d.modifiers, d.attributes, d.structKeyword) }
            else if let d = decl.as(ClassDeclSyntax.self) { (modifiers, attributes, introducer) = (d.modifiers, d.attributes, d.classKeyword) }
            else if let d = decl.as(EnumDeclSyntax.self) { (modifiers, attributes, introducer) = (d.modifiers, d.attributes, d.enumKeyword) }
            else if let d = decl.as(ActorDeclSyntax.self) { (modifiers, attributes, introducer) = (d.modifiers, d.attributes, d.actorKeyword) }
            else if let d = decl.as(ProtocolDeclSyntax.self) { (modifiers, attributes, introducer) = (d.modifiers, d.attributes, d.protocolKeyword) }
            else if let d = decl.as(FunctionDeclSyntax.self) { (modifiers, attributes, introducer) = (d.modifiers, d.attributes, d.funcKeyword) }
            else if let d = decl.as(TypeAliasDeclSyntax.self) { (modifiers, attributes, introducer) = (d.modifiers, d.attributes, d.typealiasKeyword) }
            else if let d = decl.as(ExtensionDeclSyntax.self) {
                if d.inheritanceClause != nil {
                    // A conformance cannot be fileprivate: only for a type of the snippet's own.
                    guard declared.contains(d.extendedType.trimmedDescription) else { return nil }
                    continue
                }
                (modifiers, attributes, introducer) = (d.modifiers, d.attributes, d.extensionKeyword)
            } else {
                return nil
            }
            if attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "main" }) { return nil }
            let access = ["public", "open", "internal", "package", "private", "fileprivate"]
            if modifiers.contains(where: { access.contains($0.name.text) }) {
                // private and fileprivate already keep it in its file; anything wider would leak.
                if modifiers.contains(where: { ["private", "fileprivate"].contains($0.name.text) }) { continue }
                return nil
            }
            insertions.append(modifiers.first?.positionAfterSkippingLeadingTrivia ?? introducer.positionAfterSkippingLeadingTrivia)
        }
        var bytes = Array(code.utf8)
        for position in insertions.sorted(by: >) {
            bytes.insert(contentsOf: Array("fileprivate ".utf8), at: position.utf8Offset)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func declaredTypeName(_ decl: DeclSyntax) -> String? {
        if let d = decl.as(StructDeclSyntax.self) { return d.name.text }
        if let d = decl.as(ClassDeclSyntax.self) { return d.name.text }
        if let d = decl.as(EnumDeclSyntax.self) { return d.name.text }
        if let d = decl.as(ActorDeclSyntax.self) { return d.name.text }
        if let d = decl.as(ProtocolDeclSyntax.self) { return d.name.text }
        return nil
    }

    /// `file:line:col: severity: text` lines for `file`; everything else is kept as other output.
    static func parse(_ text: String, file: String) -> (matched: [CompilerOutput.Message], other: String) {
        var messages: [CompilerOutput.Message] = []
        var other: [Substring] = []
        var seen = Set<CompilerOutput.Message>()
        for line in text.split(separator: "\n") {
            guard let message = CompilerOutput.message(line) else {
                if !line.allSatisfy(\.isWhitespace) { other.append(line) }
                continue
            }
            guard message.path == file || message.path.hasSuffix("/" + file) else { continue }
            if seen.insert(message).inserted { messages.append(message) }
        }
        return (messages, other.joined(separator: "\n"))
    }

    static func write(_ text: String, to path: String) {
        if FileManager.default.contents(atPath: path) == Data(text.utf8) { return }
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
}
