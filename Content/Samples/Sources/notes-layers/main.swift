// notes-layers — a notes app in layers: a model (value types and rules), a
// storage layer behind a protocol (JSON files in a folder), and a view model
// that SwiftUI would observe (@Observable, on the main actor). The screen is
// SwiftUI on Apple platforms; here a text rendering stands in for it. Each
// layer is checked on its own, the way a test target would.
import Foundation
import Observation

// snippet.model
// Model: plain values and the rules about them; no storage, no UI.
struct Note: Codable, Equatable, Identifiable, Sendable {
    var id: Int
    var title: String
    var pinned = false
}

enum NoteRules {
    /// Pinned notes first, then by title in the user's language (see Chapter 4).
    static func sorted(_ notes: [Note], locale: Locale) -> [Note] {
        notes.sorted { a, b in
            if a.pinned != b.pinned { return a.pinned }
            return a.title.compare(b.title, locale: locale) == .orderedAscending
        }
    }
}
// snippet.end

// snippet.storage
// Storage: one protocol, so the view model can be given a store that lives in memory.
protocol NoteStore {
    func load() throws -> [Note]
    func save(_ notes: [Note]) throws
}

struct FileNoteStore: NoteStore {
    let file: URL
    func load() throws -> [Note] {
        guard FileManager.default.fileExists(atPath: file.path) else { return [] }
        return try JSONDecoder().decode([Note].self, from: Data(contentsOf: file))
    }
    func save(_ notes: [Note]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(notes).write(to: file, options: .atomic)
    }
}
// snippet.end

// snippet.viewmodel
// View model: what the screen shows and what it can do, observed by the UI.
@MainActor @Observable
final class NotesViewModel {
    private(set) var notes: [Note] = []
    private(set) var error: String?
    private let store: any NoteStore
    private let locale: Locale

    init(store: any NoteStore, locale: Locale) {
        self.store = store
        self.locale = locale
    }

    var rows: [String] { notes.map { ($0.pinned ? "* " : "  ") + $0.title } }

    func load() {
        do { notes = NoteRules.sorted(try store.load(), locale: locale) } catch { self.error = "\(error)" }
    }

    func add(_ title: String) {
        let trimmed = title.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { error = "empty title"; return }
        let next = (notes.map(\.id).max() ?? 0) + 1
        change { $0.append(Note(id: next, title: trimmed)) }
    }

    func togglePin(_ id: Int) {
        change { notes in
            if let index = notes.firstIndex(where: { $0.id == id }) { notes[index].pinned.toggle() }
        }
    }

    private func change(_ edit: (inout [Note]) -> Void) {
        var copy = notes
        edit(&copy)
        do {
            try store.save(copy)
            notes = NoteRules.sorted(copy, locale: locale)
            error = nil
        } catch {
            self.error = "\(error)"
        }
    }
}
// snippet.end

// A store for the view model's check: in memory, and it can be told to fail.
final class MemoryStore: NoteStore {
    var saved: [Note] = []
    var failing = false
    func load() throws -> [Note] { saved }
    func save(_ notes: [Note]) throws {
        if failing { throw CocoaError(.fileWriteNoPermission) }
        saved = notes
    }
}

@MainActor final class Counter { var count = 0 }

func check(_ layer: String, _ passed: Bool) { print("\(layer): \(passed ? "passed" : "FAILED")") }

@MainActor func main() throws {
    let russian = Locale(identifier: "ru_RU")

    // snippet.checks
    // 1. Model: the rule alone, no store and no screen.
    let mixed = [Note(id: 1, title: "Ягоды"), Note(id: 2, title: "Ёлка"), Note(id: 3, title: "Арбуз"),
                 Note(id: 4, title: "Билеты", pinned: true)]
    check("model", NoteRules.sorted(mixed, locale: russian).map(\.id) == [4, 3, 2, 1])

    // 2. Storage: what is saved in a folder is loaded back equal.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notes-layers")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let fileStore = FileNoteStore(file: folder.appendingPathComponent("notes.json"))
    try fileStore.save(mixed)
    check("storage", try fileStore.load() == mixed)

    // 3. View model: with a store in memory; a failing save keeps the old notes.
    let memory = MemoryStore()
    let viewModel = NotesViewModel(store: memory, locale: russian)
    /// Runs one action under a tracking of its own and tells whether it changed `notes`.
    func changesNotes(_ action: () -> Void) -> Bool {
        let changes = Counter()
        withObservationTracking { _ = viewModel.notes } onChange: {
            MainActor.assumeIsolated { changes.count += 1 }   // the change is made on the main actor
        }
        action()
        return changes.count > 0
    }
    let added = changesNotes { viewModel.add("Молоко") }
    let empty = changesNotes { viewModel.add("  ") }
    memory.failing = true
    let failed = changesNotes { viewModel.add("Хлеб") }
    check("view model", added && !empty && !failed && viewModel.rows == ["  Молоко"] && viewModel.error != nil)
    // snippet.end

    // The screen, as text: the same view model with the file store.
    let screen = NotesViewModel(store: fileStore, locale: russian)
    screen.load()
    screen.togglePin(1)
    print("screen:")
    for row in screen.rows { print("  |\(row)") }
}

do { try main() } catch { print("notes-layers failed: \(error)") }
