// What the Swift importer makes of the NS_ENUM and NS_OPTIONS
// declarations in FRCFormatter.h, written out by hand so it runs on Linux.

/// NS_ENUM(NSInteger, FRCStyle) imports as an enum with Int raw values.
enum FractionStyle: Int {
    case plain       // FRCStylePlain = 0
    case mixed       // FRCStyleMixed = 1
    case decimal     // FRCStyleDecimal = 2
}

/// NS_OPTIONS(NSUInteger, FRCFormatOptions) imports as an OptionSet.
struct FormatOptions: OptionSet {
    let rawValue: UInt

    static let reduce     = FormatOptions(rawValue: 1 << 0)
    static let showSign   = FormatOptions(rawValue: 1 << 1)
    static let spaced     = FormatOptions(rawValue: 1 << 2)

    // A Swift addition: a named combination of flags.
    static let standard: FormatOptions = [.reduce, .spaced]
}

func format(_ numerator: Int, _ denominator: Int,
            style: FractionStyle, options: FormatOptions) -> String {
    var (n, d) = (numerator, denominator)
    if options.contains(.reduce) {
        var (a, b) = (abs(n), abs(d))
        while b != 0 { (a, b) = (b, a % b) }
        (n, d) = (n / a, d / a)
    }
    let sign = options.contains(.showSign) && n > 0 ? "+" : ""
    let slash = options.contains(.spaced) ? " / " : "/"
    switch style {
    case .plain:
        return "\(sign)\(n)\(slash)\(d)"
    case .mixed where abs(n) >= d:
        let rest = abs(n % d)
        return "\(sign)\(n / d)" + (rest == 0 ? "" : " \(rest)\(slash)\(d)")
    case .mixed:
        return "\(sign)\(n)\(slash)\(d)"
    case .decimal:
        return sign + String(Double(n) / Double(d))
    }
}

// Raw values cross the boundary both ways, as NSInteger did.
print(FractionStyle.mixed.rawValue)
if let style = FractionStyle(rawValue: 2) {
    print(style)
}
print(FractionStyle(rawValue: 7) == nil)     // the model checks the raw value

// Set syntax replaces FRCFormatReduce | FRCFormatSpaced.
var options: FormatOptions = .standard
print(options.rawValue, options.contains(.showSign))
options.insert(.showSign)
options.remove(.spaced)
print(options.rawValue)

for style in [FractionStyle.plain, .mixed, .decimal] {
    print(style, format(14, 8, style: style, options: options),
          format(14, 8, style: style, options: []))
}
