// tab-overflow — a model of UITabBarController with more tabs than the bar
// holds. The bar shows as many items as fit; when there are more, the last
// place becomes "More", a list of the rest. Each tab keeps its own navigation
// stack while another tab is selected, and tapping the selected tab again
// pops its stack to the root. The user may reorder the tabs.
import Foundation

@MainActor
final class Tab {
    let title: String
    private(set) var stack: [String]
    init(_ title: String) { self.title = title; stack = [title] }
    func push(_ screen: String) { stack.append(screen) }
    func popToRoot() { stack.removeSubrange(1...) }
}

@MainActor
final class TabBarController {
    private(set) var viewControllers: [Tab]
    let capacity: Int                       // how many items fit in the bar
    private(set) var selected: Tab

    init(tabs: [Tab], capacity: Int) {
        viewControllers = tabs
        self.capacity = capacity
        selected = tabs[0]
    }

    private var overflows: Bool { viewControllers.count > capacity }
    var barItems: [String] {
        overflows ? viewControllers.prefix(capacity - 1).map(\.title) + ["More"] : viewControllers.map(\.title)
    }
    var moreItems: [String] { overflows ? viewControllers.dropFirst(capacity - 1).map(\.title) : [] }

    /// What the screen shows: the selected tab's stack, reached through More if it is there.
    var screen: String {
        let path = selected.stack.joined(separator: " > ")
        return moreItems.contains(selected.title) ? "More > " + path : path
    }

    func select(_ title: String) {
        guard let tab = viewControllers.first(where: { $0.title == title }) else { return }
        if tab === selected { tab.popToRoot() }    // a second tap returns to the root
        selected = tab
    }

    /// What the user does in the More list's Edit screen: drags a tab to a new place.
    func move(_ title: String, to index: Int) {
        guard let from = viewControllers.firstIndex(where: { $0.title == title }) else { return }
        viewControllers.insert(viewControllers.remove(at: from), at: index)
    }
}

let titles = ["Today", "Trails", "Map", "Saved", "Weather", "Permits", "Settings"]
let tabs = TabBarController(tabs: titles.map(Tab.init), capacity: 5)

@MainActor
func show(_ step: String) {
    print("\(step):")
    print("  bar:    \(tabs.barItems.joined(separator: " | "))")
    print("  more:   \(tabs.moreItems.joined(separator: ", "))")
    print("  screen: \(tabs.screen)")
}

show("launch")
tabs.select("Trails")
tabs.selected.push("Ridge Loop")
tabs.selected.push("Lookout")
tabs.select("Map")
tabs.select("Trails")
show("Trails, Map, Trails again")
tabs.select("Trails")
show("tap Trails once more")
tabs.select("Permits")
show("Permits, from More")
tabs.move("Permits", to: 1)
show("Permits moved to the bar")
