import CourseModel
import Foundation
import Synchronization

/// Typesets a `TypstBook` into a PDF with Typst (the `typst` Python package, in a child
/// process), with only the Noto fonts the book names: the system's other fonts are ignored, so
/// the PDF is the same on every machine that has these files.
public enum TypstCompiler {
    /// The font files the book uses (under /usr/share/fonts or the given folders): Noto Serif,
    /// Sans and Sans Mono in their styles, and the CJK collections.
    public static let fontFiles = [
        "NotoSerif-Regular.ttf", "NotoSerif-Bold.ttf", "NotoSerif-Italic.ttf", "NotoSerif-BoldItalic.ttf",
        "NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSans-Italic.ttf", "NotoSans-BoldItalic.ttf",
        "NotoSansMono-Regular.ttf", "NotoSansMono-Bold.ttf",
        "NotoSerifCJK-Regular.ttc", "NotoSerifCJK-Bold.ttc", "NotoSansCJK-Regular.ttc", "NotoSansCJK-Bold.ttc",
    ]

    public struct Options: Sendable {
        /// Folders searched (recursively) for the font files.
        public var fontFolders: [String]
        /// Seconds Typst may take before it is stopped.
        public var timeout: Double
        /// The Python that has the `typst` package.
        public var python: String
        /// The PDF's creation date (Unix seconds); nil: the date in the book's `set document`.
        public var timestamp: Int?
        public init(fontFolders: [String] = ["/usr/share/fonts", "/usr/local/share/fonts"], timeout: Double = 300,
                    python: String = TypstCompiler.python, timestamp: Int? = nil) {
            self.fontFolders = fontFolders; self.timeout = timeout; self.python = python; self.timestamp = timestamp
        }
    }

    /// What Typst said besides the PDF: its warnings (a missing glyph, an unknown font).
    public struct Report: Sendable {
        public var pdf: [UInt8]?
        public var diagnostics: [Diagnostic]
        public var warnings: [String]
        public var seconds: Double
    }

    /// The Python that has the `typst` package: `PRIMER_TYPST_PYTHON` (a virtual environment's,
    /// say), or `python3`; set to nothing, it switches Typst off.
    public static var python: String { ProcessInfo.processInfo.environment["PRIMER_TYPST_PYTHON"] ?? "python3" }

    /// What else the PDF depends on besides the book, for a cache key: Typst's version and where
    /// its package is, and the font files' names and sizes. Asking Python costs a tenth of a
    /// second, so the answer is kept in `remembering` with the size and time of every file of the
    /// package, and Python is asked again only when one of them changed (`pip install -U typst`).
    public static func identity(remembering file: String? = nil) -> String {
        let manager = FileManager.default
        func stamp(folder: String) -> String {
            let names = ((try? manager.contentsOfDirectory(atPath: folder)) ?? []).sorted()
            return names.map { name in
                let attributes = try? manager.attributesOfItem(atPath: folder + "/" + name)
                let size = attributes?[.size] as? Int ?? 0
                let time = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
                return "\(name) \(size) \(time)"
            }.joined(separator: "\n")
        }
        var typst = "typst missing"
        let remembered = file.flatMap { manager.contents(atPath: $0) }.map { String(decoding: $0, as: UTF8.self) }
        let lines = remembered?.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false).map(String.init) ?? []
        if !python.isEmpty, lines.count == 3, lines[0] == python, let folder = lines[1].split(separator: "\t").last,
           stamp(folder: String(folder)) == lines[2] {
            typst = lines[1]
        } else if !python.isEmpty,
                  let answer = try? run([python, "-c", "import os, typst; print(typst.__version__ + '\\t' + os.path.dirname(typst.__file__))"],
                                        timeout: 60),
                  answer.status == 0 {
            typst = "typst " + answer.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            if let file, let folder = typst.split(separator: "\t").last {
                try? Data([python, typst, stamp(folder: String(folder))].joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: file))
            }
        }
        var parts = [typst]
        for (name, path) in findFonts(in: Options().fontFolders).sorted(by: { $0.key < $1.key }) {
            let size = (try? manager.attributesOfItem(atPath: path))?[.size] as? Int ?? 0
            parts.append("\(name) \(size)")
        }
        return parts.joined(separator: "\n")
    }

    /// One Typst at a time: it lays out pages on every core itself, and a long book takes
    /// gigabytes (7.7 GB for a 334-chapter synthetic course), so three at once could exhaust memory.
    static let oneAtATime = Mutex(())

    public static func pdf(_ book: TypstBook) -> (pdf: [UInt8]?, diagnostics: [Diagnostic]) {
        let report = typeset(book)
        return (report.pdf, report.diagnostics)
    }

    /// The font files found, by file name (the first one found of each name).
    public static func findFonts(in folders: [String]) -> [String: String] {
        var found: [String: String] = [:]
        let wanted = Set(fontFiles)
        for folder in folders {
            guard let enumerator = FileManager.default.enumerator(atPath: folder) else { continue }
            while let item = enumerator.nextObject() as? String {
                let name = String(item.split(separator: "/").last ?? "")
                if wanted.contains(name), found[name] == nil { found[name] = folder + "/" + item }
            }
        }
        return found
    }

    static func error(_ message: String) -> Diagnostic {
        .error(.typesetting, message, suggestion: "`make editions-deps` installs Typst (pip package `typst`) and the Noto fonts")
    }

    /// The date of the book (`datetime(year: …)` in its `set document`) as Unix seconds.
    static func timestamp(of main: String) -> Int? {
        guard let range = main.range(of: "date: datetime(year: ") else { return nil }
        let numbers = main[range.upperBound...].prefix(60).split(whereSeparator: { !$0.isNumber }).prefix(3).compactMap { Int($0) }
        guard numbers.count == 3 else { return nil }
        var components = DateComponents()
        components.year = numbers[0]; components.month = numbers[1]; components.day = numbers[2]
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: components).map { Int($0.timeIntervalSince1970) }
    }

    /// The script the child Python runs: compile, then the PDF to the output file and the
    /// warnings, one per line, to stdout; Typst's error to stderr with exit status 3.
    static let script = """
        import sys, json
        try:
            import typst
        except ImportError as e:
            sys.stderr.write("the Python package typst is not installed (" + str(e) + ")")
            sys.exit(2)
        args = json.loads(sys.argv[1])
        try:
            kwargs = dict(root=args["root"], font_paths=[args["fonts"]], ignore_system_fonts=True)
            if args.get("timestamp") is not None:
                kwargs["timestamp"] = args["timestamp"]
            if hasattr(typst, "compile_with_warnings"):
                pdf, warnings = typst.compile_with_warnings(args["main"], **kwargs)
            else:
                pdf, warnings = typst.compile(args["main"], **kwargs), []
        except Exception as e:
            sys.stderr.write(str(e))
            sys.exit(3)
        with open(args["output"], "wb") as f:
            f.write(pdf)
        for w in warnings:
            sys.stdout.write(json.dumps(str(getattr(w, "message", w))) + "\\n")
        """

    public static func typeset(_ book: TypstBook, options: Options = Options()) -> Report {
        let start = Date()
        func failed(_ message: String) -> Report {
            Report(pdf: nil, diagnostics: [error(message)], warnings: [], seconds: Date().timeIntervalSince(start))
        }
        if options.python.isEmpty { return failed("Typst is switched off (PRIMER_TYPST_PYTHON is set to nothing)") }
        let fonts = findFonts(in: options.fontFolders)
        let missing = fontFiles.filter { fonts[$0] == nil }
        if !missing.isEmpty {
            return failed("the PDF cannot be typeset: font files missing: \(missing.joined(separator: ", ")) (looked in \(options.fontFolders.joined(separator: ", ")))")
        }
        Scratch.removeStale("primer-typst")
        guard let folder = Scratch.make("primer-typst") else { return failed("cannot make a scratch folder for Typst") }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let manager = FileManager.default
        do {
            let fontFolder = folder + "/fonts", bookFolder = folder + "/book"
            try manager.createDirectory(atPath: fontFolder, withIntermediateDirectories: true)
            try manager.createDirectory(atPath: bookFolder, withIntermediateDirectories: true)
            for (name, path) in fonts.sorted(by: { $0.key < $1.key }) {
                try manager.createSymbolicLink(atPath: fontFolder + "/" + name, withDestinationPath: path)
            }
            try Data(book.main.utf8).write(to: URL(fileURLWithPath: bookFolder + "/main.typ"))
            for (path, bytes) in book.files {
                let clean = path.split(separator: "/").filter { $0 != ".." && $0 != "." }.joined(separator: "/")
                let url = URL(fileURLWithPath: bookFolder + "/" + clean)
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(bytes).write(to: url)
            }
            let arguments: [String: Any?] = [
                "root": bookFolder, "main": bookFolder + "/main.typ", "fonts": fontFolder, "output": folder + "/book.pdf",
                "timestamp": options.timestamp ?? timestamp(of: book.main),
            ]
            let json = try JSONSerialization.data(withJSONObject: arguments.mapValues { $0 ?? NSNull() }, options: [.sortedKeys])
            let command = [options.python, "-c", script, String(decoding: json, as: UTF8.self)]
            let result = try oneAtATime.withLock { _ in try run(command, timeout: options.timeout) }
            if result.timedOut { return failed("Typst took more than \(Int(options.timeout)) s and was stopped") }
            switch result.status {
            case 0: break
            case 2: return failed("Typst is missing: \(result.stderr)")
            case 3:
                // The markup stays where the author (or a bug report) can look at it.
                let kept = NSTemporaryDirectory() + "primer-typst-failed-" + String(UInt32(truncatingIfNeeded: book.main.hashValue), radix: 16)
                try? manager.removeItem(atPath: kept)
                let where_ = (try? manager.copyItem(atPath: bookFolder, toPath: kept)) != nil ? " (the markup it read: \(kept)/main.typ)" : ""
                return failed("Typst failed: \(result.stderr)" + where_)
            default: return failed("Typst could not be run (\(options.python) exited with status \(result.status)): \(result.stderr.suffix(2000))")
            }
            guard let data = manager.contents(atPath: folder + "/book.pdf") else { return failed("Typst wrote no PDF") }
            let warnings = result.stdout.split(separator: "\n").compactMap { line -> String? in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed])) as? String
            }
            let diagnostics = warnings.map { Diagnostic.warning(.typesetting, "Typst: " + $0) }
            return Report(pdf: [UInt8](data), diagnostics: diagnostics, warnings: warnings, seconds: Date().timeIntervalSince(start))
        } catch {
            return failed("Typst could not be run: \(error)")
        }
    }

    struct RunResult {
        var status: Int32
        var stdout: String
        var stderr: String
        var timedOut: Bool
    }

    /// Runs a program with a time limit (killed with SIGKILL when it is over), collecting its output.
    static func run(_ command: [String], timeout: Double) throws -> RunResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        var environment = ProcessInfo.processInfo.environment
        environment["SOURCE_DATE_EPOCH"] = environment["SOURCE_DATE_EPOCH"] ?? "946684800"
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let collected = Collected()
        let group = DispatchGroup()
        for (pipe, isError) in [(out, false), (err, true)] {
            group.enter()
            DispatchQueue.global().async {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                collected.set(data, isError: isError)
                group.leave()
            }
        }
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        var timedOut = false
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
        }
        group.wait()
        let (stdout, stderr) = collected.get()
        return RunResult(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                         stderr: String(decoding: stderr, as: UTF8.self), timedOut: timedOut)
    }

    private final class Collected: Sendable {
        private let output = Mutex<(stdout: Data, stderr: Data)>((Data(), Data()))
        func set(_ data: Data, isError: Bool) { output.withLock { if isError { $0.stderr = data } else { $0.stdout = data } } }
        func get() -> (Data, Data) { output.withLock { ($0.stdout, $0.stderr) } }
    }
}
