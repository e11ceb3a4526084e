import ContentCache
import CPlatform
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
        /// Seconds Typst may take before it is stopped; nil: `timeout(for:)` of the book.
        public var timeout: Double?
        /// The most memory Typst may take, in bytes (0: no limit); nil: `memoryLimit(for:)` of the book.
        public var memoryLimit: Int?
        /// The Python that has the `typst` package.
        public var python: String
        /// The PDF's creation date (Unix seconds); nil: the date in the book's `set document`.
        public var timestamp: Int?
        public init(fontFolders: [String] = ["/usr/share/fonts", "/usr/local/share/fonts"], timeout: Double? = nil,
                    memoryLimit: Int? = nil, python: String = TypstCompiler.python, timestamp: Int? = nil) {
            self.fontFolders = fontFolders; self.timeout = timeout; self.memoryLimit = memoryLimit
            self.python = python; self.timestamp = timestamp
        }
    }

    /// What Typst said besides the PDF: its warnings (a missing glyph, an unknown font).
    public struct Report: Sendable {
        public var pdf: [UInt8]?
        public var diagnostics: [Diagnostic]
        public var warnings: [String]
        public var seconds: Double
        /// No PDF because Typst or a font is not installed (or Typst is switched off), not
        /// because Typst failed on this book: a build only warns about that.
        public var missingTools = false
        /// The largest resident size Typst reached, in bytes (0 when it did not run).
        public var peakMemory = 0
        /// On which page each labelled element landed, when the book asks (`TypstPageMap.query`).
        public var pageMap: TypstPageMap?
    }

    /// The memory Typst may take for `book` (its heap: RLIMIT_DATA, which unlike the address
    /// space does not grow with the number of cores): 2 KB for every byte of its markup and
    /// images, and at least 2,048 MB; `PRIMER_TYPST_MEMORY` (MB, 0 for no limit) sets it. The
    /// real course's books (0.44–0.57 MB of markup) peak at 402–470 MB resident, 432–455 MB of
    /// heap; the synthetic course's largest (6.6 MB) at 7,294 MB resident, 8,165 MB of heap, 1.24 KB
    /// a byte. `#range(100000000).len()` would take 4,107 MB: it is stopped at 2,048 MB.
    public static func memoryLimit(for book: TypstBook) -> Int {
        memoryLimit(bytes: book.main.utf8.count + book.files.values.reduce(0) { $0 + $1.count })
    }

    /// The memory Typst may take to read `bytes` (see `memoryLimit(for:)`).
    static func memoryLimit(bytes: Int) -> Int {
        if let text = ProcessInfo.processInfo.environment["PRIMER_TYPST_MEMORY"], let megabytes = Int(text), megabytes >= 0 {
            return megabytes << 20
        }
        return max(2 << 30, bytes * 2048)
    }

    /// The seconds Typst may take for `book`: 40 µs for every byte of its markup, and at least a
    /// minute; `PRIMER_TYPST_TIMEOUT` (seconds) sets it. On 2 cores the real course's books take
    /// 2.3–2.9 s (5 µs a byte), the synthetic course's 85–89 s (9–13 µs a byte).
    public static func timeout(for book: TypstBook) -> Double {
        timeout(markup: book.main)
    }

    /// The seconds Typst may take for `markup` (see `timeout(for:)`).
    static func timeout(markup: String) -> Double {
        if let text = ProcessInfo.processInfo.environment["PRIMER_TYPST_TIMEOUT"], let seconds = Double(text), seconds > 0 { return seconds }
        return max(60, Double(markup.utf8.count) * 40e-6)
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
                  case let answer = run([python, "-c", "import os, typst; print(typst.__version__ + '\\t' + os.path.dirname(typst.__file__))"],
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
        // The last date of that line: the title before it is the course's text, which may hold the same words.
        guard let line = main.split(separator: "\n").first(where: { $0.hasPrefix("#set document(") }),
              let range = line.range(of: "date: datetime(year: ", options: .backwards) else { return nil }
        let numbers = line[range.upperBound...].prefix(60).split(whereSeparator: { !$0.isNumber }).prefix(3).compactMap { Int($0) }
        guard numbers.count == 3 else { return nil }
        var components = DateComponents()
        components.year = numbers[0]; components.month = numbers[1]; components.day = numbers[2]
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: components).map { Int($0.timeIntervalSince1970) }
    }

    /// The PDF standards the book is written to: PDF/UA-1, a tagged PDF whose structure (headings,
    /// figures with their alt text, tables with header rows, the language of each part) a screen
    /// reader can follow. Part of the cache key.
    public static let pdfStandards = ["ua-1"]

    /// The script the child Python runs: compile (to `pdfStandards`, tagged), then the PDF to the
    /// output file, the page map (`TypstPageMap`) to its own file, and the warnings, one per line,
    /// to stdout; Typst's error to stderr with exit status 3. The page map is asked of the same
    /// compiler, which keeps what it laid out, so asking takes a fraction of the compile.
    static let script = """
        import sys, json
        try:
            import typst
        except ImportError as e:
            sys.stderr.write("the Python package typst is not installed (" + str(e) + ")")
            sys.exit(2)
        args = json.loads(sys.argv[1])
        try:
            compiler = typst.Compiler(args["main"], root=args["root"], font_paths=[args["fonts"]], ignore_system_fonts=True)
            kwargs = dict(pdf_standards=args["standards"])
            if args.get("timestamp") is not None:
                kwargs["timestamp"] = args["timestamp"]
            try:
                pdf, warnings = compiler.compile_with_warnings(**kwargs)
            except Exception as e:
                # A book PDF/UA-1 forbids (a character no font has) is still made, without the standard.
                if "PDF/UA" not in str(e):
                    raise
                del kwargs["pdf_standards"]
                pdf, warnings = compiler.compile_with_warnings(**kwargs)
                sys.stdout.write(json.dumps({"not_standard": str(e)}) + "\\n")
            pages = compiler.query("<primer-page-map>", field="value", one=True) if args["pages"] else ""
        except BaseException as e:  # a panic in Typst arrives as pyo3's PanicException, a BaseException
            sys.stderr.write(str(e))
            sys.exit(3)
        with open(args["output"], "wb") as f:
            f.write(pdf)
        with open(args["output"] + ".pages", "w") as f:
            f.write(pages if isinstance(pages, str) else json.dumps(pages))
        for w in warnings:
            sys.stdout.write(json.dumps(str(getattr(w, "message", w))) + "\\n")
        """

    public static func typeset(_ book: TypstBook, options: Options = Options()) -> Report {
        let start = Date()
        func failed(_ message: String, missingTools: Bool = false, peakMemory: Int = 0) -> Report {
            Report(pdf: nil, diagnostics: [error(message)], warnings: [], seconds: Date().timeIntervalSince(start),
                   missingTools: missingTools, peakMemory: peakMemory)
        }
        let folder: String, fontFolder: String
        do { (folder, fontFolder) = try workspace(options) } catch { return failed(error.message, missingTools: error.missingTools) }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let manager = FileManager.default
        do {
            let bookFolder = folder + "/book"
            try manager.createDirectory(atPath: bookFolder, withIntermediateDirectories: true)
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
                "standards": pdfStandards, "pages": book.main.contains(TypstPageMap.label),
            ]
            let json = try JSONSerialization.data(withJSONObject: arguments.mapValues { $0 ?? NSNull() }, options: [.sortedKeys])
            let command = [options.python, "-c", script, String(decoding: json, as: UTF8.self)]
            let memoryLimit = options.memoryLimit ?? memoryLimit(for: book), timeout = options.timeout ?? timeout(for: book)
            let result = oneAtATime.withLock { _ in run(command, timeout: timeout, memoryLimit: memoryLimit) }
            let peak = result.peakMemory
            if let problem = result.problem(python: options.python, timeout: timeout, memoryLimit: memoryLimit) {
                var message = problem.message
                if !problem.missingTools, result.status == 3 || result.signal != 0 {
                    // The markup stays where the author (or a bug report) can look at it.
                    let kept = NSTemporaryDirectory() + "primer-typst-failed-" + String(UInt32(truncatingIfNeeded: book.main.hashValue), radix: 16)
                    try? manager.removeItem(atPath: kept)
                    if (try? manager.copyItem(atPath: bookFolder, toPath: kept)) != nil { message += " (the markup it read: \(kept)/main.typ)" }
                }
                return failed(message, missingTools: problem.missingTools, peakMemory: peak)
            }
            guard let data = manager.contents(atPath: folder + "/book.pdf") else { return failed("Typst wrote no PDF", peakMemory: peak) }
            let lines = result.stdout.split(separator: "\n").compactMap { line in
                try? JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed])
            }
            let warnings = lines.compactMap { $0 as? String }
            let standardBroken = lines.compactMap { ($0 as? [String: String])?["not_standard"] }.map {
                Diagnostic.warning(.pdfStandard, "the PDF is not PDF/UA-1 (\($0)); it was made without the standard")
            }
            let diagnostics = standardBroken + warnings.map { Diagnostic.warning(.typesetting, "Typst: " + $0) }
            let pages = manager.contents(atPath: folder + "/book.pdf.pages").flatMap { TypstPageMap(json: [UInt8]($0)) }
            return Report(pdf: [UInt8](data), diagnostics: diagnostics, warnings: warnings, seconds: Date().timeIntervalSince(start),
                          peakMemory: peak, pageMap: pages)
        } catch {
            return failed("Typst could not be run: \(error)")
        }
    }

    struct RunResult {
        /// The exit status, or -1 when the program did not exit (a signal, or not started).
        var status: Int32
        /// The signal that ended it, or 0.
        var signal: Int32
        var stdout: String
        var stderr: String
        var timedOut: Bool
        var outputOverflow: Bool
        /// Why it could not be started, or nil.
        var spawnError: String?
        var peakMemory: Int

        /// What went wrong, or nil when it exited with status 0. Typst and the fonts being
        /// missing (status 2 from the script, 126/127 from `env`) is told apart from Typst failing.
        func problem(python: String, timeout: Double, memoryLimit: Int) -> (message: String, missingTools: Bool)? {
            if let spawnError { return ("Typst could not be run: \(spawnError)", true) }
            if timedOut { return ("Typst took more than \(Int(timeout)) s and was stopped (PRIMER_TYPST_TIMEOUT sets the limit in seconds)", false) }
            if outputOverflow { return ("Typst printed more than \(TypstCompiler.outputLimit >> 20) MB of warnings and was stopped", false) }
            let outOfMemory = stderr.contains("memory allocation of") || stderr.contains("MemoryError") || stderr.contains("out of memory")
            switch (status, signal) {
            case (0, _): return nil
            case (2, _): return ("Typst is missing: \(stderr)", true)
            case (126, _), (127, _):
                return ("Typst could not be run (\(python) exited with status \(status)): \(stderr.suffix(2000))", true)
            case _ where outOfMemory && memoryLimit > 0:
                return ("Typst needed more memory than its limit of \(memoryLimit >> 20) MB and was stopped, with \(peakMemory >> 20) MB in use "
                        + "(PRIMER_TYPST_MEMORY sets the limit in MB)", false)
            case (3, _): return ("Typst failed: \(stderr.suffix(4000))", false)
            case (_, let signal) where signal != 0:
                return ("Typst crashed with signal \(signal), with \(peakMemory >> 20) MB in use: \(stderr.suffix(2000))", false)
            default:
                return ("Typst could not be run (\(python) exited with status \(status)): \(stderr.suffix(2000))", false)
            }
        }
    }

    /// The most Typst may print on stdout (its warnings, one a line) before it is stopped.
    static let outputLimit = 16 << 20

    /// Runs a program in a process group of its own, with a time limit and a limit on its
    /// memory (`memoryLimit` bytes of RLIMIT_DATA, 0 for none), collecting its output. The whole group
    /// is killed when the time is up and when the program ends; a small process leads the group
    /// and kills it when Primer dies, even by SIGKILL (see `primer_run_with`).
    static func run(_ command: [String], timeout: Double, memoryLimit: Int = 0) -> RunResult {
        var environment = ProcessInfo.processInfo.environment
        environment["SOURCE_DATE_EPOCH"] = environment["SOURCE_DATE_EPOCH"] ?? "946684800"
        environment["RUST_BACKTRACE"] = "0"  // a failed allocation says so in one line
        // NULL-terminated C arrays for execve, freed when the run is over.
        let argv = (["env"] + command).map { strdup($0) } + [nil]
        let envp = environment.sorted { $0.key < $1.key }.map { strdup($0.key + "=" + $0.value) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var result = argv.withUnsafeBufferPointer { argv in
            envp.withUnsafeBufferPointer { envp in
                "/usr/bin/env".withCString { path in
                    var options = primer_run_options()
                    options.path = path
                    options.argv = argv.baseAddress
                    options.envp = envp.baseAddress
                    options.timeout = timeout
                    options.out_cap = outputLimit
                    options.err_tail = 64 << 10
                    options.limit_data = memoryLimit
                    options.uid = -1
                    options.gid = -1
                    options.die_with_parent = 1
                    options.kill_group_with_parent = 1
                    return primer_run_with(&options)
                }
            }
        }
        defer { primer_run_free(&result) }
        func text(_ bytes: UnsafeMutablePointer<CChar>?, _ count: Int) -> String {
            bytes.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: count), as: UTF8.self) } ?? ""
        }
        return RunResult(status: result.exited != 0 ? result.exit_code : -1, signal: result.signal,
                         stdout: text(result.out, result.out_len), stderr: text(result.err, result.err_len),
                         timedOut: result.timed_out != 0, outputOverflow: result.output_overflow != 0,
                         spawnError: result.started == 0 ? String(cString: strerror(result.spawn_errno)) : nil,
                         peakMemory: result.peak_memory)
    }
}

extension TypstBook {
    /// Everything the PDF of this book depends on: its markup, the files it shows, and which
    /// Typst (`TypstCompiler.identity`) typesets it. The key its PDF is cached by.
    public func pdfKey(typst: String) -> ContentKey {
        var key = ContentKey("pdf-v3")
        key.add(TypstCompiler.pdfStandards.joined(separator: ","))
        key.add(main)
        key.add(files.count)
        for (path, bytes) in files.sorted(by: { $0.key < $1.key }) { key.add(path); key.add(bytes) }
        key.add(typst)
        return key
    }
}

extension TypstCompiler {
    /// Why a run of Typst could not start: Typst switched off or a font file missing
    /// (`missingTools`), or no scratch folder.
    struct NotStarted: Error {
        var message: String
        var missingTools = false
    }

    /// A scratch folder for one run of Typst, and in it `fonts/`, links to the Noto files the
    /// books and cards use (Typst is shown no other font). The caller removes the folder.
    static func workspace(_ options: Options) throws(NotStarted) -> (folder: String, fonts: String) {
        if options.python.isEmpty { throw NotStarted(message: "Typst is switched off (PRIMER_TYPST_PYTHON is set to nothing)", missingTools: true) }
        let found = findFonts(in: options.fontFolders)
        let missing = fontFiles.filter { found[$0] == nil }
        guard missing.isEmpty else {
            throw NotStarted(message: "font files missing: \(missing.joined(separator: ", ")) (looked in \(options.fontFolders.joined(separator: ", ")))",
                             missingTools: true)
        }
        Scratch.removeStale("primer-typst")
        guard let folder = Scratch.make("primer-typst") else { throw NotStarted(message: "cannot make a scratch folder for Typst") }
        let fonts = folder + "/fonts"
        do {
            try FileManager.default.createDirectory(atPath: fonts, withIntermediateDirectories: true)
            for (name, path) in found.sorted(by: { $0.key < $1.key }) {
                try FileManager.default.createSymbolicLink(atPath: fonts + "/" + name, withDestinationPath: path)
            }
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw NotStarted(message: "Typst could not be run: \(error)")
        }
        return (folder, fonts)
    }
}
