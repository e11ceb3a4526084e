// searchable-sections — an indexed table of contacts (sections from IndexModel,
// chapter 4) with a search that filters a copy of the names and rebuilds the
// sections from it; cancelling the search restores the original.
import Foundation
import IndexModel
import TableModel

@MainActor
final class ContactsDataSource: TableDataSource {
    private let collation = IndexCollation.english
    private let allNames: [String]                          // the original, never filtered
    private var sections: [(title: String, names: [String])]
    private(set) var query = ""

    init(names: [String]) {
        allNames = names
        sections = collation.sections(for: names)
    }

    /// Called as the user types (UISearchResultsUpdating does this on iOS).
    func search(for text: String) {
        query = text.trimmingCharacters(in: .whitespaces)
        let shown = query.isEmpty ? allNames : allNames.filter {
            $0.range(of: query, options: [.caseInsensitive, .diacriticInsensitive]) != nil
        }
        sections = collation.sections(for: shown)
    }

    func cancelSearch() { search(for: "") }

    func numberOfSections(in table: TableView) -> Int { max(sections.count, 1) }

    func table(_ table: TableView, numberOfRowsInSection section: Int) -> Int {
        sections.isEmpty ? 1 : sections[section].names.count     // one row saying "no results"
    }

    func table(_ table: TableView, titleForHeaderInSection section: Int) -> String? {
        sections.isEmpty ? nil : sections[section].title
    }

    func sectionIndexTitles(for table: TableView) -> [String]? {
        query.isEmpty ? sections.map(\.title) : nil             // no index over a few results
    }

    func table(_ table: TableView, cellForRowAt indexPath: IndexPath) -> Cell {
        let cell = table.dequeueReusableCell(withIdentifier: "contact", for: indexPath)
        cell.content.text = sections.isEmpty
            ? "No results for \"\(query)\"" : sections[indexPath.section].names[indexPath.row]
        return cell
    }
}

let contacts = ContactsDataSource(names: [
    "Marlow", "Anselm", "Björk", "Danvers", "Adaeze", "Marguerite", "Brannigan",
    "Delacroix", "Émile", "Zoltan", "Anneliese", "Mirela",
])
let table = TableView()
table.register(.cell, forCellReuseIdentifier: "contact")
table.dataSource = contacts

table.reloadData()
print(table.render())
for text in ["an", "EMI", "xyz"] {
    contacts.search(for: text)
    table.reloadData()
    print("search \"\(text)\":")
    print(table.render())
}
contacts.cancelSearch()
table.reloadData()
let lines = table.render().split(separator: "\n")
print("cancel: \(table.allIndexPaths().count) rows again; \(lines[lines.count - 1])")
