import CPluralRules
import CourseModel
import Foundation

/// A locale's quotation marks, from CLDR through ICU: `«»` for Russian, `“”` for English and
/// Chinese, `„“` for German.
public enum LocaleQuotes {
    public static func marks(for locale: LocaleTag) -> QuotationMarks {
        var buffer = [CChar](repeating: 0, count: 64)
        guard primer_quotation_marks(locale.rawValue.replacingOccurrences(of: "-", with: "_"), &buffer, 64) == 0 else { return .english }
        let parts = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).split(separator: "\t").map(String.init)
        guard parts.count == 4, parts.allSatisfy({ !$0.isEmpty }) else { return .english }
        return QuotationMarks(open: parts[0], close: parts[1], innerOpen: parts[2], innerClose: parts[3])
    }
}
