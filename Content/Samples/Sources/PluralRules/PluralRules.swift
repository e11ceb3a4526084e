// PluralRules — the CLDR plural rules of English, Russian and Chinese,
// written as code. A rule looks at the operands of a number written as
// text ("5", "21", "1.5", "2.0"), because "1" and "1.0" can fall into
// different categories: the visible fraction digits count.

/// The six plural categories CLDR defines; a language uses some of them.
public enum PluralCategory: String, CaseIterable, Sendable {
    case zero, one, two, few, many, other
}

/// The operands CLDR's rules test (only those these three languages need).
public struct PluralOperands: Equatable, Sendable {
    /// n: the absolute value of the number.
    public var n: Double
    /// i: the integer digits of n.
    public var i: Int
    /// v: how many fraction digits are visible, trailing zeros included.
    public var v: Int

    /// Reads a decimal literal such as "21", "-3" or "1.50"; nil for anything else.
    public init?(_ literal: String) {
        let digits = literal.hasPrefix("-") ? literal.dropFirst() : Substring(literal)
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
              let integer = Int(parts[0]), integer >= 0,
              let value = Double(digits) else { return nil }
        if parts.count == 2, Int(parts[1]) == nil { return nil }
        n = value
        i = integer
        v = parts.count == 2 ? parts[1].count : 0
    }

    public init(_ value: Int) {
        n = Double(value.magnitude)
        i = Int(value.magnitude)
        v = 0
    }
}

/// One language's rule: which category a number takes.
public enum PluralRule: String, CaseIterable, Sendable {
    case english = "en", russian = "ru", chinese = "zh"

    /// The rule for a language code such as "ru" or "zh-Hans".
    public init?(language: String) {
        let code = language.split(separator: "-").first.map(String.init) ?? language
        self.init(rawValue: code)
    }

    /// The categories the language uses, in CLDR's order.
    public var categories: [PluralCategory] {
        switch self {
        case .english: [.one, .other]
        case .russian: [.one, .few, .many, .other]
        case .chinese: [.other]
        }
    }

    public func category(_ o: PluralOperands) -> PluralCategory {
        switch self {
        case .english:
            // one: i = 1 and v = 0
            return o.i == 1 && o.v == 0 ? .one : .other
        case .russian:
            guard o.v == 0 else { return .other }
            let (last, lastTwo) = (o.i % 10, o.i % 100)
            // one: v = 0 and i % 10 = 1 and i % 100 != 11
            if last == 1 && lastTwo != 11 { return .one }
            // few: v = 0 and i % 10 = 2..4 and i % 100 != 12..14
            if (2...4).contains(last) && !(12...14).contains(lastTwo) { return .few }
            // many: v = 0 and (i % 10 = 0 or i % 10 = 5..9 or i % 100 = 11..14)
            return .many
        case .chinese:
            return .other
        }
    }

    public func category(_ value: Int) -> PluralCategory { category(PluralOperands(value)) }
}
