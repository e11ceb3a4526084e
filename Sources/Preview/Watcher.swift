import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Watches folders recursively with Linux inotify and reports changed paths in batches.
/// Editors save in many ways (write in place, write a temporary file and rename it over the
/// original, delete and recreate, keep swap files); all of them end in one of the events
/// watched here. Events arriving close together are debounced into one batch.
public final class Watcher: @unchecked Sendable {
    /// Called on the watcher's thread with the files that changed (paths relative to a root).
    public typealias Handler = @Sendable ([String]) -> Void

    let roots: [String]
    let quiet: Double
    let missingFileQuiet: Double
    let handler: Handler
    private var fd: Int32 = -1
    private var watches: [Int32: String] = [:]
    private var thread: Thread?
    private let lock = NSLock()
    private var stopped = false


    /// - Parameters:
    ///   - quiet: a batch is delivered once no event came for this long (seconds); a burst of
    ///     saves within it gives one batch.
    ///   - missingFileQuiet: how long a batch in which a file is missing waits for it to come
    ///     back (an editor that deletes, then writes).
    public init(roots: [String], quiet: Double = 0.015, missingFileQuiet: Double = 0.1, handler: @escaping Handler) {
        self.roots = roots.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        self.quiet = quiet
        self.missingFileQuiet = missingFileQuiet
        self.handler = handler
    }

    public func start() throws {
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "inotify is not available"]) }
        for root in roots { addTree(root) }
        let thread = Thread { [self] in loop() }
        thread.name = "primer-watcher"
        self.thread = thread
        thread.start()
    }

    public func stop() {
        lock.lock(); stopped = true; lock.unlock()
    }

    /// Folders never watched: build products, caches and version control.
    static func ignoredFolder(_ name: String) -> Bool { name.hasPrefix(".") || name == "node_modules" }

    /// Editor droppings that are not the file itself: vim swap and probe files, emacs locks, backups.
    public static func ignoredFile(_ name: String) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasSuffix(".swx") || name.hasSuffix(".tmp")
            || name == "4913" || name.hasPrefix("#") || name.hasSuffix(".crswap")
    }

    private func addTree(_ path: String) {
        let mask = UInt32(IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_ATTRIB)
        let wd = inotify_add_watch(fd, path, mask)
        if wd >= 0 { watches[wd] = path }
        guard let items = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
        for item in items where !Self.ignoredFolder(item) {
            var isDirectory: ObjCBool = false
            let child = path + "/" + item
            if FileManager.default.fileExists(atPath: child, isDirectory: &isDirectory), isDirectory.boolValue { addTree(child) }
        }
    }

    private func loop() {
        var pending = Set<String>()
        // Files deleted or moved away and not written since.
        var gone = Set<String>()
        var lastEvent = Date.distantPast
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            lock.lock(); let done = stopped; lock.unlock()
            if done { close(fd); return }
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let timeout = pending.isEmpty ? 200 : 5
            if poll(&descriptor, 1, Int32(timeout)) > 0 {
                let count = read(fd, &buffer, buffer.count)
                if count > 0 {
                    var offset = 0
                    while offset < count {
                        let event = buffer.withUnsafeBytes { $0.load(fromByteOffset: offset, as: inotify_event.self) }
                        let nameLength = Int(event.len)
                        let nameBytes = buffer[(offset + MemoryLayout<inotify_event>.size)..<(offset + MemoryLayout<inotify_event>.size + nameLength)]
                        let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                        offset += MemoryLayout<inotify_event>.size + nameLength
                        guard let folder = watches[event.wd] else { continue }
                        let path = name.isEmpty ? folder : folder + "/" + name
                        if event.mask & UInt32(IN_ISDIR) != 0 {
                            if event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 && !Self.ignoredFolder(name) {
                                addTree(path)  // a new folder, or one moved in: watch it and report what it holds
                                pending.insert(path)
                                lastEvent = Date()
                            }
                            continue
                        }
                        if event.mask & UInt32(IN_IGNORED) != 0 { watches[event.wd] = nil; continue }
                        guard !name.isEmpty, !Self.ignoredFile(name) else { continue }
                        // A file being written reports IN_CLOSE_WRITE at the end; IN_CREATE alone is not a change yet.
                        if event.mask == UInt32(IN_CREATE) { continue }
                        if event.mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 { gone.insert(path) }
                        if event.mask & UInt32(IN_CLOSE_WRITE | IN_MOVED_TO) != 0 { gone.remove(path) }
                        pending.insert(path)
                        lastEvent = Date()
                    }
                }
            }
            // A file that is gone may be an editor's save in two steps (delete, then write):
            // such a batch waits longer for the file to be written again before it is rebuilt.
            let waited = Date().timeIntervalSince(lastEvent)
            if !pending.isEmpty && waited >= quiet && (gone.isEmpty || waited >= max(quiet, missingFileQuiet)) {
                let batch = pending.sorted()
                pending = []
                gone = []
                handler(batch)
            }
        }
    }
}
