// SettingsSchema — a typed schema of settings (key, type, default value, allowed
// range or choices) decoded from JSON, and the checks that keep stored values in it.
import Foundation

/// One setting's value, in one of the four kinds the schema knows.
public enum SettingValue: Sendable, Equatable, CustomStringConvertible {
    case bool(Bool), int(Int), double(Double), string(String)

    public var description: String {
        switch self {
        case .bool(let value): String(value)
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .string(let value): "\"\(value)\""
        }
    }

    /// The property-list value that UserDefaults stores.
    public var plistValue: Any {
        switch self {
        case .bool(let value): value
        case .int(let value): value
        case .double(let value): value
        case .string(let value): value
        }
    }
}

public enum SettingError: Error, Equatable, CustomStringConvertible {
    case unknownKey(String)
    case wrongType(key: String, expected: Setting.Kind)
    case outOfRange(key: String, allowed: ClosedRange<Double>)
    case notAChoice(key: String, choices: [String])

    public var description: String {
        switch self {
        case .unknownKey(let key): "unknown key \(key)"
        case .wrongType(let key, let kind): "\(key): expected \(kind.rawValue)"
        case .outOfRange(let key, let range): "\(key): outside \(range.text)"
        case .notAChoice(let key, let choices): "\(key): not one of \(choices.joined(separator: ", "))"
        }
    }
}

extension ClosedRange<Double> {
    /// "3...18" rather than "3.0...18.0" when the bounds are whole numbers.
    public var text: String {
        func number(_ value: Double) -> String {
            value == value.rounded() ? String(Int(value)) : String(value)
        }
        return "\(number(lowerBound))...\(number(upperBound))"
    }
}

/// One entry of the schema.
public struct Setting: Sendable, Decodable {
    public enum Kind: String, Sendable, Decodable { case bool, int, double, string }

    public let key: String
    public let kind: Kind
    public let defaultValue: SettingValue
    public let range: ClosedRange<Double>?
    public let choices: [String]?

    private enum CodingKeys: String, CodingKey { case key, type, `default`, min, max, choices }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        key = try container.decode(String.self, forKey: .key)
        kind = try container.decode(Kind.self, forKey: .type)
        // The type decides how "default" is read: 15 is an Int for one key, a Double for another.
        switch kind {
        case .bool: defaultValue = .bool(try container.decode(Bool.self, forKey: .default))
        case .int: defaultValue = .int(try container.decode(Int.self, forKey: .default))
        case .double: defaultValue = .double(try container.decode(Double.self, forKey: .default))
        case .string: defaultValue = .string(try container.decode(String.self, forKey: .default))
        }
        if let min = try container.decodeIfPresent(Double.self, forKey: .min),
           let max = try container.decodeIfPresent(Double.self, forKey: .max) {
            range = min...max
        } else {
            range = nil
        }
        choices = try container.decodeIfPresent([String].self, forKey: .choices)
        try validate(defaultValue)   // a schema whose own default is invalid is refused
    }

    /// Turns what UserDefaults returned into a value of this setting's kind.
    /// Text is accepted for every kind: values from the command line arrive as strings.
    public func check(_ raw: Any) throws(SettingError) -> SettingValue {
        let text = raw as? String
        let value: SettingValue
        switch kind {
        case .bool:
            if let flag = raw as? Bool ?? text.flatMap({ ["YES": true, "true": true, "NO": false, "false": false][$0] }) {
                value = .bool(flag)
            } else { throw .wrongType(key: key, expected: kind) }
        case .int:
            if let number = raw as? Int ?? text.flatMap({ Int($0) }) {
                value = .int(number)
            } else { throw .wrongType(key: key, expected: kind) }
        case .double:
            if let number = raw as? Double ?? (raw as? Int).map(Double.init) ?? text.flatMap({ Double($0) }) {
                value = .double(number)
            } else { throw .wrongType(key: key, expected: kind) }
        case .string:
            guard let text else { throw .wrongType(key: key, expected: kind) }
            value = .string(text)
        }
        try validate(value)
        return value
    }

    /// Checks a value of the right kind against the range or the list of choices.
    public func validate(_ value: SettingValue) throws(SettingError) {
        switch value {
        case .int(let number): try inRange(Double(number))
        case .double(let number): try inRange(number)
        case .string(let text):
            if let choices, !choices.contains(text) { throw .notAChoice(key: key, choices: choices) }
        case .bool: break
        }
    }

    private func inRange(_ number: Double) throws(SettingError) {
        if let range, !range.contains(number) { throw .outOfRange(key: key, allowed: range) }
    }
}

/// The whole schema: a version and the settings, in the order the file lists them.
public struct SettingsSchema: Sendable, Decodable {
    public let version: Int
    public let settings: [Setting]

    public init(json: String) throws {
        self = try JSONDecoder().decode(SettingsSchema.self, from: Data(json.utf8))
    }

    public subscript(key: String) -> Setting? { settings.first { $0.key == key } }

    /// What `register(defaults:)` takes: every key with its default value.
    public var registrationDictionary: [String: Any] {
        Dictionary(uniqueKeysWithValues: settings.map { ($0.key, $0.defaultValue.plistValue) })
    }
}

extension UserDefaults {
    /// Reads a key through the schema: an unknown key, a wrong type or a value out of range throws.
    public func value(for key: String, in schema: SettingsSchema) throws(SettingError) -> SettingValue {
        guard let setting = schema[key] else { throw .unknownKey(key) }
        guard let raw = object(forKey: key) else { return setting.defaultValue }
        return try setting.check(raw)
    }

    /// Writes a value only when the schema allows it.
    public func set(_ value: SettingValue, for key: String, in schema: SettingsSchema) throws(SettingError) {
        guard let setting = schema[key] else { throw .unknownKey(key) }
        let checked = try setting.check(value.plistValue)   // 30 for a double setting is stored as 30.0
        set(checked.plistValue, forKey: key)
    }
}
