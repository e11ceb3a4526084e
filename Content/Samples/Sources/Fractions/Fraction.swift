import Foundation

/// A rational number, always stored in lowest terms
/// with a positive denominator.
public struct Fraction {
    public let numerator: Int
    public let denominator: Int

    public init(_ numerator: Int, _ denominator: Int = 1) {
        precondition(denominator != 0, "denominator must not be zero")
        // Reduce once, here, so every Fraction value is canonical.
        let divisor = Fraction.gcd(numerator, denominator)
        let sign = denominator < 0 ? -1 : 1
        self.numerator = sign * numerator / divisor
        self.denominator = sign * denominator / divisor
    }

    /// Greatest common divisor (Euclid's algorithm).
    static func gcd(_ a: Int, _ b: Int) -> Int {
        var (x, y) = (abs(a), abs(b))
        while y != 0 {
            (x, y) = (y, x % y)
        }
        return x
    }

    public var doubleValue: Double {
        Double(numerator) / Double(denominator)
    }
}

// Equality is synthesized: canonical values compare member by member.
extension Fraction: Equatable {}

extension Fraction: Comparable {
    public static func < (lhs: Fraction, rhs: Fraction) -> Bool {
        lhs.numerator * rhs.denominator < rhs.numerator * lhs.denominator
    }
}

extension Fraction: CustomStringConvertible {
    public var description: String {
        denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)"
    }
}

extension Fraction {
    public static func + (lhs: Fraction, rhs: Fraction) -> Fraction {
        Fraction(lhs.numerator * rhs.denominator + rhs.numerator * lhs.denominator,
                 lhs.denominator * rhs.denominator)
    }

    public static func - (lhs: Fraction, rhs: Fraction) -> Fraction {
        lhs + (-rhs)
    }

    public static func * (lhs: Fraction, rhs: Fraction) -> Fraction {
        Fraction(lhs.numerator * rhs.numerator, lhs.denominator * rhs.denominator)
    }

    public static func / (lhs: Fraction, rhs: Fraction) -> Fraction {
        // Traps (via the initializer's precondition) when rhs is zero.
        Fraction(lhs.numerator * rhs.denominator, lhs.denominator * rhs.numerator)
    }

    public static prefix func - (operand: Fraction) -> Fraction {
        Fraction(-operand.numerator, operand.denominator)
    }

    public static func += (lhs: inout Fraction, rhs: Fraction) {
        lhs = lhs + rhs
    }
}
