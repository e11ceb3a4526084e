// shared-store — one app-wide settings store, created on first use, and code that accepts another.
import Foundation

@MainActor
final class SettingsStore {
    /// The shared instance: created lazily, exactly once — what dispatch_once did.
    static let shared = SettingsStore(name: "shared")

    let name: String
    private var values: [String: String] = [:]

    init(name: String) {                 // not private, so tests can make their own
        self.name = name
        print("SettingsStore '\(name)' created")
    }

    subscript(key: String) -> String? {
        get { values[key] }
        set { values[key] = newValue }
    }

    var summary: String {
        values.sorted { $0.key < $1.key }
            .map { "\($0.key)=\($0.value)" }
            .joined(separator: ", ")
    }
}

/// A screen that uses the shared store unless it is given another one.
@MainActor
struct ProfileScreen {
    let store: SettingsStore

    init(store: SettingsStore = .shared) {
        self.store = store
    }

    func choose(theme: String) {
        store["theme"] = theme
    }

    func render() -> String {
        "theme \(store["theme"] ?? "default") from the \(store.name) store"
    }
}

print("app launched")
let profile = ProfileScreen()            // first use of .shared creates it
profile.choose(theme: "dark")
let header = ProfileScreen()             // the same instance, not a new one
print("header: \(header.render())")
print("same instance: \(header.store === SettingsStore.shared)")

let testStore = SettingsStore(name: "test")
let underTest = ProfileScreen(store: testStore)
print("under test: \(underTest.render())")
underTest.choose(theme: "sepia")
SettingsStore.shared["font"] = "serif"
print("shared: \(SettingsStore.shared.summary)")
print("test: \(testStore.summary)")
