// TaxRules — an invented progressive income tax. Money is kept in integer
// minor units (cents), rates in basis points (1 % = 100), so no value is
// ever a binary fraction; the tax is rounded once, half up, to the cent.

/// Part of the income from `lowerBound` up to the next bracket is taxed at `rate`.
public struct Bracket: Equatable, Sendable {
    public var lowerBound: Int   // cents
    public var rate: Int         // basis points

    public init(from lowerBound: Int, rate: Int) {
        self.lowerBound = lowerBound
        self.rate = rate
    }
}

public enum TaxError: Error, Equatable {
    case negativeIncome(Int)
    case badTable(String)
}

public struct TaxTable: Sendable {
    public let brackets: [Bracket]

    /// Checks the table: it starts at 0, its bounds rise, its rates are 0...10 000.
    public init(_ brackets: [Bracket]) throws(TaxError) {
        guard brackets.first?.lowerBound == 0 else { throw .badTable("the first bracket must start at 0") }
        for (lower, upper) in zip(brackets, brackets.dropFirst()) where upper.lowerBound <= lower.lowerBound {
            throw .badTable("bounds must rise: \(upper.lowerBound) after \(lower.lowerBound)")
        }
        guard brackets.allSatisfy({ (0...10_000).contains($0.rate) }) else { throw .badTable("a rate is out of range") }
        self.brackets = brackets
    }

    /// The tax on `income` cents, in cents.
    public func tax(on income: Int) throws(TaxError) -> Int {
        guard income >= 0 else { throw .negativeIncome(income) }
        var total = 0   // cents × basis points
        for (index, bracket) in brackets.enumerated() where income > bracket.lowerBound {
            let upper = index + 1 < brackets.count ? brackets[index + 1].lowerBound : Int.max
            total += (min(income, upper) - bracket.lowerBound) * bracket.rate
        }
        return (total + 5_000) / 10_000   // round half up to a whole cent
    }

    /// The rate of the bracket the last cent of `income` falls into.
    public func marginalRate(for income: Int) -> Int {
        brackets.last { $0.lowerBound < income }?.rate ?? brackets[0].rate
    }
}

extension TaxTable {
    /// The invented table the chapter uses: 0 %, 15 %, 30 % and 42 %.
    public static let example: TaxTable = {
        do {
            return try TaxTable([
                Bracket(from: 0, rate: 0),
                Bracket(from: 12_000_00, rate: 15_00),
                Bracket(from: 40_000_00, rate: 30_00),
                Bracket(from: 100_000_00, rate: 42_00),
            ])
        } catch {
            fatalError("the example table is invalid: \(error)")
        }
    }()
}

/// Formats cents as "43,200.00" — plain digits, for tests and tables.
public func amount(_ cents: Int) -> String {
    let whole = String(cents / 100)
    var grouped = ""
    for (offset, digit) in whole.reversed().enumerated() {
        if offset > 0 && offset % 3 == 0 { grouped.append(",") }
        grouped.append(digit)
    }
    let fraction = cents % 100
    return String(grouped.reversed()) + "." + (fraction < 10 ? "0" : "") + String(fraction)
}
