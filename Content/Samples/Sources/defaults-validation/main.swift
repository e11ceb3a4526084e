// defaults-validation — every write goes through the schema, and values that an
// older version of the app left in the suite are checked when they are read.
import Foundation
import SettingsSchema

let schema = try SettingsSchema(json: trailNotesSchemaJSON)
let suite = trailNotesSuite("defaults-validation")
guard let defaults = UserDefaults(suiteName: suite) else { fatalError("no suite \(suite)") }
defaults.removePersistentDomain(forName: suite)
defer { defaults.removePersistentDomain(forName: suite) }
defaults.register(defaults: schema.registrationDictionary)

// 1. Writes: the schema refuses what the app must never store.
let writes: [(String, SettingValue)] = [
    ("mapZoom", .int(14)), ("mapZoom", .int(25)), ("units", .string("nautical")),
    ("autoSync", .string("often")), ("syncInterval", .int(30)), ("theme", .string("dark")),
]
for (key, value) in writes {
    do {
        try defaults.set(value, for: key, in: schema)
        print("set \(key) = \(value): stored")
    } catch {
        print("set \(key) = \(value): refused, \(error)")
    }
}

// 2. Reads: an older version wrote these values directly, with no schema.
defaults.set(40, forKey: "mapZoom")
defaults.set("km", forKey: "units")
defaults.set("yes please", forKey: "autoSync")
for setting in schema.settings {
    do {
        print("read \(setting.key): \(try defaults.value(for: setting.key, in: schema))")
    } catch {
        // Repair: forget the bad value, so the registered default answers from now on.
        defaults.removeObject(forKey: setting.key)
        print("read \(setting.key): \(error); removed, now \(try defaults.value(for: setting.key, in: schema))")
    }
}
