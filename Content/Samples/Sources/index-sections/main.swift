// index-sections — the data behind an indexed table: names grouped under the
// index titles of the reader's language, with IndexCollation from IndexModel.
// The language comes from PRIMER_LOCALE (en, ru or zh-Hans; English when unset).
import Foundation
import IndexModel

let names: [String: [String]] = [
    "en": ["Baker", "Álvarez", "Abbott", "Zimmer", "Chen", "O'Neill", "Žukauskas",
           "Ødegaard", "Okafor", "Жуков", "42nd Street Deli", "Brennan"],
    "ru": ["Яковлев", "Ёлкина", "Елисеев", "Иванова", "Йорданов", "Жуков",
           "Абрамова", "Щукин", "Эмин", "Smith", "Ершов", "Игнатьев"],
    // 曾 and 单 are read Zēng and Shàn as surnames: see exercise 4.4.
    "zh-Hans": ["张伟", "李娜", "王芳", "陈静", "曾敏", "吕明", "欧阳晴",
                "安然", "刘洋", "Lily", "单磊", "赵磊"],
]

let code = ProcessInfo.processInfo.environment["PRIMER_LOCALE"] ?? "en"
let language = names.keys.contains(code) ? code : "en"
let collation: IndexCollation = switch language {
case "ru": .russian
case "zh-Hans": .chinese
default: .english
}
let sections = collation.sections(for: names[language, default: []])

// What a table view asks its data source for: the index titles...
print("index:", sections.map(\.title).joined(separator: " "))
// ...and, per section, its rows.
for section in sections {
    print("\(section.title): \(section.names.joined(separator: ", "))")
}
