// register-defaults — decodes the TrailNotes schema, registers its defaults in a
// suite and shows which values come from the registration domain and which from
// the app's own (persistent) domain.
import Foundation
import SettingsSchema

let schema = try SettingsSchema(json: trailNotesSchemaJSON)
print("schema version \(schema.version):")
for setting in schema.settings {
    let limits = setting.range.map { " in \($0.text)" }
        ?? setting.choices.map { " one of \($0.joined(separator: ", "))" } ?? ""
    print("  \(setting.key): \(setting.kind.rawValue) = \(setting.defaultValue)\(limits)")
}

// A fixed suite name, cleaned before and after: every run starts from nothing.
let suite = trailNotesSuite("register-defaults")
guard let defaults = UserDefaults(suiteName: suite) else { fatalError("no suite \(suite)") }
defaults.removePersistentDomain(forName: suite)
defer { defaults.removePersistentDomain(forName: suite) }

print("before registering, mapZoom reads as \(defaults.integer(forKey: "mapZoom"))")
defaults.register(defaults: schema.registrationDictionary)
print("after registering:")
for setting in schema.settings {
    print("  \(setting.key) = \(try defaults.value(for: setting.key, in: schema))")
}

// The user picks imperial units: only this key is written to the suite.
try defaults.set(.string("imperial"), for: "units", in: schema)
let stored = defaults.persistentDomain(forName: suite)?.keys.sorted() ?? []
print("stored in the suite: \(stored)")
print("units = \(try defaults.value(for: "units", in: schema))")

// Removing the key lets the registered default show through again.
defaults.removeObject(forKey: "units")
print("after removeObject: units = \(try defaults.value(for: "units", in: schema))")
