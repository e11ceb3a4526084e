// plist-catalog — a small catalog read from a property list, then grouped,
// counted and filtered. In an app the plist would be a file in the bundle;
// here its text is part of the program, so the sample needs no resources.
import Foundation

let catalogText = """
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<array>
    <dict>
        <key>title</key><string>Harbour Lights</string>
        <key>author</key><string>Mira Okafor</string>
        <key>year</key><integer>1998</integer>
        <key>price</key><real>12.5</real>
        <key>tags</key><array><string>novel</string><string>sea</string></array>
    </dict>
    <dict>
        <key>title</key><string>Counting Birds</string>
        <key>author</key><string>Tomas Berg</string>
        <key>year</key><integer>2011</integer>
        <key>price</key><real>8</real>
        <key>tags</key><array><string>nature</string></array>
    </dict>
    <dict>
        <key>title</key><string>The Salt Road</string>
        <key>author</key><string>Ines Duarte</string>
        <key>year</key><integer>2016</integer>
        <key>price</key><real>15</real>
        <key>tags</key><array><string>history</string><string>sea</string></array>
    </dict>
    <dict>
        <key>title</key><string>Winter Garden</string>
        <key>author</key><string>Lena de Vries</string>
        <key>year</key><integer>1994</integer>
        <key>price</key><real>9.75</real>
        <key>tags</key><array><string>nature</string><string>novel</string></array>
    </dict>
</array>
</plist>
"""

struct Book: Decodable {
    var title: String
    var author: String
    var year: Int
    var price: Double
    var tags: Set<String>
}

let data = Data(catalogText.utf8)

// The Objective-C way: untyped objects, checked with casts at every step.
let plist = try PropertyListSerialization.propertyList(from: data, format: nil)
if let entries = plist as? [[String: Any]], let first = entries.first {
    print("untyped:", entries.count, "entries; first title:", first["title"] as? String ?? "?")
}

// The Swift way: decode straight into typed values.
let books = try PropertyListDecoder().decode([Book].self, from: data)

// A dictionary keyed by decade, printed in key order.
let byDecade = Dictionary(grouping: books) { $0.year / 10 * 10 }
for (decade, group) in byDecade.sorted(by: { $0.key < $1.key }) {
    let titles = group.map(\.title).sorted()
    print("\(decade)s:", titles.joined(separator: ", "))
}

// Tag counts: what NSCountedSet did, as a dictionary.
let tagCounts = books.flatMap(\.tags).reduce(into: [:]) { $0[$1, default: 0] += 1 }
print("tags:", tagCounts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
    .joined(separator: ", "))

// A predicate, built once and evaluated against every book.
let budget = 10.0
let cheapNature = #Predicate<Book> { book in
    book.price <= budget && book.tags.contains("nature")
}
let matches = try books.filter(cheapNature)
print("nature up to \(budget.formatted()):", matches.map(\.title).sorted().joined(separator: ", "))

// Writing a plist: the tag counts become a dictionary at the root.
let encoder = PropertyListEncoder()
encoder.outputFormat = .xml
let written = try encoder.encode(tagCounts)
let readBack = try PropertyListDecoder().decode([String: Int].self, from: written)
print("written and read back equal:", readBack == tagCounts)
