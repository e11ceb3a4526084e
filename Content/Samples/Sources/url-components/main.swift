// url-components — builds a URL from parts with URLComponents, shows which
// characters each part percent-encodes, and reads the query back.
import Foundation

// snippet.build
var search = URLComponents()
search.scheme = "https"
search.host = "api.example.com"
search.path = "/v1/trails search"
search.queryItems = [
    URLQueryItem(name: "name", value: "Lake & Ridge"),
    URLQueryItem(name: "region", value: "Île-de-France"),
    URLQueryItem(name: "grade", value: "A+B"),
    URLQueryItem(name: "open", value: nil),
]
let url = search.url!
print(url.absoluteString)
print("path: \(search.percentEncodedPath)")
print("query: \(search.percentEncodedQuery ?? "")")
// snippet.end

// snippet.read
let parsed = URLComponents(url: url, resolvingAgainstBaseURL: false)!
for item in parsed.queryItems ?? [] {
    print("\(item.name) = \(item.value.map { "\"\($0)\"" } ?? "nil")")
}
// snippet.end

// snippet.plus
// A server that decodes the query as a form reads "+" as a space.
var strict = parsed
strict.percentEncodedQuery = strict.percentEncodedQuery?
    .replacingOccurrences(of: "+", with: "%2B")
print("strict query: \(strict.percentEncodedQuery ?? "")")
print("grade read back: \(strict.queryItems?.first { $0.name == "grade" }?.value ?? "nil")")
// snippet.end

// snippet.table
/// What URLComponents writes for `character` when it is set in each part.
func encoded(_ character: String) -> [String] {
    var parts = URLComponents()
    parts.scheme = "https"
    parts.user = character
    parts.host = "example.com"
    parts.path = "/" + character
    parts.queryItems = [URLQueryItem(name: "q", value: character)]
    parts.fragment = character
    return [parts.percentEncodedUser ?? "",
            String(parts.percentEncodedPath.dropFirst()),
            String((parts.percentEncodedQuery ?? "").dropFirst(2)),
            parts.percentEncodedFragment ?? ""]
}

let characters = [" ", "\"", "#", "%", "&", "+", "/", ":", "=", "?", "@", "é"]
let header = ["char", "user", "path", "query", "fragment"]
print(header.map { $0.padding(toLength: 9, withPad: " ", startingAt: 0) }.joined())
for character in characters {
    let row = [character == " " ? "space" : character] + encoded(character)
    print(row.map { $0.padding(toLength: 9, withPad: " ", startingAt: 0) }.joined())
}
// snippet.end
