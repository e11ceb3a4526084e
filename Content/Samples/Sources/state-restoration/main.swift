// state-restoration — an app that saves what the user was doing and shows it
// again after the system has terminated it. Two versions save at different
// callbacks; only one of them survives termination under memory pressure.
// The window is a scene called "Notes": it restores when it connects.
import Foundation
import Lifecycle

/// What the user would expect to see again: the screens and an unsaved draft.
struct UIState: Codable, Equatable {
    var screens: [String]
    var draft: String
}

final class NotesApp {
    let saveAt: String                       // the callback that writes the archive
    let archive: URL
    var lifecycle = AppLifecycle()
    var ui = UIState(screens: ["List"], draft: "")

    init(saveAt: String, archive: URL) {
        self.saveAt = saveAt
        self.archive = archive
    }

    func send(_ event: AppEvent) throws {
        for callback in try lifecycle.send(event) {
            if callback.description == "Notes: scene(_:willConnectTo:options:)" { restore() }
            if callback.description == saveAt { save() }
        }
    }

    func save() {
        do {
            let encoder = PropertyListEncoder()
            encoder.outputFormat = .binary
            try encoder.encode(ui).write(to: archive)
            print("    saved \(ui.screens.joined(separator: " > ")), draft \"\(ui.draft)\"")
        } catch {
            print("    save failed: \(error)")
        }
    }

    func restore() {
        guard let data = try? Data(contentsOf: archive),
              let saved = try? PropertyListDecoder().decode(UIState.self, from: data)
        else {
            print("    nothing to restore: \(ui.screens.joined(separator: " > "))")
            return
        }
        ui = saved
        print("    restored \(ui.screens.joined(separator: " > ")), draft \"\(ui.draft)\"")
    }
}

let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("state-restoration-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

let callbacks = ["Notes: sceneDidEnterBackground(_:)", "app: applicationWillTerminate(_:)"]
for (index, saveAt) in callbacks.enumerated() {
    print("saving in \(saveAt)")
    var app = NotesApp(saveAt: saveAt, archive: folder.appendingPathComponent("state-\(index).plist"))
    for event: AppEvent in [.launch, .connect("Notes"), .activate("Notes")] { try app.send(event) }
    app.ui.screens.append("Note 7")          // the user opens a note
    app.ui.draft = "Buy mi"                  // and starts typing
    for event: AppEvent in [.deactivate("Notes"), .enterBackground("Notes"),   // Home Screen
                            .suspend, .purge] {                               // memory pressure
        try app.send(event)
    }
    print("  process ended, app \(app.lifecycle.state)")

    app = NotesApp(saveAt: saveAt, archive: app.archive)    // a fresh process
    for event: AppEvent in [.launch, .connect("Notes"), .activate("Notes")] { try app.send(event) }
    print("  the user sees \(app.ui.screens.joined(separator: " > "))")
}
