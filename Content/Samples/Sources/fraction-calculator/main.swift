import Foundation
import Fractions

/// Every operation returns a new calculator, so calls chain
/// left to right and each step is printed as it happens.
struct FractionCalculator {
    let value: Fraction
    private let step: Int

    init(_ start: Fraction) {
        self.init(value: start, step: 0)
        print("start: \(start)")
    }

    private init(value: Fraction, step: Int) {
        self.value = value
        self.step = step
    }

    private func next(_ symbol: String, _ operand: Fraction,
                      _ result: Fraction) -> FractionCalculator {
        print("step \(step + 1): \(value) \(symbol) \(operand) = \(result)")
        return FractionCalculator(value: result, step: step + 1)
    }

    func adding(_ operand: Fraction) -> FractionCalculator {
        next("+", operand, value + operand)
    }

    func subtracting(_ operand: Fraction) -> FractionCalculator {
        next("-", operand, value - operand)
    }

    func multiplying(by operand: Fraction) -> FractionCalculator {
        next("*", operand, value * operand)
    }

    func dividing(by operand: Fraction) -> FractionCalculator {
        guard operand != Fraction(0) else {
            print("step \(step + 1): cannot divide by 0, keeping \(value)")
            return FractionCalculator(value: value, step: step + 1)
        }
        return next("/", operand, value / operand)
    }
}

let result = FractionCalculator(Fraction(1, 2))
    .adding(Fraction(1, 3))
    .multiplying(by: Fraction(3, 4))
    .subtracting(Fraction(1, 6))
    .dividing(by: Fraction(0))
    .dividing(by: Fraction(1, 2))
print("result: \(result.value) = " + String(format: "%.4f", result.value.doubleValue))
