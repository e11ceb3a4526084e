// dms — decimal degrees to degrees, minutes and seconds and back: a
// formatter that rounds before it splits (so 59.9996″ carries into the
// minutes), and a parser for text such as 48°51′24″N that reports what is wrong.
import Foundation

// snippet.format
/// Formats decimal degrees as D°M′S″ with `places` decimals in the seconds.
/// `positive` and `negative` are the hemisphere letters (N/S or E/W).
func dms(_ value: Double, places: Int, positive: String, negative: String) -> String {
    let scale = pow(10, Double(places))
    // Round once, in units of the last printed digit, then split: a carry
    // from the seconds reaches the minutes and the degrees.
    let units = Int((abs(value) * 3_600 * scale).rounded())
    let perMinute = 60 * Int(scale), perDegree = 3_600 * Int(scale)
    let degrees = units / perDegree
    let minutes = units % perDegree / perMinute
    let seconds = Double(units % perMinute) / scale
    let letter = value < 0 ? negative : positive
    return "\(degrees)°\(minutes)′\(String(format: "%.\(places)f", seconds))″\(letter)"
}

/// The same, split first and rounded last: the mistake this sample guards against.
func naiveDMS(_ value: Double, places: Int) -> String {
    let degrees = Int(abs(value))
    let minutes = Int((abs(value) - Double(degrees)) * 60)
    let seconds = (abs(value) - Double(degrees) - Double(minutes) / 60) * 3_600
    return "\(degrees)°\(minutes)′\(String(format: "%.\(places)f", seconds))″"
}
// snippet.end

// snippet.parse
enum DMSError: Error, Equatable {
    case syntax(String)                   // not of the form D°M′S″H
    case minutesOutOfRange(Int)
    case secondsOutOfRange(Double)
    case degreesOutOfRange(Double, limit: Int)
}

/// Reads text such as `48°51′24″N`. Minutes and seconds may be left out
/// (`33°52′S`, `12°E`); only the seconds may have decimals; ' and " are
/// accepted for ′ and ″. Returns degrees, negative for S and W.
func parseDMS(_ text: String) throws(DMSError) -> Double {
    let pattern = /^(\d{1,3})°\s*(?:(\d{1,2})[′']\s*(?:(\d{1,2}(?:\.\d+)?)[″"])?)?\s*([NSEW])$/
    guard let match = text.trimmingCharacters(in: .whitespaces).wholeMatch(of: pattern),
          let degrees = Int(match.1) else { throw .syntax(text) }
    let minutes = match.2.flatMap { Int($0) } ?? 0
    let seconds = match.3.flatMap { Double($0) } ?? 0
    guard minutes < 60 else { throw .minutesOutOfRange(minutes) }
    guard seconds < 60 else { throw .secondsOutOfRange(seconds) }
    let value = Double(degrees) + Double(minutes) / 60 + seconds / 3_600
    let limit = "NS".contains(match.4) ? 90 : 180
    guard value <= Double(limit) else { throw .degreesOutOfRange(value, limit: limit) }
    return "SW".contains(match.4) ? -value : value
}
// snippet.end

// snippet.run
for (value, places) in [(48.856_667, 0), (-33.866_667, 1), (2.299_999_9, 1), (47.999_999_99, 2)] {
    print(String(format: "%13.8f", value), "->", dms(value, places: places, positive: "N", negative: "S"),
          "  naive:", naiveDMS(value, places: places))
}
for text in ["48°51′24″N", "2°21'8\"E", "33°52′S", "12°E", "0°0′0.5″W",
             "48°61′24″N", "48°51′60″N", "95°N", "181°W", "48,5°N", "48°51′24″"] {
    do {
        let value = try parseDMS(text)
        print(text.padding(toLength: 12, withPad: " ", startingAt: 0), String(format: "%.6f", value))
    } catch {
        print(text.padding(toLength: 12, withPad: " ", startingAt: 0), error)
    }
}
// snippet.end
