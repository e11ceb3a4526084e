// view-lifecycle — a storyboard scene loaded into a view controller (outlets
// and actions connected by name), then two controllers pushed and popped on a
// navigation stack, printing every view life-cycle callback in order.

// MARK: - Stand-ins for UIKit's views

final class Label {
    var text = ""
}

final class Button {
    let title: String
    private var handlers: [() -> Void] = []
    init(title: String) { self.title = title }
    func addAction(_ handler: @escaping () -> Void) { handlers.append(handler) }
    func tap() { handlers.forEach { $0() } }
}

enum View {
    case label(Label)
    case button(Button)
}

// MARK: - What a storyboard scene records

struct SceneDescription {
    let controller: String
    let views: [String: View]               // object id -> the view it creates
    let outlets: [(property: String, view: String)]
    let actions: [(view: String, method: String)]
}

// MARK: - View controllers

class ViewController {
    let name: String
    var scene: SceneDescription?
    private(set) var isViewLoaded = false

    init(name: String) { self.name = name }
    deinit { print("\(name): deinit") }

    func log(_ callback: String) { print("\(name): \(callback)") }

    /// The view loads on first use, as UIKit's `view` property does.
    func loadViewIfNeeded() {
        guard !isViewLoaded else { return }
        loadView()
        isViewLoaded = true
        viewDidLoad()
    }

    /// Creates the views and makes the connections the storyboard records.
    func loadView() {
        log("loadView")
        guard let scene else { return }
        for outlet in scene.outlets {
            if let view = scene.views[outlet.view], connect(outlet: outlet.property, to: view) {
                log("    outlet \(outlet.property) connected")
            } else {
                log("    not key value coding-compliant for the key \(outlet.property)")
            }
        }
        for action in scene.actions {
            if case let .button(button)? = scene.views[action.view] {
                button.addAction { [unowned self] in self.perform(action: action.method) }
                log("    action \(action.method) connected to \(button.title)")
            }
        }
    }

    // Subclasses override these; UIKit does the same with setValue(_:forKey:)
    // and the target-action mechanism.
    func connect(outlet: String, to view: View) -> Bool { false }
    func perform(action: String) {}

    func viewDidLoad() { log("viewDidLoad") }
    func viewWillAppear() { log("viewWillAppear") }
    func viewIsAppearing() { log("viewIsAppearing") }
    func viewDidAppear() { log("viewDidAppear") }
    func viewWillDisappear() { log("viewWillDisappear") }
    func viewDidDisappear() { log("viewDidDisappear") }
}

final class ListController: ViewController {
    var titleLabel: Label!                   // @IBOutlet weak var titleLabel: UILabel!
    var count = 0

    override func connect(outlet: String, to view: View) -> Bool {
        switch (outlet, view) {
        case let ("titleLabel", .label(label)): titleLabel = label; return true
        default: return false
        }
    }

    override func perform(action: String) {
        if action == "addTapped" { addTapped() }
    }

    func addTapped() {                       // @IBAction func addTapped(_ sender: UIButton)
        count += 1
        titleLabel.text = "Notes (\(count))"
        log("addTapped, title is now \"\(titleLabel.text)\"")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        titleLabel.text = "Notes"            // outlets are connected by now
        log("    title set to \"\(titleLabel.text)\"")
    }
}

// MARK: - A navigation stack

final class NavigationStack {
    private(set) var controllers: [ViewController] = []

    func push(_ next: ViewController) {
        print("-- push \(next.name)")
        next.loadViewIfNeeded()
        let previous = controllers.last
        previous?.viewWillDisappear()
        next.viewWillAppear()
        next.viewIsAppearing()
        controllers.append(next)
        previous?.viewDidDisappear()
        next.viewDidAppear()
    }

    func pop() {
        guard controllers.count > 1 else { return }
        let leaving = controllers.removeLast()
        print("-- pop \(leaving.name)")
        let next = controllers[controllers.count - 1]
        leaving.viewWillDisappear()
        next.viewWillAppear()
        next.viewIsAppearing()
        leaving.viewDidDisappear()
        next.viewDidAppear()
    }
}

// MARK: - A storyboard with one scene, and a day on the stack

do {
    let addButton = Button(title: "Add")
    let listScene = SceneDescription(
        controller: "ListController",
        views: ["label-1": .label(Label()), "button-1": .button(addButton)],
        outlets: [(property: "titleLabel", view: "label-1")],
        actions: [(view: "button-1", method: "addTapped")])

    let navigation = NavigationStack()
    let list = ListController(name: "List")
    list.scene = listScene
    navigation.push(list)
    addButton.tap()
    navigation.push(ViewController(name: "Detail"))
    navigation.pop()
}   // the stack, the list and its button go out of scope here
print("-- done")
