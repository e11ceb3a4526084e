// locale-formatting — one fixed date and a few numbers formatted for English,
// Russian and Simplified Chinese with FormatStyle and with the older
// DateFormatter and NumberFormatter. The time zone is fixed, so the output
// does not depend on the machine. Non-breaking spaces are shown as "·".
import Foundation

let moment = Date(timeIntervalSince1970: 1_798_000_000)
let zone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
let calendar = Calendar(identifier: .gregorian)

/// Makes the invisible spaces some locales use visible.
func shown(_ text: String) -> String {
    text.replacingOccurrences(of: "\u{00A0}", with: "·").replacingOccurrences(of: "\u{202F}", with: "·")
}

for identifier in ["en_US", "ru_RU", "zh_Hans_CN"] {
    let locale = Locale(identifier: identifier)
    print(identifier)

    // snippet.styles
    let long = Date.FormatStyle(date: .long, time: .shortened, locale: locale,
                                calendar: calendar, timeZone: zone)
    let dayAndMonth = Date.FormatStyle(locale: locale, calendar: calendar, timeZone: zone)
        .weekday(.wide).month(.wide).day()
    print("  date, long:   ", shown(moment.formatted(long)))
    print("  weekday, day: ", shown(moment.formatted(dayAndMonth)))
    print("  number:       ", shown(1_234_567.891.formatted(.number.locale(locale))))
    print("  percent:      ", shown(0.256.formatted(.percent.locale(locale))))
    let price = Decimal(string: "1234.50") ?? 0
    print("  euros:        ", shown(price.formatted(.currency(code: "EUR").locale(locale))))
    // snippet.end

    // snippet.formatters
    let dates = DateFormatter()
    dates.locale = locale
    dates.timeZone = zone
    dates.dateStyle = .full
    dates.timeStyle = .none
    print("  DateFormatter:", shown(dates.string(from: moment)))
    let numbers = NumberFormatter()
    numbers.locale = locale
    numbers.numberStyle = .spellOut
    print("  spelled out:  ", numbers.string(from: 42) ?? "?")
    // snippet.end
}
