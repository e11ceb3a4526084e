// settings-bundle — a Settings bundle as data: Root.plist and a child pane are
// property lists of "specifiers". The program renders the panes as text, follows
// the child pane, collects the default values the app must register itself, and
// flags the secure text field whose value would still land in UserDefaults.
import Foundation

// The two files of an invented Settings.bundle, as Xcode would save them.
let files: [String: String] = [
    "Root": """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
      <dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>General</string></dict>
      <dict><key>Type</key><string>PSMultiValueSpecifier</string><key>Title</key><string>Units</string>
        <key>Key</key><string>units</string><key>DefaultValue</key><string>metric</string>
        <key>Titles</key><array><string>Metric</string><string>Imperial</string></array>
        <key>Values</key><array><string>metric</string><string>imperial</string></array></dict>
      <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Sync automatically</string>
        <key>Key</key><string>autoSync</string><key>DefaultValue</key><true/></dict>
      <dict><key>Type</key><string>PSChildPaneSpecifier</string><key>Title</key><string>Map</string>
        <key>File</key><string>Map</string></dict>
      <dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>Account</string></dict>
      <dict><key>Type</key><string>PSTextFieldSpecifier</string><key>Title</key><string>Password</string>
        <key>Key</key><string>password</string><key>IsSecure</key><true/></dict>
    </array></dict></plist>
    """,
    "Map": """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
      <dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>Zoom</string></dict>
      <dict><key>Type</key><string>PSSliderSpecifier</string><key>Key</key><string>mapZoom</string>
        <key>DefaultValue</key><integer>12</integer>
        <key>MinimumValue</key><integer>3</integer><key>MaximumValue</key><integer>18</integer></dict>
    </array></dict></plist>
    """,
]

/// One row of a pane, decoded from its dictionary.
enum Specifier {
    case group(String)
    case multiValue(title: String, key: String, defaultValue: String, titles: [String], values: [String])
    case toggle(title: String, key: String, defaultValue: Bool)
    case slider(key: String, defaultValue: Double, range: ClosedRange<Double>)
    case textField(title: String, key: String, isSecure: Bool)
    case childPane(title: String, file: String)

    init?(_ entry: [String: Any]) {
        let title = entry["Title"] as? String ?? ""
        let key = entry["Key"] as? String ?? ""
        switch entry["Type"] as? String {
        case "PSGroupSpecifier": self = .group(title)
        case "PSMultiValueSpecifier":
            self = .multiValue(title: title, key: key, defaultValue: entry["DefaultValue"] as? String ?? "",
                               titles: entry["Titles"] as? [String] ?? [], values: entry["Values"] as? [String] ?? [])
        case "PSToggleSwitchSpecifier":
            self = .toggle(title: title, key: key, defaultValue: entry["DefaultValue"] as? Bool ?? false)
        case "PSSliderSpecifier":
            let number = { (name: String) in (entry[name] as? Int).map(Double.init) ?? entry[name] as? Double ?? 0 }
            self = .slider(key: key, defaultValue: number("DefaultValue"),
                           range: number("MinimumValue")...number("MaximumValue"))
        case "PSTextFieldSpecifier":
            self = .textField(title: title, key: key, isSecure: entry["IsSecure"] as? Bool ?? false)
        case "PSChildPaneSpecifier":
            self = .childPane(title: title, file: entry["File"] as? String ?? "")
        default: return nil
        }
    }
}

func pane(_ name: String) throws -> [Specifier] {
    guard let text = files[name] else { throw CocoaError(.fileNoSuchFile) }
    let root = try PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil)
    let entries = (root as? [String: Any])?["PreferenceSpecifiers"] as? [[String: Any]] ?? []
    return entries.compactMap(Specifier.init)
}

var registration: [(key: String, value: String)] = []
var warnings: [String] = []

/// Prints a pane the way the Settings app lays it out, and follows child panes.
@MainActor
func render(_ name: String, indent: String) throws {
    for specifier in try pane(name) {
        switch specifier {
        case .group(let title):
            print("\(indent)\(title.uppercased())")
        case .multiValue(let title, let key, let value, let titles, let values):
            let shown = values.firstIndex(of: value).map { titles[$0] } ?? value
            print("\(indent)  \(title): \(shown)  [\(key), \(values.count) choices]")
            registration.append((key, "\"\(value)\""))
        case .toggle(let title, let key, let value):
            print("\(indent)  \(title): \(value ? "on" : "off")  [\(key)]")
            registration.append((key, String(value)))
        case .slider(let key, let value, let range):
            print("\(indent)  slider \(Int(range.lowerBound))...\(Int(range.upperBound)) at \(Int(value))  [\(key)]")
            registration.append((key, String(Int(value))))
        case .textField(let title, let key, let isSecure):
            print("\(indent)  \(title): \(isSecure ? "••••••" : "text")  [\(key)\(isSecure ? ", secure" : "")]")
            if isSecure { warnings.append("\(key): a secure field hides typing, not storage; keep it in the Keychain") }
        case .childPane(let title, let file):
            print("\(indent)  \(title) >  [child pane \(file).plist]")
            try render(file, indent: indent + "    ")
        }
    }
}

print("Settings > TrailNotes")
try render("Root", indent: "  ")
print("defaults to register: " + registration.sorted { $0.key < $1.key }.map { "\($0.key) = \($0.value)" }
    .joined(separator: ", "))
for warning in warnings { print("warning: \(warning)") }
