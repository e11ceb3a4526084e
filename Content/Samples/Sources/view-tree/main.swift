// view-tree — a declarative view protocol in miniature, rendered to text.
// A view is a value with a `body`; a few primitives (Text, Button, VStack,
// List) draw themselves; a result builder turns a block of views into one.
// SwiftUI's own types are Apple-only; this model keeps only the idea.

protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

/// A primitive has no body of its own: it draws itself.
protocol PrimitiveView: View where Body == Never {
    func draw(depth: Int, into renderer: inout Renderer)
}

extension Never: View {
    var body: Never { return fatalError("Never has no body") }
}

extension PrimitiveView {
    var body: Never { return fatalError("\(Self.self) is a primitive") }
}

/// The renderer: a primitive draws itself, any other view is drawn
/// through its body, which is evaluated here and nowhere else.
struct Renderer {
    var lines: [String] = []
    private(set) var bodies: [String] = []

    mutating func render(_ view: any View, depth: Int = 0) {
        if let primitive = view as? any PrimitiveView {
            primitive.draw(depth: depth, into: &self)
        } else {
            bodies.append("\(type(of: view))")
            render(view.body, depth: depth)
        }
    }
}

func indent(_ depth: Int) -> String { String(repeating: "  ", count: depth) }


struct Text: PrimitiveView {
    var string: String
    init(_ string: String) { self.string = string }
    func draw(depth: Int, into renderer: inout Renderer) {
        renderer.lines.append(indent(depth) + "Text \"\(string)\"")
    }
}

struct Button: PrimitiveView {
    var title: String
    var action: () -> Void
    init(_ title: String, action: @escaping () -> Void) {
        self.title = title
        self.action = action
    }
    func draw(depth: Int, into renderer: inout Renderer) {
        renderer.lines.append(indent(depth) + "Button [\(title)]")
    }
}

/// What the result builder makes of a block: one view holding several.
struct Group: PrimitiveView {
    var children: [any View]
    func draw(depth: Int, into renderer: inout Renderer) {
        for child in children { renderer.render(child, depth: depth) }
    }
}

struct VStack: PrimitiveView {
    var content: Group
    init(@ViewBuilder content: () -> Group) { self.content = content() }
    func draw(depth: Int, into renderer: inout Renderer) {
        renderer.lines.append(indent(depth) + "VStack")
        content.draw(depth: depth + 1, into: &renderer)
    }
}

struct List<Item, ID: Hashable>: PrimitiveView {
    var items: [Item]
    var id: KeyPath<Item, ID>
    var row: (Item) -> any View
    init(_ items: [Item], id: KeyPath<Item, ID>, row: @escaping (Item) -> any View) {
        self.items = items
        self.id = id
        self.row = row
    }
    func draw(depth: Int, into renderer: inout Renderer) {
        renderer.lines.append(indent(depth) + "List (\(items.count) rows)")
        for item in items {
            renderer.lines.append(indent(depth + 1) + "row id \(item[keyPath: id])")
            renderer.render(row(item), depth: depth + 2)
        }
    }
}

@resultBuilder
enum ViewBuilder {
    static func buildExpression(_ view: any View) -> [any View] { [view] }
    static func buildBlock(_ parts: [any View]...) -> [any View] { parts.flatMap { $0 } }
    static func buildOptional(_ part: [any View]?) -> [any View] { part ?? [] }
    static func buildEither(first part: [any View]) -> [any View] { part }
    static func buildEither(second part: [any View]) -> [any View] { part }
    static func buildFinalResult(_ parts: [any View]) -> Group { Group(children: parts) }
}

// The app's own views: plain structs whose bodies describe the screen.

struct Trail {
    var name: String
    var kilometres: Double
}

struct TrailRow: View {
    let trail: Trail
    var body: Group {
        Text("\(trail.name), \(trail.kilometres) km")
    }
}

struct TrailsScreen: View {
    let park: String
    let trails: [Trail]
    var body: Group {
        VStack {
            Text(park)
            if trails.isEmpty {
                Text("No trails yet")
            } else {
                List(trails, id: \.name) { TrailRow(trail: $0) }
            }
            Button("Add trail") {}
        }
    }
}

let trails = [Trail(name: "Ridge Loop", kilometres: 4.2), Trail(name: "Fern Gully", kilometres: 2.5)]
for screen in [TrailsScreen(park: "Cedar Hollow", trails: trails),
               TrailsScreen(park: "Stone Bay", trails: [])] {
    var renderer = Renderer()
    renderer.render(screen)
    print(renderer.lines.joined(separator: "\n"))
    print("bodies evaluated by the renderer:", renderer.bodies)
    print()
}
print("size of a TrailsScreen value:", MemoryLayout<TrailsScreen>.size, "bytes")
