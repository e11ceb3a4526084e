// mvc-tasks — the model, view and controller of a to-do screen, each knowing only what MVC allows.
import Foundation

// MARK: Model: the data and its rules; knows nothing about screens.

struct TodoItem {
    var title: String
    var isDone = false
}

enum TodoError: Error {
    case emptyTitle
    case duplicate(String)
}

final class TodoList {
    private(set) var items: [TodoItem] = []
    var onChange: (() -> Void)?              // how the model reports changes

    func add(_ title: String) throws(TodoError) {
        let title = title.trimmingCharacters(in: .whitespaces)
        guard !title.isEmpty else { throw .emptyTitle }
        guard !items.contains(where: { $0.title == title }) else { throw .duplicate(title) }
        items.append(TodoItem(title: title))
        onChange?()
    }

    func toggle(at index: Int) {
        items[index].isDone.toggle()
        onChange?()
    }

    var remaining: Int { items.filter { !$0.isDone }.count }
}

// MARK: View: draws what it is given and reports what the user did.

protocol TodoViewDelegate: AnyObject {
    func todoView(_ view: TodoView, didTapRowAt index: Int)
    func todoView(_ view: TodoView, didSubmit text: String)
}

final class TodoView {
    weak var delegate: (any TodoViewDelegate)?

    func show(rows: [String], footer: String) {
        print("  +-----------------------")
        for (number, row) in rows.enumerated() {
            print("  | \(number) \(row)")
        }
        print("  | \(footer)")
        print("  +-----------------------")
    }

    func showAlert(_ text: String) {
        print("  ! \(text)")
    }

    // What a table view and a text field would report to their controller.
    func userTapsRow(_ index: Int) {
        print("user taps row \(index)")
        delegate?.todoView(self, didTapRowAt: index)
    }

    func userSubmits(_ text: String) {
        print("user submits \"\(text)\"")
        delegate?.todoView(self, didSubmit: text)
    }
}

// MARK: Controller: owns both, and translates between them.

final class TodoController: TodoViewDelegate {
    let list: TodoList
    let view: TodoView

    init(list: TodoList, view: TodoView) {
        self.list = list
        self.view = view
        view.delegate = self
        list.onChange = { [weak self] in self?.refresh() }
    }

    func refresh() {
        let rows = list.items.map { ($0.isDone ? "[x] " : "[ ] ") + $0.title }
        view.show(rows: rows, footer: "\(list.remaining) of \(list.items.count) left")
    }

    func todoView(_ view: TodoView, didTapRowAt index: Int) {
        list.toggle(at: index)
    }

    func todoView(_ view: TodoView, didSubmit text: String) {
        do throws(TodoError) {
            try list.add(text)
        } catch {
            switch error {
            case .emptyTitle:
                view.showAlert("A task needs a title.")
            case .duplicate(let title):
                view.showAlert("\"\(title)\" is already on the list.")
            }
        }
    }
}

let controller = TodoController(list: TodoList(), view: TodoView())
controller.view.userSubmits("Water the plants")
controller.view.userSubmits("Call the plumber ")
controller.view.userTapsRow(0)
controller.view.userSubmits("  ")
controller.view.userSubmits("Call the plumber")
