// tax-calculator — the bracket table of TaxRules and the tax on a few
// incomes: the same values the chapter's tests expect.
import TaxRules

let table = TaxTable.example
print("bracket from        rate")
for bracket in table.brackets {
    let from = amount(bracket.lowerBound)
    print(String(repeating: " ", count: 12 - from.count) + from, "  ", amount(bracket.rate) + "%")
}

print("income         tax        marginal")
let incomes = [0, 12_000_00, 12_000_03, 12_000_04, 40_000_00, 100_000_00, 150_000_00]
for income in incomes {
    do {
        let tax = try table.tax(on: income)
        let (left, right) = (amount(income), amount(tax))
        print(left + String(repeating: " ", count: 15 - left.count) + right
              + String(repeating: " ", count: 11 - right.count) + amount(table.marginalRate(for: income)) + "%")
    } catch {
        print("\(income): \(error)")
    }
}

// The errors the tests expect.
do {
    _ = try table.tax(on: -1)
} catch {
    print("tax(on: -1):", error)
}
do {
    _ = try TaxTable([Bracket(from: 0, rate: 0), Bracket(from: 0, rate: 10_00)])
} catch {
    print("two brackets from 0:", error)
}
