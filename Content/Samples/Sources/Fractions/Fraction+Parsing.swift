import Foundation

extension Fraction {
    /// Parses "3/4", " -2 / 5 " or "7"; returns nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 1 || parts.count == 2,
              let numerator = Int(parts[0]) else {
            return nil
        }
        let denominator = parts.count == 2 ? Int(parts[1]) : 1
        guard let denominator, denominator != 0 else {
            return nil
        }
        self.init(numerator, denominator)
    }

    public var isWhole: Bool { denominator == 1 }
}
