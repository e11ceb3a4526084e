// plist-state — an app's small state saved as a property list and restored.
// The same value is written as XML and as binary, read back untyped with
// PropertyListSerialization and typed with PropertyListDecoder; then a file
// from an older version, without one key, is read with a default.
import Foundation

struct ScreenState: Codable, Equatable {
    var selectedTab: Int
    var recentSearches: [String]
    var mapZoom: Double
    var showsHiddenTrails: Bool
    var draftTitle: String?

    enum CodingKeys: String, CodingKey {
        case selectedTab, recentSearches, mapZoom, showsHiddenTrails, draftTitle
    }

    init(selectedTab: Int, recentSearches: [String], mapZoom: Double, showsHiddenTrails: Bool, draftTitle: String?) {
        (self.selectedTab, self.recentSearches, self.mapZoom) = (selectedTab, recentSearches, mapZoom)
        (self.showsHiddenTrails, self.draftTitle) = (showsHiddenTrails, draftTitle)
    }

    /// Version 1 files have no showsHiddenTrails: decode it with a default.
    init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        selectedTab = try values.decode(Int.self, forKey: .selectedTab)
        recentSearches = try values.decode([String].self, forKey: .recentSearches)
        mapZoom = try values.decode(Double.self, forKey: .mapZoom)
        showsHiddenTrails = try values.decodeIfPresent(Bool.self, forKey: .showsHiddenTrails) ?? false
        draftTitle = try values.decodeIfPresent(String.self, forKey: .draftTitle)
    }
}

let state = ScreenState(selectedTab: 2, recentSearches: ["lake", "ridge"], mapZoom: 12.5,
                        showsHiddenTrails: true, draftTitle: nil)
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plist-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

let encoder = PropertyListEncoder()
encoder.outputFormat = .xml
let xml = try encoder.encode(state)
encoder.outputFormat = .binary
let binary = try encoder.encode(state)
print(String(decoding: xml, as: UTF8.self))
print("XML: \(xml.count) bytes, binary: \(binary.count) bytes")

// Save atomically, read back without a type: a dictionary of Any.
let file = folder.appendingPathComponent("state.plist")
try binary.write(to: file, options: .atomic)
var format = PropertyListSerialization.PropertyListFormat.xml
let untyped = try PropertyListSerialization.propertyList(from: Data(contentsOf: file), format: &format)
if let dictionary = untyped as? [String: Any] {
    print("format:", format == .binary ? "binary" : "xml")
    for key in dictionary.keys.sorted() {
        print("  \(key): \(type(of: dictionary[key]!))")
    }
}
// ... and with the type: every value checked as it is decoded.
let restored = try PropertyListDecoder().decode(ScreenState.self, from: Data(contentsOf: file))
print("restored equals saved:", restored == state)

// A file written by version 1 of the app.
let old: [String: Any] = ["selectedTab": 1, "recentSearches": ["pass"], "mapZoom": 9.0]
let oldData = try PropertyListSerialization.data(fromPropertyList: old, format: .xml, options: 0)
let upgraded = try PropertyListDecoder().decode(ScreenState.self, from: oldData)
print("version 1:", upgraded.selectedTab, upgraded.recentSearches, upgraded.showsHiddenTrails)
do {
    let broken: [String: Any] = ["selectedTab": "two", "recentSearches": [String](), "mapZoom": 9.0]
    let data = try PropertyListSerialization.data(fromPropertyList: broken, format: .xml, options: 0)
    _ = try PropertyListDecoder().decode(ScreenState.self, from: data)
} catch DecodingError.typeMismatch(let type, let context) {
    print("type mismatch: expected \(type) at \(context.codingPath.map(\.stringValue))")
}
