// defaults-observer — two ways to react to a changed setting: the
// UserDefaults.didChangeNotification that Foundation posts (counted here, because
// Linux posts it less often than Apple platforms), and an @Observable settings
// object that writes through to UserDefaults, so a screen re-renders from Observation.
import Foundation
import Observation
import SettingsSchema

let schema = try SettingsSchema(json: trailNotesSchemaJSON)
let suite = trailNotesSuite("defaults-observer")
guard let defaults = UserDefaults(suiteName: suite) else { fatalError("no suite \(suite)") }
defaults.removePersistentDomain(forName: suite)
defaults.register(defaults: schema.registrationDictionary)

// MARK: - The notification

var posted = 0   // top-level code runs on the main actor
let token = NotificationCenter.default.addObserver(
    forName: UserDefaults.didChangeNotification, object: nil, queue: nil
) { _ in
    MainActor.assumeIsolated { posted += 1 }   // posted on the thread that made the change
}

// MARK: - Settings as an observable object

@Observable @MainActor
final class TrailSettings {
    @ObservationIgnored private let defaults: UserDefaults
    @ObservationIgnored private let schema: SettingsSchema
    private(set) var units = ""
    private(set) var mapZoom = 0
    private(set) var autoSync = false

    init(defaults: UserDefaults, schema: SettingsSchema) {
        self.defaults = defaults
        self.schema = schema
        reload()
    }

    /// Checks the value, writes it to UserDefaults, then updates the properties.
    func set(_ value: SettingValue, for key: String) throws(SettingError) {
        try defaults.set(value, for: key, in: schema)
        reload()
    }

    /// Reads every property back; Observation reports only those whose value changed.
    func reload() {
        if case .string(let value)? = try? defaults.value(for: "units", in: schema) { units = value }
        if case .int(let value)? = try? defaults.value(for: "mapZoom", in: schema) { mapZoom = value }
        if case .bool(let value)? = try? defaults.value(for: "autoSync", in: schema) { autoSync = value }
    }
}

/// Plays the part of a map screen: it reads two settings and is told when either changes.
@MainActor
final class MapScreen {
    let settings: TrailSettings
    private(set) var needsRender = false

    init(settings: TrailSettings) { self.settings = settings }

    func render() {
        withObservationTracking {
            print("  render: zoom \(settings.mapZoom), \(settings.units) units")
        } onChange: {
            MainActor.assumeIsolated { self.needsRender = true }
        }
        needsRender = false
    }

    /// Stands in for the next pass of the run loop.
    func flush() {
        if needsRender { render() } else { print("  (no render)") }
    }
}

let settings = TrailSettings(defaults: defaults, schema: schema)
let screen = MapScreen(settings: settings)
screen.render()

let changes: [(String, SettingValue)] = [
    ("mapZoom", .int(14)), ("mapZoom", .int(14)), ("autoSync", .bool(false)),
    ("units", .string("nautical")), ("units", .string("imperial")),
]
for (key, value) in changes {
    do {
        try settings.set(value, for: key)
        print("set \(key) = \(value)")
    } catch {
        print("set \(key) = \(value): refused, \(error)")
    }
    screen.flush()
}

// Another part of the app writes straight to UserDefaults: nothing is tracked until a reload.
defaults.set(6, forKey: "mapZoom")
print("written behind the object's back: mapZoom = 6")
screen.flush()
settings.reload()
print("after reload()")
screen.flush()

print("didChangeNotification after the writes above: \(posted)")
defaults.removePersistentDomain(forName: suite)
print("didChangeNotification after removePersistentDomain: \(posted)")
NotificationCenter.default.removeObserver(token)
